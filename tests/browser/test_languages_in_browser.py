"""The kit in Romanian, Ukrainian and Thai, seen in headless Chromium.

For each language: one play notebook and one lesson in JupyterLab, and one classroom app under
Voila (where, after a New game, every word of it must also fit its box: ``browser_fit.py``), each in
its translated copy (``notebooks/<lang>/``, ``apps/<lang>/``). Everything must be
drawn, a turn of the game is played by clicking, and then no English UI string (the lists the
kernel-side tests keep in ``tests/helpers/english_labels_*.py``) may be left in the game's widget: its
text, its tooltips and its options. Thai must be drawn with a Thai font, not as empty boxes.
Screenshots: ``test-artifacts/screenshots/lang-*.png``.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from .browser_fit import IN_VOILA, check_every_word_fits, start_a_new_game
from .browser_pages import (
    RECORD,
    open_and_run,
    open_voila_app,
    rendering_failures,
    run_failures,
    screenshot_notebook,
)
from .browser_pages import close_notebook as close_lab_notebook
from .browser_servers import NOTEBOOK_DIR, REPO
from .browser_turns import PLAYERS, game_app

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# which translated notebooks and apps each language opens: together every game, in some language
IN_LAB = {
    "ro": ("01_play_dice_poker", "classic", "02_odds_of_each_combination"),
    "uk": ("06_bluff", "bluff", "03_three_rolls"),
    "th": ("07_board_game", "board", "05_two_part_game"),
}

# every text a person reads in a widget: its text, its tooltips, the labels of its options
WIDGET_TEXT_JS = """
(root) => {
  const parts = [root.innerText];
  for (const e of root.querySelectorAll('[title]')) parts.push(e.getAttribute('title'));
  for (const e of root.querySelectorAll('option')) parts.push(e.textContent);
  for (const e of root.querySelectorAll('input[placeholder]')) parts.push(e.getAttribute('placeholder'));
  return parts.join('\\n');
}
"""

# every word a lesson's outputs show in figures and tables: plotly's titles, axis titles, tick and legend
# labels and hover-free annotations, and the header and cells of every printed table
OUTPUT_TEXT_JS = """
(root) => {
  const parts = [];
  const figures = ['gtitle', 'xtitle', 'ytitle', 'legendtext', 'annotation-text', 'xtick', 'ytick']
    .map((name) => `.js-plotly-plot .${name}`).join(', ');
  for (const e of root.querySelectorAll(figures)) parts.push(e.textContent);
  for (const e of root.querySelectorAll('.jp-OutputArea-output table th, .jp-OutputArea-output table td'))
    parts.push(e.textContent);
  return parts.join('\\n');
}
"""

# Thai drawn with a Thai font has glyphs of different widths; drawn with no font, every character
# is the same empty box (.notdef), as wide as a character no font has
THAI_GLYPHS_JS = """
(sample) => {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  const family = getComputedStyle(document.querySelector('.dp-app') || document.body).fontFamily;
  ctx.font = `16px ${family}`;
  const box = ctx.measureText('\\u{10FFFD}').width;
  const widths = [...sample].map(ch => ctx.measureText(ch).width);
  return {box, widths, fonts: document.fonts.check(`16px ${family}`, sample)};
}
"""


def english_labels() -> list[str]:
    """The English UI strings the kernel-side tests look for, from every tests/helpers/english_labels_*.py."""
    import importlib
    from pathlib import Path

    found: list[str] = []
    for path in sorted((Path(__file__).resolve().parents[1] / "helpers").glob("english_labels_*.py")):
        found += importlib.import_module(path.stem).ENGLISH_LABELS
    assert found, "no tests/helpers/english_labels_*.py: nothing to look for"
    return sorted(set(found))


def english_left(text: str) -> list[str]:
    """The English labels that appear in ``text`` as whole words."""
    return [label for label in english_labels() if re.search(rf"(?<!\w){re.escape(label)}(?!\w)", text)]


def check_thai_is_drawn(page: Any) -> None:
    measured = page.evaluate(THAI_GLYPHS_JS, "ทอยลูกเต๋า")
    distinct = {round(w, 2) for w in measured["widths"]}
    assert len(distinct) > 1 and not all(abs(w - measured["box"]) < 0.01 for w in measured["widths"]), (
        f"Thai is drawn as boxes: {measured}"
    )


def shoot_outputs(panel: Any, name: str, most: int = 4) -> None:
    """Screenshots of a lesson's first figures and tables, one by one, to read their words."""
    for css, kind in ((".js-plotly-plot", "figure"), (".jp-RenderedHTMLCommon table", "table")):
        shown = panel.locator(css)
        for i in range(min(most, shown.count())):
            item = shown.nth(i)
            item.scroll_into_view_if_needed()
            item.page.wait_for_timeout(300)
            RECORD.screenshot(item, f"{name}-{kind}-{i + 1}")


def test_a_thai_font_is_installed():
    fc_list = shutil.which("fc-list")
    assert fc_list, "fontconfig's fc-list is missing"
    fonts = subprocess.run([fc_list, ":lang=th", "family"], capture_output=True, text=True, check=True)
    assert fonts.stdout.strip(), "no Thai font: apt-get install fonts-thai-tlwg"


