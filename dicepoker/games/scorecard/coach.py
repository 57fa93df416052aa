"""The coach: a report on every decision of one player in a scorecard game, after the game (or during it).

A *decision* is each keep (which dice to keep before a reroll; keeping all five is "stop") and each
box choice. For every decision the report gives the choice made, the best choice, the expected
final score of each (with best play afterwards) and the *loss*: how many points the choice gave up
on average. The values come from :mod:`~.hints` (the solver's exact tables): one mechanism.

The *luck* of the game is the final score minus the expected score at the start. Along the game
the expected final score moves in two ways only: a decision lowers it by its loss, a roll of the
dice moves it up or down. So, exactly, **final − expected at the start = what the dice gave − what
skill lost** (the report keeps every step as an exact fraction of the solver's numbers).

>>> from dicepoker.games.scorecard.bots import optimal, play_turn
>>> game = ScorecardGame("two_part", seed=2)
>>> while not game.is_over:
...     _ = play_turn(game, optimal)
>>> report = coach_report(game, 0)
>>> report.total_loss, len(report.decisions) >= 15
(0.0, True)
>>> luck = report.luck
>>> round(report.final_score - report.start_expected, 6) == round(luck.dice_gave - luck.skill_lost, 6)
True
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from dicepoker.core.actions import Keep
from dicepoker.core.dice import NUMBER_OF_DICE, Dice
from dicepoker.core.errors import DicePokerError, quoted
from dicepoker.core.i18n import _, fill_message, format_fixed, format_message, ngettext
from dicepoker.core.match import play_match, seat_of
from dicepoker.core.randomness import game_seeds
from dicepoker.games import bot_name, find_game
from dicepoker.games.scorecard.bots import find_strategy
from dicepoker.games.scorecard.engine import Score, ScorecardGame
from dicepoker.games.scorecard.hints import TIE, Choice, Hint, box_name, hint, solution_for
from dicepoker.games.scorecard.presets import PRESETS, is_kit_rule_set
from dicepoker.games.scorecard.rules import ScorecardRules
from dicepoker.games.scorecard.solver.solution import Solution
from dicepoker.games.scorecard.solver.solve import solve
from dicepoker.games.scorecard.solver.tables import rule_tables

if TYPE_CHECKING:  # pandas is imported where a table is made: playing a game needs none
    import pandas as pd


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs (``pybabel extract`` keyword) and return it untranslated."""
    return message


MEASURES = N_(
    "For each of your decisions (each keep and each box), the loss is the expected final score of the best "
    "choice minus that of your choice, both with best play afterwards (the solver's exact values). "
    "Luck is the final score minus the expected score at the start: what the dice gave minus what skill lost."
)


# --- one decision, one step of the game ----------------------------------------------------------
@dataclass(frozen=True)
class Decision:
    """One decision of the player: the position, the choice made, the best choice and the loss.

    ``positions`` are the dice in table order, ``filled`` the scorecard before the decision.

    >>> d = Decision(1, 2, (6, 6, 1, 2, 3), {}, 0, 2, Choice(Keep("6612"), 200.0, "keep 6612 and roll 1"),
    ...              Choice(Keep("66"), 203.5, "keep 66 and roll 3"), 3.5)
    >>> d.kind, d.better_move()
    ('keep', 'keep 6-6 and reroll 3 dice (expected final score 203.5, not 200.0: 3.5 points more)')
    >>> from dicepoker.core.i18n import in_language
    >>> with in_language("ro"):
    ...     d.better_move()
    'păstrează 6-6 și aruncă din nou 3 zaruri (scor final așteptat 203,5, nu 200,0: cu 3,5 puncte mai mult)'
    """

    round: int
    roll: int  # rolls made so far this turn (1..rolls per turn)
    positions: tuple[int, ...]
    filled: dict[str, int]
    poker_bonus_points: int
    rolls_left: int
    choice: Choice
    best: Choice
    loss: float

    @property
    def kind(self) -> str:
        """``"keep"`` or ``"box"``."""
        return "box" if isinstance(self.choice.action, Score) else "keep"

    def better_move(self) -> str:
        """The best choice in words, and what it is worth against the choice made (current language)."""
        if self.loss == 0:
            return format_message("{best} was the best choice", best=_in_words(self.best))
        return format_message(
            "{best} (expected final score {best_expected}, not {expected}: {loss} points more)",
            best=_in_words(self.best),
            best_expected=format_fixed(self.best.expected, 1),
            expected=format_fixed(self.choice.expected, 1),
            loss=format_fixed(self.loss, 1),
        )


