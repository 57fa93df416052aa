"""Hints from the optimal strategy: every choice of a position ranked by its expected final score.

A *choice* is a :class:`Keep` (keep these dice and roll the rest; keeping all five is "stop") or
a :class:`Score`; its *expected* value is the final total a player can expect after taking it
and then playing optimally. The *cost* of a choice is how many points it gives up, on average,
against the best one.

>>> from dicepoker import find_game
>>> from dicepoker.games.scorecard.engine import TurnView
>>> from dicepoker.games.scorecard.solver.solve import solve
>>> sixes = find_game("yatzy").variant(name="sixes", boxes=find_game("yatzy").boxes[5:6], poker_box=None)
>>> h = hint(TurnView(sixes, {}, Dice.parse("66123"), 2, True), solution=solve(sixes, progress=False))
>>> h.best.label, round(h.best.expected, 4)
('keep 66 and roll 3', 17.5)
>>> round(h.cost(Score("Sixes")), 4)  # 3 dice, 2 rolls: 3 x 11/36 sixes more on average, 6 points each
5.5
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from dicepoker.core.actions import Keep, Roll
from dicepoker.core.dice import NUMBER_OF_DICE, Dice
from dicepoker.core.errors import DicePokerError, IllegalActionError, quoted
from dicepoker.core.i18n import (
    _,
    display_name_or_own,
    fill_message,
    format_fixed,
    format_message,
    language,
    ngettext,
    pgettext,
)
from dicepoker.games.scorecard.engine import Score, TurnView
from dicepoker.games.scorecard.solver.solution import Solution
from dicepoker.games.scorecard.solver.solve import solve
from dicepoker.games.scorecard.solver.tables import dice_tables

Action = Keep | Score | Roll
TIE = 1e-9  # expected values closer than this are equal


@dataclass(frozen=True)
class Choice:
    """One choice of a position: the action, its expected final score and a readable label.

    ``label`` is written in the language current when the choice was made (English unless one was
    chosen); :meth:`text` writes it again in the current language, for a view drawn later.

    >>> c = Choice(Score("Chance"), 212.5, "score Chance (22)", 22)
    >>> c.is_score, c.text(lang="ro")
    (True, 'scrie Șansă (22)')
    """

    action: Action
    expected: float
    label: str
    points: int | None = None  # for a Score: the points written now (poker bonus not included)
    bonus: int = 0  # for a Score: the poker bonus points it earns now

    @property
    def is_score(self) -> bool:
        return isinstance(self.action, Score)

    def text(self, lang: str | None = None) -> str:
        """The label in ``lang`` (default: the current language)."""
        return choice_label(self.action, self.points, self.bonus, lang)


def box_name(box: str, lang: str | None = None) -> str:
    """A box's name as a player reads it (a box the catalogs do not know keeps its own name).

    >>> box_name("Two Pairs", lang="uk"), box_name("Sevens", lang="uk")
    ('Дві пари', 'Sevens')
    """
    return display_name_or_own("box", box, lang)


def game_title(title: str, lang: str | None = None) -> str:
    """A game's title as a player reads it (a title the catalogs do not know stays as it is).

    >>> game_title("Dice Poker", lang="uk"), game_title("My own variant", lang="uk")
    ('Покер на кістках', 'My own variant')
    """
    return display_name_or_own("game title", title, lang)


def choice_label(action: Action, points: int | None = None, bonus: int = 0, lang: str | None = None) -> str:
    """What a choice says: "keep 66 and roll 3", "stop and score", "score Sixes (18 + 100 bonus)".

    >>> choice_label(Keep("66")), choice_label(Keep("66"), lang="ro")
    ('keep 66 and roll 3', 'păstrează 66 și aruncă din nou 3 zaruri')
    >>> choice_label(Score("Pair"), 12, lang="th"), choice_label(Score("Poker"), 50, 100, lang="uk")
    ('ลงแถว คู่ (12)', 'записати Покер (50 + 100 бонусу)')
    """
    return _choice_label(action, points, bonus, lang or language())


@lru_cache(maxsize=4096)
def _choice_label(action: Action, points: int | None, bonus: int, lang: str) -> str:
    """:func:`choice_label` in a named language, remembered: a hint labels every keep and box of a
    position, and a coach's report asks for thousands of hints with the same few hundred labels."""
    if isinstance(action, Roll):
        return pgettext("hint choice", "roll", lang)
    if isinstance(action, Keep):
        kept = len(action.dice)
        if kept == NUMBER_OF_DICE:
            return _("stop and score", lang)
        rolled = NUMBER_OF_DICE - kept
        if kept == 0:
            return format_message("keep nothing and roll {n}", lang, n=rolled)
        template = ngettext("keep {dice} and roll {n}", "keep {dice} and roll {n}", rolled, lang)
        return fill_message(template, lang, dice=action.dice, n=rolled)
    box = box_name(action.box, lang)
    if points is None:
        return format_message("score {box}", lang, box=box)
    if bonus:
        return format_message(
            "score {box} ({points} + {bonus} bonus)", lang, box=box, points=points, bonus=bonus
        )
    return format_message("score {box} ({points})", lang, box=box, points=points)


