"""The class record: what each student answered and played, one file a student in the class folder.

A teacher sets a class folder, in a lesson's first cell (``join_class(folder, student="Ann")``) or
with ``DICEPOKER_CLASS`` and ``DICEPOKER_STUDENT`` in the environment. From then on every ``check``
and every game played to its end in a widget appends one record to ``<folder>/<student>.jsonl``:
the student, the exercise (or the game), the answer typed, right or not, the hints shown so far, and
the seconds since the lesson opened. Records are only ever appended, one whole line at a time under
a lock, so thirty students writing at once (or one student in two notebooks) lose nothing. Without a
class folder nothing is written. :func:`class_progress` reads a folder back as a table.

>>> import tempfile
>>> folder = tempfile.mkdtemp()
>>> join_class(folder, student="Ann")
>>> from dicepoker.lessons.exercise_registry import check
>>> _ = check("01.4", "6"), check("01.4", "-6")
>>> table = class_progress(folder)
>>> list(table.columns), table[["answer", "right", "hints"]].values.tolist()
(['student', 'exercise', 'answer', 'right', 'hints', 'seconds'], [["'6'", False, 1], ["'-6'", True, 1]])
>>> leave_class()
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import time
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from dicepoker.core.class_events import stop_listening, when_a_game_ends
from dicepoker.core.errors import DicePokerError
from dicepoker.core.files import as_path, read_limited
from dicepoker.core.i18n import format_message

CLASS_VARIABLE, STUDENT_VARIABLE = "DICEPOKER_CLASS", "DICEPOKER_STUDENT"
COLUMNS = ["student", "exercise", "answer", "right", "hints", "seconds"]
"""The columns of :func:`class_progress`, one row per recorded attempt (teachers' scripts use them)."""
GAME_COLUMNS = ["student", "game", "mode", "seats", "score", "won", "hints", "seconds"]
MAX_RECORD_FILE = 50 * 1024 * 1024
"""The largest student file read (a whole term of a busy student is far smaller)."""
_STUDENT_NAME = re.compile(r"[^\W_][\w .'-]{0,59}")


@dataclass(frozen=True)
class ClassSeat:
    """The class folder and the student this session writes for, and when the lesson opened."""

    folder: Path
    student: str
    opened: float

    @property
    def file(self) -> Path:
        return self.folder / f"{self.student}.jsonl"


_seat: ClassSeat | None = None


def checked_student(student: object) -> str:
    """A student's name, trimmed, or a refusal naming the rule it breaks."""
    if not isinstance(student, str) or not _STUDENT_NAME.fullmatch(student.strip()):
        raise DicePokerError(
            format_message(
                "a student's name is 1 to 60 letters, digits, spaces, dots or dashes, not {name}",
                name=repr(student),
            )
        )
    return student.strip()


def as_class_folder(folder: object) -> Path:
    """``folder`` as a path, or a refusal: a class folder is a folder's name."""
    try:
        return as_path(folder)
    except TypeError:
        raise DicePokerError(
            format_message("a class folder is a folder's name, not {folder}", folder=repr(folder))
        ) from None


def existing_class_folder(folder: object) -> Path:
    """``folder`` as a path to a folder that is there, or a refusal saying it is not a folder."""
    path = as_class_folder(folder)
    if not path.is_dir():
        raise DicePokerError(format_message("{folder} is not a folder", folder=str(path)))
    return path


def join_class(folder: str | os.PathLike[str], student: str) -> None:
    """Record this session's answers and games for ``student`` in the class folder ``folder``.

    The folder is made if it is missing; the clock for "seconds since the lesson opened" starts now.
    """
    global _seat
    path = as_class_folder(folder)
    name = checked_student(student)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise DicePokerError(
            format_message(
                "cannot use {folder} as the class folder: {reason}",
                folder=str(path),
                reason=err.strerror or str(err),
            )
        ) from None
    if not path.is_dir():
        raise DicePokerError(
            format_message("cannot use {folder} as the class folder: it is not a folder", folder=str(path))
        )
    _seat = ClassSeat(path, name, time.monotonic())
    when_a_game_ends(record_game)


def leave_class() -> None:
    """Stop recording (a later ``check`` writes nothing)."""
    global _seat
    _seat = None
    stop_listening(record_game)


def current_seat() -> ClassSeat | None:
    """The class this session records for: :func:`join_class`'s, else the environment's, else none."""
    global _seat
    if _seat is None and os.environ.get(CLASS_VARIABLE):
        try:
            join_class(os.environ[CLASS_VARIABLE], os.environ.get(STUDENT_VARIABLE) or "student")
        except DicePokerError as err:
            warnings.warn(str(err), RuntimeWarning, stacklevel=2)
            return None
    return _seat


def append_record(path: Path, record: dict[str, Any]) -> None:
    """Append ``record`` to ``path`` as one JSON line: under an exclusive lock, in one write, synced."""
    line = (json.dumps(record, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8")
    descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o664)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        try:
            written = 0
            while written < len(line):
                written += os.write(descriptor, line[written:])
            os.fsync(descriptor)
        finally:
            fcntl.flock(descriptor, fcntl.LOCK_UN)
    finally:
        os.close(descriptor)


def _write(record: dict[str, Any]) -> None:
    seat = current_seat()
    if seat is None:
        return
    record = {"student": seat.student, "seconds": round(time.monotonic() - seat.opened, 1), **record}
    try:
        append_record(seat.file, record)
    except OSError as err:
        warnings.warn(
            f"the class record could not be written to {seat.file}: {err}", RuntimeWarning, stacklevel=3
        )


def record_attempt(exercise: str, answer: str, right: bool, hints: int) -> None:
    """Record one checked answer (nothing without a class folder)."""
    _write({"exercise": exercise, "answer": answer, "right": bool(right), "hints": int(hints)})


def record_game(game: Any, seats: tuple[str, ...], mode: str) -> None:
    """Record one game played to its end in a widget: its name, the mode, who sat where, the result.

    A game with a play record (every engine's: see :mod:`dicepoker.core.play_record`) is recorded
    from it, the one source of truth: its mode (``"graded"`` or ``"practice"``), each seat
    (``"human"`` or ``"bot: <name>"``) and the number of hints shown; ``seats`` and ``mode`` are
    for a game without one."""
    outcome = getattr(game, "outcome", None)
    winners = list(getattr(outcome, "winners", ()) or ())
    scores = getattr(outcome, "scores", None)
    played = getattr(game, "play_record", None)
    if played is not None:
        seats, mode = played.seat_labels(), played.mode
    _write(
        {
            "game": getattr(getattr(game, "rules", None), "name", type(game).__name__),
            "mode": mode,
            "seats": list(seats),
            "score": list(scores) if scores is not None else None,
            "won": [int(w) for w in winners],
            "hints": len(played.hints) if played is not None else 0,
        }
    )


_FIELDS = {
    "exercise": {
        "student": str,
        "exercise": str,
        "answer": str,
        "right": bool,
        "hints": int,
        "seconds": (int, float),
    },
    "game": {"student": str, "game": str, "mode": str, "seats": list, "hints": int, "seconds": (int, float)},
}


def _well_formed(record: object) -> bool:
    """Whether a line holds a record: an attempt or a game, each field of its type."""
    if not isinstance(record, dict):
        return False
    kind = "exercise" if "exercise" in record else "game"
    return all(
        isinstance(record.get(name), kinds) and not (kinds is int and isinstance(record.get(name), bool))
        for name, kinds in _FIELDS[kind].items()
    )


def _records(path: Path) -> list[dict[str, Any]]:
    """Every record of one student's file; a malformed file is refused whole, never half-read."""
    text = read_limited(path, limit=MAX_RECORD_FILE).decode("utf-8")
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        try:
            record = json.loads(line)
        except ValueError:
            raise DicePokerError(
                format_message("line {number} of {file} is not a record", number=number, file=path.name)
            ) from None
        if not _well_formed(record):
            raise DicePokerError(
                format_message("line {number} of {file} is not a record", number=number, file=path.name)
            )
        found.append(record)
    return found


def class_records(folder: str | os.PathLike[str]) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """Every record in a class folder, and the files refused (name: why)."""
    path = existing_class_folder(folder)
    records, refused = [], {}
    for file in sorted(path.glob("*.jsonl")):
        try:
            records += _records(file)
        except (DicePokerError, OSError, UnicodeDecodeError) as err:
            refused[file.name] = str(err)
    return records, refused


def class_progress(folder: str | os.PathLike[str]) -> pd.DataFrame:
    """One row per recorded attempt in the class folder: ``student, exercise, answer, right, hints, seconds``.

    Rows keep the order they were written in, student by student; a refused file is listed in
    ``table.attrs["refused"]`` (and warned about), never half-read.
    """
    records, refused = class_records(folder)
    rows = [{column: record.get(column) for column in COLUMNS} for record in records if "exercise" in record]
    table = pd.DataFrame(rows, columns=COLUMNS)
    table = table.astype({"right": bool, "hints": int, "seconds": float}) if len(table) else table
    table.attrs["refused"] = refused
    for name, why in refused.items():
        warnings.warn(f"{name} refused: {why}", RuntimeWarning, stacklevel=2)
    return table


def class_games(folder: str | os.PathLike[str]) -> pd.DataFrame:
    """One row per game played to its end: ``student, game, mode, seats, score, won, hints, seconds``."""
    records, refused = class_records(folder)
    rows = [{column: record.get(column) for column in GAME_COLUMNS} for record in records if "game" in record]
    table = pd.DataFrame(rows, columns=GAME_COLUMNS)
    table.attrs["refused"] = refused
    return table
