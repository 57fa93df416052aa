"""The class tournament: students' saved strategies, each in its own process, against the kit's bots.

A class of students written here as student code: one reasonable, one that loops forever, one that
raises, one that returns an illegal action. The tournament must return, mark and rank the failures
last, give the same table for the same seed, and give the bots their known figures.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from dicepoker.core.actions import Keep
from dicepoker.core.errors import DicePokerError
from dicepoker.core.stats import mean_interval, wilson_interval
from dicepoker.games.bluff.bots import ReasoningBot, view_probability_true
from dicepoker.games.bluff.rules import Hand
from dicepoker.games.scorecard.bots import heuristic, optimal
from dicepoker.games.scorecard.engine import Score
from dicepoker.games.scorecard.hints import hint
from dicepoker.lessons.class_record import join_class, leave_class
from dicepoker.lessons.class_tournament import COLUMNS, class_tournament
from dicepoker.lessons.saved_strategies import read_saved, save_strategy, saved_strategies, strategy_source
from dicepoker.lessons.student_process import StudentFailed, StudentProcess

THRESHOLD = 20
CALL_FROM = "three 1s"


# --- the students' code ----------------------------------------------------------------------------
def collector(view):
    options = view.options()
    if view.rolls_left > 0 and max(options.values(), default=0) < THRESHOLD:
        counts = {face: list(view.dice).count(face) for face in set(view.dice)}
        face = max(counts, key=lambda f: (counts[f], f))
        return Keep([face] * counts[face])
    return Score(max(options, key=options.get))


def forever(view):
    while True:
        pass


def raises(view):
    raise ValueError("no idea")


def illegal(view):
    return Score("Nonsense")


def careful(view):
    return view.last_announcement >= Hand.parse(CALL_FROM)


def caller_says_yes(view):
    return "yes"


@pytest.fixture(scope="module")
def strategy_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("class")
    for function, student in [(collector, "Ann"), (forever, "Bo"), (raises, "Cy"), (illegal, "Di")]:
        save_strategy(function, folder, student=student)
    return folder


@pytest.fixture(scope="module")
def strategy_result(strategy_folder: Path):
    return class_tournament(strategy_folder, games=12, seed=3, time_limit=1, bots=("greedy", "random"))


# --- saving ----------------------------------------------------------------------------------------
def test_saving_writes_the_source_with_what_it_needs(tmp_path: Path) -> None:
    file = save_strategy(collector, tmp_path, student="Ann")
    assert file == tmp_path / "strategies" / "Ann.strategy.json"
    saved = read_saved(file)
    assert (saved.student, saved.kind, saved.function) == ("Ann", "strategy", "collector")
    assert "from dicepoker.core.actions import Keep" in saved.source
    assert "from dicepoker.games.scorecard.engine import Score" in saved.source
    assert "THRESHOLD = 20" in saved.source
    namespace: dict = {}
    exec(saved.source, namespace)  # the saved source alone rebuilds the function
    assert namespace["collector"].__code__.co_code == collector.__code__.co_code


def test_saving_uses_the_class_joined(tmp_path: Path) -> None:
    join_class(tmp_path, student="Eve")
    try:
        assert save_strategy(careful, kind="caller").name == "Eve.caller.json"
    finally:
        leave_class()
    with pytest.raises(DicePokerError, match="join a class first"):
        save_strategy(careful, kind="caller")


def _two_arguments(view, extra):
    return None


def _uses_a_helper(view):
    return heuristic_helper(view)


def heuristic_helper(view):
    return None


def _passes_optimal_on(view):
    return optimal(view)


def _asks_the_reasoning_bot(view):
    return ReasoningBot().should_call(view)


def _asks_for_a_hint(view):
    return hint(view).choices[0].action


def _weighs_the_chance(view):
    return view_probability_true(view) < 0.5


@pytest.mark.parametrize(
    ("function", "message"),
    [
        (heuristic, "the package's own code"),
        (optimal, "the package's own code"),
        (lambda view: None, "a `lambda` cannot be saved"),
        (_two_arguments, "must take one argument, the view"),
        (_uses_a_helper, "heuristic_helper from elsewhere in your notebook"),
        (_passes_optimal_on, "uses optimal, the package's own players"),
        (_asks_the_reasoning_bot, "uses ReasoningBot, the package's own players"),
        (_asks_for_a_hint, "uses hint, the package's own players"),
        ("def f(view): pass", "pass the function itself"),
        (print, "save a function written with `def`, not builtin"),
    ],
)
def test_saving_refuses_what_is_not_a_students_function(tmp_path: Path, function, message: str) -> None:
    with pytest.raises(DicePokerError, match=message):
        save_strategy(function, tmp_path, student="Ann")
    assert not (tmp_path / "strategies").exists()


def test_saving_allows_what_a_player_knows_from_the_bots_module(tmp_path: Path) -> None:
    source = read_saved(save_strategy(_weighs_the_chance, tmp_path, student="Ann", kind="caller")).source
    assert source.startswith("from dicepoker.games.bluff.bots import view_probability_true\n")


def test_saving_refuses_an_unreadable_source_and_a_closure(tmp_path: Path) -> None:
    namespace: dict = {}
    exec("def typed(view):\n    return 1\n", namespace)  # no file holds its source
    with pytest.raises(DicePokerError, match="cannot be read"):
        strategy_source(namespace["typed"])
    limit = 3

    def inner(view):
        return view > limit

    with pytest.raises(DicePokerError, match="from the function around it"):
        strategy_source(inner)


def test_saving_refuses_a_bad_kind_or_name_and_anothers_file(tmp_path: Path) -> None:
    with pytest.raises(DicePokerError, match="kind is one of strategy, caller"):
        save_strategy(collector, tmp_path, student="Ann", kind="bot")
    with pytest.raises(DicePokerError, match="a student's name"):
        save_strategy(collector, tmp_path, student="../Ann")
    file = save_strategy(collector, tmp_path, student="Ann")
    data = json.loads(file.read_text())
    other = {**data, "student": "Bo"}
    from dicepoker.core.saving import sealed

    content = {k: v for k, v in other.items() if k not in ("format", "version", "checksum")}
    file.write_text(json.dumps(sealed("dicepoker.saved-strategy", 1, content)))
    with pytest.raises(DicePokerError, match="belongs to Bo"):
        save_strategy(collector, tmp_path, student="Ann")


@pytest.mark.parametrize(
    "damage",
    [
        lambda text: text[: len(text) // 2],  # cut short
        lambda text: text.replace("collector(view)", "collector(view, extra)"),  # edited by hand
        lambda text: "",
        lambda text: json.dumps([1, 2]),
    ],
)
def test_a_malformed_saved_file_is_refused_whole(tmp_path: Path, damage) -> None:
    file = save_strategy(collector, tmp_path, student="Ann")
    file.write_text(damage(file.read_text()))
    with pytest.raises(DicePokerError, match="not a saved strategy"):
        read_saved(file)
    found, refused = saved_strategies(tmp_path)
    assert found == [] and list(refused) == ["Ann.strategy.json"]


def test_a_saved_file_whose_source_is_not_the_function_is_refused(tmp_path: Path) -> None:
    from dicepoker.core.saving import sealed

    data = sealed(
        "dicepoker.saved-strategy",
        1,
        {"student": "Ann", "kind": "strategy", "function": "f", "source": "print('hi')\n"},
    )
    (tmp_path / "strategies").mkdir()
    (tmp_path / "strategies" / "Ann.strategy.json").write_text(json.dumps(data))
    found, refused = saved_strategies(tmp_path)
    assert found == [] and "does not hold the function f" in refused["Ann.strategy.json"]


# --- the student's process -------------------------------------------------------------------------
def test_a_students_process_answers_and_is_stopped_when_it_loops() -> None:
    source = "def f(view):\n    while view > 5:\n        pass\n    return view > 2\n"
    with StudentProcess("Ann", source, "f", time_limit=0.5) as process:
        assert (process.ask(3), process.ask(1)) == (True, False)
        with pytest.raises(StudentFailed) as failed:
            process.ask(9)
        assert failed.value.status == "timed out"
        with pytest.raises(StudentFailed) as failed:  # a stopped process never answers again
            process.ask(1)
        assert failed.value.status == "crashed"


def test_a_student_process_that_raises_on_start_or_exits_is_reported() -> None:
    with pytest.raises(StudentFailed, match="raised ModuleNotFoundError"):
        StudentProcess("Ann", "import no_such_module\ndef f(view):\n    return 1\n", "f", time_limit=1)
    with StudentProcess(
        "Ann", "import os\ndef f(view):\n    print('hi')\n    os._exit(3)\n", "f", time_limit=5
    ) as p:
        with pytest.raises(StudentFailed) as failed:
            p.ask(1)
        assert failed.value.status == "crashed"


# --- the strategy tournament -----------------------------------------------------------------------
@pytest.mark.slow
def test_the_tournament_survives_and_ranks_the_failures_last(strategy_result) -> None:
    board = strategy_result.leaderboard
    assert list(board.columns) == ["player", "kind", "games", "mean", "low", "high", "status", "detail"]
    assert list(board.index) == [1, 2, 3, 4, 5, 6]
    status = dict(zip(board["player"], board["status"], strict=True))
    assert status == {
        "Ann": "ok",
        "greedy": "ok",
        "random": "ok",
        "Bo": "timed out",
        "Cy": "raised",
        "Di": "illegal action",
    }
    assert set(board["player"].iloc[-3:]) == {"Bo", "Cy", "Di"}
    detail = dict(zip(board["player"], board["detail"], strict=True))
    assert detail["Cy"] == "raised ValueError: no idea"
    assert detail["Bo"] == "timed out: no answer within 1 s"
    assert "Nonsense" in detail["Di"]
    finished = board[board["status"] == "ok"]
    assert list(finished["mean"]) == sorted(finished["mean"], reverse=True)
    assert ((finished["low"] <= finished["mean"]) & (finished["mean"] <= finished["high"])).all()
    assert board[board["status"] != "ok"][["mean", "low", "high"]].isna().all().all()


@pytest.mark.slow
def test_every_score_is_the_players_own_on_the_same_seeded_games(strategy_result) -> None:
    """Checked against an independent replay: the lab's simulate with the function in this process."""
    from dicepoker.games.scorecard.analysis.lab import simulate

    board = strategy_result.leaderboard.set_index("player")
    for player, strategy in (("Ann", collector), ("greedy", "greedy"), ("random", "random")):
        totals = simulate(strategy, 12, 3, "classic")["total"].to_numpy(dtype=float)
        estimate = mean_interval(totals)
        assert board.loc[player, "mean"] == pytest.approx(estimate.value)
        assert (board.loc[player, "low"], board.loc[player, "high"]) == pytest.approx(
            (estimate.low, estimate.high)
        )
    assert strategy_result.head_to_head.loc["greedy", "random"] == 1.0


