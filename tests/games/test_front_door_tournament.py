"""The front door's ``tournament`` is every game's (issue 24): the README's call shape still gives the
scorecard lab's result, and ``tournament(game, players)`` gives bluff and board the same shape."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import dicepoker as dp
from dicepoker.core.stats import wilson_interval, z_for
from dicepoker.games.scorecard.analysis.lab import TournamentResult

README = Path(__file__).resolve().parents[2] / "README.md"


def readme_tournament_calls() -> list[ast.Call]:
    """Every ``dp.tournament(...)`` call the README shows, parsed."""
    lines = [line for line in README.read_text(encoding="utf-8").splitlines() if "dp.tournament(" in line]
    calls = [ast.parse(re.sub(r"\s+#.*$", "", line.strip()), mode="eval").body for line in lines]
    assert calls, "the README shows a tournament"
    return calls  # type: ignore[return-value]


@pytest.mark.parametrize("call", readme_tournament_calls(), ids=ast.unparse)
def test_each_readme_tournament_call_shape_runs(call: ast.Call) -> None:
    """The README's call, as written but with 3 games so the test is quick."""
    for keyword in call.keywords:
        if keyword.arg == "games":
            keyword.value = ast.Constant(3)
    expression = ast.fix_missing_locations(ast.Expression(call))
    result = eval(compile(expression, "README.md", "eval"), {"dp": dp})
    assert isinstance(result, TournamentResult)
    players = ast.literal_eval(call.args[0])
    assert list(result.summary.index) == players and list(result.head_to_head.columns) == players
    assert {"mean", "ci_low", "ci_high"} <= set(result.summary.columns)


def test_the_game_first_gives_the_same_scorecard_tournament() -> None:
    by_rules = dp.tournament(["heuristic", "random"], games=4, seed=2, rules="yatzy")
    by_game = dp.tournament("yatzy", ["heuristic", "random"], games=4, seed=2)
    assert by_rules.summary.equals(by_game.summary)
    with pytest.raises(dp.DicePokerError, match="not both"):
        dp.tournament("yatzy", ["random"], games=2, rules="classic")


@pytest.mark.parametrize(
    "game, players", [("bluff", ["naive", "random", "reasoning"]), ("board", ["probability", "random"])]
)
def test_bluff_and_board_tournaments_have_the_same_shape(game: str, players: list[str]) -> None:
    games = 6
    result = dp.tournament(game, players, games=games, seed=3)
    summary, h2h = result.summary, result.head_to_head
    assert list(summary.index) == players and list(h2h.index) == players == list(h2h.columns)
    for name, row in summary.iterrows():
        assert row["games"] == games * (len(players) - 1)
        assert row["wins"] + row["draws"] + row["losses"] == row["games"]
        interval = wilson_interval(int(row["wins"]), int(row["games"]), z_for(0.95))
        assert (row["ci_low"], row["ci_high"]) == pytest.approx((interval.low, interval.high))
        assert row["win_rate"] == pytest.approx(row["wins"] / row["games"])
        # its win rates against each opponent, weighted alike, make its whole win rate
        assert h2h.loc[name].drop(name).mean() == pytest.approx(row["win_rate"])
    again = dp.tournament(game, players, games=games, seed=3)
    assert again.summary.equals(summary)  # seeded: the same games


def test_an_unknown_bot_is_refused_by_name() -> None:
    with pytest.raises(dp.DicePokerError, match="no bot 'clever'; the bots are: reasoning, naive, random"):
        dp.tournament("bluff", ["naive", "clever"], games=2)
