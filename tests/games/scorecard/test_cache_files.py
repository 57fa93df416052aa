"""The solver's cache on disk: small (packed and compressed, the same values bit for bit), bounded
(least recently used tables removed past ``DICEPOKER_CACHE_LIMIT``), and cleaned of the temporary
files a killed writer leaves (beside the cache and beside a save)."""

from __future__ import annotations

import dataclasses
import json
import os
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import numpy as np
import pytest
from solver_helpers import TINY, session_cache_dir  # noqa: F401

from dicepoker import find_game
from dicepoker.core.files import STALE_SECONDS, is_stale_temporary, temporary_name, write_atomically
from dicepoker.games.scorecard.solver import cache as solver_cache
from dicepoker.games.scorecard.solver.packing import pack, packed_length, unpack
from dicepoker.games.scorecard.solver.solve import solve
from dicepoker.games.scorecard.solver.tables import rule_tables

ROOT = str(Path(__file__).resolve().parents[3])


@pytest.fixture
def private_cache(tmp_path, monkeypatch):
    """An empty cache folder of this test, and nothing remembered in memory."""
    monkeypatch.setenv(solver_cache.CACHE_ENV, str(tmp_path))
    monkeypatch.delenv(solver_cache.LIMIT_ENV, raising=False)
    solver_cache.forget()
    yield tmp_path
    solver_cache.forget()


def _small_rules():
    """Three small rule sets: every rule feature (poker bit, joker, par, upper-first, two rolls)."""
    return [
        TINY["classic joker and bonuses"],
        TINY["two_part par, order and doubles"],
        TINY["official joker"],
    ]


# --- packed and compressed, with identical values -----------------------------------------------
@pytest.mark.parametrize("rules", _small_rules(), ids=lambda r: r.name)
def test_a_packed_table_unpacks_to_the_identical_values(rules):
    values = solve(rules, progress=False, cache=False).values
    t = rule_tables(rules)
    packed = pack(t, values)
    assert packed.shape == (packed_length(t),) and packed.size < values.size
    back = unpack(t, packed)
    assert np.array_equal(back, values, equal_nan=True)
    assert back.tobytes() == values.tobytes()  # bit for bit, NaN included


@pytest.mark.parametrize("rules", _small_rules(), ids=lambda r: r.name)
@pytest.mark.parametrize("risk", [0.0, 0.05, -0.05])
def test_a_table_read_back_from_the_cache_is_identical(private_cache, rules, risk):
    fresh = solve(rules, risk=risk, progress=False)
    solver_cache.forget()
    again = solve(rules, risk=risk, progress=False)
    assert again.from_cache and np.array_equal(again.values, fresh.values, equal_nan=True)


def test_the_file_is_compressed_and_packed(private_cache):
    yatzy = find_game("yatzy")
    rules = yatzy.variant(
        name="upper_and_chance", boxes=(*yatzy.boxes[:6], yatzy.box("Chance")), poker_box=None
    )
    solution = solve(rules, progress=False)
    path = solver_cache.cache_path(rules)
    with zipfile.ZipFile(path) as archive:
        member = archive.getinfo("values.npy")
    assert member.compress_type == zipfile.ZIP_DEFLATED and member.compress_size < member.file_size
    assert member.file_size < solution.values.nbytes  # packed
    assert path.stat().st_size < solution.values.nbytes / 2


def test_values_that_no_solver_made_are_not_cached(private_cache):
    rules = TINY["classic joker and bonuses"]
    solution = solve(rules, progress=False, cache=False)
    solution.values[3, 0, :] = np.arange(solution.values.shape[2])  # a row the solver repeats, now varied
    with pytest.raises(ValueError, match="cannot be packed"):
        solver_cache.save(solution)
    assert list(private_cache.iterdir()) == []


def test_an_old_uncompressed_table_is_not_mistaken_for_a_new_one(private_cache):
    """The format is in the file's name and key: a format-1 file (full, uncompressed) is never read."""
    rules = TINY["classic joker and bonuses"]
    solve(rules, progress=False)
    assert solver_cache.cache_path(rules).name.endswith(f"-f{solver_cache.FORMAT_VERSION}.npz")
    assert f"-f{solver_cache.FORMAT_VERSION}" in solver_cache.cache_key(rules)


