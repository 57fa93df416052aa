"""Dice and scorecard pictures: pips, held dice, subtotals, bonuses, doubles, settlement, escaping."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from dicepoker import ScorecardGame, find_game
from dicepoker.core.i18n import in_language
from dicepoker.core.pictures import COLOURS, dice_html, die_svg, signed
from dicepoker.games.scorecard.html import game_html, scorecard_html, scorecard_rows

CLASSIC = find_game("classic")
TWO_PART = find_game("two_part")


def row(rows, label):
    (found,) = [r for r in rows if r.label == label]
    return found


@pytest.mark.parametrize("face", range(1, 7))
def test_a_die_shows_as_many_pips_as_its_face(face):
    assert die_svg(face).count("<circle") == face


def test_a_blank_die_has_no_pips_and_bad_values_are_refused():
    assert die_svg(0).count("<circle") == 0
    with pytest.raises(ValueError, match="7"):
        die_svg(7)


def test_held_dice_are_drawn_gold_and_counted():
    page = dice_html([2, 2, 5, 6, 2], held=[True, True, False, False, True])
    assert page.count(f'fill="{COLOURS["held"]}"') == 3
    assert page.count("<circle") == 2 + 2 + 5 + 6 + 2
    with pytest.raises(ValueError, match="held marks 2 dice"):
        dice_html([1, 2, 3], held=[True, False])


def test_dice_repr_html_draws_dice():
    from dicepoker import Dice

    assert Dice.parse("66666")._repr_html_().count('aria-label="die showing 6"') == 5


def full_card(rules, **values):
    """Every box filled: the given values, 0 elsewhere."""
    return {name: values.get(name.replace(" ", "_"), 0) for name in rules.box_names}


def test_classic_upper_bonus_needs_more_than_63():
    # three of each face: 3+6+9+12+15+18 = 63, one short of "more than 63"
    short = {"Ones": 3, "Twos": 6, "Threes": 9, "Fours": 12, "Fives": 15, "Sixes": 18}
    enough = {**short, "Sixes": 24}  # 69
    rows = scorecard_rows(CLASSIC, [short, enough])
    assert [c.text for c in row(rows, "Upper total").cells] == ["63 / 64", "69 / 64"]
    assert [c.text for c in row(rows, "Bonus").cells] == ["0", "35"]
    assert [c.text for c in row(rows, "Total").cells] == ["63", str(69 + 35)]


def test_bonus_cell_stays_empty_while_reachable_and_zero_once_out_of_reach():
    reachable = {"Ones": 0, "Twos": 0, "Threes": 0, "Fours": 0}  # 25 + 30 still possible: 55 < 64
    possible = {"Ones": 0, "Twos": 0, "Threes": 0}  # 20 + 25 + 30 = 75 >= 64
    cells = row(scorecard_rows(CLASSIC, [reachable, possible]), "Bonus").cells
    assert [c.text for c in cells] == ["0", ""]


def test_poker_bonus_and_lower_total_add_up():
    card = full_card(CLASSIC, Poker=50, Chance=22, Full_House=25)
    rows = scorecard_rows(CLASSIC, [card], poker_bonus_points=[200])
    assert row(rows, "Poker bonus").cells[0].text == "200"
    assert row(rows, "Lower total").cells[0].text == str(50 + 22 + 25)
    assert row(rows, "Total").cells[0].text == str(50 + 22 + 25 + 200)


def test_options_show_only_in_the_current_column_and_zero_options_are_kept():
    dice = "33355"
    options = CLASSIC.options(dice, {})
    rows = scorecard_rows(CLASSIC, [{}, {}], options=options, current=1)
    full_house = row(rows, "Full House")
    assert full_house.cells[0].text == "" and full_house.cells[1].text == "25"
    assert full_house.cells[1].kind == "option"
    assert row(rows, "Sixes").cells[1].text == "0"  # no sixes: a legal box scoring 0


def test_two_part_headings_par_progress_and_closed_part_two():
    card = {"Fives": -5, "Sixes": 6}
    options = TWO_PART.options("55512", card, first_roll=True)
    rows = scorecard_rows(TWO_PART, [card], options=options, current=0, first_roll=True)
    labels = [r.label for r in rows if r.kind == "heading"]
    assert labels == ["Part 1 (par 3 of each face)", "Part 2"]
    assert row(rows, "Part 1 total").cells[0].text == "+1"
    # part 2 may not be scored before part 1 is complete
    assert row(rows, "Pair").cells[0].kind == "closed"
    assert row(rows, "Ones").cells[0].text == "\u22122"  # one 1 against a par of three: (1 - 3) x 1


def test_two_part_marks_the_boxes_a_first_roll_score_doubles():
    card = {name: 0 for name in ("Ones", "Twos", "Threes", "Fours", "Fives", "Sixes")}
    options = TWO_PART.options("44441", card, first_roll=True)
    rows = scorecard_rows(TWO_PART, [card], options=options, current=0, first_roll=True)
    # four fours: Four of a Kind 16 doubled, Pair 8 doubled, Chance never doubled
    assert row(rows, "Four of a Kind").cells[0].text == "32 (2×)"
    assert row(rows, "Pair").cells[0].kind == "double"
    assert row(rows, "Chance").cells[0].kind == "option" and row(rows, "Chance").cells[0].text == "17"
    assert row(rows, "Full House").cells[0].kind == "option"  # not there: 0, nothing to double
    later = scorecard_rows(TWO_PART, [card], options=TWO_PART.options("44441", card), current=0)
    assert row(later, "Four of a Kind").cells[0].text == "16"


def test_two_part_settlement_is_total_minus_mean_exactly():
    # part 1 all at par (0 >= 0 earns the 50 bonus); part 2 only Chance
    cards = [full_card(TWO_PART, Chance=c) for c in (10, 20, 31)]
    totals = [60, 70, 81]
    mean = Fraction(sum(totals), 3)
    rows = scorecard_rows(TWO_PART, cards)
    assert [c.text for c in row(rows, "Total").cells] == [str(t) for t in totals]
    assert [c.text for c in row(rows, "Settlement").cells] == [signed(t - mean) for t in totals]
    assert row(rows, "Settlement").cells[0].text == "\u221210.33"  # 60 - 211/3 = -31/3, to two places
    at = rows.index(row(rows, "Settlement"))
    with in_language("ro"):  # the language's decimal sign, never a mixed number among decimal commas
        assert scorecard_rows(TWO_PART, cards)[at].cells[0].text == "\u221210,33"
    assert row(rows, "Total").cells[2].kind == "best"
    # no settlement while boxes are open, none by default in classic
    assert "Settlement" not in [r.label for r in scorecard_rows(TWO_PART, [cards[0], {}])]
    assert "Settlement" not in [r.label for r in scorecard_rows(CLASSIC, [full_card(CLASSIC)] * 2)]


def test_scorecard_html_escapes_names_and_marks_the_current_player():
    page = scorecard_html(CLASSIC, [{}, {}], player_names=["<b>Ann</b>", "Bo & Co"], current=1)
    assert "<b>Ann</b>" not in page and "&lt;b&gt;Ann&lt;/b&gt;" in page
    assert "▶ Bo &amp; Co" in page
    with pytest.raises(ValueError, match="1 player names for 2 scorecards"):
        scorecard_html(CLASSIC, [{}, {}], player_names=["Ann"])


def test_scorecard_html_has_one_row_per_box_and_summary():
    page = scorecard_html(CLASSIC, [{}], player_names=["Ann"])
    for name in CLASSIC.box_names:
        assert f">{name}</td>" in page
    assert len(re.findall(r"<tr", page)) == 1 + len(scorecard_rows(CLASSIC, [{}]))


def test_game_html_shows_dice_turn_and_winner():
    game = ScorecardGame("classic", players=["Ann", "Bo"], seed=2)
    assert "no dice rolled yet" in game_html(game)
    dice = game.roll()
    page = game._repr_html_()
    assert page.count("<svg") == 5
    for v in set(dice):
        assert page.count(f'aria-label="die showing {v}"') == dice.count(v)
    assert "Round 1 of 15 · Ann&#x27;s turn · 2 rolls left" in page
