"""Every word of every app fits its box, in every language: nothing a student must read is cut off.

Each app (``apps/<game>.ipynb`` and its translations ``apps/<lang>/<game>.ipynb``) is opened once
under Voila and rolled once (so the buttons say how many rolls are left, their longest state). Then
every button, label, checkbox label and text box of the game's widget whose text is wider (or, once
wrapped, taller) than its box, every option of a dropdown wider than its dropdown, and every control
that sticks out of the widget is a failure named by language, app and text.
In bluff a round is then played to the lifted cup, whose five dice must all be drawn the same size.
The widgets the lessons show besides the games (the advisor of lesson 08, the loaded-die table) are
checked the same way, from a notebook made for the test in the served copy.
Screenshots: ``test-artifacts/screenshots/fit-<lang>-<game>.png``, ``fit-<lang>-lesson-widgets.png``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .browser_pages import RECORD, open_voila_app, rendering_failures
from .browser_servers import REPO
from .browser_turns import PLAYERS, Turn, game_app

pytestmark = [pytest.mark.browser, pytest.mark.slow]

APP_GAMES = ("bluff", "board", "classic", "two_part")
LANGUAGES = ("en", "ro", "uk", "th")

# every element of ``root`` whose text does not fit: [kind, text, needed px, room px]
CUT_OFF_JS = """
(root) => {
  const cut = [];
  const shown = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  const textWidth = (text, e) => {
    const s = getComputedStyle(e);
    ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    return ctx.measureText(text).width;
  };
  const room = e => {
    const s = getComputedStyle(e);
    return e.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
  };
  const boxes = root.querySelectorAll(
    '.jupyter-button, .widget-button, .widget-toggle-button, .widget-label, .widget-label-basic, '
    + '.widget-checkbox label, .widget-checkbox span, .widget-dropdown label');
  for (const e of boxes) {
    if (!shown(e) || getComputedStyle(e).color === 'rgba(0, 0, 0, 0)') continue;  // a picture, not words
    const text = e.innerText.trim();
    if (!text) continue;
    if (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1) {
      const kind = [...e.classList].find(c => c.startsWith('dp-') || c.startsWith('widget-')) || e.tagName;
      const wide = e.scrollWidth > e.clientWidth + 1;
      cut.push([kind, text, wide ? `${e.scrollWidth} px wide` : `${e.scrollHeight} px high`,
                wide ? e.clientWidth : e.clientHeight]);
    }
  }
  for (const select of root.querySelectorAll('select')) {
    if (!shown(select)) continue;
    for (const option of select.querySelectorAll('option')) {
      const needed = textWidth(option.textContent, select);
      if (needed > room(select) + 1) {
        cut.push(['option', option.textContent, `${Math.ceil(needed)} px wide`, Math.floor(room(select))]);
      }
    }
  }
  const edge = root.getBoundingClientRect();
  for (const e of root.querySelectorAll('button, select, input')) {
    const r = e.getBoundingClientRect();
    if (shown(e) && (r.right > edge.right + 1 || r.left < edge.left - 1)) {
      const text = e.tagName === 'SELECT' ? e.options[e.selectedIndex]?.text : e.innerText || e.placeholder;
      cut.push(['outside the app', text || e.tagName,
                `${Math.ceil(r.right - edge.left)} px from its left`, Math.floor(edge.width)]);
    }
  }
  for (const input of root.querySelectorAll('input[type=text][placeholder]')) {
    if (!shown(input)) continue;
    const needed = textWidth(input.placeholder, input);
    if (needed > room(input) + 1) {
      cut.push(['placeholder', input.placeholder, `${Math.ceil(needed)} px wide`, Math.floor(room(input))]);
    }
  }
  return cut;
}
"""


def app_path(lang: str, game: str) -> str:
    """The app's path under the served root: ``apps/<game>.ipynb`` in English.

    >>> app_path("en", "board"), app_path("th", "board")
    ('apps/board.ipynb', 'apps/th/board.ipynb')
    """
    return f"apps/{game}.ipynb" if lang == "en" else f"apps/{lang}/{game}.ipynb"


CASES = [
    pytest.param(lang, game, id=f"{lang}-{game}", marks=pytest.mark.executes(REPO / app_path(lang, game)))
    for lang in LANGUAGES
    for game in APP_GAMES
]


@pytest.mark.parametrize(("lang", "game"), CASES)
def test_every_word_fits_its_box(lang: str, game: str, voila, voila_page, screenshot_dir):
    path = app_path(lang, game)
    try:
        with RECORD.timed(f"Voila: render {path}"):
            check = open_voila_app(voila_page, f"{voila.url}/voila/render/{path}")
        failures = rendering_failures(check)
        assert not failures, f"{path} under Voila:\n  " + "\n  ".join(failures)
        app = game_app(voila_page, game)
        app.wait_for(state="attached", timeout=30_000)
        turn = Turn(app)
        turn.start()
        turn.click(".dp-roll", "first roll")  # now the buttons say how many rolls are left
        cut = sorted({tuple(found) for found in app.evaluate(CUT_OFF_JS)})  # each text once
        assert not cut, f"words cut off in {lang} {game} ({path}):\n  " + "\n  ".join(
            f"{kind}: {text!r} is {needed}, its box {room} px" for kind, text, needed, room in cut
        )
        if game == "bluff":  # the lifted cup: five dice of one size, while they rise and after
            PLAYERS[game](app)
            sizes = app.locator(".dp-reveal svg").evaluate_all(
                "dice => dice.map(d => Math.round(d.getBoundingClientRect().width))"
            )
            assert len(sizes) == 5 and len(set(sizes)) == 1, f"the revealed dice in {lang}: {sizes} px wide"
    finally:
        RECORD.screenshot(voila_page, f"fit-{lang}-{game}", full_page=True)


# the widgets of the lessons that are not a game: one notebook per language, written into the served copy
LESSON_WIDGETS = """from dicepoker import set_language
from dicepoker.games.scorecard.advisor_widget import advisor
from dicepoker.lessons.fairness_widget import loaded_die_widget