def _in_words(choice: Choice) -> str:
    action = choice.action
    if isinstance(action, Keep):
        kept = len(action.dice)
        if kept == NUMBER_OF_DICE:
            return _("stop rolling and score")
        if kept == 0:
            return _("reroll all five dice")
        rerolled = NUMBER_OF_DICE - kept
        template = ngettext("keep {dice} and reroll {n} die", "keep {dice} and reroll {n} dice", rerolled)
        return fill_message(template, dice="-".join(str(action.dice)), n=rerolled)
    box = box_name(action.box)  # type: ignore[union-attr]
    if choice.points is None:
        return format_message("score {box}", box=box)
    return fill_message(
        ngettext("score {box} for {n} point", "score {box} for {n} points", choice.points),
        box=box,
        n=choice.points,
    )


@dataclass(frozen=True)
class Step:
    """One move of the expected final score: a roll (``"dice"``) or a decision (``"decision"``).

    ``before`` and ``after`` are the expected final score (best play from there) around the step.
    """

    round: int
    kind: str
    before: float
    after: float

    @property
    def change(self) -> Fraction:
        """``after - before``, exactly (the floats are exact binary fractions)."""
        return Fraction(self.after) - Fraction(self.before)


@dataclass(frozen=True)
class Luck:
    """The luck of a game: ``end - start == dice_gave - skill_lost`` (exactly, see :class:`Step`).

    >>> luck = Luck(start=250.0, end=262.0, dice_gave=20.0, skill_lost=8.0)
    >>> luck.identity()
    '262.0 − 250.0 = 12.0 = 20.0 (the dice) − 8.0 (skill lost)'
    >>> luck.identity("uk")
    '262,0 − 250,0 = 12,0 = 20,0 (кістки) − 8,0 (втрачено рішеннями)'
    """

    start: float
    end: float
    dice_gave: float
    skill_lost: float

    @property
    def total(self) -> float:
        """Final (or current expected) score minus the expected score at the start."""
        return self.end - self.start

    def identity(self, lang: str | None = None) -> str:
        """The identity in numbers, in ``lang`` (default: the current language), with true minus signs."""

        def num(x: float) -> str:
            return format_fixed(x, 1, lang).replace("-", "\u2212")

        return format_message(
            "{end} − {start} = {total} = {dice} (the dice) − {skill} (skill lost)",
            lang,
            end=num(self.end),
            start=num(self.start),
            total=num(self.total),
            dice=num(self.dice_gave),
            skill=num(self.skill_lost),
        )


# --- the grade ------------------------------------------------------------------------------------
GRADES = ("A", "B", "C", "D")


@dataclass(frozen=True)
class GradeScale:
    """Grades by mean loss per decision, thresholds from the bots' measured mean loss.

    The optimal bot loses 0 by definition; the greedy and heuristic bots are measured over seeded
    games. ``A``: closer to the optimal bot than to the better of the two (less than half its loss);
    ``B``: better than the better bot; ``C``: between the two bots; ``D``: worse than both.

    >>> scale = GradeScale("classic", {"optimal": 0.0, "greedy": 2.0, "heuristic": 3.0}, games=10, seed=0)
    >>> scale.thresholds, scale.grade(0.5), scale.grade(1.5), scale.grade(2.5), scale.grade(4.0)
    ((1.0, 2.0, 3.0), 'A', 'B', 'C', 'D')
    """

    game: str
    bot_mean_loss: dict[str, float]
    games: int
    seed: int

    @property
    def _simple_bots(self) -> tuple[str, str]:
        better, worse = sorted(("greedy", "heuristic"), key=lambda b: self.bot_mean_loss[b])
        return better, worse

    @property
    def thresholds(self) -> tuple[float, float, float]:
        """The mean losses per decision that separate A|B, B|C and C|D."""
        better, worse = self._simple_bots
        low = self.bot_mean_loss[better]
        return (
            self.bot_mean_loss["optimal"] + (low - self.bot_mean_loss["optimal"]) / 2,
            low,
            self.bot_mean_loss[worse],
        )

    def grade(self, mean_loss: float) -> str:
        """The letter for a mean loss per decision."""
        for letter, limit in zip(GRADES, self.thresholds, strict=False):
            if mean_loss < limit:
                return letter
        return GRADES[-1]

    def describe(self) -> list[str]:
        """One line per grade: its range of mean loss per decision and what it means (current language).

        >>> GradeScale("classic", {"optimal": 0.0, "greedy": 2.0, "heuristic": 3.0}, 10, 0).describe()[2]
        'C: 2.00 to 3.00 (between the greedy and the heuristic bot, 3.00)'
        """
        a, b, c = (format_fixed(x, 2) for x in self.thresholds)
        better, worse = (bot_name(bot) for bot in self._simple_bots)
        return [
            format_message(
                "{grade}: under {a} points a decision (nearer the optimal bot's 0 than the {better} bot)",
                grade="A",
                a=a,
                better=better,
            ),
            format_message(
                "{grade}: {a} to {b} (better than the {better} bot, {b})", grade="B", a=a, b=b, better=better
            ),
            format_message(
                "{grade}: {b} to {c} (between the {better} and the {worse} bot, {c})",
                grade="C",
                b=b,
                c=c,
                better=better,
                worse=worse,
            ),
            format_message("{grade}: {c} or more (worse than both simple bots)", grade="D", c=c),
        ]

    def source(self) -> str:
        """Where the thresholds come from (current language)."""
        losses = ", ".join(f"{bot_name(b)} {format_fixed(v, 2)}" for b, v in self.bot_mean_loss.items())
        return fill_message(
            ngettext(
                "thresholds measured on {n} seeded game per bot (seed {seed}) of {game}: {losses}",
                "thresholds measured on {n} seeded games per bot (seed {seed}) of {game}: {losses}",
                self.games,
            ),
            n=self.games,
            seed=str(self.seed),  # a name, not a quantity: never grouped
            game=self.game,
            losses=losses,
        )


