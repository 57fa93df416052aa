"""The bluff game as plain HTML: a game or one player's view, lives, the table of turns, the reveal.

Standard library only; the engine's ``_repr_html_`` and the widget both draw with these.

>>> from dicepoker.games.bluff.engine import BluffGame
>>> "Ann" in game_html(BluffGame(players=["Ann", "Bo"], seed=1))
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from functools import partial
from typing import Any

from dicepoker.core.dice import NUMBER_OF_DICE
from dicepoker.core.pictures import dice_html
from dicepoker.core.words import does, possessive, verb_form


def lives_html(names: Sequence[str], lives: Sequence[int], current: int | None, total: int) -> str:
    """Every player's lives as hearts (♥ left, ♡ lost); the player to act is marked, players out
    are struck through.

    >>> row = lives_html(["Ann", "Bo"], [2, 0], 0, 3)
    >>> row.count("♥"), row.count("♡"), "<s>Bo</s>" in row
    (2, 1, True)
    """
    parts = []
    for i, (name, n) in enumerate(zip(names, lives, strict=True)):
        hearts = "♥" * n + '<span style="color:#9ca3af">' + "♡" * (total - n) + "</span>"
        style = "font-weight:700;background:#e8f1ff;" if i == current else ""
        label = html.escape(name)
        if n == 0:
            label, hearts = f"<s>{label}</s>", '<span style="color:#6b7280">out</span>'
        parts.append(
            f'<span class="dp-lives-player" style="{style}padding:2px 8px;border-radius:4px">'
            f'{label} <span style="color:#dc2626">{hearts}</span></span>'
        )
    return (
        '<div class="dp-lives-row" style="display:flex;flex-wrap:wrap;gap:6px">' + "".join(parts) + "</div>"
    )


def _turn_line(turn: Any, names: Sequence[str]) -> str:
    name = names[turn.player]
    who, says = html.escape(name), partial(verb_form, name)
    start = f"{says('accepts')} and " if turn.accepted else f"{says('opens')}: "
    if turn.throws:
        throws = ", ".join(f"{k}" for k in turn.throws)
        rolled = f"{says('throws')} {throws} {'die' if turn.throws == (1,) else 'dice'}"
    else:
        rolled = f"{says('throws')} no dice" if turn.accepted else f"{says('has')} not rolled yet"
    said = f" — {says('announces')} <b>{html.escape(str(turn.announcement))}</b>" if turn.announcement else ""
    return f"<li>{who} {start}{rolled}{said}</li>"


def table_html(turns: Sequence[Any], names: Sequence[str], round_number: int) -> str:
    """This round as the table heard it: who threw how many dice, and every announcement.

    >>> from dicepoker.games.bluff.engine import TurnRecord
    >>> "Ann opens: throws 5, 2 dice" in table_html([TurnRecord(0, False, (5, 2))], ["Ann", "Bo"], 1)
    True
    """
    if not turns:
        return ""
    lines = "".join(_turn_line(t, names) for t in turns)
    return f'<div class="dp-table"><b>Round {round_number}</b><ul style="margin:2px 0">{lines}</ul></div>'


def reveal_html(
    result: Any | None, names: Sequence[str], *, animate: bool = True, opener: str | None = None
) -> str:
    """The last call: the lifted cup (dice flip in one by one), the announcement and who lost a life.

    >>> from dicepoker.games.bluff.engine import BluffGame
    >>> game = BluffGame(players=["Ann", "Bo"], seed=7)
    >>> _ = game.roll(); game.announce("three 6s")
    >>> result = game.call_bluff()
    >>> "Ann was bluffing" in reveal_html(result, game.player_names, opener="Ann")
    True
    >>> "opens the next round" in reveal_html(result, game.player_names)  # no opener: the game is over
    False
    """
    if result is None:
        return '<div class="dp-reveal-empty" style="color:#6b7280">No cup has been lifted yet.</div>'
    caller_name, announcer_name = names[result.caller], names[result.announcer]
    caller, announcer = html.escape(caller_name), html.escape(announcer_name)
    if result.was_true:
        verdict = (
            f"The dice hold it: {caller} called a true announcement and "
            f"{verb_form(caller_name, 'loses')} a life."
        )
    else:
        verdict = (
            f"The dice do not hold it: {announcer} {verb_form(announcer_name, 'was')} bluffing and "
            f"{verb_form(announcer_name, 'loses')} a life."
        )
    dice = dice_html(result.dice.values, size=40)
    if animate:
        dice = dice.replace("<svg ", '<svg class="dp-reveal-die" ')
        for i in range(NUMBER_OF_DICE):
            dice = dice.replace('class="dp-reveal-die" ', f'class="dp-reveal-die dp-reveal-{i}" ', 1)
    return (
        f'<div class="dp-reveal-box"><div>Round {result.number}: {caller} {verb_form(caller_name, "calls")} '
        f"{html.escape(possessive(announcer_name))} "
        f"<b>{html.escape(str(result.announcement))}</b>. The cup is lifted:</div>{dice}"
        f"<div>They read <b>{html.escape(str(result.best))}</b>. {verdict}</div>"
        + (
            f'<div style="color:#6b7280">({html.escape(does(opener, "opens"))} the next round.)</div>'
            if opener
            else ""
        )
        + "</div>"
    )


def game_html(game: Any) -> str:
    """A game as everyone at the table sees it: lives, this round's announcements, the last reveal.

    >>> from dicepoker.games.bluff.engine import BluffGame
    >>> "Player 1</b> to roll and announce" in game_html(BluffGame(seed=1))
    True
    """
    names = game.player_names
    if game.is_over:
        head = f"<b>{html.escape(names[game.winner])} wins</b> after {len(game.rounds)} rounds."  # type: ignore[index]
    else:
        doing = "to roll and announce" if game.phase == "roll" else "to call the bluff or accept"
        head = f"Round {game.round_number}: <b>{html.escape(names[game.current_player])}</b> {doing}."  # type: ignore[index]
    last = game.rounds[-1] if game.rounds else None
    opener = None if game.is_over else names[game.current_player]
    return (
        f'<div class="dp-bluff-game"><div>{head}</div>'
        f"{lives_html(names, game.lives, game.current_player, game.rules.lives)}"
        f"{table_html(game.turns, names, game.round_number)}"
        f"{reveal_html(last, names, animate=False, opener=opener) if last else ''}</div>"
    )


def view_html(view: Any) -> str:
    """What one player knows: the public table plus the dice this player has seen.

    >>> from dicepoker.games.bluff.engine import BluffGame
    >>> "has not seen the cup" in view_html(BluffGame(seed=1).view(1))
    True
    """
    names = view.player_names
    me = html.escape(names[view.player])
    if view.dice is not None:
        private = dice_html(
            view.dice.values, caption=f"{names[view.player]}'s cup ({view.rolls_left} rolls left)"
        )
    elif view.seen_dice is not None:
        private = dice_html(view.seen_dice.values, caption="the cup as you last saw it")
    else:
        private = f'<div style="color:#6b7280">{me} has not seen the cup this round.</div>'
    return (
        f'<div class="dp-bluff-view"><div>What <b>{me}</b> knows:</div>'
        f"{lives_html(names, view.lives, view.current_player, view.rules.lives)}"
        f"{table_html(view.turns, names, view.round_number)}{private}</div>"
    )
