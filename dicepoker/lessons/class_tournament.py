"""The class tournament: the students' saved strategies against each other and the kit's bots.

Each student's function (saved with :func:`~dicepoker.lessons.saved_strategies.save_strategy`)
runs in a process of its own (:class:`~dicepoker.lessons.student_process.StudentProcess`), asked
one decision at a time with a time limit, so a function that loops forever, raises or answers
nonsense is stopped, marked and ranked last while the tournament goes on.

- ``kind="strategy"`` (exercise 04.3): every player plays the same ``games`` seeded games of
  ``classic`` (the strategy lab's :func:`~dicepoker.games.scorecard.analysis.lab.simulate`); the
  leaderboard ranks the mean final score with its 95% interval, ``head_to_head`` how often the row
  beats the column.
- ``kind="caller"`` (exercise 06.4): each student's caller is seated as a
  :class:`~dicepoker.games.bluff.bots.CallerBot`; every pair of players meets for ``games`` seeded
  games of bluff (:func:`~dicepoker.games.bluff.bots.bluff_tournament`); the leaderboard ranks the
  share of games won with its Wilson interval. A student who fails forfeits every game.

>>> import tempfile
>>> result = class_tournament(tempfile.mkdtemp(), games=3, bots=("heuristic", "random"))
>>> result.leaderboard[["player", "kind", "games", "status"]].values.tolist()
[['heuristic', 'bot', 3, 'ok'], ['random', 'bot', 3, 'ok']]
"""

from __future__ import annotations

import html
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from dicepoker.core.actions import Keep
from dicepoker.core.errors import DicePokerError
from dicepoker.core.i18n import fill_message, format_message, ngettext
from dicepoker.core.match import Bot
from dicepoker.core.randomness import check_seed, game_seeds
from dicepoker.core.stats import Estimate, wilson_interval
from dicepoker.core.words import N_
from dicepoker.games import find_game
from dicepoker.games.bluff.bots import BLUFF_BOTS, CallerBot, bluff_tournament
from dicepoker.games.scorecard.analysis.lab import (
    TournamentResult,
    not_a_number_of_games,
    simulate,
    summarise,
)
from dicepoker.games.scorecard.engine import Score
from dicepoker.lessons.exercises import shown
from dicepoker.lessons.saved_strategies import SavedStrategy, checked_kind, saved_strategies
from dicepoker.lessons.student_process import StudentFailed, StudentProcess

COLUMNS = ["player", "kind", "games", "mean", "low", "high", "status", "detail"]
"""The leaderboard's columns: ``mean`` (a final score, or a share of games won) and its 95% interval
``low``..``high``; ``status`` is ``ok``, ``timed out``, ``raised``, ``crashed`` or ``illegal action``
(English, for scripts), ``detail`` says what happened in the reader's language."""
SCORECARD_BOTS = ("optimal", "greedy", "heuristic", "random")
BOTS = {"strategy": SCORECARD_BOTS, "caller": tuple(BLUFF_BOTS)}
"""The kit's bots each kind of tournament seats by default."""
GAMES = {"strategy": 100, "caller": 20}
"""The games each player plays by default (for callers: with each other player, so a class of 30
and three bots plays 528 pairs, 640 games a player, in about three minutes)."""
VIEWS = {"strategy": "dicepoker.games.scorecard.engine", "caller": "dicepoker.games.bluff.engine"}
"""Where the views a student's function of each kind is sent are defined."""
TIME_LIMIT = 2.0
"""Seconds a student's function may think about one decision."""