# --- the report -----------------------------------------------------------------------------------
@dataclass(frozen=True, eq=False)
class GameReport:
    """The coach's report on one player's game: every decision, the loss, the grade and the luck.

    ``table()`` is the decisions as a DataFrame, ``costliest(3)`` the three costliest ones; the
    HTML view draws them (``_repr_html_``); :mod:`~.coach_figures` draws the loss per turn and the
    expected final score through the game.
    """

    rules: ScorecardRules
    player: str
    decisions: tuple[Decision, ...]
    steps: tuple[Step, ...]
    start_expected: float
    end_value: float  # the final score, or the expected final score now if the game goes on
    is_over: bool
    scale: GradeScale | None = field(default=None)

    @property
    def measures(self) -> str:
        """What the report measures, in the current language (English: :data:`MEASURES`)."""
        return _(MEASURES)

    @property
    def kit_rules(self) -> bool:
        """Whether the game is played by one of the kit's rule sets (a save may carry its own)."""
        return is_kit_rule_set(self.rules)

    @property
    def final_score(self) -> float:
        """The final score (or, while the game goes on, the expected final score now)."""
        return self.end_value

    @property
    def total_loss(self) -> float:
        return float(sum((Fraction(d.loss) for d in self.decisions), Fraction(0)))

    @property
    def mean_loss(self) -> float:
        """Mean loss per decision (0 before any decision)."""
        return self.total_loss / len(self.decisions) if self.decisions else 0.0

    @property
    def luck(self) -> Luck:
        """Final minus start, split exactly into what the dice gave and what skill lost."""
        dice = sum((s.change for s in self.steps if s.kind == "dice"), Fraction(0))
        lost = -sum((s.change for s in self.steps if s.kind == "decision"), Fraction(0))
        return Luck(self.start_expected, self.end_value, float(dice), float(lost))

    @property
    def grade(self) -> str | None:
        """The letter on the scale (``None`` without a scale or before any decision)."""
        if self.scale is None or not self.decisions:
            return None
        return self.scale.grade(self.mean_loss)

    def costliest(self, n: int = 3) -> list[Decision]:
        """The ``n`` decisions that lost most (the earlier first on ties); only those with a loss."""
        ranked = sorted(range(len(self.decisions)), key=lambda i: (-self.decisions[i].loss, i))
        return [self.decisions[i] for i in ranked[:n] if self.decisions[i].loss > 0]

    def table(self) -> pd.DataFrame:
        """One row per decision: round, roll, dice, kind, choice, best, their expected final scores, loss."""
        import pandas as pd

        rows = [
            {
                "round": d.round,
                "roll": d.roll,
                "dice": "".join(str(v) for v in d.positions),
                "rolls left": d.rolls_left,
                "kind": d.kind,
                "choice": d.choice.label,
                "expected": d.choice.expected,
                "best": d.best.label,
                "best expected": d.best.expected,
                "loss": d.loss,
            }
            for d in self.decisions
        ]
        columns = [
            "round",
            "roll",
            "dice",
            "rolls left",
            "kind",
            "choice",
            "expected",
            "best",
            "best expected",
            "loss",
        ]
        return pd.DataFrame(rows, columns=columns, index=pd.RangeIndex(1, len(rows) + 1, name="decision"))

    def loss_per_round(self) -> pd.DataFrame:
        """Loss per round, split into keeps and boxes (every round of the game, 0 where nothing was lost)."""
        import pandas as pd

        table = self.table()
        rounds = pd.RangeIndex(1, len(self.rules.boxes) + 1, name="round")
        split = table.pivot_table(index="round", columns="kind", values="loss", aggfunc="sum", fill_value=0.0)
        split = split.reindex(index=rounds, columns=["keep", "box"], fill_value=0.0).fillna(0.0)
        split["total"] = split["keep"] + split["box"]
        return split

    def summary(self) -> dict[str, Any]:
        """The headline numbers as plain data."""
        luck = self.luck
        return {
            "player": self.player,
            "game": self.rules.name,
            "over": self.is_over,
            "decisions": len(self.decisions),
            "total loss": self.total_loss,
            "mean loss": self.mean_loss,
            "grade": self.grade,
            "final score" if self.is_over else "expected final score now": self.end_value,
            "expected at the start": self.start_expected,
            "luck": luck.total,
            "dice gave": luck.dice_gave,
            "skill lost": luck.skill_lost,
        }

    def figures(self) -> list[Any]:
        """The two plotly figures: loss per round, and the expected final score through the game."""
        from dicepoker.games.scorecard.coach_figures import expected_score_figure, loss_per_round_figure

        return [loss_per_round_figure(self), expected_score_figure(self)]

    def _repr_html_(self) -> str:
        from dicepoker.games.scorecard.coach_html import report_html

        return report_html(self)

    def __repr__(self) -> str:
        grade = f", grade {self.grade}" if self.grade else ""
        return (
            f"<GameReport {self.rules.name} {self.player}: {len(self.decisions)} decisions, "
            f"mean loss {self.mean_loss:.2f}{grade}>"
        )


