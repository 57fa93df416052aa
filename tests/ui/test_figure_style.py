"""The kit's figure template: ``plotly_white`` to the eye on every flat figure, smaller to copy and send."""

from __future__ import annotations

import json
import re
from pathlib import Path

import plotly.graph_objects as go
import plotly.io as pio

from dicepoker.odds.figures import one_vs_three_rolls_figure
from dicepoker.ui.figure_style import ONLY_ON_OTHER_AXES, OTHER_AXES, TEMPLATE, flat_white

PACKAGE = Path(__file__).resolve().parents[2] / "dicepoker"


def test_the_template_is_plotly_white_without_the_other_axes_and_their_traces():
    white = pio.templates["plotly_white"].to_plotly_json()
    ours = pio.templates[TEMPLATE].to_plotly_json()
    assert ours == flat_white().to_plotly_json()
    assert ours["layout"] == {key: value for key, value in white["layout"].items() if key not in OTHER_AXES}
    flat = {kind: value for kind, value in white["data"].items() if kind not in ONLY_ON_OTHER_AXES}
    assert ours["data"] == flat
    assert set(OTHER_AXES) <= set(white["layout"]) and set(white["data"]) >= ONLY_ON_OTHER_AXES
    assert len(json.dumps(ours)) < 0.7 * len(json.dumps(white))


def test_a_figure_of_the_kit_looks_as_with_plotly_white():
    ours = one_vs_three_rolls_figure("classic")
    white = go.Figure(ours).update_layout(template="plotly_white")
    assert ours.layout.template == pio.templates[TEMPLATE]
    a, b = ours.to_plotly_json(), white.to_plotly_json()
    a["layout"].pop("template"), b["layout"].pop("template")
    assert a == b  # the same figure but for its template


def test_every_figure_of_the_package_takes_the_kits_template_and_draws_flat_traces():
    sources = {path: path.read_text(encoding="utf-8") for path in PACKAGE.rglob("*.py")}
    assert [path.name for path, text in sources.items() if '"plotly_white"' in text] == ["figure_style.py"]
    # a module that builds a figure in its code (not in a doctest's >>> or ... lines)
    builds = re.compile(r"^(?!\s*(>>>|\.\.\.)).*(go\.Figure\(|make_subplots\()", re.MULTILINE)
    figure_modules = [
        path for path, text in sources.items() if builds.search(text) and path.name != "figure_style.py"
    ]
    assert len(figure_modules) >= 10
    for path in figure_modules:
        text = sources[path]
        # the template goes on through kit_layout (the fast way), never by name
        assert re.search(r"kit_layout\(\s*fig\b", text) and not re.search(r"\btemplate=", text), path.name
    drawn = set()
    for text in sources.values():
        for constructor, adder in re.findall(r"go\.([A-Z][A-Za-z0-9]+)\(|add_([a-z0-9]+)\(", text):
            drawn.add((constructor or adder).lower())
    assert {"bar", "scatter", "heatmap"} <= drawn
    assert drawn & ONLY_ON_OTHER_AXES == set(), "a trace on axes the kit's template leaves out"