@dataclass(frozen=True, eq=False)
class ClassTournament:
    """A class tournament's result: the leaderboard, who beat whom, and the files refused."""

    kind: str
    games: int
    seed: int | None
    time_limit: float
    leaderboard: pd.DataFrame
    head_to_head: pd.DataFrame
    refused: dict[str, str] = field(default_factory=dict)
    failures: dict[str, StudentFailed] = field(default_factory=dict)
    """What stopped each student who did not finish (its ``detail`` follows the current language)."""

    def figure(self, *, lang: str | None = None) -> Any:
        """The leaderboard as a plotly figure: each player's mean with its 95% interval."""
        from dicepoker.lessons.class_tournament_figures import leaderboard_figure

        return leaderboard_figure(self, lang=lang)

    def _repr_html_(self) -> str:
        if self.kind == "caller":
            template = ngettext(
                "The class tournament of callers: {games} game for each pair of players, seed {seed}",
                "The class tournament of callers: {games} games for each pair of players, seed {seed}",
                self.games,
            )
        else:
            template = ngettext(
                "The class tournament of strategies: {games} game for each player, seed {seed}",
                "The class tournament of strategies: {games} games for each player, seed {seed}",
                self.games,
            )
        title = fill_message(template, games=self.games, seed=self.seed)
        refused = "".join(
            f"<div>{html.escape(format_message('refused {file}: {reason}', file=name, reason=why))}</div>"
            for name, why in self.refused.items()
        )
        return f"<div><b>{html.escape(title)}</b></div>" + self.leaderboard.round(3).to_html() + refused


class _Asked:
    """A student's function, asked in its process; an answer of the wrong kind is an illegal action."""

    def __init__(self, process: StudentProcess, kind: str) -> None:
        self.process, self.kind, self.name = process, kind, process.student

    def __call__(self, view: Any) -> Any:
        answer = self.process.ask(view)
        if self.kind == "caller" and isinstance(answer, bool):
            return answer
        if self.kind == "strategy" and isinstance(answer, Keep | Score):
            return answer
        template = (
            N_("a caller returns True or False, not {got}")
            if self.kind == "caller"
            else N_("a strategy returns Keep(...) or Score(...), not {got}")
        )
        raise StudentFailed(self.name, "illegal action", template, got=shown(answer))


def _row(player: str, kind: str, games: int, estimate: Estimate | StudentFailed) -> dict[str, Any]:
    """A leaderboard row: the player's estimate, or what stopped the player (no figures then)."""
    if isinstance(estimate, StudentFailed):
        figures, status, detail = (math.nan,) * 3, estimate.status, estimate.detail
    else:
        figures, status, detail = (estimate.value, estimate.low, estimate.high), "ok", ""
    row = dict(zip(COLUMNS, (player, kind, games, *figures, status, detail), strict=True))
    return {**row, "failure": estimate if isinstance(estimate, StudentFailed) else None}


def _bot_label(bot: str, students: list[SavedStrategy]) -> str:
    """A bot's name on the leaderboard, told apart from a student of the same name."""
    return f"{bot} (bot)" if any(saved.student == bot for saved in students) else bot


def _mean_score(games: pd.DataFrame) -> Estimate:
    summary = summarise(games)
    return Estimate(summary["mean"], summary["ci_low"], summary["ci_high"], len(games))


def _started(saved: SavedStrategy, time_limit: float) -> StudentProcess:
    return StudentProcess(
        saved.student,
        saved.source,
        saved.function,
        time_limit=time_limit,
        file=saved.file.name,
        imports=(VIEWS[saved.kind],),
    )


def _strategy_tournament(
    students: list[SavedStrategy], bots: Sequence[str], games: int, seed: int | None, time_limit: float
) -> tuple[list[dict], pd.DataFrame]:
    rows, results = [], {}
    for saved in students:
        try:
            with _started(saved, time_limit) as process:
                results[saved.student] = simulate(_Asked(process, "strategy"), games, seed, "classic")
        except StudentFailed as failed:
            rows.append(_row(saved.student, "student", games, failed))
        except DicePokerError as err:  # the engine refused the action: the game's rule is the reason
            rows.append(
                _row(
                    saved.student,
                    "student",
                    games,
                    StudentFailed(
                        saved.student, "illegal action", N_("illegal action: {reason}"), reason=str(err)
                    ),
                )
            )
        else:
            rows.append(_row(saved.student, "student", games, _mean_score(results[saved.student])))
    for bot in bots:
        name = _bot_label(bot, students)
        results[name] = simulate(bot, games, seed, "classic")
        rows.append(_row(name, "bot", games, _mean_score(results[name])))
    head_to_head = TournamentResult(find_game("classic"), games, seed, results).head_to_head.rename_axis(
        "player"
    )
    return rows, head_to_head


