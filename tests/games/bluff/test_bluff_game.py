"""The bluff engine: rounds, calls, lives, the winner, information hiding, refusals, saving."""

import json

import numpy as np
import pytest

from dicepoker import Dice, DicePokerError, IllegalActionError, SaveFileError
from dicepoker.games.bluff.engine import Accept, Announce, BluffGame, CallBluff, Phase, Throw
from dicepoker.games.bluff.rules import BLUFF, Hand, best_hand


def random_action(game, rng):
    """A random legal action, calling often enough that rounds end."""
    actions = game.legal_actions()
    if game.phase == Phase.RESPOND:
        return actions[0] if (len(actions) == 1 or rng.random() < 0.4) else actions[1]
    throws = [a for a in actions if isinstance(a, Throw)]
    announces = [a for a in actions if isinstance(a, Announce)]
    if throws and (not announces or rng.random() < 0.5):
        return throws[rng.integers(len(throws))]
    return announces[min(rng.integers(len(announces)), rng.integers(len(announces)))]


def play_randomly(game, rng, stop_after=None):
    steps = 0
    while not game.is_over and (stop_after is None or steps < stop_after):
        game.apply(random_action(game, rng))
        steps += 1
    return game


def set_cup(game, values):
    """Put chosen dice in the cup (a test-only way to stage a position)."""
    game._cup = tuple(values)
    who = game.current_player
    game._seen[who] = (Dice(values), len(game._turns) - 1)


# --- the flow of a round ---------------------------------------------------------------------------
def test_opener_must_roll_then_announce_then_next_player_responds():
    game = BluffGame(players=["Ann", "Bo", "Cy"], seed=1)
    assert game.phase == Phase.ROLL and game.current_player == 0 and game.rolls_left == 3
    assert game.legal_actions() == [Throw()]
    with pytest.raises(IllegalActionError, match="roll the dice first"):
        game.announce("pair of 2s")
    game.roll()
    assert game.rolls_left == 2
    game.announce("pair of 2s")
    assert game.phase == Phase.RESPOND and game.current_player == 1
    assert game.legal_actions() == [CallBluff(), Accept()]


def test_accept_then_up_to_two_rerolls_then_a_strictly_higher_announcement():
    game = BluffGame(players=2, seed=2)
    game.roll()
    game.announce("pair of 4s")
    seen = game.accept()
    assert seen == game.cup and game.rolls_left == 2
    for hand in ("nothing", "pair of 1s", "pair of 4s"):
        with pytest.raises(IllegalActionError, match="strictly higher than pair of 4s"):
            game.announce(hand)
    game.roll(keep=str(game.cup)[:3])
    game.roll(keep="")
    with pytest.raises(IllegalActionError, match="at most 2 times"):
        game.roll()
    game.announce("pair of 5s")
    assert game.current_player == 0 and game.phase == Phase.RESPOND
    assert [t.throws for t in game.turns] == [(5,), (2, 5)]
    assert [t.accepted for t in game.turns] == [False, True]


def test_opener_has_three_rolls_and_keeps_dice():
    game = BluffGame(players=2, seed=3)
    first = game.roll()
    kept = Dice(first.values[:2])
    second = game.roll(keep=kept)
    assert second.contains(kept)
    game.roll(keep=kept)
    with pytest.raises(IllegalActionError, match="at most 3 times"):
        game.roll()
    assert game.turns[0].throws == (5, 3, 3)


def test_call_on_a_true_announcement_costs_the_caller_a_life():
    game = BluffGame(players=["Ann", "Bo"], seed=4)
    game.roll()
    set_cup(game, (6, 6, 6, 2, 2))
    game.announce("full house 6s over 2s")
    result = game.call_bluff()
    assert result.was_true and result.loser == 1 and result.caller == 1 and result.announcer == 0
    assert result.dice == Dice.parse("66622") and result.best == Hand.parse("full house 6s over 2s")
    assert game.lives == (3, 2)
    assert game.current_player == 1 and game.phase == Phase.ROLL and game.cup is None  # loser opens


