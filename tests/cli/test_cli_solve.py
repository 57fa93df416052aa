"""``python -m dicepoker solve`` and ``simulate``."""

from __future__ import annotations

import json

import pytest
from solver_helpers import session_cache_dir, solved  # noqa: F401

from dicepoker import find_game
from dicepoker.cli.main import main
from dicepoker.games.scorecard.analysis.lab import simulate
from dicepoker.games.scorecard.solver import cache as solver_cache
from dicepoker.games.scorecard.solver.tables import rule_tables


def run_json(capsys, *argv):
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_solve_json(capsys):
    result = run_json(capsys, "solve", "--game", "two_part", "--json")
    assert set(result) == {"game", "expected_score", "states", "seconds"}
    assert result["game"] == "two_part"
    assert result["expected_score"] == pytest.approx(solved("two_part").expected_score, abs=1e-12)
    assert result["states"] == rule_tables(find_game("two_part")).count_states()[0]
    assert result["seconds"] >= 0


def test_solve_published_value_from_the_command_line(capsys):
    result = run_json(capsys, "solve", "--game", "yahtzee", "--json")
    assert round(result["expected_score"], 4) == 254.5877


def test_solve_with_another_threshold(capsys):
    default = run_json(capsys, "solve", "--game", "two_part", "--json")["expected_score"]
    harder = run_json(capsys, "solve", "--game", "two_part", "--upper-bonus-threshold", "10", "--json")
    variant = find_game("two_part").variant(upper_bonus_threshold=10)
    assert harder["expected_score"] == pytest.approx(solved(variant).expected_score, abs=1e-12)
    assert harder["expected_score"] < default  # a harder bonus is worth less


def test_no_cache_solves_afresh_and_leaves_the_cache_as_it_was(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv(solver_cache.CACHE_ENV, str(tmp_path))
    run_json(capsys, "solve", "--game", "two_part", "--no-cache", "--json")
    assert list(tmp_path.iterdir()) == []  # nothing written
    run_json(capsys, "solve", "--game", "two_part", "--json")  # (from memory: the file may not exist)
    rules = find_game("two_part")
    solver_cache.save(solved(rules))
    path = solver_cache.cache_path(rules)
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    result = run_json(capsys, "solve", "--game", "two_part", "--no-cache", "--json")
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before
    assert [p.name for p in tmp_path.iterdir()] == [path.name]
    assert result["expected_score"] == pytest.approx(solved(rules).expected_score, abs=1e-12)


def test_simulate_json_is_seeded(capsys):
    argv = (
        "simulate",
        "--game",
        "yatzy",
        "--strategy",
        "heuristic",
        "--games",
        "30",
        "--seed",
        "4",
        "--json",
    )
    result = run_json(capsys, *argv)
    assert set(result) == {"mean", "std", "quantiles"}
    totals = simulate("heuristic", games=30, seed=4, rules="yatzy")["total"]
    assert result["mean"] == pytest.approx(totals.mean())
    assert result["std"] == pytest.approx(totals.std())
    assert result["quantiles"]["50%"] == pytest.approx(totals.median())
    assert result["quantiles"]["0%"] == totals.min() and result["quantiles"]["100%"] == totals.max()
    assert run_json(capsys, *argv) == result


def test_text_output(capsys):
    assert main(["solve", "--game", "two_part"]) == 0
    assert "optimal play scores 164.9110 on average" in capsys.readouterr().out
    assert main(["simulate", "--game", "yatzy", "--strategy", "random", "--games", "5", "--seed", "1"]) == 0
    assert "random on yatzy, 5 games (seed 1): mean" in capsys.readouterr().out


def test_bad_input_is_refused(capsys):
    with pytest.raises(SystemExit) as refused:
        main(["simulate", "--game", "yatzy", "--games", "0", "--json"])
    assert refused.value.code == 2
    assert "argument --games: '0' is not a whole number of at least 1" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["solve", "--game", "bluff"])
    with pytest.raises(SystemExit):
        main(["simulate", "--strategy", "lucky"])
