"""What a student sees: every output of a notebook drawn, in JupyterLab or in a Voila app.

An output fails when it is an error (or shows a traceback), a widget that shows "Error displaying
widget" or is never drawn, or a plotly figure that is never drawn. Also the screenshots and the
timings the terminal summary prints.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .browser_servers import REPO

SCREENSHOT_DIR = REPO / "test-artifacts" / "screenshots"
NOTEBOOK_SECONDS = 300  # a hang guard, not a speed test: lessons 04 and 09 took > 120 s on a busy machine
RENDER_SECONDS = 30  # widgets and plotly figures drawn after the kernel is done

# items: [label, output (nbformat JSON), output node or null], root: the notebook's node; closedShown:
# whether an empty widget output is a widget its code closed (JupyterLab) or one not drawn yet (Voila,
# whose page holds each widget output as an invisible script until its app has started, and draws a
# closed widget as "Error displaying widget"); returns {pending, problems, counts}
CHECK_OUTPUTS_JS = """
function dpCheckOutputs(items, root, closedShown) {
  const WIDGET = 'application/vnd.jupyter.widget-view+json';
  const PLOTLY = 'application/vnd.plotly.v1+json';
  const result = {pending: [], problems: [], counts: {outputs: 0, widgets: 0, plots: 0, errors: 0}};
  for (const [label, output, node] of items) {
    result.counts.outputs += 1;
    const data = output.data || {};
    if (output.output_type === 'error') {
      result.counts.errors += 1;
      result.problems.push(`${label}: ${output.ename}: ${output.evalue}`);
    } else if (WIDGET in data) {
      // drawn; or "Loading widget..." (pending); or empty: its code closed it (a finished tqdm bar)
      result.counts.widgets += 1;
      const text = node ? node.innerText : '';
      if (text.includes('Error displaying widget')) {
        result.problems.push(`${label}: ${text.trim().slice(0, 200)}`);
      } else if (node && node.querySelector('[data-mime-type="text/plain"]')) {
        result.problems.push(`${label}: widget shown as plain text (is the widgets extension missing?)`);
      } else if (!node || (!node.querySelector('.jupyter-widgets') && (text.trim() !== '' || !closedShown))) {
        result.pending.push(`${label}: widget not drawn (${text.trim().slice(0, 60) || 'nothing shown'})`);
      }
    } else if (PLOTLY in data) {
      result.counts.plots += 1;
      if (!node || !node.querySelector('.js-plotly-plot .main-svg')) {
        result.pending.push(`${label}: plotly figure not drawn`);
      }
    }
    const shown = node ? node.innerText : '';
    const failed = ['Traceback (most recent call last)', 'There was an error when executing'];
    if (output.output_type !== 'error' && failed.some(text => shown.includes(text))) {
      result.counts.errors += 1;
      result.problems.push(`${label}: ${shown.trim().split('\\n').slice(-1)[0].slice(0, 200)}`);
    }
    if (shown.includes('No renderer could be found')) {
      result.problems.push(`${label}: no renderer for ${Object.keys(data).join(', ')}`);
    }
  }
  if (root.innerText.includes('Error displaying widget')) {
    result.problems.push('the page shows "Error displaying widget"');
  }
  return result;
}
"""

LAB_OPEN_JS = """
async (path) => {
  const app = window.jupyterapp;
  await app.restored;
  const panel = await app.commands.execute('docmanager:open',
      {path, factory: 'Notebook', kernel: {name: 'python3'}});
  window.__dpPanels = window.__dpPanels || {};
  window.__dpPanels[panel.id] = panel;
  panel.__dpResult = undefined;
  await panel.context.ready;
  await panel.sessionContext.ready;
  return panel.id;
}
"""

LAB_KERNEL_IDLE_JS = """
(id) => {
  const kernel = window.__dpPanels[id].sessionContext.session?.kernel;
  return !!kernel && kernel.connectionStatus === 'connected' && kernel.status === 'idle';
}
"""

LAB_RUN_ALL_JS = """
(id) => {
  const panel = window.__dpPanels[id];
  window.jupyterapp.shell.activateById(id);
  window.jupyterapp.commands.execute('runmenu:run-all').then(
      ok => { panel.__dpResult = ok; }, err => { panel.__dpResult = String(err); });
}
"""

LAB_OUTPUTS_JS = (
    "(id) => {"
    + CHECK_OUTPUTS_JS
    + """
  const panel = window.__dpPanels[id];
  const items = [];
  panel.content.widgets.forEach((cell, index) => {
    if (cell.model.type !== 'code') return;
    const nodes = cell.outputArea.node.querySelectorAll(':scope > .jp-OutputArea-child');
    const first = cell.model.sharedModel.getSource().split('\\n')[0].slice(0, 60);
    cell.model.outputs.toJSON().forEach((output, k) => {
      items.push([`cell ${index} (${first})`, output, nodes[k] || null]);
    });
  });
  const result = dpCheckOutputs(items, panel.node, true);
  result.unrun = panel.content.widgets.filter(
      cell => cell.model.type === 'code' && cell.model.sharedModel.getSource().trim() &&
              cell.model.executionCount == null).length;
  return result;
}"""
)

# what each code cell printed, as nbformat outputs, by the cell's index in the notebook
LAB_CELL_OUTPUTS_JS = """
(id) => {
  const outputs = {};
  window.__dpPanels[id].content.widgets.forEach((cell, index) => {
    if (cell.model.type === 'code') outputs[index] = cell.model.outputs.toJSON();
  });
  return outputs;
}
"""

LAB_ACTIVATE_JS = "(id) => window.jupyterapp.shell.activateById(id)"

LAB_CLOSE_JS = """
async (id) => {
  const panel = window.__dpPanels[id];
  delete window.__dpPanels[id];
  if (!panel || panel.isDisposed) return;
  try { await panel.sessionContext.shutdown(); } catch (e) { }
  panel.context.model.dirty = false;
  panel.dispose();
}
"""

VOILA_OUTPUTS_JS = (
    "(outputs) => {"
    + CHECK_OUTPUTS_JS
    + """
  const nodes = document.querySelectorAll('.jp-Cell-outputArea > .jp-OutputArea-child');
  const items = outputs.map((output, k) => {
    const cell = nodes[k] ? nodes[k].closest('[cell-index]') : null;
    return [`cell ${cell ? cell.getAttribute('cell-index') : '?'}`, output, nodes[k] || null];
  });
  const result = dpCheckOutputs(items, document.body, false);
  if (nodes.length !== outputs.length) {
    result.pending.push(`the page shows ${nodes.length} of the ${outputs.length} outputs Voila sent`);
  }
  result.unrun = 0;
  return result;
}"""
)
VOILA_OUTPUT_TAG = '<script type="application/vnd.voila.cell-output+json">'


def voila_outputs(html: str) -> list[dict]:
    """The cell outputs in a page Voila sent, in order: those its script draws as nbformat JSON,
    those already drawn by the server (text, errors) as ``{"output_type": "static"}``.

    >>> page = '<div class="jp-OutputArea-child"><pre>hi</pre></div><div class="jp-OutputArea-child">'
    >>> page += VOILA_OUTPUT_TAG + '{"output_type": "display_data", "data": {}}</script></div>'
    >>> [output["output_type"] for output in voila_outputs(page)]
    ['static', 'display_data']
    """
    outputs = []
    for chunk in html.split('class="jp-OutputArea-child')[1:]:
        start = chunk.find(VOILA_OUTPUT_TAG)
        if start == -1:
            outputs.append({"output_type": "static"})
            continue
        start += len(VOILA_OUTPUT_TAG)
        outputs.append(json.loads(chunk[start : chunk.index("</script>", start)]))
    return outputs


def wait_until_rendered(page: Any, script: str, arg: Any = None, timeout: float = RENDER_SECONDS) -> dict:
    """Poll the page until no widget or figure is still drawing; returns the last check's result.

    Once something has failed, the rest gets only a few more seconds.
    """
    deadline = time.monotonic() + timeout
    while True:
        result = page.evaluate(script, arg)
        if result["problems"]:
            deadline = min(deadline, time.monotonic() + 3)
        if not result["pending"] or time.monotonic() > deadline:
            return result
        time.sleep(0.2)


def open_voila_app(page: Any, url: str) -> dict:
    """Load a Voila app and wait until every output it sent is drawn; returns the check's result."""
    response = page.goto(url, timeout=NOTEBOOK_SECONDS * 1000)
    assert response is not None and response.ok, f"Voila answered {response and response.status} for {url}"
    outputs = voila_outputs(response.text())
    page.wait_for_selector("#loading", state="detached", timeout=RENDER_SECONDS * 1000)
    return wait_until_rendered(page, VOILA_OUTPUTS_JS, outputs)