@dataclass(frozen=True)
class Hint:
    """Every choice of one position, best first (``choices[0]`` is :attr:`best`).

    ``cost(action)`` is the expected points an action gives up against the best choice.

    >>> h = Hint((Choice(Keep("66"), 17.5, "keep 66"), Choice(Score("Sixes"), 12.0, "score Sixes")), None, 2)
    >>> h.best.label, h.cost(Score("Sixes")), [c.label for c in h.keeps]
    ('keep 66', 5.5, ['keep 66'])
    """

    choices: tuple[Choice, ...]
    dice: Dice | None
    rolls_left: int
    risk: float = 0.0

    @property
    def measure(self) -> str:
        """What the numbers are: the expected final score, or (risk θ ≠ 0) its certainty equivalent.

        English always: it names the table's column (the API); :meth:`measure_text` is what a person reads.

        >>> Hint((), None, 3).measure, Hint((), None, 3, risk=0.02).measure
        ('expected final score', 'certainty equivalent (θ = 0.02)')
        """
        return "expected final score" if self.risk == 0 else f"certainty equivalent (θ = {self.risk:g})"

    def measure_text(self, lang: str | None = None) -> str:
        """:attr:`measure` in ``lang`` (default: the current language).

        >>> Hint((), None, 3, risk=-0.05).measure_text("ro")
        'echivalent cert (θ = -0,05)'
        """
        if self.risk == 0:
            return _("expected final score", lang)
        return format_message("certainty equivalent (θ = {theta})", lang, theta=_theta(self.risk, lang))

    @property
    def best(self) -> Choice:
        """The best choice (a Score before an equally good "stop")."""
        return self.choices[0]

    @property
    def keeps(self) -> tuple[Choice, ...]:
        """The keeps, ranked."""
        return tuple(c for c in self.choices if isinstance(c.action, Keep))

    @property
    def scores(self) -> tuple[Choice, ...]:
        """The boxes that may be scored now, ranked."""
        return tuple(c for c in self.choices if c.is_score)

    def choice(self, action: Action | str) -> Choice:
        """The choice of ``action`` (a :class:`Keep`, :class:`Score`, or a box name)."""
        if isinstance(action, str):
            action = Score(action)
        for c in self.choices:
            if c.action == action:
                return c
        legal = ", ".join(choice_label(c.action) for c in self.choices)
        raise IllegalActionError(
            format_message(
                "{action} is not a choice now (dice {dice}); the choices: {legal}",
                action=choice_label(action),
                dice=self.dice,
                legal=legal,
            )
        )

    def cost(self, action: Action | str) -> float:
        """Expected points lost by ``action`` against the best choice (0 for a best choice)."""
        return max(0.0, self.best.expected - self.choice(action).expected)

    def verdict(self, action: Action | str) -> str:
        """A sentence for a student (in the current language): what the choice cost on average.

        >>> ones, twos = Choice(Score("Ones"), 10.0, "score Ones"), Choice(Score("Twos"), 6.8, "score Twos")
        >>> h = Hint((ones, twos), None, 0)
        >>> h.verdict(Score("Twos"))
        'this choice cost you 3.2 points on average (best: score Ones)'
        >>> from dicepoker.core.i18n import in_language
        >>> with in_language("uk"):
        ...     h.verdict(Score("Twos"))
        'цей вибір коштував вам у середньому 3,2 очка (найкраще: записати Одиниці)'
        """
        cost = self.cost(action)
        if cost < 0.05:
            return _("the best choice") if cost < TIE else _("as good as the best choice (to 0.1 points)")
        best = self.best.text()
        if isinstance(action, Keep):
            template = _("this keep cost you {cost} points on average (best: {best})")
        else:
            template = _("this choice cost you {cost} points on average (best: {best})")
        return fill_message(template, cost=format_fixed(cost, 1), best=best)

    def table(self) -> Any:
        """The ranked choices as a table: label, expected final score, cost against the best.

        The column names are English (the API); the labels are in the current language.
        """
        import pandas as pd  # loaded only for the table, so `import dicepoker` stays quick

        rows = [
            {"choice": c.text(), self.measure: c.expected, "cost": self.best.expected - c.expected}
            for c in self.choices
        ]
        return pd.DataFrame(rows, index=pd.RangeIndex(1, len(rows) + 1, name="rank"))

    def _repr_html_(self, limit: int = 12) -> str:
        """The hint as HTML in the current language: the best choice, then the ranked choices."""
        if self.dice:
            head = fill_message(
                ngettext("dice {dice}, {n} roll left", "dice {dice}, {n} rolls left", self.rolls_left),
                dice=self.dice,
                n=self.rolls_left,
            )
        else:
            head = _("before the first roll")
        measure = self.measure_text()
        rows = "".join(
            f"<tr><td>{i}</td><td>{html.escape(c.text())}</td><td>{format_fixed(c.expected, 2)}</td>"
            f"<td>{format_fixed(self.best.expected - c.expected, 2)}</td></tr>"
            for i, c in enumerate(self.choices[:limit], 1)
        )
        more = len(self.choices) - limit
        tail = f"<tr><td colspan=4>{html.escape(more_rows(more))}</td></tr>" if more > 0 else ""
        heading = pgettext("heading", "Hint")
        hint = f"<b>{html.escape(heading)}</b>"
        best = f"<b>{html.escape(self.best.text())}</b>"
        summary = format_message(
            "{hint} ({situation}): best is {best}, {measure} {value}",
            hint=hint, situation=html.escape(head), best=best,
            measure=html.escape(measure), value=format_fixed(self.best.expected, 2),
        )  # fmt: skip
        headings = (
            "#", pgettext("hint table", "choice"), measure, pgettext("hint table", "cost")
        )  # fmt: skip
        return (
            f"<div>{summary}</div>"
            "<table><tr>" + "".join(f"<th>{html.escape(h)}</th>" for h in headings) + "</tr>"
            f"{rows}{tail}</table>"
        )