def test_equal_hand_with_other_kickers_is_true():
    game = BluffGame(players=2, seed=5)
    game.roll()
    set_cup(game, (5, 5, 3, 3, 1))
    game.announce("two pairs 5s and 3s")
    assert game.call_bluff().loser == 1


def test_call_on_a_bluff_costs_the_announcer_a_life():
    game = BluffGame(players=2, seed=4)
    game.roll()
    set_cup(game, (5, 5, 3, 3, 1))
    game.announce("two pairs 6s and 2s")  # the best reading 5s and 3s is lower
    result = game.call_bluff()
    assert not result.was_true and result.loser == 0 and game.lives == (2, 3)
    assert game.current_player == 0


def test_call_after_an_accept_judges_the_last_announcement_on_the_current_dice():
    game = BluffGame(players=3, seed=6)
    game.roll()
    set_cup(game, (1, 2, 4, 4, 6))
    game.announce("pair of 4s")
    game.accept()
    set_cup(game, (4, 4, 4, 2, 6))
    game.announce("three 4s")
    result = game.call_bluff()
    assert result.announcer == 1 and result.caller == 2 and result.loser == 2
    assert [str(t.announcement) for t in result.turns] == ["pair of 4s", "three 4s"]


def test_five_sixes_cannot_be_accepted():
    game = BluffGame(players=2, seed=7)
    game.roll()
    game.announce("five 6s")
    assert game.legal_actions() == [CallBluff()]
    before = game.to_json()
    with pytest.raises(IllegalActionError, match="no hand is higher"):
        game.accept()
    assert game.to_json() == before


def test_a_player_out_of_lives_is_skipped_and_the_next_opens():
    rules = BLUFF.variant(lives=1)
    game = BluffGame(rules, players=["Ann", "Bo", "Cy"], seed=8)
    game.roll()
    set_cup(game, (1, 2, 3, 4, 6))
    game.announce("pair of 6s")
    game.call_bluff()  # Ann bluffed: out
    assert game.lives == (0, 1, 1) and game.alive == (1, 2)
    assert game.current_player == 1  # the loser is out: the next player with lives opens
    game.roll()
    set_cup(game, (1, 1, 3, 4, 6))
    game.announce("pair of 1s")
    assert game.current_player == 2
    game.accept()
    game.announce("pair of 2s")
    assert game.current_player == 1  # Ann, out, is skipped when the cup passes
    result = game.call_bluff()
    assert result.loser == 2 and game.is_over
    assert game.winner == 1 and game.outcome.eliminated == (0, 2) and game.outcome.rounds == 2
    assert game.current_player is None and game.legal_actions() == []
    with pytest.raises(IllegalActionError, match="game is over"):
        game.roll()


@pytest.mark.parametrize("seed", range(60))
def test_whole_random_games_end_with_exactly_one_winner(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 7))
    lives = int(rng.integers(1, 4))
    game = play_randomly(BluffGame(BLUFF.variant(lives=lives), players=n, seed=seed), rng)
    outcome = game.outcome
    assert game.is_over and outcome is not None
    assert [i for i in range(n) if game.lives[i] > 0] == [outcome.winner]
    assert sorted(outcome.eliminated + (outcome.winner,)) == list(range(n))
    assert 0 < game.lives[outcome.winner] <= lives
    # every round cost exactly one life
    assert outcome.rounds == len(game.rounds) == n * lives - game.lives[outcome.winner]
    for r in game.rounds:
        assert r.loser == (r.caller if best_hand(r.dice) >= r.announcement else r.announcer)
        said = [t.announcement for t in r.turns]
        assert all(a < b for a, b in zip(said, said[1:], strict=False))  # strictly rising


