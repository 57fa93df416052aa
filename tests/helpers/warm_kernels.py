"""Kernels of the suite start as forks of one warm process per test process, not from a new interpreter.

The suite starts some 200 Jupyter kernels (nbval's, otter's gradings, JupyterLab's and Voila's). A new
kernel spent about a third of a CPU-second importing ipykernel (IPython, zmq, tornado) and numpy before
it ran a cell, then as much again on pandas for the kit's first import; a grading kernel imports
nbconvert, a solving one numba. Here each process of the suite that starts kernels (each xdist worker,
and through it its JupyterLab and Voila) runs a small server that has imported those modules once; a
kernel is then a fork of it that takes the launching process's arguments, environment, working
directory, ``sys.path`` and standard streams, and starts ipykernel exactly as
``python -m ipykernel_launcher`` would.

Only what a kernel would import the same way is imported ahead. Most modules' import does not depend on
the process (:data:`PRELOAD`); pandas' does, and it is imported as in a kernel (:data:`AS_IN_A_KERNEL`).
ipywidgets registers its comm target when imported in a running kernel, plotly chooses its renderer
when ``plotly.io`` is, and ``ipykernel.kernelapp`` reads the launcher's environment: the kernel imports
them itself, as it would without the server, and the kit too.

The server then freezes what it holds (``gc.freeze()``, as Python's documentation advises before a
server forks): a fork's garbage collections walk only the objects the kernel makes (a full collection
took 0.12 CPU-s over the imported modules' 200,000 objects, 0.003 frozen), and its memory stays shared.

How a kernel reaches the server: the launcher that jupyter_client runs, ``python -m ipykernel_launcher``,
finds ``warm_kernel_launcher/ipykernel_launcher.py`` first on ``PYTHONPATH`` (set by :func:`start`). It
hands its arguments, environment and streams to the server, forwards the signals it gets (an interrupt,
a terminate) to the kernel, and exits with the kernel's exit code. If it is killed, the kernel sees its
lifeline close and exits too. Without the server (``DICEPOKER_COLD_KERNELS=1``, not Linux, a socket
path too long, no test of the worker's that starts kernels, or the server not listening yet) it runs
the real ``ipykernel_launcher``: the kernel starts cold, as before.

>>> 'ipykernel.kernelapp' in PRELOAD
False
"""

from __future__ import annotations

import builtins
import contextlib
import gc
import importlib
import io
import json
import os
import random
import selectors
import signal
import socket
import struct
import subprocess
import sys
import threading
import types
from pathlib import Path

ADDRESS_VARIABLE = "DICEPOKER_WARM_KERNELS"  # the server's socket, read by the launcher
COLD_VARIABLE = "DICEPOKER_COLD_KERNELS"  # set to 1: every kernel starts from a new interpreter
LAUNCHER_FOLDER = Path(__file__).resolve().parent / "warm_kernel_launcher"
KERNEL_PARTS = ("ipkernel", "zmqshell", "iostream", "heartbeat", "control", "shellchannel", "parentpoller")
PRELOAD = (
    *(f"ipykernel.{part}" for part in (*KERNEL_PARTS, "connect")),
    "IPython.core.shellapp",
    "numpy",
    "numba",
    "nbconvert",
    "nbformat",
    "scipy.stats",
)
"""Imported once by the server: their import is the same whether or not an IPython kernel runs, and
reads no variable of the environment a kernel's launcher sets (``ipykernel.kernelapp`` is left to the
kernel: its classes read ``JPY_PARENT_PID`` when it is imported)."""
AS_IN_A_KERNEL = ("pandas",)
"""Imported once by the server as a kernel imports them. pandas looks at two things of its process when it
is imported: whether ``get_ipython()`` has a kernel (``display.max_columns``: 20 in a kernel, 0 in a
terminal) and ``sys.stdout``'s encoding (``display.encoding``). The server answers as each of its forks,
a kernel, would: a kernel, and the encoding of ipykernel's output stream."""
MAX_REQUEST = 1 << 20
MAX_SOCKET_PATH = 107  # bytes of a Unix socket's path (Linux); a longer folder: kernels start cold


def start(folder: Path) -> subprocess.Popen | None:
    """Start this process's server (its socket in ``folder``) and make the kernels this process and
    its children start go through it; ``None`` where kernels stay cold."""
    if os.environ.get(COLD_VARIABLE) == "1" or not sys.platform.startswith("linux"):
        return None
    address = str(folder / "warm-kernels.sock")
    if len(os.fsencode(address)) + 12 > MAX_SOCKET_PATH:  # the server binds address + ".<pid>" first
        return None
    server = subprocess.Popen(
        [sys.executable, "-c", f"import warm_kernels; warm_kernels.serve({address!r})"],
        cwd=Path(__file__).resolve().parent,
        stdin=subprocess.DEVNULL,
    )
    os.environ[ADDRESS_VARIABLE] = address
    paths = [str(LAUNCHER_FOLDER), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    os.environ["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(paths))
    return server


def stop(server: subprocess.Popen | None) -> None:
    """Stop a server :func:`start` started (its kernels live on until their launchers end)."""
    if server is not None:
        server.terminate()
        server.wait(timeout=10)
        os.environ.pop(ADDRESS_VARIABLE, None)


def serve(address: str) -> None:
    """The server: import :data:`PRELOAD`, listen on ``address``, fork a kernel for each launcher."""
    for name in PRELOAD:
        with contextlib.suppress(ImportError):  # numba, nbconvert: optional; a kernel imports what it needs
            importlib.import_module(name)
    for name in AS_IN_A_KERNEL:
        _import_as_in_a_kernel(name)
    _draw_a_figure()
    gc.collect()
    gc.freeze()  # the forks' collections walk only what they make: the kit's import 0.255 -> 0.123 CPU-s
    parent = os.getppid()
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_write, False)
    signal.set_wakeup_fd(wake_write)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    unbound = address + f".{os.getpid()}"
    listener.bind(unbound)
    listener.listen(64)
    os.rename(unbound, address)  # a launcher finds the socket only when it listens
    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ)
    selector.register(wake_read, selectors.EVENT_READ)
    launchers: dict[int, socket.socket] = {}  # kernel pid -> its launcher's connection
    server = os.getpid()
    try:
        while os.getppid() == parent:
            for key, _ in selector.select(timeout=1.0):
                if key.fileobj is listener:
                    connection, _ = listener.accept()
                    server_files = [listener, selector, wake_read, wake_write, *launchers.values()]
                    kernel = _fork_kernel(connection, server_files)
                    if kernel:
                        launchers[kernel] = connection
                else:
                    os.read(wake_read, 512)
            _report_ended(launchers)
    finally:
        if os.getpid() == server:
            Path(address).unlink(missing_ok=True)


