"""The board game engine on hand-built boards: cells, lucky sums, bouncers, series, winning, saves."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicepoker import DicePokerError, IllegalActionError, InvalidDiceError, SaveFileError
from dicepoker.core.dice import Dice
from dicepoker.games.board.engine import BoardGame, Bounce, Keep, PassTurn, Place, Roll, sub_dice
from dicepoker.games.board.rules import BOARD

A, B, C = 0, 1, 2


def board_with(
    chips: dict[tuple[int, int], int], *, players: int = 2, to_move: int = 0, series=None, rules=BOARD
):
    """A game on a board with the given chips (cell -> player), ``to_move`` to play."""
    rows = [["."] * 9 for _ in range(9)]
    rows[4][4] = "*"
    for (r, c), player in chips.items():
        rows[r][c] = "ABC"[player]
    text = "\n".join(" ".join(row) for row in rows)
    return BoardGame.from_board(text, rules, players, to_move=to_move, series=series, rng=0)


def line(start: tuple[int, int], step: tuple[int, int], n: int = 5) -> list[tuple[int, int]]:
    return [(start[0] + step[0] * i, start[1] + step[1] * i) for i in range(n)]


def snapshot(game: BoardGame) -> str:
    return game.to_json()


# --- which cells the dice take ----------------------------------------------------------------------
def test_33355_takes_the_cells_of_fh_t3_p3_p5_and_35():
    game = BoardGame(rng=0)
    game.roll(result="33355")
    labels = [BOARD.label(c) for c in game.takeable_cells()]
    # 12 FH + 2 T3 + 1 P3 + 1 P5 + 2 "35" cells, from RULES.md's example
    assert sorted(set(labels)) == ["35", "FH", "P3", "P5", "T3"]
    assert len(labels) == 12 + 2 + 1 + 1 + 2


def test_a_taken_cell_is_no_longer_takeable():
    game = board_with({(1, 4): B})  # one of the two "35" cells
    game.roll(result="33355")
    assert (1, 4) not in game.takeable_cells() and (7, 4) in game.takeable_cells()


@pytest.mark.parametrize(("dice", "label"), [("11113", "L7"), ("11126", "L11"), ("12233", "L11")])
def test_lucky_seven_and_eleven(dice, label):
    assert sum(map(int, dice)) == int(label[1:])
    game = BoardGame(rng=0)
    game.roll(result=dice)
    assert set(BOARD.cells_of(label)) <= set(game.takeable_cells())
    game.place(BOARD.cells_of(label)[0])
    assert game.owner(BOARD.cells_of(label)[0]) == A


def test_straights_take_s_cells_and_a_small_straight_does_not():
    for dice in ("12345", "23456"):
        game = BoardGame(rng=0)
        game.roll(result=dice)
        assert set(game.takeable_cells()) == set(BOARD.cells_of("S"))  # sums 15 and 20: not lucky
    game = BoardGame(rng=0)
    game.roll(result="12346")  # 1-2-3-4 only, sum 16: nothing on the board
    assert game.takeable_cells() == ()


def test_five_of_a_kind_takes_any_empty_cell():
    game = board_with({(0, 0): B, (2, 2): A})
    game.roll(result="66666")
    assert len(game.takeable_cells()) == 80 - 2
    game.place((0, 2))  # a "56" cell, which 66666 does not hold
    assert game.owner((0, 2)) == A


def test_a_turn_with_nothing_to_take_passes_and_only_then():
    game = BoardGame(rng=0)
    game.roll(result="12456")
    assert game.takeable_cells() == ()
    assert game.legal_actions()[-1] == PassTurn()
    game.pass_turn()
    assert (game.current_player, game.turn, game.chips(A)) == (B, 2, ())
    game.roll(result="11456")
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="a turn passes only when no cell can be taken"):
        game.pass_turn()
    assert snapshot(game) == before


# --- rolling ----------------------------------------------------------------------------------------
def test_three_rolls_holds_and_keeps():
    game = BoardGame(rng=5)
    game.roll(result="61636")
    game.toggle_hold(0)
    game.toggle_hold(2)
    game.roll(result="245")
    assert game.positions == (6, 2, 6, 4, 5)
    game.roll(keep="66", result="666")  # keep the two sixes, throw three
    assert game.positions == (6, 6, 6, 6, 6) and game.rolls_left == 0
    with pytest.raises(IllegalActionError, match="at most 3 rolls"):
        game.roll()
    with pytest.raises(IllegalActionError, match="no rolls left"):
        game.toggle_hold(1)


def test_keeping_all_five_stops_rolling():
    game = BoardGame(rng=1)
    game.roll(result="33355")
    game.apply(Keep("33355"))
    assert game.dice == Dice.parse("33355") and game.rolls_left == 0


def test_legal_actions_list_every_distinct_keep_and_every_cell():
    game = BoardGame(rng=0)
    assert game.legal_actions() == [Roll()]
    game.roll(result="33355")
    actions = game.legal_actions()
    keeps = [a for a in actions if isinstance(a, Keep)]
    assert len(keeps) == 4 * 3  # 0..3 threes times 0..2 fives
    assert {a.cell for a in actions if isinstance(a, Place)} == set(game.takeable_cells())
    assert sub_dice(Dice.parse("12345")) and len(sub_dice(Dice.parse("12345"))) == 2**5


# --- refusals leave the state unchanged ---------------------------------------------------------------
def test_every_refused_action_names_the_rule_and_changes_nothing():
    game = board_with({(0, 1): B, (2, 2): A}, to_move=A)
    game.roll(result="33355")
    game.toggle_hold(0)
    before = snapshot(game)
    refusals = [
        (lambda: game.place((0, 1)), IllegalActionError, "already occupied by Player 2"),
        (lambda: game.place((4, 4)), IllegalActionError, "free centre"),
        (lambda: game.place((0, 0)), IllegalActionError, r"do not hold S \(straight"),
        (lambda: game.place((9, 0)), IllegalActionError, "off the board"),
        (lambda: game.place("a1"), IllegalActionError, "a cell is"),
        (lambda: game.place((1, 4), player=B), IllegalActionError, "it is Player 1's turn, not Player 2's"),
        (lambda: game.bounce((0, 1)), IllegalActionError, "no bouncer"),
        (lambda: game.pass_turn(), IllegalActionError, "passes only when"),
        (lambda: game.roll(keep="66"), InvalidDiceError, "cannot keep 66 from 33355"),
        (lambda: game.roll(keep="7"), InvalidDiceError, "not one of 1..6"),
        (lambda: game.roll(result="12"), InvalidDiceError, "4 dice are thrown"),
        (lambda: game.roll(result="1239"), InvalidDiceError, "not one of 1..6"),
        (lambda: game.toggle_hold(5), IllegalActionError, "not one of 0..4"),
        (lambda: game.apply("place"), IllegalActionError, "not a board game action"),
        (lambda: game.series(7), IllegalActionError, "no player 7: the players are 0..1"),
    ]
    for act, error, message in refusals:
        with pytest.raises(error, match=message):
            act()
        assert snapshot(game) == before, message


def test_nothing_before_the_first_roll():
    game = BoardGame(rng=0)
    before = snapshot(game)
    for act in (lambda: game.place((1, 1)), lambda: game.pass_turn(), lambda: game.toggle_hold(0)):
        with pytest.raises(IllegalActionError, match="roll"):
            act()
    with pytest.raises(IllegalActionError, match="nothing to keep before the first roll"):
        game.roll(keep="66")
    assert snapshot(game) == before


# --- series -------------------------------------------------------------------------------------------
DIRECTIONS = {
    "horizontal": ((2, 1), (0, 1)),
    "vertical": ((0, 7), (1, 0)),
    "diagonal": ((0, 3), (1, 1)),
    "anti-diagonal": ((1, 8), (1, -1)),
}


@pytest.mark.parametrize("direction", list(DIRECTIONS))
def test_five_in_a_row_in_each_direction_is_a_series(direction):
    start, step = DIRECTIONS[direction]
    cells = line(start, step)
    assert (4, 4) not in cells
    game = board_with({c: A for c in cells[:4]})
    game.roll(result="66666")  # five of a kind: any cell
    game.place(cells[4])
    [series] = game.series(A)
    assert (series.cells, series.direction) == (tuple(cells), direction)
    assert set(cells) <= game.protected_cells()
    assert not game.is_over  # two players need two series


@pytest.mark.parametrize("step", [(0, 1), (1, 0), (1, 1), (1, -1)])
def test_the_free_centre_counts_for_every_player(step):
    cells = line((4 - 2 * step[0], 4 - 2 * step[1]), step)
    assert cells[2] == (4, 4)
    chips = [c for c in cells if c != (4, 4)]
    for player in (A, B):
        game = board_with({c: player for c in chips[:3]}, to_move=player)
        game.roll(result="11111")
        game.place(chips[3])
        assert [s.cells for s in game.series(player)] == [tuple(cells)]


def test_the_first_chip_that_completes_the_row_matters_not_the_order():
    cells = line((8, 0), (0, 1))
    game = board_with({cells[0]: A, cells[1]: A, cells[3]: A, cells[4]: A})
    game.roll(result="66666")
    game.place(cells[2])  # the gap in the middle
    assert [s.cells for s in game.series(A)] == [tuple(cells)]


def test_no_series_with_a_gap_or_an_opponent_chip():
    cells = line((0, 1), (1, 1))
    game = board_with({cells[0]: A, cells[1]: A, cells[2]: A, cells[4]: B})
    game.roll(result="66666")
    game.place(cells[3])
    assert game.series(A) == ()
    game = board_with({cells[0]: A, cells[1]: A})
    game.roll(result="66666")
    game.place(cells[3])
    assert game.series(A) == ()


def test_second_series_crossing_the_first_wins_with_two_players():
    first = line((2, 0), (0, 1))  # row 2, columns 0..4
    second = line((0, 2), (1, 0))  # column 2, rows 0..4: shares (2, 2) with the first
    chips = {c: A for c in first + second[:-1]}
    game = board_with(chips, series={A: [first]})
    game.roll(result="66666")
    game.place(second[-1])
    assert len(game.series(A)) == 2
    assert game.is_over and game.winner == A and game.outcome.reason == "Player 1 completed 2 series"


def test_extending_the_first_series_on_its_line_is_no_second_series():
    first = line((0, 0), (0, 1))
    game = board_with({c: A for c in first + [(0, 5), (0, 6), (0, 7)]}, series={A: [first]})
    game.roll(result="66666")
    game.place((0, 8))  # (0, 4)..(0, 8) has four chips outside the first, but it is the same line
    assert len(game.series(A)) == 1 and not game.is_over


def test_a_second_series_through_the_centre_needs_four_new_chips():
    first = line((2, 2), (0, 1))  # row 2, columns 2..6
    through = line((2, 4), (1, 0))  # column 4, rows 2..6: shares (2, 4), has the centre: 3 new chips
    chips = {c: A for c in first}
    chips.update({c: A for c in through if c != (4, 4)})
    chips.pop((6, 4))
    game = board_with(chips, series={A: [first]})
    game.roll(result="66666")
    game.place((6, 4))
    assert len(game.series(A)) == 1 and not game.is_over
    # one further chip down the column: rows 3..7 has four chips, none in the first series
    game.roll(result="11111")  # Player 2 places somewhere harmless
    game.place((8, 8))
    game.roll(result="66666")
    game.place((7, 4))
    assert [s.cells for s in game.series(A)][1] == tuple(line((3, 4), (1, 0)))
    assert game.winner == A


def test_two_series_crossing_at_the_free_centre_share_no_chip():
    first = line((4, 2), (0, 1))
    second = line((2, 4), (1, 0))
    chips = {c: A for c in first + second if c != (4, 4)}
    chips.pop((6, 4))
    game = board_with(chips, series={A: [first]})
    game.roll(result="66666")
    game.place((6, 4))
    assert game.winner == A


def test_one_chip_completing_two_crossing_rows_counts_twice():
    across = line((0, 0), (0, 1))
    down = line((0, 2), (1, 0))
    chips = {c: A for c in across + down if c != (0, 2)}
    game = board_with(chips)
    game.roll(result="66666")
    game.place((0, 2))
    assert len(game.series(A)) == 2 and game.winner == A


def test_one_series_wins_with_three_players():
    cells = line((8, 4), (0, 1))
    game = board_with({c: C for c in cells[1:]}, players=3, to_move=C)
    assert game.rules.series_to_win == 1
    game.roll(result="66666")
    game.place(cells[0])
    assert game.winner == C and game.outcome.reason == "Player 3 completed 1 series"


def test_hand_built_series_are_checked():
    first = line((0, 0), (0, 1))
    with pytest.raises(DicePokerError, match="is not theirs"):
        board_with({c: A for c in first[:4]}, series={A: [first]})
    with pytest.raises(DicePokerError, match="in a row"):
        board_with({(0, 0): A, (0, 2): A}, series={A: [[(0, 0), (0, 2)]]})
    same_line = line((0, 4), (0, 1))
    with pytest.raises(DicePokerError, match="second-series rule"):
        board_with({c: A for c in first + same_line}, series={A: [first, same_line]})


# --- bouncers -----------------------------------------------------------------------------------------
def _all_cells_of(label: str, players=(A, B)) -> dict[tuple[int, int], int]:
    return {cell: players[i % len(players)] for i, cell in enumerate(BOARD.cells_of(label))}


def test_a_straight_bounces_once_every_straight_cell_is_occupied():
    chips = _all_cells_of("S")  # A on (0,0), (8,0); B on (0,8), (8,8)
    chips[(3, 3)] = B
    game = board_with(chips)
    game.roll(result="23456")
    assert game.bouncers() == ("S",)
    assert set(game.bounce_targets()) == {(0, 8), (8, 8), (3, 3)}
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="your own chip"):
        game.bounce((0, 0))
    with pytest.raises(IllegalActionError, match="no chip to remove"):
        game.bounce((5, 5))
    assert snapshot(game) == before
    game.bounce((3, 3))
    assert game.owner((3, 3)) is None and game.current_player == B and game.chips(A) == ((0, 0), (8, 0))


def test_no_bouncer_while_a_straight_cell_is_free():
    chips = _all_cells_of("S")
    chips.pop((8, 8))
    chips[(3, 3)] = B
    game = board_with(chips)
    game.roll(result="12345")
    assert game.bouncers() == () and game.bounce_targets() == ()
    with pytest.raises(IllegalActionError, match="no bouncer"):
        game.bounce((3, 3))
    game.place((8, 8))


def test_a_full_house_bounces_once_all_twelve_are_occupied_and_may_still_place():
    game = board_with(_all_cells_of("FH"))
    game.roll(result="22244")
    assert game.bouncers() == ("FH",)
    assert {BOARD.label(c) for c in game.takeable_cells()} == {"T2", "P2", "P4", "24"}
    assert {game.owner(c) for c in game.bounce_targets()} == {B}
    game.place(BOARD.cells_of("T2")[0])  # placing instead of bouncing is allowed


def test_the_bouncer_cannot_remove_a_chip_of_a_completed_series():
    row = line((1, 0), (0, 1))  # B's series; (1, 1) is a full-house cell in it
    chips = {c: B for c in row}
    chips.update({c: A for c in BOARD.cells_of("FH") if c not in row})
    chips[(8, 2)] = B
    game = board_with(chips, series={B: [row]})
    game.roll(result="55566")
    assert game.bouncers() == ("FH",)
    assert game.bounce_targets() == ((8, 2),)
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="belongs to a completed series and can never be removed"):
        game.bounce((1, 1))
    assert snapshot(game) == before
    game.apply(Bounce((8, 2)))
    assert game.owner((8, 2)) is None


# --- the end of the game --------------------------------------------------------------------------------
def test_a_game_without_a_winner_after_max_turns_is_a_draw():
    game = BoardGame(BOARD.variant(max_turns=4), rng=3)
    for _ in range(4):
        game.roll(result="12456")
        game.pass_turn()
    assert game.is_over and game.outcome.is_draw and game.winner is None
    assert game.outcome.turns == 4 and "after 4 turns" in game.outcome.reason
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.roll()
    assert snapshot(game) == before and game.legal_actions() == []


def test_players_by_names_or_number():
    game = BoardGame(players=["Reds", "Blues", "Greens"], rng=0)
    assert game.rules.players == 3 and game.player_names[2] == "Greens"
    with pytest.raises(DicePokerError, match="must differ"):
        BoardGame(players=["Ann", "Ann"])
    with pytest.raises(DicePokerError, match="2 or 3 players"):
        BoardGame(players=4)
    with pytest.raises(DicePokerError, match="board rules"):
        BoardGame("classic")


def test_same_seed_same_dice():
    one, two = BoardGame(rng=11), BoardGame(rng=11)
    assert [one.roll() for _ in range(3)] == [two.roll() for _ in range(3)]


# --- saving and loading -----------------------------------------------------------------------------------
def _mid_game() -> BoardGame:
    first = line((2, 0), (0, 1))
    game = board_with({**{c: A for c in first}, (5, 5): B, (7, 1): B}, series={A: [first]}, to_move=B)
    game.roll(result="33355")
    game.toggle_hold(1)
    return game


def test_save_and_load_give_the_identical_state_and_future(tmp_path):
    game = _mid_game()
    path = tmp_path / "board.json"
    game.save(path)
    loaded = BoardGame.load(path)
    assert loaded.to_json() == game.to_json()
    assert loaded.board_text() == game.board_text() and loaded.series(A) == game.series(A)
    assert loaded.held == game.held and loaded.history == game.history
    assert loaded.roll() == game.roll()  # the dice generator is restored too


def _resigned(state: dict) -> str:
    from dicepoker.core.saving import checksum as _checksum

    state = {k: v for k, v in state.items() if k != "checksum"}
    state["checksum"] = _checksum(state)
    return json.dumps(state)


def test_tampered_or_malformed_saves_are_refused():
    good = json.loads(_mid_game().to_json())
    edited = json.loads(json.dumps(good))
    edited["state"]["board"][0][0] = 1
    with pytest.raises(SaveFileError, match="changed by hand"):
        BoardGame.from_json(json.dumps(edited))
    cases = {
        "chip on the centre": lambda s: s["start"]["board"][4].__setitem__(4, 0),
        "series not theirs": lambda s: s["start"]["board"][2].__setitem__(0, 1),
        "unknown player": lambda s: s["start"]["board"][0].__setitem__(0, 5),
        "too many rolls": lambda s: s["state"].__setitem__("rolls_used", 4),
        "dice without a roll": lambda s: s["state"].__setitem__("rolls_used", 0),
        "bad die": lambda s: s["state"].__setitem__("positions", [3, 3, 3, 5, 9]),
        "held before a roll": lambda s: (
            s["state"].__setitem__("positions", None),
            s["state"].__setitem__("rolls_used", 0),
        ),
        "bad layout": lambda s: s["rules"]["layout"][0].__setitem__(0, "ZZ"),
        "players": lambda s: s.__setitem__("players", ["solo"]),
        "rng": lambda s: s["rng_start"].__setitem__("bit_generator", "Evil"),
        "history": lambda s: s["history"][0]["action"].__setitem__("type", "teleport"),
        "turns": lambda s: s["state"].__setitem__("turns_played", -1),
    }
    for name, change in cases.items():
        state = json.loads(json.dumps(good))
        change(state)
        with pytest.raises(SaveFileError):
            BoardGame.from_json(_resigned(state))
        assert name
    for text in ("", "not json", "[1, 2]", json.dumps({**good, "format": "dicepoker.other"})):
        with pytest.raises(SaveFileError):
            BoardGame.from_json(text)
    with pytest.raises(SaveFileError, match="unknown version"):
        BoardGame.from_json(json.dumps({**good, "version": 99}))
    with pytest.raises(SaveFileError, match="cannot read"):
        BoardGame.load("/no/such/file.json")


def test_text_and_repr():
    game = _mid_game()
    text = game.board_text().splitlines()
    assert text[2].split() == ["A"] * 5 + ["."] * 4 and text[4].split()[4] == "★"
    assert "Player 2 to play" in repr(game)
    assert isinstance(game.copy(), BoardGame) and game.copy().to_json() == game.to_json()


# --- any sequence of actions, legal or not, keeps the state sound ----------------------------------------
cells = st.tuples(st.integers(-1, 9), st.integers(-1, 9))
die_values = st.lists(st.integers(0, 7), min_size=0, max_size=6)
actions = st.one_of(
    st.tuples(st.just("roll"), die_values, die_values),
    st.tuples(st.just("hold"), st.integers(-1, 5)),
    st.tuples(st.just("place"), cells),
    st.tuples(st.just("bounce"), cells),
    st.tuples(st.just("pass")),
    st.tuples(st.just("five"), st.integers(1, 6)),  # a five of a kind, to fill the board quickly
)


def _act(game: BoardGame, action: tuple) -> None:
    match action:
        case ("roll", keep, result):
            game.roll(keep=keep or None, result=result or None)
        case ("hold", position):
            game.toggle_hold(position)
        case ("place", cell):
            game.place(cell)
        case ("bounce", cell):
            game.bounce(cell)
        case ("pass",):
            game.pass_turn()
        case ("five", face):
            if game.dice is None:
                game.roll(result=[face] * 5)
            elif game.takeable_cells():
                game.place(game.takeable_cells()[0])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(actions, max_size=60), st.integers(0, 3))
def test_refused_actions_change_nothing_and_accepted_ones_keep_the_rules(script, seed):
    game = BoardGame(BOARD.variant(max_turns=40), rng=seed)
    for action in script:
        before = game.to_json()
        try:
            _act(game, action)
        except DicePokerError:
            assert game.to_json() == before, action
        else:
            assert game.owner(BOARD.centre) is None
            assert 0 <= game.rolls_used <= 3 and (game.dice is None) == (game.rolls_used == 0)
            for player in range(2):
                for series in game.series(player):
                    assert all(c == BOARD.centre or game.owner(c) == player for c in series.cells)
            if game.is_over:
                assert game.outcome.is_draw or len(game.series(game.winner)) >= 2
    assert BoardGame.from_json(game.to_json()).to_json() == game.to_json()
