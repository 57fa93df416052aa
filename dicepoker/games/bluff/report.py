"""A report on one player's bluff game: how likely each announcement and each call was to be right.

What it measures, exactly (fractions, from the kit's Bayes tables in :mod:`~.odds`):

* for each **announcement** of the player: whether the dice held it (the player saw them), and how
  likely the *next player* had to think it true, given what that player knew (the throws heard and
  the cup they knew of), with Bayes' rule and an assumed bluff rate (:func:`~.odds.probability_true`);
* for each **response** (a call or an acceptance): how likely the announcement was true given
  what the player knew then; for a call, the chance that the call was right (1 minus that), and
  whether it was.

>>> from dicepoker.games.bluff.bots import NaiveBot, ReasoningBot, play_bluff_game
>>> game = play_bluff_game([NaiveBot(), ReasoningBot()], rng=3)
>>> report = bluff_report(game, "reasoning")
>>> set(report.table()["kind"]) <= {"announce", "call", "accept"}, report.player
(True, 'reasoning')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pandas as pd

from dicepoker.core.i18n import _, format_fraction, format_message, format_percent
from dicepoker.core.pictures import report_html
from dicepoker.games.bluff.bots import announcer_start, view_probability_true
from dicepoker.games.bluff.engine import BluffGame, Phase
from dicepoker.games.bluff.names import hand_text
from dicepoker.games.bluff.rules import Hand, best_hand


def _shown_columns() -> dict[str, str]:
    """The table's English column labels (the API) and what a person reads over them."""
    return {
        "round": _("round"),
        "kind": _("kind"),
        "announcement": _("announcement"),
        "throws heard": _("throws heard"),
        "what was known": _("what was known"),
        "P(true)": _("P(true)"),
        "P(call right)": _("P(call right)"),
        "was true": _("was true"),
    }


def _shown_facts() -> dict[str, str]:
    """The summary's English keys (the API) and what a person reads for each."""
    return {
        "calls": _("calls"),
        "mean chance a call was right": _("mean chance a call was right"),
        "calls that were right": _("calls that were right"),
        "announcements": _("announcements"),
        "bluffs": _("bluffs"),
        "mean belief in your bluffs": _("mean belief in your bluffs"),
        "acceptances": _("acceptances"),
    }


def _shown_kind(kind: str) -> str:
    kinds = {
        "announce": _("announce"),
        "call": _("call"),
        "accept": _("accept"),
    }
    return kinds[kind]


def _shown_truth(was: bool) -> str:
    return _("True") if was else _("False")


@dataclass(frozen=True)
class BluffDecision:
    """One announcement, call or acceptance of the player, with its exact chance.

    ``chance_true``: how likely the announcement was true given what the judge knew (for an
    announcement, the next player; for a response, the player). ``chance_right``: for a call,
    ``1 - chance_true``. ``was_true``: whether the dice held the announcement.
    """

    round: int
    kind: str
    announcement: Hand
    throws: tuple[int, ...]
    knew: str
    chance_true: Fraction
    was_true: bool
    chance_right: Fraction | None = None

    @property
    def right(self) -> bool | None:
        """For a call: whether it was right (the announcement was a bluff)."""
        return None if self.kind != "call" else not self.was_true


