"""The servers a student's browser talks to: JupyterLab and Voila on a free loopback port.

They serve a throw-away copy of notebooks/ (so no run can write into the committed notebooks), keep
their Jupyter config, runtime and IPython directories in a temporary home, and are stopped with
their kernels.

>>> 1024 < free_port() < 65536
True
"""

from __future__ import annotations

import atexit
import contextlib
import hashlib
import json
import os
import shutil
import signal
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from kernel_ports import launch_command

REPO = Path(__file__).resolve().parents[2]
NOTEBOOK_DIR = REPO / "notebooks"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

# JupyterLab user settings for the test server (a temporary user settings directory, so nothing is
# written into sys.prefix or the user's ~/.jupyter): no news toast over the buttons, no autosave,
# and every cell attached to the page so off-screen plots are drawn too.
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/docmanager-extension/plugin": {"autosave": False},
    "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
}


def discover_notebooks() -> list[Path]:
    """Every notebook of the kit, in lesson order."""
    return sorted(NOTEBOOK_DIR.glob("*.ipynb"))


def browser_missing_reason() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    if not CHROMIUM.exists():
        return f"{CHROMIUM} is missing (apt-get install -y chromium)"
    for module in ("playwright", "jupyterlab", "voila"):
        try:
            __import__(module)
        except ImportError:
            return f"the Python package {module} is missing (pip install -e '.[test]')"
    return None


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def file_digests(folder: Path) -> dict[str, str]:
    """SHA-256 of every notebook in ``folder``, to prove a browser run left them alone."""
    return {path.name: hashlib.sha256(path.read_bytes()).hexdigest() for path in folder.glob("*.ipynb")}


def has_outputs(notebook: Path) -> bool:
    """Whether a notebook file holds outputs or execution counts (what a save after a run leaves)."""
    cells = json.loads(notebook.read_text(encoding="utf-8")).get("cells", [])
    return any(cell.get("outputs") or cell.get("execution_count") is not None for cell in cells)


def make_sandbox(root: Path) -> Path:
    """A throw-away root for the servers: a copy of notebooks/, links to the rest of the repository."""
    root.mkdir(parents=True, exist_ok=True)
    shutil.copytree(NOTEBOOK_DIR, root / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    for entry in REPO.iterdir():
        if entry.name.startswith(".") or entry.name in {"notebooks", "test-artifacts"}:
            continue
        (root / entry.name).symlink_to(entry)
    return root


def jupyter_env(home: Path) -> dict[str, str]:
    """Environment for a server: its own Jupyter config, data, runtime and IPython dirs under ``home``.

    So a user's own settings or kernels (a ``python3`` kernel in ~/.local/share/jupyter pointing at
    another Python) cannot change what is tested; the kernel is this Python's own ipykernel, as under
    ``nbval --nbval-current-env``.
    """
    env = dict(os.environ)
    for variable, name in [
        ("JUPYTER_CONFIG_DIR", "config"),
        ("JUPYTER_DATA_DIR", "data"),
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("IPYTHONDIR", "ipython"),
    ]:
        (home / name).mkdir(parents=True, exist_ok=True)
        env[variable] = str(home / name)
    for variable in ("JUPYTER_TOKEN", "JUPYTER_PATH", "JUPYTER_CONFIG_PATH"):
        env.pop(variable, None)
    return env


def write_lab_settings(folder: Path) -> Path:
    """Write :data:`LAB_SETTINGS` as a JupyterLab user settings directory."""
    for plugin, values in LAB_SETTINGS.items():
        path = folder / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values), encoding="utf-8")
    return folder


@dataclass
class Server:
    """A JupyterLab or Voila process on loopback, with its log and its own runtime directory."""

    name: str
    command: list[str]
    home: Path
    cwd: Path
    port: int
    ready_path: str
    process: subprocess.Popen | None = None
    log_path: Path = field(init=False)

    def __post_init__(self) -> None:
        self.log_path = self.home / f"{self.name}.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 90) -> Server:
        env = jupyter_env(self.home)
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                self.command,
                cwd=self.cwd,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
        atexit.register(self.stop)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.name} exited with {self.process.returncode}:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(self.url + self.ready_path, timeout=2):
                    return self
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.25)
        self.stop()
        raise RuntimeError(f"{self.name} did not answer on {self.url} in {timeout} s:\n{self.log_tail()}")

    def log_tail(self, lines: int = 30) -> str:
        if not self.log_path.exists():
            return ""
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])

    def stop(self) -> None:
        """SIGTERM (the server shuts its kernels down), SIGKILL after 15 s, then any kernel left over."""
        process, self.process = self.process, None
        if process is not None and process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=5)
        for pid in self.leftover_kernels():
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)

    def leftover_kernels(self) -> list[int]:
        """PIDs of processes still using this server's runtime directory (its kernels)."""
        marker = str(self.home / "runtime")
        pids = []
        for proc in Path("/proc").glob("[0-9]*"):
            try:
                cmdline = (proc / "cmdline").read_bytes().decode(errors="replace")
            except OSError:
                continue
            if marker in cmdline and int(proc.name) != os.getpid():
                pids.append(int(proc.name))
        return pids


def lab_server(root: Path, home: Path) -> Server:
    port = free_port()
    settings = write_lab_settings(home / "lab-user-settings")
    command = [
        *launch_command("jupyterlab"),
        "--no-browser",
        "--allow-root",
        f"--port={port}",
        "--ServerApp.port_retries=0",
        "--ServerApp.ip=127.0.0.1",
        "--ServerApp.token=",
        "--ServerApp.password=",
        f"--ServerApp.root_dir={root}",
        "--LabApp.expose_app_in_browser=True",
        f"--LabApp.user_settings_dir={settings}",
        f"--LabApp.workspaces_dir={home / 'lab-workspaces'}",
    ]
    return Server("jupyterlab", command, home, root, port, "/api/status")


def voila_server(root: Path, home: Path) -> Server:
    port = free_port()
    command = [
        *launch_command("voila"),
        "--no-browser",
        f"--port={port}",
        "--Voila.port_retries=0",
        "--Voila.ip=127.0.0.1",
        "--show_tracebacks=True",
        str(root),
    ]
    return Server("voila", command, home, root, port, "/voila/tree")


class RefusingProxy:
    """The browser's proxy: every request for anything but 127.0.0.1 (loopback addresses bypass a
    proxy) comes here, is refused (403) and noted, so nothing a page asks of the internet leaves the
    machine and a test can see what was asked.

    Playwright's request routing could refuse them too, but it passes every request through Python
    and turns the browser's HTTP cache off: each JupyterLab and Voila page fetched all its scripts
    anew (the Voila tests took 12-19% more CPU that way).

    >>> proxy = RefusingProxy()
    >>> opener = urllib.request.build_opener(urllib.request.ProxyHandler({"http": proxy.url}))
    >>> try:
    ...     opener.open("http://outside.example/x", timeout=5)
    ... except urllib.error.HTTPError as refused:
    ...     refused.code
    403
    >>> proxy.refused
    ['GET http://outside.example/x']
    >>> proxy.stop()
    """

    def __init__(self) -> None:
        self.refused: list[str] = []
        refused = self.refused

        class Refuse(BaseHTTPRequestHandler):
            def _refuse(self) -> None:
                refused.append(f"{self.command} {self.path}")
                self.send_error(403, "nothing leaves 127.0.0.1 in the browser tests")

            do_GET = do_POST = do_HEAD = do_PUT = do_DELETE = do_OPTIONS = do_PATCH = do_CONNECT = _refuse

            def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base's name
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Refuse)
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