@pytest.mark.slow
def test_the_same_seed_gives_the_same_table(strategy_folder: Path, strategy_result) -> None:
    again = class_tournament(strategy_folder, games=12, seed=3, time_limit=1, bots=("greedy", "random"))
    assert again.leaderboard.equals(strategy_result.leaderboard)
    assert again.head_to_head.equals(strategy_result.head_to_head)


@pytest.mark.slow
def test_the_optimal_bot_scores_what_the_solver_says(tmp_path: Path) -> None:
    from dicepoker.lessons.exercise_bank.lesson_04 import classic_solution

    result = class_tournament(tmp_path, games=16, seed=1, bots=("optimal",))
    (row,) = result.leaderboard.to_dict("records")
    assert row["low"] <= classic_solution().expected_score <= row["high"]


def test_the_figure_and_the_page(strategy_result) -> None:
    fig = strategy_result.figure()
    assert [trace.name for trace in fig.data] == ["students", "the kit's bots", "did not finish"]
    assert list(fig.data[2].y) == ["Bo", "Cy", "Di"]
    assert "timed out" in fig.data[2].text[0]
    assert fig.layout.title.text.startswith("The class tournament of strategies")
    assert "Ann" in strategy_result._repr_html_()
    assert fig.to_dict()  # a figure plotly accepts whole