def _import_as_in_a_kernel(name: str) -> None:
    """Import ``name`` with ``get_ipython()`` and ``sys.stdout`` answering as in a kernel."""
    from ipykernel.iostream import OutStream

    stdout = sys.stdout
    builtins.get_ipython = lambda: types.SimpleNamespace(kernel=None)
    sys.stdout = io.TextIOWrapper(io.BytesIO(), encoding=OutStream.encoding)
    try:
        importlib.import_module(name)
    finally:
        sys.stdout = stdout
        del builtins.get_ipython


def _draw_a_figure() -> None:
    """Build a plotly figure of the kinds the kit draws: plotly imports each trace's and the layout's
    classes the first time one is made (0.1 CPU-s), and none of them looks for IPython. (plotly's
    renderer, which does, is imported when a figure is shown, in the kernel.)"""
    import plotly.graph_objects as go

    traces = [go.Bar(x=[1]), go.Scatter(x=[1]), go.Heatmap(z=[[1]]), go.Histogram(x=[1])]
    go.Figure(traces).update_layout(title="", xaxis_title="", yaxis_title="", legend_title="")


def _report_ended(launchers: dict[int, socket.socket]) -> None:
    """Send each ended kernel's exit code to its launcher."""
    while launchers:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        connection = launchers.pop(pid, None)
        if connection is not None:
            with contextlib.suppress(OSError):  # the launcher was killed
                connection.sendall(f"{os.waitstatus_to_exitcode(status)}\n".encode())
            connection.close()


def _fork_kernel(connection: socket.socket, server_files: list) -> int:
    """Fork a kernel for the launcher on ``connection``; its pid (0 if the request was unreadable)."""
    fds: list[int] = []
    try:
        data, fds, _, _ = socket.recv_fds(connection, 1 << 16, 4, socket.MSG_CMSG_CLOEXEC)
        (size,) = struct.unpack("!I", data[:4])
        if len(fds) != 4 or size > MAX_REQUEST:
            raise ValueError("a launcher sends its three streams and its lifeline")
        data = data[4:] + _read_exactly(connection, size - len(data) + 4)
        request = json.loads(data)
    except (OSError, ValueError, struct.error):
        for fd in fds:  # whatever came: the server keeps no descriptor of a refused launcher
            os.close(fd)
        connection.close()
        return 0
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        _become_kernel(request, fds, connection, server_files)  # never returns
    for fd in fds:
        os.close(fd)
    connection.sendall(f"{pid}\n".encode())
    return pid


def _read_exactly(connection: socket.socket, size: int) -> bytes:
    """The next ``size`` bytes from ``connection``."""
    data = b""
    while len(data) < size:
        chunk = connection.recv(size - len(data))
        if not chunk:
            raise ValueError("the launcher hung up")
        data += chunk
    return data


def _become_kernel(request: dict, fds: list[int], connection: socket.socket, server_files: list) -> None:
    """In the fork: take the launcher's streams, environment, folder and arguments, and run ipykernel."""
    signal.set_wakeup_fd(-1)
    for number in (signal.SIGCHLD, signal.SIGTERM):
        signal.signal(number, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    for item in server_files:
        item.close() if hasattr(item, "close") else os.close(item)
    connection.close()
    stdin, stdout, stderr, lifeline = fds
    for fd, stream in ((stdin, 0), (stdout, 1), (stderr, 2)):
        os.dup2(fd, stream)
        os.close(fd)
    os.setsid()  # as jupyter_client starts a kernel: a signal to the suite's process group is not its
    os.environ.clear()
    os.environ.update(request["env"])
    os.chdir(request["cwd"])
    sys.path[:] = request["path"]
    sys.argv[:] = [request["launcher"], *request["argv"]]
    random.seed()
    if "numpy" in sys.modules:
        sys.modules["numpy"].random.seed()
    threading.Thread(target=_end_with_launcher, args=(lifeline,), daemon=True).start()
    import runpy

    runpy.run_path(request["launcher"], run_name="__main__")
    sys.exit(0)


def _end_with_launcher(lifeline: int) -> None:
    """Exit when the launcher is gone (killed: nothing else would end this kernel)."""
    while os.read(lifeline, 1):
        pass
    os._exit(1)