# the notebooks and apps each test runs top to bottom, failing on an error output (nbval need not run them)
LAB_LANGS = [
    pytest.param(
        lang, marks=pytest.mark.executes(*(NOTEBOOK_DIR / lang / f"{IN_LAB[lang][i]}.ipynb" for i in (0, 2)))
    )
    for lang in sorted(IN_LAB)
]
VOILA_LANGS = [
    pytest.param(lang, marks=pytest.mark.executes(REPO / "apps" / lang / f"{IN_VOILA[lang]}.ipynb"))
    for lang in sorted(IN_VOILA)
]


# the three newest lessons (issue 26) run in JupyterLab in every translated language
NEW_LESSONS = ("11_spread_and_the_bell_curve", "12_waiting_for_a_poker", "13_is_this_die_fair")
NEW_LESSON_RUNS = [
    pytest.param(
        lang, stem, marks=pytest.mark.executes(NOTEBOOK_DIR / lang / f"{stem}.ipynb"), id=f"{lang}-{stem[:2]}"
    )
    for lang in sorted(IN_LAB)
    for stem in NEW_LESSONS
]


def run_in_lab(lab_page: Any, screenshot_dir: Path, lang: str, stem: str) -> Any:
    """Open ``notebooks/<lang>/<stem>.ipynb`` in JupyterLab, run every cell, save a screenshot and fail
    on an error output, a run that did not complete or an exercise's answer in sight; the caller
    closes what it returns."""
    with RECORD.timed(f"JupyterLab ({lang}): open, run all, render {stem}"):
        opened = open_and_run(lab_page, f"notebooks/{lang}/{stem}.ipynb")
    try:
        RECORD.shot(screenshot_notebook(lab_page, opened, screenshot_dir / f"lang-{lang}-lab-{stem}.png"))
        failures = run_failures(opened)
        assert not failures, f"{lang}/{stem} in JupyterLab:\n  " + "\n  ".join(failures)
    except BaseException:
        close_lab_notebook(lab_page, opened)
        raise
    return opened


def check_lesson_words(root: Any, lang: str, stem: str, most: int = 4) -> None:
    """A lesson's figures and tables: screenshots of the first ``most``, and no English UI word in them."""
    shoot_outputs(root, f"lang-{lang}-{stem}", most=most)
    shown = root.evaluate(OUTPUT_TEXT_JS)
    assert len(shown.split()) > 50, f"{lang}/{stem}: the figures and tables show no words to read"
    left = english_left(shown)
    assert not left, f"English left in the figures and tables of {lang}/{stem}: {left}"


@pytest.mark.parametrize(("lang", "stem"), NEW_LESSON_RUNS)
def test_the_newest_lessons_in_jupyterlab_in_every_language(lang: str, stem: str, lab_page, screenshot_dir):
    opened = run_in_lab(lab_page, screenshot_dir, lang, stem)
    try:
        check_lesson_words(opened.root(lab_page), lang, stem, most=2)
    finally:
        close_lab_notebook(lab_page, opened)


@pytest.mark.parametrize("lang", LAB_LANGS)
def test_a_play_notebook_and_a_lesson_in_jupyterlab(lang: str, lab_page, screenshot_dir):
    play_notebook, game, lesson = IN_LAB[lang]
    for stem in (play_notebook, lesson):
        opened = run_in_lab(lab_page, screenshot_dir, lang, stem)
        try:
            if stem != play_notebook:
                check_lesson_words(opened.root(lab_page), lang, stem)
                continue
            app = game_app(opened.root(lab_page), game)
            assert app.count(), f"{lang}/{stem} shows no {game} widget"
            PLAYERS[game](app)
            app.scroll_into_view_if_needed()
            RECORD.screenshot(app, f"lang-{lang}-lab-play-{game}")
            left = english_left(app.evaluate(WIDGET_TEXT_JS))
            assert not left, f"English left in the {game} widget of {lang}/{stem}: {left}"
            if lang == "th":
                check_thai_is_drawn(lab_page)
        finally:
            close_lab_notebook(lab_page, opened)


@pytest.mark.parametrize("lang", VOILA_LANGS)
def test_a_classroom_app_in_voila(lang: str, voila, voila_page, screenshot_dir):
    """A turn by clicking, then no English left; after a New game, every word fits its box."""
    game = IN_VOILA[lang]
    path = f"apps/{lang}/{game}.ipynb"
    try:
        with RECORD.timed(f"Voila ({lang}): render {path}"):
            check = open_voila_app(voila_page, f"{voila.url}/voila/render/{path}")
        failures = rendering_failures(check)
        assert not failures, f"{path} under Voila:\n  " + "\n  ".join(failures)
        app = game_app(voila_page, game)
        app.wait_for(state="attached", timeout=30_000)
        PLAYERS[game](app)
        page_text = voila_page.locator("body").inner_text()
        left = english_left(app.evaluate(WIDGET_TEXT_JS)) + [
            word for word in ("How to play", "Roll", "New game") if word in page_text
        ]
        assert not left, f"English left in {path}: {left}"
        if lang == "th":
            check_thai_is_drawn(voila_page)
    finally:
        RECORD.screenshot(voila_page, f"lang-{lang}-voila-{game}", full_page=True)
    try:
        start_a_new_game(app)
        check_every_word_fits(app, game, f"{lang} {game} ({path})")
    finally:
        RECORD.screenshot(voila_page, f"fit-{lang}-{game}", full_page=True)
