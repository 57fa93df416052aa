"""One turn of each game, played by clicking the CSS classes its widgets carry.

The classes (``dp-app dp-<game>``, ``dp-message``, ``dp-die-<i>``, ``dp-held``, ``dp-roll``,
``dp-box``, ``dp-announce-picker``, ``dp-announce``, ``dp-call``, ``dp-pass``, ``dp-lives``,
``dp-reveal``, ``dp-takeable``, ``dp-cell-<r>-<c>``, ``dp-pass-turn``, ``dp-step``) are the
widgets' contract with these tests: every click must change the message line.
Works on a JupyterLab notebook panel and on a Voila page alike.

>>> sorted(GAME_NOTEBOOKS)
['bluff', 'board', 'classic', 'two_part']
>>> expected_notebook("classic")
'01_play_dice_poker.ipynb'
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

# the notebook in which a student plays each game (its root widget carries dp-app dp-<game>)
GAME_NOTEBOOKS = {
    "classic": "01_play_dice_poker",
    "two_part": "05_two_part_game",
    "bluff": "06_bluff",
    "board": "07_board_game",
}
CLICK_SECONDS = 15  # one click's round trip through the kernel (about 0.35 s measured)
TAB_LIMIT = 400  # Tab presses to reach a control by keyboard (the board has 81 cells before its buttons)


def expected_notebook(game: str) -> str:
    """The file name of the notebook in which ``game`` is played."""
    return GAME_NOTEBOOKS[game] + ".ipynb"


def game_params() -> list[Any]:
    """The games as pytest parameters; a game whose notebook does not exist yet is skipped."""
    import pytest

    from .browser_servers import NOTEBOOK_DIR

    return [
        pytest.param(
            game,
            id=game,
            marks=pytest.mark.skipif(
                not (NOTEBOOK_DIR / expected_notebook(game)).exists(),
                reason=f"notebooks/{expected_notebook(game)} does not exist yet: no {game} game to play",
            ),
        )
        for game in sorted(GAME_NOTEBOOKS)
    ]


def game_app(scope: Any, game: str) -> Any:
    """The first app of ``game`` inside ``scope`` (a page or a notebook panel)."""
    return scope.locator(f".dp-app.dp-{game}").first


class Turn:
    """Clicks on one game's widgets; every click must change the message line (``dp-message``)."""

    def __init__(self, app: Any, log: list[str] | None = None, *, keyboard: bool = False) -> None:
        self.app = app
        self.message = app.locator(".dp-message").first
        self.log = log if log is not None else []
        self.keyboard = keyboard  # press Tab until the control has the focus, then Enter; no mouse

    def press(self, element: Any) -> None:
        """Activate a control: click it, or (keyboard) Tab to it, check the focus shows, press Enter."""
        if not self.keyboard:
            element.click()
            return
        page = element.page
        for _ in range(TAB_LIMIT):
            if element.evaluate("e => e === document.activeElement"):
                break
            page.keyboard.press("Tab")
        else:
            raise AssertionError(f"{TAB_LIMIT} presses of Tab never reached {element}")
        outline = element.evaluate(
            "e => getComputedStyle(e).outlineStyle + ' ' + getComputedStyle(e).outlineWidth"
        )
        assert not outline.startswith("none") and not outline.endswith(" 0px"), (
            f"the keyboard focus is not visible on {element} (outline: {outline})"
        )
        page.keyboard.press("Enter")

    def text(self) -> str:
        return self.message.inner_text().strip()

    def available(self, css: str) -> Any | None:
        """The first visible, enabled element matching ``css`` inside the app, or None."""
        candidates = self.app.locator(f"{css}:not([disabled])")
        for index in range(candidates.count()):
            element = candidates.nth(index)
            if element.is_visible():
                return element
        return None

    def click(self, css: str, what: str) -> str:
        """Click ``css`` and wait until the message line changes; returns the new message."""
        from playwright.sync_api import expect

        element = self.available(css)
        assert element is not None, f"cannot {what}: no enabled {css} (message: {self.text()!r})"
        before = self.text()
        self.press(element)
        try:
            expect(self.message).not_to_have_text(before, timeout=CLICK_SECONDS * 1000)
        except AssertionError:
            steps = "; ".join(self.log) or "none"
            raise AssertionError(
                f"{what}: clicking {css} left the message line at {before!r} for {CLICK_SECONDS} s "
                f"(the callback failed or the page did not update). Steps before: {steps}"
            ) from None
        after = self.text()
        self.log.append(f"{what}: {after}")
        return after

    def die(self, index: int) -> Any:
        return self.app.locator(f".dp-die-{index}").first

    def hold_die(self, index: int) -> None:
        """Click a die and check it shows as held (``dp-held``)."""
        from playwright.sync_api import expect

        die = self.die(index)
        self.press(die)
        expect(die).to_have_class(_has_class("dp-held"), timeout=CLICK_SECONDS * 1000)
        self.log.append(f"hold die {index}: {die.inner_text().strip()!r}")

    def face(self, index: int) -> str:
        """What a die shows: its ``dp-face-<n>`` class, else its text."""
        die = self.die(index)
        faces = [c for c in (die.get_attribute("class") or "").split() if c.startswith("dp-face-")]
        return faces[0] if faces else die.inner_text().strip()

    def roll_keeping_die(self, index: int) -> None:
        """Hold a die, roll the others, and check the held die kept its face."""
        face = self.face(index)
        self.hold_die(index)
        self.click(".dp-roll", "roll again")
        assert self.face(index) == face, f"die {index} was held at {face} but shows {self.face(index)}"

    def first_available(self, choices: list[tuple[str, str]]) -> tuple[str, str] | None:
        """The first (css, what) of ``choices`` that can be clicked now."""
        return next((choice for choice in choices if self.available(choice[0]) is not None), None)

    def until(self, done: Callable[[], bool], choices: list[tuple[str, str]], limit: int = 20) -> None:
        """Click the first available of ``choices`` until ``done()``; wait while nothing is clickable."""
        for _ in range(limit):
            deadline = time.monotonic() + CLICK_SECONDS
            while not done() and (choice := self.first_available(choices)) is None:
                if time.monotonic() > deadline:
                    names = ", ".join(css for css, _ in choices)
                    raise AssertionError(f"stuck at {self.text()!r}: none of {names} can be clicked")
                time.sleep(0.2)
            if done():
                return
            self.click(*choice)
        raise AssertionError(f"still not done after {limit} clicks: {self.text()!r}")

    def start(self) -> None:
        """Until Roll can be pressed: let computers move (``dp-step``), take the screen (``dp-pass``)."""
        self.until(lambda: self.available(".dp-roll") is not None, PREPARE)