# --- building a report by replaying the game -------------------------------------------------------
def coach_report(
    game: ScorecardGame | str | Path,
    player: int | str = 0,
    *,
    solution: Solution | None = None,
    grade: bool = True,
) -> GameReport:
    """The report on ``player``'s decisions in ``game`` (a game, live or loaded, or a save file's path).

    The game is replayed from its seed and recorded actions; before each decision of the player
    the exact :func:`~.hints.hint` of the position ranks every choice. ``grade=False`` leaves out
    the grade (whose scale is measured on the bots' games once per rule set).

    >>> game = ScorecardGame("classic", seed=5)
    >>> _ = game.roll(); _ = game.score("Chance")
    >>> report = coach_report(game, grade=False)
    >>> [d.kind for d in report.decisions], report.decisions[0].best.label
    (['box'], 'keep 555 and roll 2')
    """
    if isinstance(game, str | os.PathLike):
        game = ScorecardGame.load(game)
    if not isinstance(game, ScorecardGame):
        raise DicePokerError(
            format_message(
                "the coach reports on a scorecard game or the path of its save, not {value}",
                value=quoted(game),
            )
        )
    who = _player_index(game, player)
    check_coachable(game.rules)
    solution = solution_for(game.rules, solution, progress=False)
    walk = _Walk(game, who, solution)
    walk.run()
    scale = grade_scale(game.rules) if grade else None
    return GameReport(
        rules=game.rules,
        player=game.player_names[who],
        decisions=tuple(walk.decisions),
        steps=tuple(walk.steps),
        start_expected=walk.start,
        end_value=walk.end,
        is_over=game.is_over,
        scale=scale,
    )


