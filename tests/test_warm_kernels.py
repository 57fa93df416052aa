"""The suite's kernels start as forks of a warm server (tests/helpers/warm_kernels.py): such a kernel
sees what a kernel started from a new interpreter sees, answers an interrupt, and ends with its
launcher, killed or shut down; without a server, a kernel starts cold."""

from __future__ import annotations

import importlib.util
import json
import os
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest
from jupyter_client.manager import KernelManager
from warm_kernels import ADDRESS_VARIABLE, COLD_VARIABLE, LAUNCHER_FOLDER, start

HELPERS = Path(__file__).resolve().parent / "helpers"
LINUX = sys.platform.startswith("linux")
pytestmark = pytest.mark.skipif(not LINUX, reason="the warm kernels fork: Linux only")

WHAT_A_KERNEL_SEES = """
import builtins, json, os, sys
import pandas, plotly.io, ipywidgets
from ipykernel.kernelapp import IPKernelApp
app = IPKernelApp.instance()
print(json.dumps({
    "cwd": os.getcwd(),
    "path": sys.path,
    "argv0": sys.argv[0],
    "marker": os.environ.get("WARM_KERNEL_MARKER"),
    "parent_handle": app.parent_handle,
    "pid": os.getpid(),
    "ppid": os.getppid(),
    "plotly_renderer": plotly.io.renderers.default,
    "pandas_max_columns": pandas.get_option("display.max_columns"),
    "pandas_options": pandas.describe_option(_print_desc=False),
    "plotly_template": plotly.io.templates.default,
    "get_ipython_builtin": hasattr(builtins, "get_ipython"),
    "widget_comm": "jupyter.widget" in app.kernel.comm_manager.targets,
    "session_leader": os.getsid(0) == os.getpid(),
}))
"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A warm-kernel server of this test's own, listening."""
    address = str(tmp_path_factory.mktemp("warm") / "k.sock")
    process = subprocess.Popen(
        [sys.executable, "-c", f"import warm_kernels; warm_kernels.serve({address!r})"], cwd=HELPERS
    )
    deadline = time.monotonic() + 60
    while not Path(address).exists():
        assert process.poll() is None and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield process, address
    process.terminate()
    process.wait(timeout=10)


def kernel_env(address: str | None, **extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in (ADDRESS_VARIABLE, COLD_VARIABLE)}
    env["PYTHONPATH"] = str(LAUNCHER_FOLDER)
    if address:
        env[ADDRESS_VARIABLE] = address
    return {**env, **extra}


def started(env: dict[str, str], cwd: Path):
    manager = KernelManager(kernel_name="python3")
    manager.start_kernel(env=env, cwd=str(cwd))
    client = manager.client()
    client.start_channels()
    client.wait_for_ready(timeout=60)
    return manager, client


def run(client, code: str, timeout: float = 60) -> tuple[str, dict]:
    printed: list[str] = []
    reply = client.execute_interactive(
        code, timeout=timeout, output_hook=lambda msg: printed.append(msg["content"].get("text", ""))
    )
    return "".join(printed), reply["content"]


def seen_by_a_kernel(env: dict[str, str], cwd: Path) -> tuple[dict, int]:
    manager, client = started(env, cwd)
    try:
        printed, _ = run(client, WHAT_A_KERNEL_SEES)
        return json.loads(printed), manager.provisioner.process.pid
    finally:
        client.stop_channels()
        manager.shutdown_kernel()


