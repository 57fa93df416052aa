"""The ``odds`` subcommand and the per-game odds tables behind it."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest

from dicepoker import combinations_of, find_game
from dicepoker.cli.main import main
from dicepoker.games.bluff.categories import BLUFF_CATEGORIES
from dicepoker.odds.one_roll import one_roll_probability
from dicepoker.odds.tables import game_odds, game_odds_table, one_roll_table
from dicepoker.odds.turn import within_three_probability

GAMES = ("classic", "yatzy", "two_part", "bluff", "board")

BOARD_LABELS = (
    [f"P{f}" for f in range(1, 7)]
    + [f"{a}{b}" for a in range(1, 7) for b in range(a + 1, 7)]
    + [f"T{f}" for f in range(1, 7)]
    + [f"K{f}" for f in range(1, 7)]
    + ["FH", "S", "L7", "L11"]
)


def expected_names(game: str) -> list[str]:
    if game == "bluff":
        return list(BLUFF_CATEGORIES)
    if game == "board":
        return BOARD_LABELS
    return list(find_game(game).box_names)


@pytest.mark.parametrize("game", GAMES)
def test_json_lists_every_combination_exactly(game, capsys):
    assert main(["odds", "--game", game, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == game
    names = [c["name"] for c in data["combinations"]]
    assert names == expected_names(game)
    rules = find_game(game) if game not in ("bluff", "board") else None
    for entry in data["combinations"]:
        name = entry["name"]
        assert set(entry) == {"name", "one_roll", "within_three"}
        p, q = entry["one_roll"].split("/")
        one_roll = Fraction(int(p), int(q))
        assert one_roll.numerator == int(p) and one_roll.denominator == int(q)  # reduced
        if game == "two_part" and not rules.box(name).doubles:
            assert one_roll == 0  # part 1 and Chance never score doubled
        else:
            assert one_roll == one_roll_probability(name, game)
        assert isinstance(entry["within_three"], float)
        exact = within_three_probability(name, game)
        assert entry["within_three"] == pytest.approx(float(exact), rel=1e-12, abs=1e-15)


def test_two_part_one_roll_is_the_chance_of_a_doubled_score():
    odds = {o.name: o for o in game_odds("two_part")}
    assert odds["Poker"].one_roll == Fraction(6, 7776)
    assert odds["Full House"].one_roll == Fraction(300, 7776)
    assert odds["Chance"].one_roll == 0 and odds["Chance"].within_three == 1
    assert odds["Sixes"].one_roll == 0
    assert odds["Sixes"].within_three == within_three_probability("Sixes", "two_part")


def test_readable_table(capsys):
    assert main(["odds", "--game", "classic"]) == 0
    out = capsys.readouterr().out
    assert "Full House" in out and "25/648" in out and "4.603%" in out
    assert main(["odds", "--game", "two_part"]) == 0
    assert "doubled score" in capsys.readouterr().out


def test_unknown_game_is_refused(capsys):
    with pytest.raises(SystemExit) as err:
        main(["odds", "--game", "chess"])
    assert err.value.code == 2
    assert "invalid choice: 'chess'" in capsys.readouterr().err


def test_module_runs_from_the_shell():
    out = subprocess.run(
        [sys.executable, "-m", "dicepoker", "odds", "--game", "yatzy", "--json"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    data = json.loads(out)
    assert data["combinations"][-1] == {
        "name": "Yatzy",
        "one_roll": "1/1296",
        "within_three": float(Fraction(2_783_176, 6**10)),
    }


def test_odds_table_columns_and_simulation():
    table = game_odds_table("bluff", n=50_000, rng=5)
    assert table.index.tolist() == [c.name for c in combinations_of("bluff")]
    assert table.index.name == "combination"
    assert list(table.columns[:4]) == [
        "one_roll_exact",
        "one_roll",
        "within_three_exact",
        "within_three",
    ]
    assert (table["one_roll"] == table["one_roll_exact"].astype(float)).all()
    inside = (table["simulated"] - table["one_roll"]).abs() <= table["ci_95"] + 1e-12
    assert inside.sum() >= 8
    inside = (table["simulated_within_three"] - table["within_three"]).abs() <= table[
        "ci_95_within_three"
    ] + 1e-12
    assert inside.sum() >= 8
    plain = game_odds_table("two_part", simulate=False)
    assert "simulated" not in plain and plain["doubles"].sum() == 8
    assert "doubled score" in plain.attrs["note"]


def test_one_roll_table_three_ways_agree():
    table = one_roll_table("classic", n=100_000, rng=8)
    assert (table["formula"] == table["enumeration"]).all()
    assert table["interval holds it"].sum() >= 13
    board = one_roll_table("board", n=1000, rng=0)
    assert "formula" not in board and board.index.name == "combination"
