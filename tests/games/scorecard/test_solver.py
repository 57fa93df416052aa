"""The solver: published optimal expectations, tiny games against brute force, the rules' tables."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import numpy as np
import pytest
from solver_helpers import TINY, brute_force, session_cache_dir, solved  # noqa: F401

from dicepoker import DicePokerError, find_game
from dicepoker.core.dice import Dice, all_rolls
from dicepoker.games.scorecard.solver.solve import solve
from dicepoker.games.scorecard.solver.tables import dice_tables, options_from_tables, rule_tables
from dicepoker.games.scorecard.solver.upper_game import solve_upper_game


# --- published values ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("game", "joker", "published"),
    [
        ("yahtzee", None, 254.5877),  # official forced joker (yatzy-solver's american+forced-joker)
        ("yahtzee", "free", 254.5896),  # Verhoeff, "How to maximize your score in solitaire Yahtzee"
        ("yatzy", None, 248.4400),  # Scandinavian Yatzy with two different pairs (not 248.63)
    ],
)
def test_published_optimal_expectations(game, joker, published):
    rules = find_game(game) if joker is None else find_game(game).variant(joker=joker)
    assert round(solved(rules).expected_score, 4) == published


def test_yahtzee_reachable_states_counted_independently():
    # upper totals reachable from each set of filled upper boxes, capped at 63, by enumeration
    reachable = 0
    for filled in product((0, 1), repeat=6):
        totals = {0}
        for face, is_filled in zip(range(1, 7), filled, strict=True):
            if is_filled:
                totals = {min(63, t + c * face) for t in totals for c in range(6)}
        reachable += len(totals)
    assert reachable * 2**7 == 357_632  # the number of reachable states, as Glenn and Verhoeff count them
    no_bit = find_game("yahtzee").variant(poker_bonus=0, joker="none")
    assert rule_tables(no_bit).count_states()[0] == 357_632
    # with the bit "the Yahtzee box holds 50", scorecards with that box filled count twice
    assert rule_tables(find_game("yahtzee")).count_states()[0] == 357_632 * 3 // 2


# --- tiny games against brute force --------------------------------------------------------------
@pytest.mark.parametrize("name", list(TINY))
def test_tiny_games_agree_with_brute_force_in_every_state(name):
    rules = TINY[name]
    exact = brute_force(rules)
    solution = solve(rules, progress=False, cache=False)
    assert solution.expected_score == pytest.approx(exact[frozenset()], abs=1e-9)
    for scorecard, value in exact.items():
        assert solution.future_value(dict(scorecard)) == pytest.approx(value, abs=1e-9), dict(scorecard)


def test_small_upper_game_by_hand():
    # two dice, one roll, Fives and Sixes: with one box left its value is 2 dice x 1/6 x face
    last_fives, last_sixes = Fraction(2 * 5, 6), Fraction(2 * 6, 6)
    total = Fraction(0)
    for a, b in product(range(1, 7), repeat=2):
        fives, sixes = (a == 5) + (b == 5), (a == 6) + (b == 6)
        total += Fraction(1, 36) * max(5 * fives + last_sixes, 6 * sixes + last_fives)
    game = solve_upper_game(faces=(5, 6), dice=2, rolls=1)
    assert game.expected_score == total
    assert game.value((6,)) == last_fives and game.value((5, 6)) == 0


def test_small_upper_game_with_five_dice_matches_the_solver():
    boxes = tuple(find_game("yatzy").box(b) for b in ("Fives", "Sixes"))
    rules = find_game("yatzy").variant(name="fives_sixes", boxes=boxes, poker_box=None)
    exact = solve_upper_game(faces=(5, 6), dice=5, rolls=3).expected_score
    assert solve(rules, progress=False, cache=False).expected_score == pytest.approx(float(exact), abs=1e-12)


# --- the solver's tables read the rules correctly -------------------------------------------------
def scorecards(rules, rng, n=16):
    """Scorecards that exercise the rules: empty, the poker box with 0 or its score, random ones."""
    cards = [{}]
    poker = rules.poker_box
    if poker:
        full = rules.score(poker, "66666")
        cards += [{poker: 0}, {poker: full}]
        for face in range(1, 7):
            upper = rules.upper_boxes[face - 1].name
            cards += [{poker: full, upper: 3 * face}, {poker: 0, upper: face}]
    if rules.upper_first:
        cards.append({b.name: 0 for b in rules.upper_boxes})
    for _ in range(n):
        k = int(rng.integers(1, len(rules.boxes)))
        chosen = rng.choice(len(rules.boxes), size=k, replace=False)
        rolls = all_rolls()
        cards.append(
            {rules.boxes[i].name: rules.score(rules.boxes[i], rolls[rng.integers(252)]) for i in chosen}
        )
    return cards


@pytest.mark.parametrize("game", ["classic", "yahtzee", "yahtzee free", "yatzy", "two_part"])
def test_tables_agree_with_rules_options_for_every_roll(game):
    name, *joker = game.split()
    rules = find_game(name).variant(joker=joker[0]) if joker else find_game(name)
    tables = rule_tables(rules)
    rng = np.random.default_rng(4)
    for filled in scorecards(rules, rng):
        for dice in all_rolls():
            for first in (False, True):
                expected = (rules.options(dice, filled, first), rules.poker_bonus_for(dice, filled))
                assert options_from_tables(tables, filled, dice, first) == expected, (filled, dice, first)


def test_upper_totals_capped_and_pruned():
    classic = rule_tables(find_game("classic"))
    assert (classic.u_lo, classic.u_hi) == (0, 64)  # "more than 63": the cap is 64
    two_part = rule_tables(find_game("two_part"))
    assert (two_part.u_lo, two_part.u_hi) == (-63, 42)  # par 3: six faces from -3f to +2f
    # with only Sixes filled the upper total is a multiple of 6
    sixes_only = 1 << 5
    yahtzee = rule_tables(find_game("yahtzee"))
    totals = np.flatnonzero(yahtzee.reachable[yahtzee.upper_class[sixes_only]]) + yahtzee.u_lo
    assert totals.tolist() == [0, 6, 12, 18, 24, 30]


def test_dice_tables_one_die_at_a_time():
    t = dice_tables()
    for k, keep in enumerate(t.keeps[:210]):
        assert [t.keeps[c] for c in t.child[k]] == [keep + Dice([f]) for f in range(1, 7)]
    assert len(t.keeps_in_roll[t.roll_index[Dice.parse("12345")]]) == 32
    assert len(t.keeps_in_roll[t.roll_index[Dice.parse("66666")]]) == 6


def test_solution_refuses_impossible_scorecards_and_other_games():
    solution = solved("yahtzee")
    with pytest.raises(DicePokerError, match="cannot happen"):
        solution.future_value({"Sixes": 7})
    with pytest.raises(DicePokerError, match="not a scorecard game"):
        solve("bluff", progress=False)


def test_solution_values_at_the_end_are_the_upper_bonus():
    solution = solved("yahtzee")
    names = solution.rules.box_names
    full = dict.fromkeys(names, 0)
    assert solution.future_value(full) == 0
    assert solution.future_value({**full, "Sixes": 30, "Fives": 25, "Fours": 8}) == 35
    assert solution.expected_final({**full, "Sixes": 30, "Fives": 25, "Fours": 8}, 100) == 198


# --- the disk cache -----------------------------------------------------------------------------
@pytest.fixture
def tiny_cache(tmp_path, monkeypatch):
    """A private cache directory and a tiny rule set not yet in memory."""
    from dicepoker.games.scorecard.solver import cache as solver_cache

    monkeypatch.setenv(solver_cache.CACHE_ENV, str(tmp_path))
    rules = TINY["classic joker and bonuses"]
    solver_cache.forget(rules)
    yield rules, solver_cache
    solver_cache.forget(rules)


def test_cache_written_then_loaded_identically(tiny_cache):
    rules, cache = tiny_cache
    first = solve(rules, progress=False)
    path = cache.cache_path(rules)
    assert not first.from_cache and path.exists()
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary files left behind
    cache.forget(rules)
    again = solve(rules, progress=False)
    assert again.from_cache and again.expected_score == first.expected_score
    assert np.array_equal(again.values, first.values, equal_nan=True)
    assert (again.states, again.turns) == (first.states, first.turns)


def test_cache_key_is_the_rules_content_and_the_version(tiny_cache):
    rules, cache = tiny_cache
    other = rules.variant(upper_bonus_threshold=7)
    assert cache.cache_path(rules) != cache.cache_path(other)
    assert rules.fingerprint() in cache.cache_path(rules).name
    import dicepoker

    assert f"v{dicepoker.__version__}" in cache.cache_path(rules).name


def _damage_garbage(path, rules, cache):
    path.write_bytes(b"not a value table")


def _damage_truncate(path, rules, cache):
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def _damage_values(path, rules, cache):
    with np.load(path) as data:
        values, meta = data["values"].copy(), data["meta"]
    values.flat[0] += 1.0  # a single changed value: the checksum no longer matches
    with open(path, "wb") as f:
        np.savez(f, values=values, meta=meta)


def _damage_foreign(path, rules, cache):
    other = rules.variant(upper_bonus_threshold=8)
    cache.forget(other)
    solve(other, progress=False)
    path.write_bytes(cache.cache_path(other).read_bytes())  # a valid file, but of another rule set


def _npz_with(path, **members: bytes) -> None:
    """Rewrite the cache file with the given raw .npy members (the others kept)."""
    import zipfile

    with zipfile.ZipFile(path) as old:
        kept = {name: old.read(name) for name in old.namelist()}
    kept.update({f"{name}.npy": data for name, data in members.items()})
    with zipfile.ZipFile(path, "w") as new:
        for name, data in kept.items():
            new.writestr(name, data)


def _npy(array: np.ndarray) -> bytes:
    import io

    buffer = io.BytesIO()
    np.save(buffer, array)
    return buffer.getvalue()


def _damage_deep_metadata(path, rules, cache):
    _npz_with(path, meta=_npy(np.array("[" * 100_000 + "]" * 100_000)))


def _damage_huge_header(path, rules, cache):
    import io

    header = io.BytesIO()  # a header claiming 2**42 floats (32 TiB), followed by almost nothing
    np.lib.format.write_array_header_1_0(header, {"descr": "<f8", "fortran_order": False, "shape": (2**42,)})
    _npz_with(path, values=header.getvalue() + b"\0" * 64)


def _damage_huge_metadata_header(path, rules, cache):
    import io

    header = io.BytesIO()  # metadata claiming to be a string of 2**40 characters
    np.lib.format.write_array_header_1_0(header, {"descr": f"<U{2**40}", "fortran_order": False, "shape": ()})
    _npz_with(path, meta=header.getvalue())


@pytest.mark.parametrize(
    "damage",
    [
        _damage_garbage,
        _damage_truncate,
        _damage_values,
        _damage_foreign,
        _damage_deep_metadata,
        _damage_huge_header,
        _damage_huge_metadata_header,
    ],
)
def test_corrupt_or_foreign_cache_is_detected_and_rebuilt(tiny_cache, damage):
    rules, cache = tiny_cache
    good = solve(rules, progress=False)
    path = cache.cache_path(rules)
    cache.forget(rules)
    damage(path, rules, cache)
    with pytest.warns(UserWarning, match="ignoring the cached value table"):
        rebuilt = solve(rules, progress=False)
    assert not rebuilt.from_cache and rebuilt.expected_score == good.expected_score
    cache.forget(rules)
    assert cache.load(rules).from_cache  # the file was rewritten, and is trusted again


def test_a_fifo_at_the_cache_path_is_replaced_not_waited_on(tiny_cache):
    from bad_input_helpers import fifo_at

    rules, cache = tiny_cache
    good = solve(rules, progress=False, cache=False)
    path = cache.cache_path(rules)
    path.parent.mkdir(parents=True, exist_ok=True)
    with fifo_at(path) as rescued, pytest.warns(UserWarning, match="not a regular file"):
        rebuilt = solve(rules, progress=False)
    assert not rescued, "the cache waited on the FIFO until the watchdog freed it"
    assert not rebuilt.from_cache and rebuilt.expected_score == good.expected_score
    cache.forget(rules)
    assert cache.load(rules).from_cache  # a regular file took the FIFO's place


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o002, 0o664)], ids=["umask-022", "umask-002"])
def test_cache_files_are_readable_by_the_group(tiny_cache, umask, mode):
    """A class shares one cache folder: every file must be readable by the others."""
    import os

    rules, cache = tiny_cache
    before = os.umask(umask)
    try:
        solve(rules, progress=False)
    finally:
        os.umask(before)
    assert oct(cache.cache_path(rules).stat().st_mode & 0o777) == oct(mode)


def test_no_cache_leaves_the_cache_as_it_was(tiny_cache):
    rules, cache = tiny_cache
    solve(rules, progress=False, cache=False)
    assert list(cache.cache_dir().iterdir()) == []  # nothing written
    solve(rules, progress=False)
    path = cache.cache_path(rules)
    before = (path.read_bytes(), path.stat().st_mtime_ns)
    cache.forget(rules)
    fresh = solve(rules, progress=False, cache=False)
    assert not fresh.from_cache
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before
    assert len(list(cache.cache_dir().iterdir())) == 1


def test_cache_dir_defaults_to_the_user_cache(monkeypatch):
    from platformdirs import user_cache_dir

    from dicepoker.games.scorecard.solver import cache as solver_cache

    monkeypatch.delenv(solver_cache.CACHE_ENV, raising=False)
    assert str(solver_cache.cache_dir()) == user_cache_dir("dicepoker")