def test_the_figure_speaks_the_class_language(strategy_result) -> None:
    fig = strategy_result.figure(lang="ro")
    assert not fig.layout.title.text.startswith("The class tournament")
    assert list(fig.data[2].hovertext[:2]) == [
        "timpul a expirat: niciun răspuns în 1 s",
        "a ridicat ValueError: no idea",
    ]


# --- the caller tournament ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def caller_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("callers")
    for function, student in [
        (careful, "Ann"),
        (forever, "Bo"),
        (raises, "Cy"),
        (caller_says_yes, "Di"),
    ]:
        save_strategy(function, folder, student=student, kind="caller")
    return folder


@pytest.mark.slow
def test_the_caller_tournament_counts_forfeits_and_ranks_the_failures_last(caller_folder: Path) -> None:
    result = class_tournament(caller_folder, kind="caller", games=6, seed=2, time_limit=1)
    board = result.leaderboard.set_index("player")
    assert dict(board["status"]) == {
        "reasoning": "ok",
        "naive": "ok",
        "Ann": "ok",
        "random": "ok",
        "Bo": "timed out",
        "Cy": "raised",
        "Di": "illegal action",
    }
    assert list(result.leaderboard["player"].iloc[-3:]) == ["Bo", "Cy", "Di"]
    assert board.loc["Di", "detail"] == "a caller returns True or False, not 'yes'"
    assert (board["games"] == 36).all()  # 6 games against each of the six others
    rates = result.head_to_head
    for player in ("reasoning", "naive", "Ann", "random"):
        assert (rates.loc[player, ["Bo", "Cy", "Di"]] == 1.0).all()  # the forfeits
        wins = round(board.loc[player, "mean"] * 36)
        assert wins == round(rates.loc[player].sum() * 6)
        estimate = wilson_interval(wins, 36)
        assert (board.loc[player, "low"], board.loc[player, "high"]) == pytest.approx(
            (estimate.low, estimate.high)
        )
    for a in rates.index:  # every game between two players has one winner
        for b in rates.columns:
            if a != b:
                assert rates.loc[a, b] + rates.loc[b, a] == pytest.approx(1.0) or {a, b} <= {"Bo", "Cy", "Di"}
    assert math.isnan(rates.loc["Ann", "Ann"])
    again = class_tournament(caller_folder, kind="caller", games=6, seed=2, time_limit=1)
    assert again.leaderboard.equals(result.leaderboard)