class _Walk:
    """Replays a game action by action, keeping the chain of expected final scores of one player."""

    def __init__(self, game: ScorecardGame, who: int, solution: Solution) -> None:
        data = game.to_dict()
        self.entries = data["history"]
        self.target = game
        self.who = who
        self.solution = solution
        self.replay = game.fresh_start()
        self.decisions: list[Decision] = []
        self.steps: list[Step] = []
        self.value: float | None = None  # the expected final score at this point of the chain
        self.start = solution.expected_final({}, 0)
        self.end = self.start
        self._pending: tuple[int, float] | None = None  # a roll whose value is not yet settled
        self._hint: Hint | None = None

    def _hint_now(self) -> Hint:
        return hint(self.replay, solution=self.solution)

    def run(self) -> None:
        for entry in self.entries:
            mine = entry["player"] == self.who
            if mine and self.value is None:
                self.value = self._hint_now().best.expected  # the first turn: before its first roll
                self.start = self.value
            kind, rolled = entry["action"], self.replay.positions is not None
            if mine and (kind in ("keep", "score") or rolled):
                self._decide(self._action_of(entry))
            self.replay.replay_action(entry)
            stopped = kind == "keep" and len(Dice.parse(entry["dice"])) == NUMBER_OF_DICE
            if mine and self.replay.positions is not None and kind != "score" and not stopped:
                self._pending = (self.replay.round, self.value)  # type: ignore[arg-type]
                self._hint = self._hint_now()
        self._finish()

    def _action_of(self, entry: dict[str, Any]) -> Keep | Score:
        if entry["action"] == "score":
            return Score(entry["box"])
        if entry["action"] == "keep":
            return Keep(entry["dice"])
        positions = self.replay.positions or ()
        return Keep(Dice([v for v, h in zip(positions, entry["held"], strict=True) if h]))

    def _decide(self, action: Keep | Score) -> None:
        h = self._hint if self._hint is not None else self._hint_now()
        choice = h.choice(action)
        best = h.best
        if best.expected - choice.expected < TIE:  # a best choice (ties within rounding count as best)
            here, loss = choice.expected, 0.0
        else:
            here = best.expected
            loss = float(Fraction(best.expected) - Fraction(choice.expected))
        self._settle_roll(here)
        game = self.replay
        self.decisions.append(
            Decision(
                round=game.round,
                roll=game.rolls_used,
                positions=tuple(game.positions or ()),
                filled=dict(game.scorecard(self.who)),
                poker_bonus_points=game.poker_bonus_points(self.who),
                rolls_left=game.rolls_left,
                choice=choice,
                best=best,
                loss=loss,
            )
        )
        self.steps.append(Step(game.round, "decision", here, choice.expected))
        self.value = choice.expected
        self._hint = None

    def _settle_roll(self, after: float) -> None:
        if self._pending is not None:
            round_, before = self._pending
            self.steps.append(Step(round_, "dice", before, after))
            self._pending = None

    def _finish(self) -> None:
        game = self.replay
        if game.to_dict()["state"] != self.target.to_dict()["state"]:
            raise DicePokerError("the game does not replay to its own state: it cannot be reported")
        if self.value is None:
            self.end = self.start
            return
        if self._pending is not None:  # the dice are on the table: the value of this position
            self._settle_roll(self._hint_now().best.expected)
            self.end = self.steps[-1].after
        else:
            self.end = self.value
        if game.is_over and self.end != game.totals()[self.who]:
            raise DicePokerError(f"the chain of values ends at {self.end}, not the final score")


def check_coachable(rules: ScorecardRules) -> None:
    """Refuse a rule set whose solver table is larger than the largest of the kit's presets.

    Coaching solves the rule set first (and measures the bots on it for the grade). A save may carry
    its own rule set: a variant of a preset costs what the preset costs, but a forged one with more
    boxes could take minutes or hours; it is refused before any of that work.

    >>> from dicepoker.games.scorecard.presets import CLASSIC
    >>> import dataclasses
    >>> check_coachable(CLASSIC.variant(upper_bonus=40))  # a variant: as large as classic
    >>> extra = dataclasses.replace(CLASSIC.box("Chance"), name="Chance again")
    >>> check_coachable(CLASSIC.variant(boxes=(*CLASSIC.boxes, extra)))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.DicePokerError: the rule set 'classic' of this game is not one of the kit's ...
    """
    if is_kit_rule_set(rules):
        return
    largest = max(_work(preset) for preset in PRESETS)
    too_many = len(rules.boxes) > max(len(preset.boxes) for preset in PRESETS)
    if too_many or _work(rules) > largest:
        raise DicePokerError(
            format_message(
                "the rule set {game} of this game is not one of the kit's and is larger than any of "
                "them ({boxes} boxes): the coach does not solve it",
                game=quoted(rules.name),
                boxes=len(rules.boxes),
            )
        )


def _work(rules: ScorecardRules) -> int:
    """The solver's work for a rule set: the states of its value table times the rolls of a turn."""
    return math.prod(rule_tables(rules).shape) * rules.rolls_per_turn


