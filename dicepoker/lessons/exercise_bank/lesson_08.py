"""Lesson 08 · How good is my play: Sam's report, the advisor, luck against skill, the loss of a choice.

Sam's game is the lesson's own: the heuristic bot's classic game with seed 2026, replayed here
with the same seed, so the targets are those of the report the student reads.

>>> [exercise.id for exercise in EXERCISES]
['08.1', '08.2', '08.3', '08.4']
"""

from __future__ import annotations

from functools import cache
from types import MappingProxyType

from dicepoker.core.words import N_
from dicepoker.games.scorecard.advisor import Advice, advise
from dicepoker.games.scorecard.analysis.lab import play_game
from dicepoker.games.scorecard.coach import GameReport, coach_report
from dicepoker.lessons.answer_forms import Points
from dicepoker.lessons.exercise_record import Exercise, Function

SAMS_GAME = ("heuristic", "classic", 2026)
"""The strategy, rules and seed of the lesson's saved game (section 1 plays and saves it)."""

FIRST_ROLL = "dice: 66621; rolls: 2"
"""Exercise 2's position: 6-6-6-2-1 on the first roll, the scorecard empty."""

HIDDEN_POSITIONS = (
    "dice: 12345; rolls: 1",
    "dice: 11223; rolls: 2",
    "filled: Ones 3, Twos 6, Sixes 18; dice: 44412; rolls: 0",
    "filled: Chance 22, Poker 50; dice: 55553; rolls: 1",
)
"""The positions whose choices exercise 4 checks a student's loss function on (never shown)."""


@cache
def sams_report() -> GameReport:
    """The coach's report on Sam's game, replayed from its seed."""
    strategy, rules, seed = SAMS_GAME
    return coach_report(play_game(strategy, rules, rng=seed), "Player 1")


@cache
def _first_roll() -> Advice:
    return advise("classic", FIRST_ROLL)


def _loss_of(kind: str) -> float:
    """What Sam's decisions of one kind (``"keep"`` or ``"box"``) lost in all."""
    table = sams_report().table()
    return float(table.loc[table["kind"] == kind, "loss"].sum())


def _dice_gave():
    return sams_report().luck.dice_gave


@cache
def _losses() -> dict[tuple[tuple[tuple[str, float], ...], str], float]:
    """The advisor's loss of every choice of every hidden position, by (the position's values, choice)."""
    found = {}
    for position in HIDDEN_POSITIONS:
        choices = advise("classic", position).choices
        values = tuple(sorted((ranked.label, ranked.expected) for ranked in choices))
        found.update({(values, ranked.label): ranked.loss for ranked in choices})
    return found


def _loss_cases() -> list[tuple[MappingProxyType, str]]:
    """Each choice with the values of all choices at its position (read-only: a student's function
    cannot change them)."""
    return [(MappingProxyType(dict(values)), chosen) for values, chosen in _losses()]


def _package_loss(values: MappingProxyType, chosen: str) -> float:
    return _losses()[(tuple(sorted(values.items())), chosen)]


EXERCISES = (
    Exercise(
        "08.1",
        N_(
            "In Sam's report (section 2), how many points did his box choices (not his keeps) lose in all? "
            "Answer to one decimal."
        ),
        lambda: _loss_of("box"),
        Points(places=1),
        hints=(
            N_("the report's table has one row per decision: its kind (a keep or a box) and its loss"),
            N_("add the losses of the rows of `report.table()` whose kind is a box"),
        ),
        mistakes=lambda: (
            (sams_report().total_loss, N_("that is every decision's loss; add only the box choices")),
            (_loss_of("keep"), N_("those are the keeps' losses; the question asks for the box choices")),
        ),
    ),
    Exercise(
        "08.2",
        N_(
            "Your first roll is 6-6-6-2-1, scorecard empty. Ask the advisor: how many points, on average, "
            "does scoring it at once in **Chance** lose? Answer to one decimal."
        ),
        lambda: _first_roll().choice("Chance").loss,
        Points(places=1),
        hints=(
            N_("write the position for the advisor: the dice, and the rolls left after the first roll"),
            N_("the advisor ranks every choice with its expected final score and its loss: find Chance"),
        ),
        mistakes=lambda: (
            (
                _first_roll().choice("Chance").expected,
                N_("that is the expected final score; the loss is the best choice's minus this one"),
            ),
            (
                _first_roll().choice("Chance").choice.points,
                N_("that is what Chance scores now; the question asks what it loses on average"),
            ),
        ),
    ),
    Exercise(
        "08.3",
        N_(
            "Sam's game: the expected score at the start was `report.start_expected`, the final score "
            "`report.final_score`, and skill lost `report.total_loss`. How many points did the dice give? "
            "Answer to one decimal."
        ),
        _dice_gave,
        Points(places=1),
        hints=(
            N_("write the identity of section 4 with Sam's three numbers"),
            N_("solve the identity for what the dice gave: skill lost moves to the other side"),
        ),
        mistakes=lambda: (
            (
                sams_report().final_score - sams_report().start_expected - sams_report().total_loss,
                N_("check the sign of skill lost when it moves to the other side"),
            ),
            (
                sams_report().final_score - sams_report().start_expected,
                N_("that is the luck, final minus start; the dice also made up for what skill lost"),
            ),
        ),
    ),
    Exercise(
        "08.4",
        N_(
            "**Write a function.** `loss(values, chosen)` gets the expected final score of every choice at "
            "a position (a dict: choice label -> expected final score) and the label of the choice made, "
            "and returns the loss the coach writes for it. The check calls it on every choice of "
            "positions you do not see and compares with the advisor."
        ),
        lambda: None,
        Function(cases=_loss_cases, expected=_package_loss, tolerance=1e-9),
        hints=(
            N_("the loss compares the choice made with the best choice at the same position"),
            N_("find the highest expected final score among all the values and subtract the chosen one's"),
        ),
    ),
)
