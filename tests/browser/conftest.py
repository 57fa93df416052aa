"""Fixtures for the browser tests: one JupyterLab, one Voila, one headless Chromium for them all.

Under pytest-xdist the root conftest.py sends the JupyterLab tests to one worker and the Voila
tests to one worker (two groups that may run side by side): each worker starts only the server its
tests use, and one Chromium.

The fixtures are package-scoped: the browser and the servers stop as soon as the browser tests are
done (also when one fails), before the rest of the suite runs; a running playwright (sync API)
would leave an asyncio loop marked as running and break other tests' ``asyncio.run``.
The servers serve a temporary copy of notebooks/ on a free loopback port. Without
/usr/bin/chromium the tests are skipped, except under CI=true, where they must run and so fail.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from .browser_pages import RECORD, SCREENSHOT_DIR, LabNotebooks
from .browser_servers import (
    CHROMIUM,
    CHROMIUM_ARGS,
    NOTEBOOK_DIR,
    RefusingProxy,
    Server,
    browser_missing_reason,
    file_digests,
    has_outputs,
    lab_server,
    make_sandbox,
    voila_server,
)


@pytest.fixture(scope="package")
def browser_available() -> None:
    """Skip (or under CI=true fail) when Chromium or the Python packages that drive it are missing."""
    reason = browser_missing_reason()
    if reason is None:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI must run the browser tests, but {reason}")
    pytest.skip(f"browser tests need Chromium: {reason}")


@pytest.fixture(scope="package")
def screenshot_dir(browser_available: None) -> Path:
    """test-artifacts/screenshots/ (each test overwrites its own pictures)."""
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    return SCREENSHOT_DIR


@pytest.fixture(scope="package")
def server_home(tmp_path_factory: pytest.TempPathFactory, browser_available: None) -> Iterator[Path]:
    """A temporary home for the servers: the served root (a copy of notebooks/) and Jupyter dirs.

    At the end, no notebook in the repository may have been saved with outputs by the run (a
    notebook someone edited meanwhile, still without outputs, is not the run's doing).
    """
    home = tmp_path_factory.mktemp("browser")
    make_sandbox(home / "root")
    before = file_digests(NOTEBOOK_DIR)
    yield home
    after = file_digests(NOTEBOOK_DIR)
    changed = [NOTEBOOK_DIR / name for name, digest in after.items() if before.get(name) != digest]
    saved = sorted(path.name for path in changed if has_outputs(path))
    assert not saved, f"notebooks in the repository were saved with outputs during the browser run: {saved}"


@pytest.fixture(scope="package")
def chromium(refusing_proxy: RefusingProxy) -> Iterator[Any]:
    """Headless Debian Chromium driven by playwright; requests leaving 127.0.0.1 go to the refusing
    proxy."""
    from playwright.sync_api import sync_playwright

    playwright = sync_playwright().start()
    try:
        # the proxy as a plain flag: playwright's proxy option would send 127.0.0.1 through it too
        args = [*CHROMIUM_ARGS, f"--proxy-server={refusing_proxy.url}"]
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=args)
        try:
            yield browser.new_context(viewport={"width": 1280, "height": 900})
        finally:
            browser.close()
    finally:
        playwright.stop()


@pytest.fixture(scope="package")
def refusing_proxy(browser_available: None) -> Iterator[RefusingProxy]:
    """Where Chromium sends every request that is not for 127.0.0.1: refused, and noted."""
    proxy = RefusingProxy()
    try:
        yield proxy
    finally:
        proxy.stop()


def _serve(make: Callable[[], Server], attempts: int = 3) -> Iterator[Server]:
    """Start a server; on a new free port if its port was taken meanwhile (another xdist worker or
    program may bind the same free port between the probe and the server's start)."""
    for attempt in range(attempts):
        server = make()
        try:
            server.start()
        except RuntimeError:
            server.stop()
            if attempt + 1 == attempts or "already in use" not in server.log_tail():
                raise
            continue
        try:
            yield server
        finally:
            server.stop()
        return


@pytest.fixture(scope="package")
def lab(server_home: Path) -> Iterator[Server]:
    """JupyterLab on a free loopback port, serving the temporary copy."""
    yield from _serve(lambda: lab_server(server_home / "root", server_home))


@pytest.fixture(scope="package")
def voila(server_home: Path) -> Iterator[Server]:
    """Voila on a free loopback port, serving the temporary copy (one kernel per rendered page)."""
    yield from _serve(lambda: voila_server(server_home / "root", server_home))


@pytest.fixture(scope="package")
def lab_page(chromium: Any, lab: Server) -> Iterator[Any]:
    """One JupyterLab page for all the notebooks; they open in it as tabs."""
    page = chromium.new_page()
    try:
        page.goto(f"{lab.url}/lab?reset", timeout=90_000)
        page.wait_for_function("() => window.jupyterapp !== undefined", timeout=90_000)
        page.evaluate("async () => { await window.jupyterapp.restored; }")
        yield page
    finally:
        page.close()


@pytest.fixture(scope="package")
def lab_notebooks(lab_page: Any) -> Iterator[LabNotebooks]:
    notebooks = LabNotebooks(lab_page)
    try:
        yield notebooks
    finally:
        notebooks.close_all()


@pytest.fixture
def voila_page(chromium: Any, voila: Server) -> Iterator[Any]:
    """A fresh page per Voila app (closing it lets Voila shut the app's kernel down)."""
    page = chromium.new_page()
    try:
        yield page
    finally:
        page.close()


@pytest.fixture(autouse=True)
def _browser_record(request: pytest.FixtureRequest) -> Iterator[None]:
    """Hand each test's step timings and screenshots to its report (``user_properties``): under
    xdist the test runs in a worker, and the root conftest.py prints them in the terminal summary."""
    timings, shots = len(RECORD.timings), len(RECORD.screenshots)
    yield
    for label, seconds in RECORD.timings[timings:]:
        request.node.user_properties.append(("browser step", (label, seconds)))
    for path in RECORD.screenshots[shots:]:
        request.node.user_properties.append(("screenshot", str(path)))