def rendering_failures(result: dict) -> list[str]:
    """What is wrong with a page, as lines for an assertion message (empty: all is well)."""
    failures = list(result["problems"]) + list(result["pending"])
    if result.get("unrun"):
        failures.append(f"{result['unrun']} code cell(s) never ran")
    return failures


def run_failures(opened: OpenNotebook) -> list[str]:
    """What is wrong after Run All in JupyterLab: an error output, an output not drawn, a run that
    did not complete and, in a lesson, an exercise's answer in sight above it (nbval does not run
    again what a browser test ran, so this search is made here; ``tests/helpers/exercise_leaks.py``)."""
    from exercise_leaks import leaks_in_run

    failures = rendering_failures(opened.check)
    if opened.ran_ok is not True and not failures:
        failures.append(f"Run All did not complete: {opened.ran_ok}")
    if not failures:
        failures += [f"answer in sight: {leak}" for leak in leaks_in_run(REPO / opened.path, opened.outputs)]
    return failures


@dataclass
class OpenNotebook:
    """A notebook open in the JupyterLab page, after Run All."""

    name: str
    panel_id: str
    ran_ok: bool | str
    check: dict
    seconds: float
    path: str = ""  # relative to the server root, as the repository's (``notebooks/ro/03_x.ipynb``)
    outputs: dict[int, list[dict]] = field(default_factory=dict)  # code cell index -> its outputs

    def root(self, page: Any) -> Any:
        return page.locator(f"[id='{self.panel_id}']")


