"""The advice for the player holding the cup: keeps ranked by what they reach, announcements by their
chance to survive a call, both checked by enumerating every throw."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, product

import pytest

from dicepoker.core.dice import Dice
from dicepoker.games.bluff.odds import keep_prospects, survival_chances
from dicepoker.games.bluff.rules import ALL_HANDS, best_hand


def reach_after_one_throw(keep: tuple[int, ...]) -> list[Fraction]:
    """By enumeration: for each hand (by rank), the chance that keep + one throw holds it or better."""
    throws = list(product(range(1, 7), repeat=5 - len(keep)))
    ranks = [best_hand(Dice(keep + throw)).rank for throw in throws]
    return [Fraction(sum(r >= h for r in ranks), len(throws)) for h in range(len(ALL_HANDS))]


@pytest.mark.parametrize("dice", ["22345", "66612", "13356"])
def test_keep_prospects_with_one_roll_left_match_enumeration(dice):
    table = keep_prospects(dice, rolls_left=1)
    values = Dice.parse(dice).values
    keeps = {tuple(sorted(c)) for n in range(5) for c in combinations(values, n)}
    assert len(table) == len(keeps) + 1  # and keeping all five: stopping
    by_keep = table.set_index("keep")
    for keep in keeps:
        chances = reach_after_one_throw(keep)
        good = [h for h, p in enumerate(chances) if p >= Fraction(1, 2)]
        row = by_keep.loc["-".join(map(str, keep)) or "nothing"]
        assert row["reaches"] == str(ALL_HANDS[good[-1]]) and row["chance"] == chances[good[-1]]
    stop = by_keep.loc["-".join(map(str, sorted(values)))]
    assert stop["reaches"] == str(best_hand(dice)) and stop["chance"] == 1
    ranks = [ALL_HANDS.index(next(h for h in ALL_HANDS if str(h) == r)) for r in table["reaches"]]
    assert ranks == sorted(ranks, reverse=True), "the keeps are ranked by what they reach"


def test_one_die_from_a_straight_is_advised_as_such():
    """2-2-3-4-5 with two rolls: keep 2-3-4-5 (a 1 or a 6 in two throws: 1 - (4/6)**2), not 2-2-3-4-5."""
    top = keep_prospects("22345", rolls_left=2).iloc[0]
    assert top["keep"] == "2-3-4-5" and top["reaches"] == "small straight"
    assert top["chance"] == 1 - Fraction(4, 6) ** 2


def test_announcements_ranked_by_their_chance_to_survive_a_call():
    table = survival_chances("22345", rolls_left=1, above="pair of 6s")
    assert list(table["chance"]) == sorted(table["chance"], reverse=True)
    by_name = table.set_index("announcement")
    # small straight or better with one throw of one die, keeping 2-3-4-5: a 1 or a 6
    assert by_name.loc["small straight", "chance"] >= Fraction(2, 6)
    assert "pair of 2s" not in by_name.index  # only hands above the last announcement
    with_no_roll = survival_chances("22345", rolls_left=0)
    held = with_no_roll[with_no_roll["chance"] == 1]["announcement"]
    assert set(held) == {str(h) for h in ALL_HANDS if h <= best_hand("22345")}