# --- the final score's moments kept beside the table -----------------------------------------------
def test_the_moments_are_read_back_and_not_swept_again(private_cache, monkeypatch):
    rules = TINY["classic joker and bonuses"]
    fresh = solve(rules, progress=False)
    moments = fresh.score_moments
    solver_cache.forget()
    from dicepoker.games.scorecard.solver import solution as solution_module

    def no_sweep(solution):
        raise AssertionError("the moments were swept again")

    monkeypatch.setattr(solution_module, "final_score_moments", no_sweep)
    again = solve(rules, progress=False)
    assert again.from_cache and again.score_moments == moments
    assert (again.final_score_mean, again.final_score_std) == (fresh.final_score_mean, fresh.final_score_std)


def test_moments_another_process_wrote_after_this_one_read_the_table_are_read_not_swept(
    private_cache, monkeypatch
):
    """Two processes read the table before either asked for the spread; the second to ask reads
    what the first wrote beside the table (a class's kernels, the suite's workers)."""
    rules = TINY["classic joker and bonuses"]
    solve(rules, progress=False)
    solver_cache.forget()
    here, there = solver_cache.load(rules), solver_cache.load(rules)
    assert here.known_moments is None and there.known_moments is None
    moments = there.score_moments  # the other process sweeps and writes them beside the table
    from dicepoker.games.scorecard.solver import solution as solution_module

    def no_sweep(solution):
        raise AssertionError("the moments were swept again")

    monkeypatch.setattr(solution_module, "final_score_moments", no_sweep)
    assert here.score_moments == moments
    assert [p.suffix for p in private_cache.iterdir()] == [".npz"]  # the lock file is gone


def test_moments_on_file_of_another_table_are_not_believed(private_cache, monkeypatch):
    rules = TINY["classic joker and bonuses"]
    solve(rules, progress=False).score_moments  # noqa: B018 - written beside the table
    solver_cache.forget()
    table = solver_cache.load(rules)
    assert solver_cache.moments_on_file(table) == table.known_moments is not None
    other = dataclasses.replace(table, values=table.values + 1.0, known_moments=None)
    assert solver_cache.moments_on_file(other) is None  # the checksum differs
    swept = []
    from dicepoker.games.scorecard.solver import solution as solution_module

    real = solution_module.final_score_moments
    monkeypatch.setattr(solution_module, "final_score_moments", lambda s: swept.append(1) or real(s))
    assert other.score_moments.mean == pytest.approx(table.known_moments.mean, abs=1e-9)  # same play
    assert swept == [1]


def test_an_uncached_solve_keeps_its_moments_in_memory_only(private_cache):
    solution = solve(TINY["official joker"], progress=False, cache=False)
    assert solution.final_score_std > 0
    assert list(private_cache.iterdir()) == []


def _with_meta(path: Path, change) -> None:
    """Rewrite a cached table's metadata with ``change(meta)`` applied (its values untouched)."""
    with np.load(path) as archive:
        packed, meta = archive["values"], json.loads(str(archive["meta"]))
    change(meta)
    with open(path, "wb") as f:
        np.savez_compressed(f, values=packed, meta=np.array(json.dumps(meta)))


@pytest.mark.parametrize(
    "moments",
    [
        {"mean": "12", "second_moment": 200.0, "seconds": 0.1},
        {"mean": float("nan"), "second_moment": 200.0, "seconds": 0.1},
        {"mean": 12.0, "second_moment": 100.0, "seconds": 0.1},  # a negative variance
        {"mean": 12.0, "second_moment": 200.0},
        [12.0, 200.0, 0.1],
    ],
    ids=["text", "nan", "negative variance", "missing", "a list"],
)
def test_a_file_with_impossible_moments_is_not_trusted(private_cache, moments):
    rules = TINY["classic joker and bonuses"]
    fresh = solve(rules, progress=False)
    expected = fresh.score_moments
    solver_cache.forget()
    _with_meta(solver_cache.cache_path(rules), lambda meta: meta.update(moments=moments))
    with pytest.warns(UserWarning, match="moments"):
        again = solve(rules, progress=False)
    assert not again.from_cache
    assert again.score_moments.mean == pytest.approx(expected.mean, abs=1e-9)


# --- a bounded cache ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "limit"),
    [("", solver_cache.DEFAULT_LIMIT), ("1000", 1000), ("500MB", 500 * 10**6), ("2 GB", 2 * 10**9)]
    + [("3MiB", 3 * 2**20), ("1.5kB", 1500), ("none", None), ("UNLIMITED", None)],
)
def test_the_limit_is_read_from_the_environment(monkeypatch, text, limit):
    monkeypatch.setenv(solver_cache.LIMIT_ENV, text)
    assert solver_cache.cache_limit() == limit


