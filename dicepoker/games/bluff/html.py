"""The bluff game as plain HTML: a game or one player's view, lives, the table of turns, the reveal.

Standard library only; the engine's ``_repr_html_`` and the widget both draw with these.

>>> from dicepoker.games.bluff.engine import BluffGame
>>> "Ann" in game_html(BluffGame(players=["Ann", "Bo"], seed=1))
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from dicepoker.core.dice import NUMBER_OF_DICE
from dicepoker.core.i18n import _, format_message, ngettext
from dicepoker.core.pictures import dice_html
from dicepoker.core.words import N_, says, says_with
from dicepoker.games.bluff.names import hand_text


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
            out = html.escape(_("out"))
            label, hearts = f"<s>{label}</s>", f'<span style="color:#6b7280">{out}</span>'
        parts.append(
            f'<span class="dp-lives-player" style="{style}padding:2px 8px;border-radius:4px">'
            f'{label} <span style="color:#dc2626">{hearts}</span></span>'
        )
    return (
        '<div class="dp-lives-row" style="display:flex;flex-wrap:wrap;gap:6px">' + "".join(parts) + "</div>"
    )


def _turn_line(turn: Any, names: Sequence[str]) -> str:
    """One turn as the table heard it, one whole sentence for each case (a count of dice: ngettext)."""
    who = html.escape(names[turn.player])
    said = f"<b>{html.escape(hand_text(turn.announcement))}</b>" if turn.announcement else ""
    throws = ", ".join(f"{k}" for k in turn.throws)
    n = turn.throws[-1] if turn.throws else 0  # the dice noun goes with the last number
    if turn.throws and not turn.accepted and said:
        forms = {
            "": ngettext(
                "{name} opens: throws {throws} die — announces {hand}",
                "{name} opens: throws {throws} dice — announces {hand}",
                n,
            ),
            "name": ngettext(
                "You open: throw {throws} die — announce {hand}",
                "You open: throw {throws} dice — announce {hand}",
                n,
            ),
        }
    elif turn.throws and not turn.accepted:
        forms = {
            "": ngettext("{name} opens: throws {throws} die", "{name} opens: throws {throws} dice", n),
            "name": ngettext("You open: throw {throws} die", "You open: throw {throws} dice", n),
        }
    elif turn.throws and said:
        forms = {
            "": ngettext(
                "{name} accepts and throws {throws} die — announces {hand}",
                "{name} accepts and throws {throws} dice — announces {hand}",
                n,
            ),
            "name": ngettext(
                "You accept and throw {throws} die — announce {hand}",
                "You accept and throw {throws} dice — announce {hand}",
                n,
            ),
        }
    elif turn.throws:
        forms = {
            "": ngettext(
                "{name} accepts and throws {throws} die", "{name} accepts and throws {throws} dice", n
            ),
            "name": ngettext("You accept and throw {throws} die", "You accept and throw {throws} dice", n),
        }
    elif turn.accepted and said:
        forms = {
            "": _("{name} accepts and throws no dice — announces {hand}"),
            "name": _("You accept and throw no dice — announce {hand}"),
        }
    elif turn.accepted:
        forms = {"": _("{name} accepts and throws no dice"), "name": _("You accept and throw no dice")}
    else:
        forms = {"": _("{name} opens: has not rolled yet"), "name": _("You open: you have not rolled yet")}
    return f"<li>{says_with({'name': who}, forms, throws=throws, hand=said)}</li>"


def table_html(turns: Sequence[Any], names: Sequence[str], round_number: int) -> str:
    """This round as the table heard it: who threw how many dice, and every announcement.

    >>> from dicepoker.games.bluff.engine import TurnRecord
    >>> "Ann opens: throws 5, 2 dice" in table_html([TurnRecord(0, False, (5, 2))], ["Ann", "Bo"], 1)
    True
    """
    if not turns:
        return ""
    lines = "".join(_turn_line(t, names) for t in turns)
    title = html.escape(format_message("Round {n}", n=round_number))
    return f'<div class="dp-table"><b>{title}</b><ul style="margin:2px 0">{lines}</ul></div>'


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
        empty = html.escape(_("No cup has been lifted yet."))
        return f'<div class="dp-reveal-empty" style="color:#6b7280">{empty}</div>'
    players = {"caller": html.escape(names[result.caller]), "announcer": html.escape(names[result.announcer])}
    if result.was_true:
        verdict_forms = {
            "": _("The dice hold it: {caller} called a true announcement and loses a life."),
            "caller": _("The dice hold it: you called a true announcement and lose a life."),
        }
        verdict = says_with({"caller": players["caller"]}, verdict_forms)
    else:
        verdict_forms = {
            "": _("The dice do not hold it: {announcer} was bluffing and loses a life."),
            "announcer": _("The dice do not hold it: you were bluffing and lose a life."),
        }
        verdict = says_with({"announcer": players["announcer"]}, verdict_forms)
    forms = {
        "": _("Round {n}: {caller} calls {announcer}'s {hand}. The cup is lifted:"),
        "caller": _("Round {n}: you call {announcer}'s {hand}. The cup is lifted:"),
        "announcer": _("Round {n}: {caller} calls your {hand}. The cup is lifted:"),
    }
    called = says_with(
        players, forms, n=result.number, hand=f"<b>{html.escape(hand_text(result.announcement))}</b>"
    )
    read = format_message("They read {reading}.", reading=f"<b>{html.escape(hand_text(result.best))}</b>")
    next_opener = (
        says(opener, N_("(You open the next round.)"), N_("({name} opens the next round.)")) if opener else ""
    )
    dice = dice_html(result.dice.values, size=40)
    if animate:
        dice = dice.replace("<svg ", '<svg class="dp-reveal-die" ')
        for i in range(NUMBER_OF_DICE):
            dice = dice.replace('class="dp-reveal-die" ', f'class="dp-reveal-die dp-reveal-{i}" ', 1)
    return (
        f'<div class="dp-reveal-box"><div>{called}</div>{dice}'
        f"<div>{read} {verdict}</div>"
        + (f'<div style="color:#6b7280">{html.escape(next_opener)}</div>' if opener else "")
        + "</div>"
    )


def game_html(game: Any) -> str:
    """A game as everyone at the table sees it: lives, this round's announcements, the last reveal.

    >>> from dicepoker.games.bluff.engine import BluffGame
    >>> "Round 1: Player 1 to roll and announce." in game_html(BluffGame(seed=1))
    True
    """
    names = game.player_names
    if game.is_over:
        n = len(game.rounds)
        forms = {
            "": ngettext("{name} wins after {n} round.", "{name} wins after {n} rounds.", n),
            "name": ngettext("You win after {n} round.", "You win after {n} rounds.", n),
        }
        head = says_with({"name": html.escape(names[game.winner])}, forms, n=n)
    else:
        if game.phase == "roll":
            forms = {
                "": _("Round {n}: {name} to roll and announce."),
                "name": _("Round {n}: you roll and announce."),
            }
        else:
            forms = {
                "": _("Round {n}: {name} to call the bluff or accept."),
                "name": _("Round {n}: you call the bluff or accept."),
            }
        head = says_with({"name": html.escape(names[game.current_player])}, forms, n=game.round_number)
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
        forms = {
            "": ngettext("{name}'s cup ({n} roll left)", "{name}'s cup ({n} rolls left)", view.rolls_left),
            "name": ngettext("Your cup ({n} roll left)", "Your cup ({n} rolls left)", view.rolls_left),
        }
        private = dice_html(
            view.dice.values, caption=says_with({"name": names[view.player]}, forms, n=view.rolls_left)
        )
    elif view.seen_dice is not None:
        private = dice_html(view.seen_dice.values, caption=_("the cup as you last saw it"))
    else:
        unseen = says(
            me, N_("You have not seen the cup this round."), N_("{name} has not seen the cup this round.")
        )
        private = f'<div style="color:#6b7280">{unseen}</div>'
    knows = says(me, N_("What you know:"), N_("What {name} knows:"))
    return (
        f'<div class="dp-bluff-view"><div>{knows}</div>'
        f"{lives_html(names, view.lives, view.current_player, view.rules.lives)}"
        f"{table_html(view.turns, names, view.round_number)}{private}</div>"
    )