set_language({lang!r})
display(advisor("classic", "filled: Sixes 24, Chance 21; dice: 55562; rolls: 2"))
display(loaded_die_widget(seed=1))
"""


def lesson_widgets_notebook(folder: Path, lang: str) -> str:
    """Write a notebook that shows the lessons' widgets in ``lang``; returns its name."""
    cell = {"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": []}
    notebook = {
        "cells": [cell | {"source": LESSON_WIDGETS.format(lang=lang)}],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    name = f"fit_lesson_widgets_{lang}.ipynb"
    (folder / name).write_text(json.dumps(notebook), encoding="utf-8")
    return name


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_word_of_the_lesson_widgets_fits_its_box(lang: str, voila, voila_page, server_home):
    name = lesson_widgets_notebook(server_home / "root" / "notebooks", lang)
    try:
        check = open_voila_app(voila_page, f"{voila.url}/voila/render/notebooks/{name}")
        failures = rendering_failures(check)
        assert not failures, f"the lesson widgets under Voila ({lang}):\n  " + "\n  ".join(failures)
        shown = voila_page.locator(".jp-OutputArea-output:has(.jupyter-widgets)")
        voila_page.locator(".dp-advisor").first.wait_for(state="visible", timeout=30_000)
        roots = [shown.nth(i) for i in range(shown.count())]
        assert roots, "no widget shown"
        cut = sorted({tuple(found) for root in roots for found in root.evaluate(CUT_OFF_JS)})
        assert not cut, f"words cut off in the lesson widgets ({lang}):\n  " + "\n  ".join(
            f"{kind}: {text!r} is {needed}, its box {room} px" for kind, text, needed, room in cut
        )
    finally:
        RECORD.screenshot(voila_page, f"fit-{lang}-lesson-widgets", full_page=True)
