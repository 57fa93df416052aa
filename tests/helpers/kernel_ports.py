"""Each process of the suite that starts Jupyter kernels gives them ports from a range of its own.

jupyter_client picks a kernel's five ports by binding port 0 and letting the port go; the kernel binds
it a second or so later, when it has started. In between, any other process that picks a port the same
way may be handed the same one: the kernel then dies with ``Address already in use`` and its client
waits a minute for it (seen in a whole-suite run of 2026-12-07: otter's grading kernel, 60 s lost and
the run red). The suite starts some 200 kernels from up to nine processes: each of the three workers,
and the JupyterLab and the Voila server that a worker starts for the browser tests it runs.

Here every such process takes its ports in turn from its own slice of the ports below the machine's
ephemeral range (where neither ``bind(0)`` nor an outgoing connection takes them): worker ``gwN`` has
slice ``3N``, its JupyterLab ``3N + 1`` and its Voila ``3N + 2``. The slices do not overlap, so two
processes of the suite never pick the same port, and a process comes back to a port only after a
hundred kernels. Past eight workers (a machine of eight cores or more) two share a slice, each
starting at a place in it set by its process id.

>>> slice_index("gw1"), slice_index("gw1", "jupyterlab"), slice_index("gw1", "voila")
(3, 4, 5)
>>> first, last = slice_of(5)
>>> last - first + 1, slice_of(6)[0] == last + 1
(500, True)
"""

from __future__ import annotations

import itertools
import os
import socket
import sys
from pathlib import Path

ROLES = ("worker", "jupyterlab", "voila")  # the processes of one worker that start kernels
SLICES = 24
SLICE_SIZE = 500
BOTTOM = 20_000  # the slices fill 20000-31999, below Linux's default ephemeral range (32768-60999)


def slice_of(index: int) -> tuple[int, int]:
    """The first and last port of slice ``index``."""
    first = BOTTOM + (index % SLICES) * SLICE_SIZE
    return first, first + SLICE_SIZE - 1


def slice_index(worker: str | None = None, role: str = "worker") -> int:
    """The slice of a pytest-xdist worker (default: this process's; ``gw0`` without xdist) or of a
    server it starts (``role``)."""
    name = (worker or os.environ.get("PYTEST_XDIST_WORKER", "gw0")).removeprefix("gw")
    number = int(name) if name.isdigit() else 0
    return (number % (SLICES // len(ROLES))) * len(ROLES) + ROLES.index(role)


def install(index: int | None = None) -> None:
    """Make jupyter_client's port picker (``LocalPortCache.find_available_port``, which every kernel
    manager of jupyter_client 8 uses) hand out slice ``index`` (default: this worker's) in turn,
    skipping a port that is taken."""
    from jupyter_client.connect import LocalPortCache

    first, last = slice_of(slice_index() if index is None else index)
    start = first + os.getpid() % SLICE_SIZE  # two processes sharing a slice start apart
    turn = itertools.cycle([*range(start, last + 1), *range(first, start)])

    def find_available_port(self: LocalPortCache, ip: str) -> int:
        for port in itertools.islice(turn, SLICE_SIZE):
            if port in self.currently_used_ports:
                continue
            with socket.socket() as probe:
                try:
                    probe.bind((ip, port))
                except OSError:
                    continue
            self.currently_used_ports.add(port)
            return port
        raise OSError(f"no free port for a kernel in {first}-{last}")

    LocalPortCache.find_available_port = find_available_port


def launch_command(server: str) -> list[str]:
    """The command that runs ``python -m <server>`` (``jupyterlab`` or ``voila``) with the kernel
    ports of this worker's server of that kind.

    >>> launch_command("voila")[-1].endswith("runpy.run_module('voila', run_name='__main__', alter_sys=True)")
    True
    """
    here = str(Path(__file__).resolve().parent)
    script = (
        f"import runpy, sys; sys.path.insert(0, {here!r}); import kernel_ports; "
        f"kernel_ports.install({slice_index(role=server)}); "
        f"runpy.run_module({server!r}, run_name='__main__', alter_sys=True)"
    )
    return [sys.executable, "-c", script]