def open_and_run(page: Any, path: str) -> OpenNotebook:
    """Open ``path`` (relative to the server root) in JupyterLab, Run All, wait for every output."""
    started = time.monotonic()
    panel_id = page.evaluate(LAB_OPEN_JS, path)
    page.wait_for_function(LAB_KERNEL_IDLE_JS, arg=panel_id, timeout=60_000, polling=100)
    page.evaluate(LAB_RUN_ALL_JS, panel_id)
    try:
        page.wait_for_function(
            "(id) => window.__dpPanels[id].__dpResult !== undefined",
            arg=panel_id,
            timeout=NOTEBOOK_SECONDS * 1000,
            polling=100,
        )
    except Exception as err:
        page.evaluate(LAB_CLOSE_JS, panel_id)
        raise AssertionError(f"{path}: Run All did not finish in {NOTEBOOK_SECONDS} s") from err
    ran_ok = page.evaluate("(id) => window.__dpPanels[id].__dpResult", panel_id)
    check = wait_until_rendered(page, LAB_OUTPUTS_JS, panel_id)
    outputs = {int(index): cell for index, cell in page.evaluate(LAB_CELL_OUTPUTS_JS, panel_id).items()}
    return OpenNotebook(Path(path).name, panel_id, ran_ok, check, time.monotonic() - started, path, outputs)


def close_notebook(page: Any, notebook: OpenNotebook) -> None:
    """Close the tab without saving and shut its kernel down."""
    page.evaluate(LAB_CLOSE_JS, notebook.panel_id)


@contextlib.contextmanager
def window_stretched_to(page: Any, height: float) -> Iterator[None]:
    """The page's window made ``height`` pixels tall (at least as tall as it was, at most 12,000),
    laid out again, then set back: what scrolls inside JupyterLab's panels shows whole."""
    size = page.viewport_size
    try:
        tall = max(size["height"], min(int(height), 12000))
        page.set_viewport_size({"width": size["width"], "height": tall})
        page.wait_for_timeout(400)
        yield
    finally:
        page.set_viewport_size(size)


def screenshot_notebook(page: Any, notebook: OpenNotebook, path: Path) -> Path:
    """A screenshot of the whole notebook: the viewport is stretched to the notebook's height."""
    scroller = "document.querySelector(`[id='${id}'] .jp-WindowedPanel-outer`)"
    height = page.evaluate(
        f"(id) => {{ const s = {scroller}; return s ? s.scrollHeight : 0; }}", notebook.panel_id
    )
    with window_stretched_to(page, height + 160):
        # Run All leaves the notebook scrolled to its end: from the top, every cell is in the window
        page.evaluate(f"(id) => {{ const s = {scroller}; if (s) s.scrollTop = 0; }}", notebook.panel_id)
        page.wait_for_timeout(400)
        page.screenshot(path=str(path))
    return path


class LabNotebooks:
    """The notebooks open in the one JupyterLab page; a play notebook stays open for its game's test."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.open: dict[str, OpenNotebook] = {}

    def run(self, notebook: Path) -> OpenNotebook:
        """Open and Run All (once); the result of an earlier run if it is still open."""
        if notebook.name not in self.open:
            self.open[notebook.name] = open_and_run(self.page, f"notebooks/{notebook.name}")
        opened = self.open[notebook.name]
        self.page.evaluate(LAB_ACTIVATE_JS, opened.panel_id)
        return opened

    def close(self, notebook: Path) -> None:
        opened = self.open.pop(notebook.name, None)
        if opened is not None:
            close_notebook(self.page, opened)

    def close_all(self) -> None:
        for name in list(self.open):
            self.close(Path(name))


# ------------------------------------------------------------------------------------------------
# bookkeeping for the terminal summary


@dataclass
class Record:
    screenshots: list[Path] = field(default_factory=list)
    timings: list[tuple[str, float]] = field(default_factory=list)

    def shot(self, path: Path) -> Path:
        self.screenshots.append(path)
        return path

    def screenshot(self, target: Any, name: str, **options: Any) -> Path:
        """Screenshot a page or an element into test-artifacts/screenshots/NAME.png."""
        path = SCREENSHOT_DIR / f"{name}.png"
        target.screenshot(path=str(path), **options)
        return self.shot(path)

    def screenshot_whole(self, element: Any, name: str) -> Path:
        """Screenshot an element taller than the window (a report in a JupyterLab notebook, which
        scrolls inside its panel): the window is stretched to show all of it, then set back."""
        height = element.evaluate("e => e.getBoundingClientRect().height")
        with window_stretched_to(element.page, height + 400):
            element.scroll_into_view_if_needed()
            return self.screenshot(element, name)

    @contextlib.contextmanager
    def timed(self, label: str) -> Iterator[None]:
        started = time.monotonic()
        try:
            yield
        finally:
            self.timings.append((label, time.monotonic() - started))


RECORD = Record()
