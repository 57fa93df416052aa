"""The play notebooks work as classroom apps under Voila, in headless Chromium.

``voila notebooks/01_play_dice_poker.ipynb`` shows only the outputs: every widget and figure must be
drawn, no cell may fail, and one turn of the game is played by clicking.
"""

from __future__ import annotations

import pytest

from .browser_pages import RECORD, open_voila_app, rendering_failures
from .browser_servers import NOTEBOOK_DIR
from .browser_turns import PLAYERS, expected_notebook, game_app, game_params

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.mark.parametrize("game", game_params())
def test_play_notebook_as_voila_app(game: str, voila, voila_page, screenshot_dir):
    notebook = NOTEBOOK_DIR / expected_notebook(game)
    try:
        with RECORD.timed(f"Voila: render {notebook.name}"):
            check = open_voila_app(voila_page, f"{voila.url}/voila/render/notebooks/{notebook.name}")
        failures = rendering_failures(check)
        if failures:
            pytest.fail(f"{notebook.name} under Voila:\n  " + "\n  ".join(failures), pytrace=False)
        app = game_app(voila_page, game)
        if app.count() == 0:
            pytest.fail(
                f"{notebook.name} under Voila shows no widget with classes dp-app dp-{game}", pytrace=False
            )
        with RECORD.timed(f"Voila: one turn of {game} by clicking"):
            PLAYERS[game](app)
    finally:
        RECORD.screenshot(voila_page, f"voila-{notebook.stem}", full_page=True)