# --- information hiding ------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(12))
def test_a_view_never_holds_dice_the_player_has_not_seen(seed):
    rng = np.random.default_rng(100 + seed)
    n = int(rng.integers(2, 6))
    game = BluffGame(players=n, seed=seed)
    observed = [None] * n  # what each player saw this round, tracked by the test
    while not game.is_over:
        action = random_action(game, rng)
        actor = game.current_player
        rounds_before = len(game.rounds)
        result = game.apply(action)
        if isinstance(action, Throw | Accept):
            observed[actor] = result
        if len(game.rounds) > rounds_before:
            observed = [None] * n
        for p in range(n):
            view = game.view(p)
            assert view.seen_dice == observed[p]
            rolling = p == game.current_player and game.phase == Phase.ROLL and game.cup is not None
            assert view.dice == (game.cup if rolling else None)
        # the hidden cup can change without any other player's view changing
        if game.cup is not None:
            others = [p for p in range(n) if not (p == game.current_player and game.phase == Phase.ROLL)]
            before = [game.view(p) for p in others]
            tampered = game.copy()
            tampered._cup = tuple(7 - v for v in game.cup.values)
            assert [tampered.view(p) for p in others] == before


def test_views_of_a_round_in_detail():
    game = BluffGame(players=["Ann", "Bo", "Cy"], seed=9)
    assert all(game.view(p).dice is None and game.view(p).seen_dice is None for p in range(3))
    dice = game.roll()
    assert game.view("Ann").dice == dice and game.view("Bo").dice is None
    game.announce("pair of 1s")
    ann, bo = game.view("Ann"), game.view("Bo")
    assert ann.dice is None and ann.seen_dice == dice and ann.seen_in_turn == 0
    assert bo.seen_dice is None and bo.is_my_turn and bo.may_accept and bo.turns[0].throws == (5,)
    game.accept()
    assert game.view("Bo").dice == dice and game.view("Cy").seen_dice is None
    new = game.roll(keep="")
    game.announce("pair of 2s")
    assert game.view("Ann").seen_dice == dice  # Ann remembers her dice, not Bo's reroll
    assert game.view("Bo").seen_dice == new and game.view("Bo").seen_in_turn == 1
    assert game.view("Cy").last_announcement == Hand.parse("pair of 2s")
    assert game.view("Cy").previous_announcement == Hand.parse("pair of 1s")
    result = game.call_bluff()
    assert game.view("Cy").past_rounds == (result,)  # the lifted cup is public
    assert all(game.view(p).seen_dice is None for p in range(3))  # a new round, a fresh cup


def test_legal_announcements_of_the_view():
    game = BluffGame(players=2, seed=10)
    assert game.view().legal_announcements() == ()
    game.roll()
    assert len(game.view().legal_announcements()) == 72
    game.announce("four 6s")
    assert game.view(0).legal_announcements() == ()
    game.accept()
    assert [str(h) for h in game.view(1).legal_announcements()] == [f"five {f}s" for f in range(1, 7)]
    assert game.legal_announcements() == game.view(1).legal_announcements()


# --- refusals leave the state unchanged --------------------------------------------------------------
def refused_actions(game):
    """Actions the rules forbid in the game's current position."""
    bad = [
        lambda g: g.roll(keep="7"),
        lambda g: g.roll(keep="123456"),
        lambda g: g.announce("pair of 9s"),
        lambda g: g.apply("call"),
        lambda g: g.roll(player=(g.current_player + 1) % 2),
        lambda g: g.roll(held=[True] * 3),
        lambda g: g.roll(keep="1", held=[False] * 5),
        lambda g: g.index("Nobody"),
    ]
    if game.phase == Phase.RESPOND:
        bad += [lambda g: g.roll(), lambda g: g.announce("five 6s")]
    if game.phase == Phase.ROLL:
        bad += [lambda g: g.call_bluff(), lambda g: g.accept()]
        if game.cup is None:
            bad += [lambda g: g.roll(keep="1"), lambda g: g.announce("nothing")]
        else:
            bad += [lambda g: g.roll(keep=g.cup), lambda g: g.roll(held=[True] * 5)]
            if g_last := game.last_announcement:
                bad += [lambda g: g.announce(g_last)]
        if game.rolls_left == 0:
            bad += [lambda g: g.roll()]
    return bad


