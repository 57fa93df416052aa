"""Every word of every app fits its box, in every language: nothing a student must read is cut off.

Each app (``apps/<game>.ipynb`` and its translations ``apps/<lang>/<game>.ipynb``) is opened once
under Voila, rolled once and checked (``browser_fit.py`` says how). The English apps and each language's
classroom app are checked by the tests that render them anyway (``CHECKED_ELSEWHERE``); this file
opens the others.
The widgets the lessons show besides the games (the advisor of lesson 08, the loaded-die table) are
checked the same way, from a notebook made for the test in the served copy.
Screenshots: ``test-artifacts/screenshots/fit-<lang>-<game>.png``, ``fit-<lang>-lesson-widgets.png``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .browser_fit import (
    APP_GAMES,
    CHECKED_ELSEWHERE,
    CUT_OFF_JS,
    LANGUAGES,
    app_path,
    check_every_word_fits,
)
from .browser_pages import RECORD, open_voila_app, rendering_failures
from .browser_servers import REPO
from .browser_turns import game_app

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CASES = [
    pytest.param(lang, game, id=f"{lang}-{game}", marks=pytest.mark.executes(REPO / app_path(lang, game)))
    for lang in LANGUAGES
    for game in APP_GAMES
    if (lang, game) not in CHECKED_ELSEWHERE
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
        check_every_word_fits(app, game, f"{lang} {game} ({path})")
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