def test_the_caller_pairs_are_the_bluff_tournaments_own(tmp_path: Path) -> None:
    """With bots alone, each pair's games are exactly bluff_tournament's with that pair's seed."""
    from dicepoker.games.bluff.bots import NaiveBot, ReasoningBot, bluff_tournament

    result = class_tournament(tmp_path, kind="caller", games=8, seed=5, bots=("reasoning", "naive"))
    (child,) = np.random.SeedSequence(5).spawn(1)
    table = bluff_tournament(
        {"reasoning": ReasoningBot(), "naive": NaiveBot()}, games=8, rng=np.random.default_rng(child)
    )
    board = result.leaderboard.set_index("player")
    assert board.loc["reasoning", "mean"] == table.loc["reasoning", "win_rate"]
    assert board.loc["naive", "mean"] == table.loc["naive", "win_rate"]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"kind": "poker"}, "kind is one of"),
        ({"games": 0}, "games must be a whole number"),
        ({"seed": -1}, "a seed is a whole number"),
        ({"time_limit": 0}, "a time limit is a number of seconds"),
        ({"bots": ("clever",)}, "no bot 'clever'"),
        ({"kind": "caller", "bots": ("greedy",)}, "no bot 'greedy'"),
    ],
)
def test_bad_arguments_are_refused(tmp_path: Path, arguments: dict, message: str) -> None:
    with pytest.raises(DicePokerError, match=message):
        class_tournament(tmp_path, **arguments)


def test_a_missing_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DicePokerError, match="is not a folder"):
        class_tournament(tmp_path / "nowhere")


def tires(view, calls=[]):  # noqa: B006 - the student's own memory of the calls made
    calls.append(1)
    while len(calls) > 25:
        pass
    return True


@pytest.mark.slow
def test_a_student_who_fails_later_forfeits_the_games_already_played(tmp_path: Path) -> None:
    """Every game with a student who failed counts as the other's, even a pair played before."""
    from dicepoker.games.bluff.bots import CallerBot, NaiveBot, bluff_tournament

    calls = []
    first, _, _ = np.random.SeedSequence(4).spawn(3)
    bluff_tournament(
        {"Tia": CallerBot(lambda view: calls.append(1) or True), "naive": NaiveBot()},
        games=6,
        rng=np.random.default_rng(first),
    )
    assert 0 < len(calls) <= 25  # Tia answers every call of the first pair, then tires in the second
    save_strategy(tires, tmp_path, student="Tia", kind="caller")
    result = class_tournament(
        tmp_path, kind="caller", games=6, seed=4, time_limit=1, bots=("naive", "reasoning")
    )
    board = result.leaderboard.set_index("player")
    assert board.loc["Tia", "status"] == "timed out"
    assert result.head_to_head.loc["naive", "Tia"] == 1.0 and result.head_to_head.loc["Tia", "naive"] == 0.0
    assert board.loc["naive", "mean"] * 12 == 6 + result.head_to_head.loc["naive", "reasoning"] * 6


def test_a_student_named_like_a_bot_keeps_the_name(tmp_path: Path) -> None:
    save_strategy(collector, tmp_path, student="random")
    board = class_tournament(tmp_path, games=2, bots=("random",)).leaderboard
    assert dict(zip(board["player"], board["kind"], strict=True)) == {
        "random": "student",
        "random (bot)": "bot",
    }


def test_the_command_line_prints_the_leaderboard_and_the_files_refused(tmp_path: Path, capsys) -> None:
    from dicepoker.cli.main import main

    (tmp_path / "strategies").mkdir()
    (tmp_path / "strategies" / "Bo.strategy.json").write_text("{")
    assert main(["tournament", str(tmp_path), "--games", "2", "--bots", "random,heuristic"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split() == ["rank", *COLUMNS]
    assert "refused Bo.strategy.json: Bo.strategy.json is not a saved strategy" in out
    assert main(["tournament", str(tmp_path), "--games", "2", "--bots", "random", "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out.splitlines()[0])
    assert (row["rank"], row["player"], row["status"]) == (1, "random", "ok")
    assert main(["tournament", str(tmp_path / "nowhere")]) == 2
    assert "is not a folder" in capsys.readouterr().err
