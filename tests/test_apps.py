"""The play-only apps (``apps/<game>.ipynb``): a title, three lines on how to play, the game, nothing else.

Voilà shows a notebook's outputs without its code; a lesson notebook under Voilà shows bare dicts,
tuples and "Not yet" lines. An app holds only what a class needs to play.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APPS = ROOT / "apps"
README = (ROOT / "README.md").read_text(encoding="utf-8")
PLAY_GAMES = ("classic", "two_part", "bluff", "board")


def cells(game: str) -> list[dict]:
    return json.loads((APPS / f"{game}.ipynb").read_text(encoding="utf-8"))["cells"]


def test_every_game_played_in_a_lesson_has_an_app():
    assert {path.stem for path in APPS.glob("*.ipynb")} == set(PLAY_GAMES)


@pytest.mark.parametrize("game", PLAY_GAMES)
def test_an_app_is_a_title_three_lines_and_the_game(game):
    text, code = cells(game)
    assert text["cell_type"] == "markdown" and code["cell_type"] == "code"
    lines = "".join(text["source"]).splitlines()
    assert lines[0].startswith("# ") and "How to play" in "".join(text["source"])
    assert len([line for line in lines if re.match(r"[1-3]\. ", line)]) == 3
    source = "".join(code["source"])
    statements = [line for line in source.splitlines() if line.strip()]
    assert len(statements) == 3, "import, the language line a translation changes, the game"
    assert statements[0] == "from dicepoker import play, set_language"
    assert statements[1] == 'set_language("en")'
    assert statements[2].startswith(f'play("{game}", seats='), "the last line shows the game, found by name"
    assert code["outputs"] == [] and code["execution_count"] is None


@pytest.mark.parametrize("game", PLAY_GAMES)
def test_an_apps_game_widget_is_the_game_it_is_named_for(game):
    source = "".join(cells(game)[1]["source"])
    namespace: dict = {}
    exec(source.rsplit("\n", 1)[0], namespace)
    ui = eval(source.rsplit("\n", 1)[1], namespace)
    try:
        assert f"dp-{game}" in ui.root._dom_classes
        assert ui.seat_choosers, "an app lets the class choose the seats"
    finally:
        ui.close()


def test_readme_and_binder_voila_links_point_to_the_apps():
    section = README.split("## Classroom apps with Voilà", 1)[1].split("\n## ", 1)[0]
    for game in PLAY_GAMES:
        assert f"(apps/{game}.ipynb)" in section
        assert f"urlpath=voila%2Frender%2Fapps%2F{game}.ipynb" in section
    assert "voila notebooks/" not in section and "render%2Fnotebooks" not in section


def test_pytest_runs_the_apps_under_nbval():
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'testpaths = \[[^\]]*"apps"', pyproject)