def kind_name(kind: str, lang: str | None = None) -> str:
    """A choice's kind ("keep" or "box", the API's words) as a player reads it.

    >>> kind_name("box"), kind_name("keep", lang="ro")
    ('box', 'păstrare')
    """
    names = {"keep": pgettext("choice kind", "keep", lang), "box": pgettext("choice kind", "box", lang)}
    return names.get(kind, kind)


def more_rows(n: int, lang: str | None = None) -> str:
    """The last row of a table cut short: "… 3 more"."""
    return fill_message(ngettext("… {n} more", "… {n} more", n, lang), lang, n=n)


def _theta(risk: float, lang: str | None) -> str:
    """θ as ``{:g}`` writes it, with the locale's decimal sign."""
    from babel.numbers import get_decimal_symbol

    lang = lang or language()
    return f"{risk:g}".replace(".", get_decimal_symbol(lang)) if lang != "en" else f"{risk:g}"


def hint(position: Any, *, solution: Solution | None = None, risk: float = 0.0) -> Hint:
    """Rank every choice of a position: a :class:`ScorecardGame` (current player) or a ``TurnView``.

    Before a turn's first roll the only choice is to roll; it carries the expected final score.
    The value table comes from :func:`~.solver.solve.solve` (cached) unless ``solution`` is given.
    With ``risk`` θ ≠ 0 the choices are ranked for the risk-sensitive player of
    ``solve(rules, risk=θ)``, and each carries the *certainty equivalent* of its final score
    (the sure score worth as much to that player) instead of the expected one.

    >>> from dicepoker import ScorecardGame
    >>> game = ScorecardGame("two_part", seed=1)
    >>> round(hint(game).best.expected, 3)  # before the first roll: the value of the whole game
    164.911
    >>> game.roll()
    Dice('13456')
    >>> hint(game).best.label
    'keep 6 and roll 4'
    >>> hint(game, risk=-0.05).best.expected < hint(game).best.expected < hint(game, risk=0.05).best.expected
    True
    """
    if not hasattr(position, "view") and not isinstance(position, TurnView):
        raise DicePokerError(
            format_message(
                "a hint is for a scorecard game or a turn's view, not {value}", value=quoted(position)
            )
        )
    if hasattr(position, "view"):  # a game
        if position.is_over:
            raise IllegalActionError(_("the game is over: there is nothing to choose"))
        solution = solution_for(position.rules, solution, risk)
        if position.dice is None:
            who = position.current_player
            expected = solution.expected_final(position.scorecard(who), position.poker_bonus_points(who))
            return Hint(
                (Choice(Roll(), expected, choice_label(Roll())),),
                None,
                position.rules.rolls_per_turn,
                solution.risk,
            )
        position = position.view()
    solution = solution_for(position.rules, solution, risk)
    return Hint(tuple(ranked_choices(solution, position)), position.dice, position.rolls_left, solution.risk)


