"""``python -m ipykernel_launcher`` inside the suite: hand the kernel's start to the warm-kernel server
(``tests/helpers/warm_kernels.py``), or run the real launcher when there is none."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ADDRESS_VARIABLE = "DICEPOKER_WARM_KERNELS"  # warm_kernels.py's names (a test checks): this file imports
COLD_VARIABLE = "DICEPOKER_COLD_KERNELS"  # nothing from tests/helpers, which is not on a kernel's path


def real_launcher() -> str:
    """ipykernel's own ``ipykernel_launcher.py``: the first on ``sys.path`` after this folder."""
    for folder in sys.path:
        if folder and os.path.abspath(folder) != HERE:
            path = os.path.join(folder, "ipykernel_launcher.py")
            if os.path.isfile(path):
                return path
    raise SystemExit("ipykernel is not installed")


def warm(address: str, launcher: str) -> int | None:
    """The kernel's exit code, once the server's fork of it ends; ``None`` if there is no server."""
    import contextlib
    import json
    import signal
    import socket
    import struct

    try:
        connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        connection.connect(address)
    except OSError:
        return None
    lifeline_read, lifeline_write = os.pipe()  # the write end stays open as long as this launcher lives
    request = {
        "argv": sys.argv[1:],
        "env": dict(os.environ),
        "cwd": os.getcwd(),
        "path": sys.path,
        "launcher": launcher,
    }
    message = json.dumps(request).encode()
    try:
        framed = struct.pack("!I", len(message)) + message
        sent = socket.send_fds(connection, [framed], [0, 1, 2, lifeline_read])
        connection.sendall(framed[sent:])
        os.close(lifeline_read)
        replies = connection.makefile("r")
        kernel = int(replies.readline())
    except (OSError, ValueError):
        return None  # nothing was forked: start cold

    def forward(received: int, _frame: object) -> None:
        with contextlib.suppress(ProcessLookupError):  # the kernel has just ended: its exit code is coming
            os.kill(kernel, received)

    for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2"):  # an interrupt, a stop
        signal.signal(getattr(signal, name), forward)
    line = replies.readline()
    return int(line) if line.strip() else 1


if __name__ == "__main__":
    launcher = real_launcher()
    address = os.environ.get(ADDRESS_VARIABLE)
    code = warm(address, launcher) if address and os.environ.get(COLD_VARIABLE) != "1" else None
    if code is None:
        import runpy

        sys.argv[0] = launcher
        runpy.run_path(launcher, run_name="__main__")
    elif code < 0:
        import signal

        signal.signal(-code, signal.SIG_DFL)
        os.kill(os.getpid(), -code)
    else:
        sys.exit(code)