def ended_within(pid: int, seconds: float) -> bool:
    """Whether process ``pid`` has ended, or ends within ``seconds``."""
    deadline = time.monotonic() + seconds
    while alive(pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    return not alive(pid)


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.slow
def test_a_warm_kernel_sees_what_a_cold_kernel_sees(server, tmp_path):
    process, address = server
    warm, warm_launcher = seen_by_a_kernel(kernel_env(address, WARM_KERNEL_MARKER="warm"), tmp_path)
    cold, cold_launcher = seen_by_a_kernel(kernel_env(None, WARM_KERNEL_MARKER="warm"), tmp_path)
    assert warm["ppid"] == process.pid and warm["pid"] != warm_launcher  # a fork of the server
    assert cold["pid"] == cold_launcher  # started from a new interpreter
    for seen in (warm, cold):
        seen.pop("pid"), seen.pop("ppid")
    assert warm == cold
    assert warm["cwd"] == str(tmp_path) and warm["marker"] == "warm" and warm["parent_handle"] == os.getpid()
    assert warm["plotly_renderer"] == "plotly_mimetype" and warm["widget_comm"]
    assert warm["pandas_max_columns"] == 20  # pandas' choice in a kernel (0 in a terminal)


@pytest.mark.slow
def test_a_warm_kernel_answers_an_interrupt_and_ends_with_its_shutdown(server, tmp_path):
    _, address = server
    manager, client = started(kernel_env(address), tmp_path)
    try:
        printed, _ = run(client, "import os; print(os.getpid())")
        kernel = int(printed)
        assert kernel != manager.provisioner.process.pid
        client.execute("import time; time.sleep(60)")
        time.sleep(1)
        began = time.monotonic()
        manager.interrupt_kernel()
        reply = client.get_shell_msg(timeout=20)
        assert reply["content"]["status"] == "error" and reply["content"]["ename"] == "KeyboardInterrupt"
        assert time.monotonic() - began < 20
    finally:
        client.stop_channels()
        manager.shutdown_kernel()
    assert manager.provisioner is None or manager.provisioner.process is None
    assert ended_within(kernel, seconds=10)


@pytest.mark.slow
def test_a_warm_kernel_ends_when_its_launcher_is_killed(server, tmp_path):
    _, address = server
    manager, client = started(kernel_env(address), tmp_path)
    printed, _ = run(client, "import os; print(os.getpid())")
    kernel = int(printed)
    client.stop_channels()
    manager.shutdown_kernel(now=True)  # SIGKILL to the launcher's process group
    assert ended_within(kernel, seconds=10)


@pytest.mark.slow
def test_without_a_server_a_kernel_starts_cold(tmp_path):
    seen, launcher = seen_by_a_kernel(kernel_env(str(tmp_path / "nobody.sock")), tmp_path)
    assert seen["pid"] == launcher and seen["cwd"] == str(tmp_path)


@pytest.mark.parametrize("why", ["asked to", "a folder too long for a socket"])
def test_where_a_server_cannot_or_must_not_run_no_kernel_is_sent_to_one(why, tmp_path, monkeypatch):
    monkeypatch.setenv("PYTHONPATH", "")
    monkeypatch.delenv(ADDRESS_VARIABLE, raising=False)
    if why == "asked to":
        monkeypatch.setenv(COLD_VARIABLE, "1")
        folder = tmp_path
    else:
        monkeypatch.delenv(COLD_VARIABLE, raising=False)
        folder = tmp_path / ("x" * 110)
    assert start(folder) is None
    assert ADDRESS_VARIABLE not in os.environ and os.environ["PYTHONPATH"] == ""


def test_the_launcher_reads_the_variables_the_server_sets():
    spec = importlib.util.spec_from_file_location("launcher", LAUNCHER_FOLDER / "ipykernel_launcher.py")
    launcher = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(launcher)  # its work is under `if __name__ == "__main__"`
    assert (launcher.ADDRESS_VARIABLE, launcher.COLD_VARIABLE) == (ADDRESS_VARIABLE, COLD_VARIABLE)


@pytest.mark.slow
def test_a_malformed_request_is_refused_and_the_server_keeps_no_descriptor_of_it(server, tmp_path):
    process, address = server
    open_files = len(os.listdir(f"/proc/{process.pid}/fd"))
    read, write = os.pipe()
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as launcher:
        launcher.connect(address)
        socket.send_fds(launcher, [struct.pack("!I", 5) + b"{oops"], [read, read, read, read])
        assert launcher.recv(16) == b""  # refused: no kernel's pid
    os.close(read), os.close(write)
    assert len(os.listdir(f"/proc/{process.pid}/fd")) == open_files
    seen, _ = seen_by_a_kernel(kernel_env(address), tmp_path)
    assert seen["ppid"] == process.pid  # and it still forks kernels