def solution_for(rules: Any, solution: Any = None, risk: float = 0.0, *, progress: bool = True) -> Solution:
    """``solution`` if it is the solution of ``rules``, else refused; ``None``: solve (or load) them.

    A solution of other rules would rank the choices by another game's values without a word.

    >>> from dicepoker import find_game
    >>> solution_for(find_game("two_part"), progress=False).rules.name
    'two_part'
    >>> solution_for(find_game("classic"), solution_for(find_game("two_part"), progress=False))
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.DicePokerError: the solution given is of the rules 'two_part', not of 'classic'
    """
    if solution is None:
        return solve(rules, risk=risk, progress=progress)
    if not isinstance(solution, Solution):
        raise DicePokerError(
            format_message(
                "a solution comes from {call}, not {value}", call="solve(...)", value=quoted(solution)
            )
        )
    if solution.rules.fingerprint() != rules.fingerprint():
        raise DicePokerError(
            format_message(
                "the solution given is of the rules {given}, not of {wanted}",
                given=repr(solution.rules.name),
                wanted=repr(rules.name),
            )
        )
    return solution


def ranked_choices(solution: Solution, view: Any) -> list[Choice]:
    """Every legal choice of a ``TurnView`` with its expected final score, best first.

    >>> from dicepoker import find_game
    >>> from dicepoker.games.scorecard.engine import TurnView
    >>> yatzy = find_game("yatzy")
    >>> sixes = yatzy.variant(name="sixes", boxes=yatzy.boxes[5:6], poker_box=None)
    >>> view = TurnView(sixes, {}, Dice.parse("66666"), 1, False)
    >>> [c.label for c in ranked_choices(solve(sixes, progress=False), view)][:3]
    ['score Sixes (30)', 'stop and score', 'keep 6666 and roll 1']
    """
    rules, lang = view.rules, language()  # the language once: a coach's report ranks thousands of positions
    banked = rules.upper_total(view.filled) + rules.lower_total(view.filled) + view.poker_bonus_points
    choices = [
        Choice(Score(box), banked + value, _choice_label(Score(box), points, bonus, lang), points, bonus)
        for box, points, bonus, value in score_values(solution, view)
    ]
    if view.rolls_left > 0:
        turn = solution.turn(view.filled)
        best_score = max(c.expected for c in choices)
        tables = dice_tables()
        inside = tables.keeps_in_roll[tables.roll_index[view.dice]]  # every distinct keep, by index
        values = turn.keep[view.rolls_left, inside].tolist()
        for k, value in zip(inside.tolist(), values, strict=True):
            keep = Keep(tables.keeps[k])
            expected = best_score if len(keep.dice) == NUMBER_OF_DICE else banked + value
            choices.append(Choice(keep, expected, _choice_label(keep, None, 0, lang)))
    order = {id(c): i for i, c in enumerate(choices)}  # ties: boxes in scorecard order, then keeps
    return sorted(choices, key=lambda c: (-round(c.expected / TIE), order[id(c)]))


def score_values(solution: Solution, view: Any) -> list[tuple[str, int, int, float]]:
    """For each legal box: (box, points now, poker bonus, points now + bonus + expected points to come).

    >>> from dicepoker import find_game
    >>> from dicepoker.games.scorecard.engine import TurnView
    >>> view = TurnView(find_game("two_part"), {}, Dice.parse("66612"), 0, False)
    >>> [(box, points) for box, points, _, _ in score_values(solve("two_part", progress=False), view)][-1]
    ('Sixes', 0)
    """
    rules = view.rules
    bonus = rules.poker_bonus_for(view.dice, view.filled)
    rows = []
    for box, points in rules.options(view.dice, view.filled, view.first_roll).items():
        after = {**view.filled, box: points}
        rows.append((box, points, bonus, points + bonus + solution.future_value(after)))
    return rows