@pytest.mark.parametrize("seed", range(8))
def test_refused_actions_leave_the_game_unchanged(seed):
    rng = np.random.default_rng(seed)
    game = BluffGame(players=2, seed=seed)
    while not game.is_over:
        before = game.to_json()
        for attempt in refused_actions(game):
            with pytest.raises(DicePokerError):
                attempt(game)
            assert game.to_json() == before
        game.apply(random_action(game, rng))
    for attempt in (lambda g: g.roll(), lambda g: g.call_bluff(), lambda g: g.accept()):
        with pytest.raises(IllegalActionError):
            attempt(game)


@pytest.mark.parametrize(
    "kwargs",
    [{"players": 1}, {"players": 7}, {"players": ["A", "A"]}, {"rules": "classic"}, {"seed": 1, "rng": 1}],
)
def test_bad_games_refused(kwargs):
    if "rng" in kwargs:
        kwargs["rng"] = np.random.default_rng(1)
    with pytest.raises(DicePokerError):
        BluffGame(**kwargs)


# --- saving ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("stop_after", [0, 1, 5, 17, 40, None])
def test_save_and_load_to_the_identical_state(stop_after, tmp_path):
    rng = np.random.default_rng(stop_after or 0)
    game = play_randomly(BluffGame(players=["Ann", "Bo", "Cy"], seed=11), rng, stop_after)
    path = tmp_path / "bluff.json"
    game.save(path)
    loaded = BluffGame.load(path)
    assert loaded.to_json() == game.to_json()
    assert loaded.positions == game.positions and loaded.rounds == game.rounds
    assert [loaded.view(p) for p in range(3)] == [game.view(p) for p in range(3)]
    if not game.is_over:  # both continue with the same dice
        move_rng_a, move_rng_b = np.random.default_rng(5), np.random.default_rng(5)
        play_randomly(game, move_rng_a)
        play_randomly(loaded, move_rng_b)
        assert loaded.to_json() == game.to_json()


def tamper(text, edit):
    data = json.loads(text)
    edit(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d["state"]["lives"].__setitem__(0, 9),
        lambda d: d["state"].__setitem__("cup", [6, 6, 6, 6, 6]),
        lambda d: d["history"][1].__setitem__("hand", "five 6s"),
        lambda d: d["history"][0].__setitem__("held", [True, False, False, False, False]),
        lambda d: d["history"][0].__setitem__("player", 1),
        lambda d: d["history"].append({"player": 0, "action": "dance"}),
        lambda d: d["history"].insert(0, "roll"),
        lambda d: d.__setitem__("version", 99),
        lambda d: d.__setitem__("format", "chess"),
        lambda d: d.pop("rng_start"),
        lambda d: d["rules"].__setitem__("lives", 0),
        lambda d: d["rules"].__setitem__("colour", "red"),
        lambda d: d.__setitem__("players", ["Ann"]),
        lambda d: d["rng_start"].__setitem__("state", {"state": 1, "inc": 3}),
    ],
)
def test_tampered_saves_refused(edit):
    rng = np.random.default_rng(3)
    game = play_randomly(BluffGame(players=["Ann", "Bo"], seed=12), rng, 12)
    with pytest.raises(SaveFileError):
        BluffGame.from_json(tamper(game.to_json(), edit))


@pytest.mark.parametrize("text", ["", "[]", "{not json", "null", '{"format": "dicepoker.bluff_game"}'])
def test_malformed_saves_refused(text):
    with pytest.raises(SaveFileError):
        BluffGame.from_json(text)


def test_missing_file_refused(tmp_path):
    with pytest.raises(SaveFileError):
        BluffGame.load(tmp_path / "nope.json")


def test_actions_read_well():
    assert str(Throw()) == "throw 5" and str(Throw("66")) == "keep 66 and throw 3"
    assert str(Announce("full house 3 over 6")) == "announce full house 3s over 6s"
    assert str(CallBluff()) == "call the bluff" and str(Accept()) == "accept"
    game = BluffGame(players=["Ann", "Bo"], seed=1)
    assert "round 1, Ann to roll" in repr(game)