def _caller_tournament(
    students: list[SavedStrategy], bots: Sequence[str], games: int, seed: int | None, time_limit: float
) -> tuple[list[dict], pd.DataFrame]:
    failed: dict[str, StudentFailed] = {}
    processes: dict[str, StudentProcess] = {}
    players: dict[str, Bot] = {}
    try:
        for saved in students:
            try:
                processes[saved.student] = _started(saved, time_limit)
            except StudentFailed as failure:
                failed[saved.student] = failure
            else:
                players[saved.student] = CallerBot(_Asked(processes[saved.student], "caller"))
        for bot in bots:
            players[_bot_label(bot, students)] = BLUFF_BOTS[bot]()
        names = [s.student for s in students] + [n for n in players if n not in processes]
        pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]
        wins = pd.DataFrame(0.0, index=pd.Index(names, name="player"), columns=names)
        played = {}
        for pair, child in zip(pairs, game_seeds(seed, len(pairs)), strict=True):
            if failed.keys() & set(pair):
                continue
            try:
                table = bluff_tournament({n: players[n] for n in pair}, games=games, rng=child)
            except StudentFailed as failure:
                failed[failure.student] = failure
                continue
            played[pair] = table
    finally:
        for process in processes.values():
            process.close()
    for a, b in pairs:  # a pair with a failed player (even before it failed): the other wins by forfeit
        if (a, b) in played and not failed.keys() & {a, b}:
            wins.loc[a, b], wins.loc[b, a] = (float(played[a, b].loc[n, "wins"]) for n in (a, b))
        else:
            wins.loc[a, b] = 0.0 if a in failed else games
            wins.loc[b, a] = 0.0 if b in failed else games
    rows = []
    for name in names:
        total, seats = float(wins.loc[name].sum()), games * (len(names) - 1)
        kind = "student" if name in processes or name in failed else "bot"
        rows.append(_row(name, kind, seats, failed.get(name) or wilson_interval(total, seats)))
    rates = wins / games
    for name in names:
        rates.loc[name, name] = math.nan
    return rows, rates


def class_tournament(
    folder: str | os.PathLike[str],
    *,
    kind: str = "strategy",
    games: int | None = None,
    seed: int | None = 0,
    time_limit: float = TIME_LIMIT,
    bots: Sequence[str] | None = None,
) -> ClassTournament:
    """Run the students' saved strategies (or callers) of ``folder`` against each other and the kit's bots.

    ``games`` is each player's number of games (:data:`GAMES`: 100 for strategies; for callers,
    20 with each other player). Each student's function runs in its own process with ``time_limit``
    seconds a decision; one that times out, raises, crashes or answers an illegal action is marked
    in ``status`` and ranked last.
    The same ``seed`` gives the same table. Files that are not saved strategies are refused and listed
    in ``refused``.
    """
    kind = checked_kind(kind)
    games = GAMES[kind] if games is None else games
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise DicePokerError(not_a_number_of_games(games))
    seed = check_seed(seed)
    if isinstance(time_limit, bool) or not isinstance(time_limit, int | float) or not time_limit > 0:
        raise DicePokerError(
            format_message("a time limit is a number of seconds above 0, not {limit}", limit=repr(time_limit))
        )
    bots = BOTS[kind] if bots is None else tuple(bots)
    unknown = [bot for bot in bots if bot not in BOTS[kind]]
    if unknown:
        raise DicePokerError(
            format_message(
                "no bot {bot}; the bots are: {bots}", bot=repr(unknown[0]), bots=", ".join(BOTS[kind])
            )
        )
    students, refused = saved_strategies(folder, kind)
    run = _strategy_tournament if kind == "strategy" else _caller_tournament
    rows, head_to_head = run(students, bots, games, seed, float(time_limit))
    board = pd.DataFrame(rows, columns=COLUMNS)
    board = board.assign(_out=board["status"] != "ok").sort_values(
        ["_out", "mean"], ascending=[True, False], kind="stable"
    )
    board = board.drop(columns="_out").reset_index(drop=True)
    board.index = pd.RangeIndex(1, len(board) + 1, name="rank")
    failures = {row["player"]: row["failure"] for row in rows if row["failure"] is not None}
    return ClassTournament(kind, games, seed, float(time_limit), board, head_to_head, refused, failures)
