"""The advisor widget: a position set up by clicking gives the advisor's ranking of that position."""

from __future__ import annotations

from dicepoker.games.scorecard.advisor import advise
from dicepoker.games.scorecard.advisor_widget import FILLED, OPEN, advisor
from dicepoker.games.scorecard.position import parse_position, possible_scores


def test_clicking_sets_up_the_position_and_the_ranking_follows():
    ui = advisor("classic")
    assert ui.notation() == "dice: 12345; rolls: 2"
    for _ in range(5):
        ui.dice_buttons[0].click()  # 1 -> 2 -> ... -> 6
    assert ui.dice_values[0] == 6 and ui.notation().startswith("dice: 23456")
    ui.rolls.value = 0
    ui.box_choosers["Large Straight"].value = 40
    ui.box_choosers["Ones"].value = 3
    assert ui.notation() == "filled: Ones 3, Large Straight 40; dice: 23456; rolls: 0"
    want = advise("classic", ui.notation())
    assert [c.label for c in ui.advice.choices] == [c.label for c in want.choices]
    assert [c.expected for c in ui.advice.choices] == [c.expected for c in want.choices]
    assert ui.advice.best.label == "score Small Straight (30)" and "dp-advice" in ui.result.value
    assert ui.upper.disabled and ui.upper.value == 3
    ui.close()


def test_a_box_only_filled_asks_for_the_upper_total_and_the_poker_flag():
    ui = advisor("classic", "dice: 66666; rolls: 0")
    assert ui.poker50.layout.display == "none"
    ui.box_choosers["Poker"].value = FILLED
    assert ui.poker50.layout.display == "flex" and "poker50: no" in ui.notation()
    ui.poker50.value = True
    assert ui.advice.position.poker_holds and "bonus" in ui.advice.best.label  # 100 points more
    ui.box_choosers["Sixes"].value = FILLED
    assert not ui.upper.disabled
    ui.upper.value = 5
    assert ui.advice is None and "upper total of 5 cannot happen" in ui.last_message
    ui.upper.value = 24
    assert ui.advice is not None and ui.advice.position == parse_position("classic", ui.notation())
    ui.close()


def test_box_choices_are_the_possible_scores():
    ui = advisor("two_part")
    for name, chooser in ui.box_choosers.items():
        values = [v for _, v in chooser.options]
        assert values[:2] == [OPEN, FILLED] and set(values[2:]) == possible_scores(ui.rules, name)
    ui.close()
