"""The engine plays `two_part` as fully as `classic`: saving, refusals that change nothing, whole games.

Every score of a random game is checked against a scorer written here from RULES.md alone.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicepoker import DicePokerError, SaveFileError, Score, ScorecardGame, find_game
from dicepoker.games.scorecard.bots import play_turn, simple_bot

TWO_PART = find_game("two_part")
FACES = {"Ones": 1, "Twos": 2, "Threes": 3, "Fours": 4, "Fives": 5, "Sixes": 6}


def rules_md_score(box: str, dice: tuple[int, ...], first_roll: bool) -> int:
    """RULES.md Game 2, written out: part 1 against par 3, part 2 from the dice that make the combination."""
    counts = Counter(dice)
    if box in FACES:
        return (counts[FACES[box]] - 3) * FACES[box]

    def best(n: int) -> int:
        faces = [f for f, c in counts.items() if c >= n]
        return n * max(faces) if faces else 0

    pairs = sorted((f for f, c in counts.items() if c >= 2), reverse=True)
    made = {
        "Pair": best(2),
        "Two Pairs": 2 * (pairs[0] + pairs[1]) if len(pairs) >= 2 else 0,
        "Three of a Kind": best(3),
        "Small Straight": 15 if set(dice) == {1, 2, 3, 4, 5} else 0,
        "Large Straight": 20 if set(dice) == {2, 3, 4, 5, 6} else 0,
        "Full House": sum(dice) if sorted(counts.values()) == [2, 3] else 0,
        "Four of a Kind": best(4),
        "Poker": best(5),
        "Chance": sum(dice),
    }[box]
    if first_roll and box != "Chance":
        made *= 2
    if box == "Poker" and made:
        made += 50
    return made


def test_the_independent_scorer_reads_the_worked_examples():
    assert rules_md_score("Fives", (5, 5, 1, 2, 3), False) == -5
    assert rules_md_score("Sixes", (1, 2, 3, 4, 5), False) == -18
    assert rules_md_score("Pair", (6, 6, 3, 3, 1), False) == 12
    assert rules_md_score("Poker", (4, 4, 4, 4, 4), True) == 90


def refused_unchanged(game: ScorecardGame, action) -> None:
    before, held = game.to_json(), game.held
    with pytest.raises(DicePokerError):
        action()
    assert game.to_json() == before and game.held == held


def test_save_and_load_keep_the_first_roll_double(tmp_path):
    game = ScorecardGame(TWO_PART, players=["Ann", "Bo"], seed=21)
    for _ in range(12):  # both players finish part 1
        play_turn(game, simple_bot)
    game.roll()
    assert game.first_roll
    path = tmp_path / "two_part.json"
    game.save(path)
    again = ScorecardGame.load(path)
    assert again.to_json() == game.to_json() and again.first_roll and again.options() == game.options()
    doubled = {b: p for b, p in game.options().items() if p != TWO_PART.score(b, game.dice)}
    assert all(TWO_PART.box(b).doubles for b in doubled)
    # both copies go on identically: same dice stream, same scores
    for copy in (game, again):
        copy.roll(keep=copy.dice.values[:2])
    assert again.dice == game.dice and not again.first_roll and again.options() == game.options()


def test_stopping_after_the_first_roll_keeps_the_double():
    game = ScorecardGame(TWO_PART, seed=4)
    for _ in range(6):
        play_turn(game, simple_bot)
    dice = game.roll()
    game.roll(keep=dice)  # keep all five: stop
    assert game.first_roll and game.rolls_left == 0
    box = "Chance" if max(dice.counts) < 2 else "Pair"
    assert game.score(box) == rules_md_score(box, dice.values, True)


def test_a_tampered_two_part_save_is_refused():
    game = ScorecardGame(TWO_PART, players=2, seed=2)
    for _ in range(3):
        play_turn(game, simple_bot)
    text = game.to_json().replace('"par": 3', '"par": 2')
    assert text != game.to_json()
    with pytest.raises(SaveFileError):
        ScorecardGame.from_json(text)


@pytest.mark.slow  # ten whole games (3 s)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(1, 2), seed=st.integers(0, 2**32), choices=st.randoms(use_true_random=False))
def test_random_games_with_illegal_attempts(players, seed, choices: random.Random):
    game = ScorecardGame(TWO_PART, players=players, seed=seed)
    turn = 0
    while not game.is_over:
        player, card = game.current_player, dict(game.scorecard())
        part1_open = [b for b in FACES if b not in card]
        # attempts the rules forbid change nothing (tried now and then: each check saves the game twice)
        if choices.random() > 0.3:
            pass
        elif game.dice is None:
            refused_unchanged(game, lambda: game.score("Chance"))
        else:
            if part1_open:
                refused_unchanged(game, lambda: game.score(choices.choice(["Pair", "Poker", "Chance"])))
            if card:
                refused_unchanged(game, lambda card=card: game.score(choices.choice(sorted(card))))
            refused_unchanged(game, lambda: game.roll(keep="66666" if game.dice.count(6) < 5 else "11111"))
            if game.rolls_left == 0:
                refused_unchanged(game, game.roll)
        other = (player + 1) % players
        if players > 1 and choices.random() < 0.1:
            refused_unchanged(game, lambda other=other: game.roll(player=other))
        # a legal action, checked against the rules written out above
        action = choices.choice(game.legal_actions())
        if isinstance(action, Score):
            dice, first = game.dice, game.first_roll
            if part1_open:
                assert action.box in part1_open  # part 1 strictly before part 2
            assert game.apply(action) == rules_md_score(action.box, dice.values, first)
            turn += 1
        else:
            game.apply(action)
        if choices.random() < 0.03:  # a save taken at any moment reloads to the identical state
            assert ScorecardGame.from_json(game.to_json()).to_json() == game.to_json()
    assert turn == 15 * players
    for p, total in enumerate(game.totals()):
        card = game.scorecard(p)
        part1 = sum(card[b] for b in FACES)
        assert total == sum(card.values()) + (50 if part1 >= 0 else 0)
    mean = Fraction(sum(game.totals()), players)
    assert game.settlement() == [t - mean for t in game.totals()] and sum(game.settlement()) == 0
