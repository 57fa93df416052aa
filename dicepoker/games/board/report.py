"""A report on one player's board game: for each turn, how good each keep was for the kind of cell taken.

What it measures, exactly (fractions, over the 252 rolls, with the kit's turn odds of :mod:`~.odds`):
the *kind aimed at* in a turn is the kind of the cell the player took at its end (a pair, two
pairs, a full house, ...; for a bouncer, the bouncer). For each keep of the turn, the report gives
the chance that keeping those dice (and then keeping the best dice) ends the turn holding a label
of that kind that had a free cell (or five of a kind, which takes any cell), against the same
chance with the best keep for that kind. Turns that passed without a chip aim at nothing.

>>> from dicepoker.games.board.bots import play_board_game, probability_bot, random_bot
>>> from dicepoker.games.board.rules import BOARD
>>> game = play_board_game([random_bot, probability_bot], BOARD.variant(max_turns=12), rng=2)
>>> report = board_report(game, 0)
>>> bool((report.table()["chance"] <= report.table()["best chance"]).all())
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import pandas as pd

from dicepoker.core.actions import Keep
from dicepoker.core.dice import NUMBER_OF_DICE, Dice
from dicepoker.core.i18n import _, display_name, format_message
from dicepoker.core.pictures import report_html
from dicepoker.core.turn import ROLL_OUTCOMES, best_over_keeps, turn_table
from dicepoker.games.board.engine import BoardGame, Bounce, Move, PassTurn, Place
from dicepoker.games.board.labels import label_kind
from dicepoker.games.board.odds import target_vector
from dicepoker.games.board.rules import BoardRules


def measures_text(lang: str | None = None) -> str:
    """What the report measures, in the current language (or ``lang``)."""
    return _(
        "For each keep: the chance that keeping those dice (then keeping the best dice) ends the turn "
        "holding a cell of the kind you took at the end of the turn (a label of that kind with a free cell, "
        "or five of a kind), against the same chance with the best keep for that kind.",
        lang,
    )


MEASURES = measures_text("en")
PERCENT = "{p:.1%}"  # a chance as the locale writes a percentage (no words: not a catalog message)


# what a person reads for each column of the table and each fact of the summary (the API keeps English)
def _shown_columns() -> dict[str, str]:
    return {
        "turn": _("turn"),
        "kind aimed at": _("kind aimed at"),
        "dice": _("dice"),
        "rolls left": _("rolls left"),
        "keep": _("keep"),
        "chance": _("chance"),
        "best keep": _("best keep"),
        "best chance": _("best chance"),
    }


def _shown_facts() -> dict[str, str]:
    return {
        "turns": _("turns"),
        "keeps judged": _("keeps judged"),
        "best keeps": _("best keeps"),
        "mean shortfall": _("mean shortfall"),
    }


@dataclass(frozen=True)
class KeepJudged:
    """One keep of a turn: the dice before it, the rolls left, the keep, its chance, the best keep's."""

    turn: int
    kind: str
    dice: Dice
    rolls_left: int
    keep: Dice
    chance: Fraction
    best_keep: Dice
    best_chance: Fraction

    @property
    def shortfall(self) -> Fraction:
        """How much less likely the keep made the kind than the best keep (0 for a best keep)."""
        return self.best_chance - self.chance


def keep_chances(test: Callable[[Dice], bool], dice: Dice, rolls_left: int) -> dict[Dice, Fraction]:
    """The exact chance of ending the turn holding ``test`` for each keep of ``dice`` (all five: stop).

    >>> chances = keep_chances(lambda d: d.count(6) >= 4, Dice.parse("66612"), 1)
    >>> chances[Dice.parse("666")], chances[Dice.parse("66612")]  # two dice thrown, one 6 needed; stop
    (Fraction(11, 36), Fraction(0, 1))
    """
    t = turn_table()
    kind = np.int64 if rolls_left <= 3 else object
    counts = t.transition.astype(kind)
    good = target_vector(test).astype(kind)
    value, scale = good, 1
    for _later_roll in range(rolls_left - 1):  # the best play on the later rolls
        scale *= ROLL_OUTCOMES
        value = np.maximum(good * scale, best_over_keeps(counts @ value, keeping_all=True))
    keeps, roll = t.keeps, t.roll_index[dice]
    later = counts @ value
    options = set(t.keep_choices[roll].tolist())
    chances = {keeps[k]: Fraction(int(later[k]), ROLL_OUTCOMES * scale) for k in options}
    chances[dice] = Fraction(int(good[roll]))  # keeping all five dice stops the turn: the dice as they are
    return chances