@pytest.mark.parametrize("text", ["lots", "-5MB", "5 TB", "1e9", "9" * 40])
def test_a_bad_limit_warns_and_keeps_the_default(monkeypatch, text):
    monkeypatch.setenv(solver_cache.LIMIT_ENV, text)
    with pytest.warns(UserWarning, match="is not a size"):
        assert solver_cache.cache_limit() == solver_cache.DEFAULT_LIMIT


def _three_tables(folder):
    """Solve three small rule sets into the cache, each written a second after the one before."""
    paths = []
    for age, rules in zip((300, 200, 100), _small_rules(), strict=True):
        solve(rules, progress=False)
        path = solver_cache.cache_path(rules)
        os.utime(path, (time.time() - age, time.time() - age))
        paths.append(path)
    return paths


def test_past_the_limit_the_least_recently_used_tables_go(private_cache, monkeypatch):
    oldest, middle, newest = _three_tables(private_cache)
    solver_cache.forget()
    assert solver_cache.load(_small_rules()[0]) is not None  # using the oldest makes it the newest
    sizes = {p: p.stat().st_size for p in (oldest, middle, newest)}
    monkeypatch.setenv(solver_cache.LIMIT_ENV, str(sizes[oldest] + sizes[newest]))
    removed = solver_cache.bound()
    assert removed == [middle]
    assert sorted(private_cache.iterdir()) == sorted([oldest, newest])


def test_the_table_just_written_stays_even_above_the_limit(private_cache, monkeypatch):
    monkeypatch.setenv(solver_cache.LIMIT_ENV, "1")
    for rules in _small_rules():
        solve(rules, progress=False)
        assert [p.name for p in private_cache.iterdir()] == [solver_cache.cache_path(rules).name]


def test_no_limit_keeps_every_table(private_cache, monkeypatch):
    monkeypatch.setenv(solver_cache.LIMIT_ENV, "none")
    paths = _three_tables(private_cache)
    assert solver_cache.bound() == [] and sorted(private_cache.iterdir()) == sorted(paths)


def test_the_bound_touches_only_value_tables(private_cache, monkeypatch):
    notes = private_cache / "notes.txt"
    notes.write_text("the teacher's own file")
    monkeypatch.setenv(solver_cache.LIMIT_ENV, "1")
    _three_tables(private_cache)
    assert notes.read_text() == "the teacher's own file"


# --- one solve of a table for every process of a shared folder ---------------------------------------
WAITING_SOLVER = """
import sys
from dicepoker.games.scorecard.solver.solve import solve
from solver_helpers import TINY
print("ready", flush=True)
print("read from the file" if solve(TINY[sys.argv[1]], progress=False).from_cache else "solved again")
"""


def test_a_second_process_waits_for_the_table_being_solved_and_reads_it(private_cache):
    """While one process holds a table's lock (it is solving it), another that asks for the table
    waits, then reads the file the first one wrote instead of solving the table again."""
    name = "classic joker and bonuses"
    rules = TINY[name]
    helpers = str(Path(__file__).resolve().parents[2] / "helpers")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([ROOT, helpers, os.environ.get("PYTHONPATH", "")])}
    with solver_cache.solving(rules):
        other = subprocess.Popen(
            [sys.executable, "-c", WAITING_SOLVER, name], env=env, stdout=subprocess.PIPE, text=True
        )
        assert other.stdout.readline() == "ready\n"
        time.sleep(1.0)  # the other process asks for the table now: without the lock it would solve it
        assert other.poll() is None, "the other process did not wait for the lock"
        solver_cache.store(solve(rules, progress=False, cache=False))
    out, _ = other.communicate(timeout=120)
    assert other.returncode == 0 and out == "read from the file\n"
    assert [p.suffix for p in private_cache.iterdir()] == [".npz"]  # the lock file is gone


def test_a_folder_that_cannot_hold_a_lock_still_gets_its_solve(tmp_path, monkeypatch):
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    monkeypatch.setenv(solver_cache.CACHE_ENV, str(blocked / "cache"))
    solver_cache.forget()
    with pytest.warns(UserWarning, match="could not cache the value table"):
        solution = solve(TINY["official joker"], progress=False)
    assert not solution.from_cache and solution.states > 0
    solver_cache.forget()