# --- the bots' losses, and the grade scale measured from them ------------------------------------
def bot_losses(
    rules: ScorecardRules | str = "classic",
    bots: Sequence[str] = ("optimal", "greedy", "heuristic", "random"),
    games: int = 20,
    seed: int = 0,
) -> pd.DataFrame:
    """Each bot's seeded solitaire games, reported by the coach: one row per bot and game.

    Game ``i`` gets the same dice stream for every bot (as in :func:`~.analysis.lab.simulate`).

    >>> df = bot_losses("two_part", bots=("optimal", "heuristic"), games=2, seed=1)
    >>> mean = df.groupby("bot")["mean loss"].mean()
    >>> float(mean["optimal"]), bool(mean["heuristic"] > 0)
    (0.0, True)
    """
    rules = _scorecard_rules(rules)
    return _bot_losses(rules, tuple(bots), games, seed)  # a new table each call: the caller may change it


def _bot_losses(rules: ScorecardRules, bots: tuple[str, ...], games: int, seed: int) -> pd.DataFrame:
    """The table of :func:`bot_losses`: game by game, each bot's row in the order of ``bots``."""
    import pandas as pd

    played = {bot: _bot_games(rules, bot, games, seed) for bot in bots}
    return pd.DataFrame([played[bot][i] for i in range(games) for bot in bots])


@lru_cache(maxsize=64)
def _bot_games(rules: ScorecardRules, bot: str, games: int, seed: int) -> tuple[dict[str, Any], ...]:
    """One bot's ``games`` seeded games, coached: a row each (played once per process).

    Game ``i`` depends on the seed and ``i`` alone, never on the other bots asked for, so the grade
    scale's three bots and a lesson's or a class report's four play each of their games once.

    >>> greedy = _bot_games(find_game("two_part"), "greedy", 2, 1)
    >>> [row["game"] for row in greedy], greedy is _bot_games(find_game("two_part"), "greedy", 2, 1)
    ([0, 1], True)
    """
    solution = solve(rules, progress=False)
    rows = []
    for i, child in enumerate(game_seeds(seed, games)):
        dice_seed, strategy_seed = child.spawn(2)
        game = play_match(ScorecardGame(rules, rng=dice_seed), [seat_of(find_strategy(bot))], strategy_seed)
        report = coach_report(game, 0, solution=solution, grade=False)
        rows.append(
            {
                "bot": bot,
                "game": i,
                "final score": report.final_score,
                "decisions": len(report.decisions),
                "total loss": report.total_loss,
                "mean loss": report.mean_loss,
                "luck": report.luck.total,
            }
        )
    return tuple(rows)


def grade_scale(rules: ScorecardRules | str = "classic", games: int = 20, seed: int = 0) -> GradeScale:
    """The grade scale of a rule set, from the mean loss per decision of the optimal, greedy and
    heuristic bots over ``games`` seeded games (measured once per process).

    >>> scale = grade_scale("two_part", games=2, seed=1)
    >>> scale.bot_mean_loss["optimal"], scale.thresholds[0] < scale.thresholds[1] <= scale.thresholds[2]
    (0.0, True)
    """
    rules = _scorecard_rules(rules)
    df = _bot_losses(rules, ("optimal", "greedy", "heuristic"), games, seed)
    per_decision = df.groupby("bot")["total loss"].sum() / df.groupby("bot")["decisions"].sum()
    means = {bot: float(per_decision[bot]) for bot in ("optimal", "greedy", "heuristic")}
    if not all(math.isfinite(v) for v in means.values()):
        raise DicePokerError(f"no decisions measured for the grade scale of {rules.name!r}")
    return GradeScale(rules.name, means, games, seed)


def _player_index(game: ScorecardGame, player: int | str) -> int:
    """A player's index from the index or the name; refused with the names if there is none."""
    names = game.player_names
    if isinstance(player, str) and player in names:
        return names.index(player)
    if isinstance(player, int) and not isinstance(player, bool) and 0 <= player < len(names):
        return player
    raise DicePokerError(
        format_message(
            "no player {player} in this game; the players are: {names}",
            player=repr(player),
            names=", ".join(names),
        )
    )


def _scorecard_rules(rules: ScorecardRules | str) -> ScorecardRules:
    found = find_game(rules) if isinstance(rules, str) else rules
    if not isinstance(found, ScorecardRules):
        raise DicePokerError(f"{getattr(found, 'name', found)!r} is not a scorecard game")
    return found