@dataclass(frozen=True, eq=False)
class BoardReport:
    """Every keep of the player's turns, judged for the kind of cell taken (see the module)."""

    player: str
    keeps: tuple[KeepJudged, ...]
    turns: int
    measures: str = MEASURES

    def table(self) -> pd.DataFrame:
        rows = [
            {
                "turn": k.turn,
                "kind aimed at": k.kind,
                "dice": str(k.dice),
                "rolls left": k.rolls_left,
                "keep": str(k.keep) or "nothing",
                "chance": k.chance,
                "best keep": str(k.best_keep) or "nothing",
                "best chance": k.best_chance,
            }
            for k in self.keeps
        ]
        columns = [
            "turn",
            "kind aimed at",
            "dice",
            "rolls left",
            "keep",
            "chance",
            "best keep",
            "best chance",
        ]
        return pd.DataFrame(rows, columns=columns, index=pd.RangeIndex(1, len(rows) + 1, name="keep"))

    def summary(self) -> dict[str, Any]:
        best = sum(k.shortfall == 0 for k in self.keeps)
        return {
            "turns": self.turns,
            "keeps judged": len(self.keeps),
            "best keeps": best,
            "mean shortfall": sum((k.shortfall for k in self.keeps), Fraction(0)) / len(self.keeps)
            if self.keeps
            else None,
        }

    def _repr_html_(self) -> str:
        """The report as a person reads it, in the current language (the table's API stays English)."""
        table = self.table()
        for column in ("chance", "best chance"):
            table[column] = [format_message(PERCENT, p=float(p)) for p in table[column]]
        nothing = _("nothing")
        for column in ("keep", "best keep"):
            table[column] = [nothing if keep == "nothing" else keep for keep in table[column]]
        table["kind aimed at"] = [display_name("board label", kind) for kind in table["kind aimed at"]]
        table = table.rename(columns=_shown_columns())
        table.index.name = _("keep")
        facts = {
            _shown_facts()[key]: format_message(PERCENT, p=float(value))
            if isinstance(value, Fraction)
            else value
            for key, value in self.summary().items()
        }
        measures = measures_text() if self.measures == MEASURES else self.measures
        title = format_message("Board report: {player}", player=self.player)
        return report_html(title, measures, facts, table.to_html(escape=True))


def _turns_of(game: BoardGame, player: int) -> list[list[Move]]:
    turns: dict[int, list[Move]] = {}
    for move in game.history:
        if move.player == player:
            turns.setdefault(move.turn, []).append(move)
    return [moves for moves in turns.values() if isinstance(moves[-1].action, Place | Bounce | PassTurn)]


def _aim(rules: BoardRules, game: BoardGame, moves: list[Move]) -> tuple[str, Callable[[Dice], bool]] | None:
    """The kind aimed at in a turn and the test "the dice take a cell of that kind"."""
    end = moves[-1]
    if isinstance(end.action, PassTurn):
        return None
    if isinstance(end.action, Bounce):
        label = next(b for b in rules.bouncers if b in rules.labels_held(end.dice))  # type: ignore[arg-type]
        return label_kind(label), lambda d: label in rules.labels_held(d)
    kind = label_kind(rules.label(end.action.cell))  # type: ignore[union-attr]
    free = _free_at_start(game, moves)
    labels = {rules.label(c) for c in free if label_kind(rules.label(c)) == kind}
    any_cell = rules.five_of_a_kind_takes_any

    def takes(dice: Dice) -> bool:
        return bool(labels & set(rules.labels_held(dice))) or (
            any_cell and max(dice.counts) == NUMBER_OF_DICE
        )

    return kind, takes


def _free_at_start(game: BoardGame, moves: list[Move]) -> set[tuple[int, int]]:
    """The cells free when the turn began: free now, plus what changed since (replayed backwards)."""
    owner = {c: game.owner(c) for c in game.rules.cells}
    later = [m for m in game.history if m.turn >= moves[0].turn]
    for move in reversed(later):
        if isinstance(move.action, Place):
            owner[move.action.cell] = None
        elif isinstance(move.action, Bounce):
            owner[move.action.cell] = -1  # a chip was there (whose does not matter here)
    return {c for c, who in owner.items() if who is None and c != game.rules.centre}


def board_report(game: BoardGame, player: int | str) -> BoardReport:
    """Judge every keep of ``player``'s turns for the kind of cell the turn ended on."""
    who = game.player_names.index(player) if isinstance(player, str) else player
    rules = game.rules
    judged: list[KeepJudged] = []
    turns = _turns_of(game, who)
    for moves in turns:
        aim = _aim(rules, game, moves)
        if aim is None:
            continue
        kind, test = aim
        for used, (before, move) in enumerate(zip(moves, moves[1:], strict=False), 1):
            if not isinstance(move.action, Keep):
                break
            dice, left = before.dice, rules.rolls_per_turn - used
            chances = keep_chances(test, dice, left)  # type: ignore[arg-type]
            best = max(chances.values())
            best_keep = min((k for k, p in chances.items() if p == best), key=lambda k: (len(k), k.values))
            judged.append(
                KeepJudged(
                    moves[0].turn,
                    kind,
                    dice,
                    left,
                    move.action.dice,
                    chances[move.action.dice],
                    best_keep,
                    best,  # type: ignore[arg-type]
                )
            )
    return BoardReport(game.player_names[who], tuple(judged), len(turns))