# --- temporary files of killed writers ----------------------------------------------------------
def _killed_while_writing(path) -> None:
    """A process that starts replacing ``path`` and is killed (SIGKILL) in the middle of the write."""
    code = (
        "import os, sys\n"
        "from dicepoker.core.files import replacing\n"
        "with replacing(sys.argv[1], replace_special=True) as f:\n"
        "    f.write(b'half of a file' * 1000)\n"
        "    f.flush()\n"
        "    os.kill(os.getpid(), 9)\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([ROOT, os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", code, str(path)], env=env, capture_output=True)
    assert done.returncode == -signal.SIGKILL, done.stderr


def _temporaries(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


def test_a_save_cleans_the_temporary_files_of_killed_saves(tmp_path):
    from dicepoker.games.scorecard.engine import ScorecardGame

    path = tmp_path / "me.json"
    for _ in range(3):
        _killed_while_writing(path)
    assert len(_temporaries(tmp_path)) == 1 and not path.exists()  # each write cleaned the one before
    ScorecardGame("classic", seed=1).save(path)
    assert _temporaries(tmp_path) == [] and [p.name for p in tmp_path.iterdir()] == ["me.json"]


def test_a_cache_write_cleans_the_temporary_files_of_killed_cache_writes(private_cache):
    first, second = _small_rules()[:2]
    for rules in (first, first, second):  # killed writing two different tables
        _killed_while_writing(solver_cache.cache_path(rules))
    assert len(_temporaries(private_cache)) == 2  # one of each table's: each write cleans its own
    solve(_small_rules()[2], progress=False)  # writing a third table cleans them all
    assert _temporaries(private_cache) == []


def test_live_and_foreign_writers_keep_their_temporary_files(tmp_path):
    target = tmp_path / "me.json"
    ours = temporary_name(target)  # this process: alive
    ours.write_bytes(b"being written")
    elsewhere = tmp_path / ".me.json.otherhost-1-0123abcd.tmp"  # another machine sharing the folder
    elsewhere.write_bytes(b"being written there")
    forgotten = tmp_path / ".me.json.otherhost-2-89abcdef.tmp"  # another machine, but hours ago
    forgotten.write_bytes(b"abandoned")
    hours_ago = time.time() - STALE_SECONDS - 60
    os.utime(forgotten, (hours_ago, hours_ago))
    unrelated = tmp_path / ".notes.txt.swp"
    unrelated.write_bytes(b"an editor's file")
    write_atomically(target, b"{}")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [target.name, ours.name, elsewhere.name, unrelated.name]
    )
    assert not is_stale_temporary(ours) and not is_stale_temporary(elsewhere)


def test_only_the_replaced_files_temporaries_are_cleaned_beside_a_save(tmp_path):
    other = tmp_path / "sam.json"
    _killed_while_writing(other)
    write_atomically(tmp_path / "me.json", b"{}")
    assert len(_temporaries(tmp_path)) == 1  # sam's is cleaned when sam.json is written next
    write_atomically(other, b"{}")
    assert _temporaries(tmp_path) == []


# --- the five default tables ----------------------------------------------------------------------
def test_solve_all_names_the_tables_the_lessons_use():
    from dicepoker.games.scorecard.solver.solve import default_rule_sets

    names = [(r.name, r.upper_bonus_threshold) for r in default_rule_sets()]
    assert names == [
        (g, find_game(g).upper_bonus_threshold) for g in ("classic", "yahtzee", "yatzy", "two_part")
    ] + [("classic", 63)]


def test_solve_all_fills_the_cache_with_every_default_table(private_cache, monkeypatch, capsys):
    from dicepoker.cli.main import main
    from dicepoker.games.scorecard.solver import solve as solve_module

    small = _small_rules()
    monkeypatch.setattr(solve_module, "default_rule_sets", lambda: tuple(small))
    assert main(["solve", "--all", "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["game"], r["upper_bonus_threshold"]) for r in lines] == [
        (r.name, r.upper_bonus_threshold) for r in small
    ]
    assert [r["expected_score"] for r in lines] == [solve(r, progress=False).expected_score for r in small]
    assert sorted(p.name for p in private_cache.iterdir()) == sorted(
        solver_cache.cache_path(r).name for r in small
    )


@pytest.mark.parametrize("option", [["--game", "yatzy"], ["--risk", "0.1"], ["--joker", "free"]])
def test_solve_all_takes_no_rule_options(private_cache, option, capsys):
    from dicepoker.cli.main import main

    assert main(["solve", "--all", *option]) == 2
    assert option[0] in capsys.readouterr().err
    assert list(private_cache.iterdir()) == []