PREPARE = [(".dp-pass", "take the screen"), (".dp-step", "let the computer move")]


def _has_class(name: str) -> re.Pattern:
    return re.compile(rf"(^|\s){re.escape(name)}(\s|$)")


def play_scorecard_turn(app: Any, keyboard: bool = False) -> list[str]:
    """classic / two_part: roll, hold a die, roll again, score the first box offered."""
    from playwright.sync_api import expect

    turn = Turn(app, keyboard=keyboard)
    turn.start()
    turn.click(".dp-roll", "first roll")
    turn.roll_keeping_die(0)
    turn.click(".dp-box", "score a box")
    for index in range(5):  # the turn is over: a new turn starts with no die held
        expect(turn.die(index)).not_to_have_class(_has_class("dp-held"), timeout=CLICK_SECONDS * 1000)
    return turn.log


BLUFF_RESPONSES = [
    (".dp-call", "call the bluff"),
    (".dp-pass", "take the screen"),
    (".dp-step-turn", "the computer's whole turn"),
    (".dp-step", "step"),
]


def play_bluff_round(app: Any, keyboard: bool = False) -> list[str]:
    """bluff: roll, hold, roll again, announce (the highest hand; by keyboard what the dice read),
    then call when offered."""
    turn = Turn(app, keyboard=keyboard)
    lives = app.locator(".dp-lives").first
    turn.start()
    turn.click(".dp-roll", "first roll")
    turn.roll_keeping_die(0)
    if not keyboard:  # by keyboard: announce what the list offers, the hand the dice read
        choose_highest_announcement(app.locator(".dp-announce-picker").first)
    lives_before = lives.inner_text().strip()
    turn.click(".dp-announce", "announce")
    turn.until(lambda: lives.inner_text().strip() != lives_before, BLUFF_RESPONSES)
    assert app.locator(".dp-reveal").first.inner_text().strip(), "the called dice were not revealed"
    return turn.log


def choose_highest_announcement(picker: Any) -> None:
    """Pick the last (highest) hand: a dropdown or list's last option, or the last toggle button."""
    options = picker.locator("select option")
    if options.count():
        picker.locator("select").first.select_option(index=options.count() - 1)
        return
    buttons = picker.locator("button")
    assert buttons.count(), "the announcement picker offers nothing"
    buttons.last.click()


def play_board_turn(app: Any, keyboard: bool = False) -> list[str]:
    """board: roll (holding a die) until a cell can be taken, take it; pass if none can be."""
    from playwright.sync_api import expect

    turn = Turn(app, keyboard=keyboard)
    turn.start()
    turn.click(".dp-roll", "first roll")
    rolls = 1
    while turn.available(".dp-takeable") is None and rolls < 3:
        turn.roll_keeping_die(0) if rolls == 1 else turn.click(".dp-roll", "roll again")
        rolls += 1
    cell = turn.available(".dp-takeable")
    if cell is None:
        turn.click(".dp-pass-turn", "pass: no cell can be taken")
        return turn.log
    cell_class = next(c for c in (cell.get_attribute("class") or "").split() if c.startswith("dp-cell-"))
    turn.click(f".{cell_class}", f"take {cell_class}")
    expect(app.locator(f".{cell_class}").first).not_to_have_class(_has_class("dp-takeable"))
    return turn.log


PLAYERS = {
    "classic": play_scorecard_turn,
    "two_part": play_scorecard_turn,
    "bluff": play_bluff_round,
    "board": play_board_turn,
}
