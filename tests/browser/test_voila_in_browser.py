"""The classroom apps (``apps/<game>.ipynb``) and the play notebooks under Voila, in headless Chromium.

``voila apps/classic.ipynb`` shows the title, how to play and the game, nothing else: every widget
must be drawn, no cell may fail, one turn of the game is played by clicking, one by keyboard alone,
and every word fits its box; all on one render of each app. The play notebooks are opened the same
way.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest

from .browser_fit import APP_GAMES, check_every_word_fits, start_a_new_game
from .browser_pages import RECORD, RENDER_SECONDS, open_voila_app, rendering_failures
from .browser_servers import NOTEBOOK_DIR, REPO
from .browser_turns import PLAYERS, expected_notebook, game_app, game_params

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.mark.parametrize("game", game_params())
def test_play_notebook_as_voila_app(game: str, voila, voila_page, screenshot_dir):
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    notebook = NOTEBOOK_DIR / expected_notebook(game)
    try:
        with RECORD.timed(f"Voila: render {notebook.name}"):
            check = open_voila_app(voila_page, f"{voila.url}/voila/render/notebooks/{notebook.name}")
        failures = rendering_failures(check)
        if failures:
            pytest.fail(f"{notebook.name} under Voila:\n  " + "\n  ".join(failures), pytrace=False)
        app = game_app(voila_page, game)
        try:
            app.wait_for(state="attached", timeout=RENDER_SECONDS * 1000)
        except PlaywrightTimeout:
            pytest.fail(
                f"{notebook.name} under Voila shows no widget with classes dp-app dp-{game}", pytrace=False
            )
        with RECORD.timed(f"Voila: one turn of {game} by clicking"):
            PLAYERS[game](app)
    finally:
        RECORD.screenshot(voila_page, f"voila-{notebook.stem}", full_page=True)


# each app is run whole and fails on an error output: nbval need not run it again
APPS_RUN = [
    pytest.param(game, marks=pytest.mark.executes(REPO / "apps" / f"{game}.ipynb")) for game in APP_GAMES
]


@contextlib.contextmanager
def screenshot_after(page: Any, name: str) -> Iterator[None]:
    """Screenshot the whole page when the step inside is done, or has failed."""
    try:
        yield
    finally:
        RECORD.screenshot(page, name, full_page=True)


@pytest.mark.parametrize("game", APPS_RUN)
def test_app_shows_only_the_game_and_plays_by_mouse_and_by_keyboard(
    game: str, voila, voila_page, screenshot_dir
):
    """One render of each English app, three checks in turn: it shows the game and nothing else, and a
    turn is played by clicking; after a New game (pressed by keyboard), a turn by keyboard alone: Tab
    to each control (its focus must show) and Enter, no mouse; after another New game, every word fits
    its box (``browser_fit.py``)."""
    app_file = REPO / "apps" / f"{game}.ipynb"
    assert app_file.exists(), f"apps/{game}.ipynb is missing"
    app = game_app(voila_page, game)
    with screenshot_after(voila_page, f"voila-app-{game}"):
        with RECORD.timed(f"Voila: render apps/{app_file.name}"):
            check = open_voila_app(voila_page, f"{voila.url}/voila/render/apps/{app_file.name}")
        failures = rendering_failures(check)
        if failures:
            pytest.fail(f"apps/{app_file.name} under Voila:\n  " + "\n  ".join(failures), pytrace=False)
        assert check["counts"]["outputs"] == 1 and check["counts"]["widgets"] == 1, (
            f"an app shows the game and nothing else, not {check['counts']}"
        )
        page_text = voila_page.locator("body").inner_text()
        assert "How to play" in page_text and "Not yet" not in page_text
        app.wait_for(state="attached", timeout=30_000)
        assert voila_page.locator(".dp-app").count() == 1, f"apps/{app_file.name} shows one game only"
        with RECORD.timed(f"Voila app: one turn of {game} by clicking"):
            PLAYERS[game](app)
    with screenshot_after(voila_page, f"voila-app-keyboard-{game}"):
        start_a_new_game(app, keyboard=True)
        with RECORD.timed(f"Voila app: one turn of {game} by keyboard"):
            PLAYERS[game](app, keyboard=True)
        for die in range(5):  # every die button has an accessible name
            label = app.locator(f".dp-die-{die}").first.get_attribute("title") or ""
            assert label.startswith(f"die {die + 1}: "), label
        names = app.locator(".dp-name")
        for i in range(names.count()):  # full names in the scorecard header, nothing cut off
            one_line = (
                "e => e.scrollWidth <= e.clientWidth + 1 && e.getBoundingClientRect().height < 2 * "
                + ("parseFloat(getComputedStyle(e).fontSize)")
            )
            assert names.nth(i).evaluate(one_line), f"name cut or broken: {names.nth(i).inner_text()!r}"
    with screenshot_after(voila_page, f"fit-en-{game}"):
        start_a_new_game(app)
        check_every_word_fits(app, game, f"en {game} (apps/{app_file.name})")


def test_nothing_leaves_the_machine(chromium, refusing_proxy, voila):
    """A page's requests for anything but 127.0.0.1 reach the refusing proxy, not the internet, while
    the servers' own pages load as ever."""
    page = chromium.new_page()
    try:
        page.goto(f"{voila.url}/voila/tree")
        outcome = page.evaluate(
            """async () => Promise.all(['http://outside.example/probe', 'https://outside.example/probe']
                 .map(url => fetch(url).then(r => `answered ${r.status}`, () => 'refused')))"""
        )
    finally:
        page.close()
    assert outcome == ["refused", "refused"]
    assert "GET http://outside.example/probe" in refusing_proxy.refused
    assert "CONNECT outside.example:443" in refusing_proxy.refused
