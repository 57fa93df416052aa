"""Save files: a failed save never destroys the previous one, and no file or text can make
loading crash, hang or read without end; each is refused with a SaveFileError."""

import json
import os
import stat
import textwrap

import pytest
from bad_input_helpers import GAMES, fifo_at, generator_states, resealed, run_python

from dicepoker.core.errors import SaveFileError

# --- saving ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", GAMES)
def test_a_failed_save_leaves_the_old_save_whole(kind, tmp_path):
    """A file-size limit makes the second save fail half-way, like a full disk would."""
    script = f"""
        import resource, signal
        from pathlib import Path
        from bad_input_helpers import GAMES
        from dicepoker.core.errors import SaveFileError

        path = Path({str(tmp_path / "game.json")!r})
        game = GAMES[{kind!r}]()
        game.save(path)
        before = path.read_bytes()
        game.roll()
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (len(before) // 2, resource.RLIM_INFINITY))
        try:
            game.save(path)
        except SaveFileError as err:
            print("refused:", err)
        assert path.read_bytes() == before, "the old save was damaged"
        assert type(game).load(path).to_json() == before.decode()
        assert sorted(p.name for p in path.parent.iterdir()) == ["game.json"], "a temporary file was left"
    """
    out = run_python(textwrap.dedent(script))
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("refused: cannot save the game to") and "File too large" in out.stdout


@pytest.mark.parametrize("kind", GAMES)
def test_saving_where_no_file_can_be_refused(kind, tmp_path):
    game = GAMES[kind]()
    for where in [tmp_path, tmp_path / "missing" / "game.json", "/dev/full", None, 12, b"game.json"]:
        with pytest.raises(SaveFileError, match="cannot save the game to"):
            game.save(where)
    assert stat.S_ISCHR(os.stat("/dev/full").st_mode)  # refused, not replaced by a file
    assert list(tmp_path.iterdir()) == []  # no temporary file left behind


def test_a_save_replaces_the_old_one_and_is_readable_by_the_group(tmp_path):
    game = GAMES["scorecard"]()
    path = tmp_path / "game.json"
    old_umask = os.umask(0o022)
    try:
        game.save(path)
        game.roll()
        game.save(path)
    finally:
        os.umask(old_umask)
    assert type(game).load(path).to_json() == game.to_json()
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


# --- loading --------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", GAMES)
@pytest.mark.parametrize("where", [None, 12, b"/dev/null"])
def test_loading_from_what_is_no_file_name_is_refused(kind, where):
    with pytest.raises(SaveFileError, match="not a file name"):
        type(GAMES[kind]()).load(where)


@pytest.mark.parametrize("kind", GAMES)
def test_loading_from_a_folder_or_a_missing_file_is_refused(kind, tmp_path):
    for where in [tmp_path, tmp_path / "missing.json"]:
        with pytest.raises(SaveFileError, match="cannot read saved game"):
            type(GAMES[kind]()).load(where)


@pytest.mark.parametrize("kind", GAMES)
def test_loading_from_a_fifo_does_not_wait_for_a_writer(kind, tmp_path):
    path = tmp_path / "game.json"
    with fifo_at(path) as rescued, pytest.raises(SaveFileError, match="not a regular file"):
        type(GAMES[kind]()).load(path)
    assert not rescued, "load() waited on the FIFO until the watchdog freed it"


@pytest.mark.parametrize("kind", GAMES)
def test_loading_from_an_endless_device_is_refused_at_once(kind):
    """/dev/zero never ends: a load that reads it whole fills the memory (limited here to 2 GiB)."""
    script = f"""
        from bad_input_helpers import GAMES
        from dicepoker.core.errors import SaveFileError
        try:
            type(GAMES[{kind!r}]()).load("/dev/zero")
        except SaveFileError as err:
            print("refused:", err)
    """
    out = run_python(textwrap.dedent(script))
    assert out.returncode == 0, out.stderr[-2000:]
    refusal = "refused: cannot read saved game '/dev/zero': '/dev/zero' is not a regular file"
    assert out.stdout.strip() == refusal


@pytest.mark.parametrize("kind", GAMES)
def test_a_save_file_larger_than_any_save_is_refused_unread(kind, tmp_path):
    from dicepoker.core.saving import MAX_SAVE_BYTES

    path = tmp_path / "game.json"
    with open(path, "wb") as f:  # a sparse file: large, but takes no room on the disk
        f.truncate(MAX_SAVE_BYTES + 1)
    with pytest.raises(SaveFileError, match="larger than"):
        type(GAMES[kind]()).load(path)


@pytest.mark.parametrize("kind", GAMES)
def test_text_that_is_not_a_save_is_refused(kind):
    load = type(GAMES[kind]()).from_json
    bad_texts = {
        "nested 100,000 deep": "[" * 100_000 + "]" * 100_000,
        "nested objects": '{"a":' * 50_000 + "1" + "}" * 50_000,
        "a 5,000-digit number": '{"format": "x", "version": ' + "9" * 5000 + "}",
        "NaN": '{"format": NaN}',
        "not text": None,
        "a number": 12,
        "bytes that are not UTF-8": b"\xff\xfe{",
    }
    for what, text in bad_texts.items():
        with pytest.raises(SaveFileError):
            load(text)
            pytest.fail(f"{what} was loaded")


@pytest.mark.parametrize("kind", GAMES)
@pytest.mark.parametrize(
    "edit",
    [
        "a state number far too large",
        "a negative state number",
        "a float for a count",
        "an extra field",
    ],
)
def test_a_random_generator_state_numpy_would_not_write_is_refused(kind, edit):
    game = GAMES[kind]()
    game.roll()
    data = json.loads(game.to_json())
    for state in generator_states(data):
        inner = state["state"]
        if edit == "a state number far too large":
            inner["state"] = 2**200
        elif edit == "a negative state number":
            inner["state"] = -1
        elif edit == "a float for a count":
            state["has_uint32"] = 0.5
        else:
            state["extra"] = 1
    with pytest.raises(SaveFileError, match="random generator"):
        type(game).from_json(resealed(data))


# --- what docs/saves.md says ------------------------------------------------------------------------


def test_the_saves_doc_states_the_limits_the_code_has():
    from pathlib import Path

    from dicepoker.core.saving import MAX_SAVE_BYTES, SavesByReplay
    from dicepoker.games.bluff.engine import BluffGame
    from dicepoker.games.board.engine import BoardGame
    from dicepoker.games.scorecard.engine import ScorecardGame

    root = Path(__file__).resolve().parents[2]
    doc = (root / "docs" / "saves.md").read_text(encoding="utf-8")
    assert f"`MAX_SAVE_BYTES` ({MAX_SAVE_BYTES // 2**20} MiB" in doc
    assert "catches accidents, not a forger" in doc and "SavesByReplay" in doc
    assert all(issubclass(engine, SavesByReplay) for engine in (ScorecardGame, BluffGame, BoardGame))
    assert "(docs/saves.md)" in (root / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("kind", GAMES)
def test_a_whole_long_game_saves_far_below_the_size_limit(kind):
    """'far above any real save': the longest games of each engine, played out at random."""
    import numpy as np

    from dicepoker.core.saving import MAX_SAVE_BYTES
    from dicepoker.games import new_game

    name, players = {"scorecard": ("classic", 8), "bluff": ("bluff", 6), "board": ("board", 3)}[kind]
    game, rng = new_game(name, players, seed=3), np.random.default_rng(3)
    while not game.is_over:
        actions = game.legal_actions()
        game.apply(actions[int(rng.integers(len(actions)))])
    assert len(game.to_json()) < MAX_SAVE_BYTES / 20