@dataclass(frozen=True, eq=False)
class BluffReport:
    """The player's announcements and responses, each with its exact chance (see the module)."""

    player: str
    decisions: tuple[BluffDecision, ...]
    bluff_rate: Fraction

    @property
    def measures(self) -> str:
        """What the report measures, in the current language."""
        return format_message(
            "For each of your announcements: whether your dice held it, and how likely the next player "
            "had to think it true from what they knew (the throws they heard, the cup they knew of; "
            "Bayes' rule, assuming a bluff rate of {rate}). For each call or acceptance: how likely the "
            "announcement was true from what you knew then; for a call, the chance it was right, and "
            "whether it was.",
            rate=format_fraction(self.bluff_rate),
        )

    def table(self) -> pd.DataFrame:
        rows = [
            {
                "round": d.round,
                "kind": d.kind,
                "announcement": str(d.announcement),
                "throws heard": "-".join(map(str, d.throws)),
                "what was known": d.knew,
                "P(true)": d.chance_true,
                "P(call right)": d.chance_right,
                "was true": d.was_true,
            }
            for d in self.decisions
        ]
        columns = [
            "round",
            "kind",
            "announcement",
            "throws heard",
            "what was known",
            "P(true)",
            "P(call right)",
            "was true",
        ]
        return pd.DataFrame(rows, columns=columns, index=pd.RangeIndex(1, len(rows) + 1, name="decision"))

    def summary(self) -> dict[str, Any]:
        """Counts and mean chances: calls, their mean chance of being right and how many were; bluffs."""
        calls = [d for d in self.decisions if d.kind == "call"]
        said = [d for d in self.decisions if d.kind == "announce"]
        bluffs = [d for d in said if not d.was_true]
        return {
            "calls": len(calls),
            "mean chance a call was right": _mean([d.chance_right for d in calls]),  # type: ignore[misc]
            "calls that were right": sum(bool(d.right) for d in calls),
            "announcements": len(said),
            "bluffs": len(bluffs),
            "mean belief in your bluffs": _mean([d.chance_true for d in bluffs]),
            "acceptances": sum(d.kind == "accept" for d in self.decisions),
        }

    def _repr_html_(self) -> str:
        """The report as a person reads it, in the current language (the table's data stays English)."""
        table = self.table().copy()
        for column in ("P(true)", "P(call right)"):
            table[column] = [format_percent(p) if p is not None else "" for p in table[column]]
        table["kind"] = [_shown_kind(k) for k in table["kind"]]
        table["announcement"] = [hand_text(a) for a in table["announcement"]]
        table["was true"] = [_shown_truth(bool(w)) for w in table["was true"]]
        table = table.rename(columns=_shown_columns()).rename_axis(_("decision"))
        labels = _shown_facts()
        facts = {
            labels[k]: format_percent(v) if isinstance(v, Fraction) else v
            for k, v in self.summary().items()
            if v is not None
        }
        title = format_message("Bluff report: {name}", name=self.player)
        return report_html(title, self.measures, facts, table.to_html(escape=True))


def _mean(values: list[Fraction]) -> Fraction | None:
    return sum(values, Fraction(0)) / len(values) if values else None


def _known(start: Any) -> str:
    if start is None:
        return _("a fresh cup")
    if isinstance(start, Hand):
        return format_message("the cup believed to hold {hand}", hand=hand_text(start))
    return format_message("the cup seen as {dice}", dice=start)


def bluff_report(game: BluffGame, player: int | str, *, bluff_rate: Fraction = Fraction(1, 2)) -> BluffReport:
    """Replay ``game`` and judge every announcement, call and acceptance of ``player``."""
    who = game.index(player)
    data = game.to_dict()
    replay = game.fresh_start()
    decisions: list[BluffDecision] = []
    for entry in data["history"]:
        kind, actor = entry["action"], entry["player"]
        if actor == who and kind in ("call", "accept"):
            view = replay.view(who)
            hand = view.last_announcement
            chance = view_probability_true(view, bluff_rate=bluff_rate)
            start = announcer_start(view)
            cup = replay.cup
            assert hand is not None and cup is not None
            decisions.append(
                BluffDecision(
                    view.round_number,
                    kind,
                    hand,
                    view.turns[-1].throws,
                    _known(start),
                    chance,
                    best_hand(cup) >= hand,
                    1 - chance if kind == "call" else None,
                )
            )
        replay.replay_action(entry)
        if actor == who and kind == "announce" and replay.phase == Phase.RESPOND:
            listener = replay.view(replay.current_player)
            hand = listener.last_announcement
            assert hand is not None and replay.cup is not None
            decisions.append(
                BluffDecision(
                    listener.round_number,
                    "announce",
                    hand,
                    listener.turns[-1].throws,
                    _known(announcer_start(listener)),
                    view_probability_true(listener, bluff_rate=bluff_rate),
                    best_hand(replay.cup) >= hand,
                )
            )
    return BluffReport(game.player_names[who], tuple(decisions), Fraction(bluff_rate))
