"""A student's saved function in a process of its own, asked one decision at a time with a time limit.

The tournament runs every game in its own process and asks the student's process only for the
decision: it sends the view, the process calls the function and sends back the answer. A function
that never returns is stopped when the time limit is up; one that raises, crashes its process or
answers something that is not an answer is reported as :class:`StudentFailed`, and the tournament
goes on. The process is a fence against endless loops and crashes, not a sandbox: the code still
runs with the teacher's rights, so run only your class's code.

>>> source = "def my_caller(view):\\n    return view > 2\\n"
>>> with StudentProcess("Ann", source, "my_caller", time_limit=10) as ann:
...     ann.ask(3), ann.ask(1)
(True, False)
"""

from __future__ import annotations

import contextlib
import json
import os
import pickle
import select
import struct
import subprocess
import sys
import time
from importlib import import_module
from pathlib import Path
from typing import Any

from dicepoker.core.actions import Keep
from dicepoker.core.i18n import format_message, in_language
from dicepoker.core.words import N_
from dicepoker.games.scorecard.engine import Score

START_LIMIT = 120.0
"""Seconds a student's process may take to start (Python, numpy and the student's imports)."""
_HEADER = struct.Struct(">I")
_PACKAGE_PARENT = str(Path(__file__).resolve().parents[2])


class StudentFailed(Exception):
    """A student's function did not answer: ``status`` says how (``timed out``, ``raised``,
    ``crashed``, ``illegal action``), ``detail`` says it in the current language.

    >>> failed = StudentFailed("Ann", "raised", N_("raised {failure}"), failure="ValueError: no")
    >>> failed.detail, failed.in_language("ro")
    ('raised ValueError: no', 'a ridicat ValueError: no')
    """

    def __init__(self, student: str, status: str, message: str, **values: object) -> None:
        super().__init__(format_message(message, **values))
        self.student, self.status, self.message, self.values = student, status, message, values

    @property
    def detail(self) -> str:
        """What happened, in the current language."""
        return format_message(self.message, **self.values)

    def in_language(self, lang: str | None) -> str:
        """What happened, in ``lang`` (the current language for None)."""
        with in_language(lang):
            return self.detail


def answer_as_json(answer: object) -> dict[str, Any]:
    """A student's answer as plain data the teacher's process can read without unpickling code.

    >>> answer_as_json(Keep("66")), answer_as_json(True)
    ({'keep': '66'}, {'call': True})
    """
    if isinstance(answer, Keep):
        return {"keep": str(answer.dice)}
    if isinstance(answer, Score) and isinstance(answer.box, str):
        return {"score": answer.box}
    if isinstance(answer, bool) or type(answer).__name__ == "bool_":
        return {"call": bool(answer)}
    return {"returned": repr(answer)[:200]}


def _send(stream: Any, data: bytes) -> None:
    stream.write(_HEADER.pack(len(data)) + data)
    stream.flush()


def _receive(stream: Any) -> bytes | None:
    header = stream.read(_HEADER.size)
    if len(header) < _HEADER.size:
        return None
    return stream.read(_HEADER.unpack(header)[0])


def _failure(err: BaseException) -> str:
    return f"{type(err).__name__}: {err}"[:200]


def serve() -> None:
    """The student's side: build the function from its source, then answer each view sent."""
    answers = os.fdopen(os.dup(1), "wb", buffering=0)
    os.dup2(2, 1)  # what the function prints goes to stderr, never into the answers
    sys.stdout = sys.stderr
    views = sys.stdin.buffer
    setup = pickle.loads(_receive(views) or b"")
    for module in setup["imports"]:  # the views' modules, before the clock starts
        import_module(module)
    try:
        namespace: dict[str, Any] = {"__name__": "student"}
        exec(compile(setup["source"], setup["file"], "exec"), namespace)  # noqa: S102 - the student's own code
        function = namespace[setup["function"]]
        reply = {"ready": True}
    except BaseException as err:  # noqa: BLE001 - a student's code may fail in any way: say how
        reply = {"raised": _failure(err)}
    _send(answers, json.dumps(reply).encode())
    while (message := _receive(views)) is not None:
        view = pickle.loads(message)  # noqa: S301 - sent by the teacher's own process
        try:
            reply = answer_as_json(function(view))
        except BaseException as err:  # noqa: BLE001 - a student's code may fail in any way: say how
            reply = {"raised": _failure(err)}
        _send(answers, json.dumps(reply).encode())


class StudentProcess:
    """One student's function running in its own Python process, reused for all its games."""

    def __init__(
        self,
        student: str,
        source: str,
        function: str,
        *,
        time_limit: float,
        file: str = "<saved>",
        imports: tuple[str, ...] = (),
    ) -> None:
        """Start the process; ``imports`` are the modules of the views it will be sent (loaded at
        start, so the time limit counts only the student's own thinking)."""
        self.student, self.time_limit = student, float(time_limit)
        environment = {
            k: v for k, v in os.environ.items() if k not in ("DICEPOKER_CLASS", "DICEPOKER_STUDENT")
        }
        environment["PYTHONPATH"] = os.pathsep.join(
            filter(None, [_PACKAGE_PARENT, os.environ.get("PYTHONPATH")])
        )
        self._process = subprocess.Popen(
            [sys.executable, "-m", "dicepoker.lessons.student_process"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=environment,
            bufsize=0,
        )
        try:
            self._write(
                pickle.dumps({"source": source, "function": function, "file": file, "imports": imports})
            )
            self._read(START_LIMIT)
        except BaseException:
            self.close()
            raise

    def __enter__(self) -> StudentProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _write(self, data: bytes) -> None:
        try:
            _send(self._process.stdin, data)
        except OSError:
            self._fail("crashed", N_("its process ended without answering"))

    def _fail(self, status: str, message: str, **values: object) -> None:
        self.close()
        raise StudentFailed(self.student, status, message, **values)

    def _read_exactly(self, size: int, deadline: float) -> bytes:
        stream, data = self._process.stdout, b""
        while len(data) < size:
            left = deadline - time.monotonic()
            ready = select.select([stream], [], [], max(left, 0))[0] if left > 0 else []
            if not ready:
                self._fail(
                    "timed out", N_("timed out: no answer within {seconds} s"), seconds=f"{self.time_limit:g}"
                )
            chunk = os.read(stream.fileno(), size - len(data))  # type: ignore[union-attr]
            if not chunk:
                self._fail("crashed", N_("its process ended without answering"))
            data += chunk
        return data

    def _read(self, limit: float) -> dict[str, Any]:
        deadline = time.monotonic() + limit
        (size,) = _HEADER.unpack(self._read_exactly(_HEADER.size, deadline))
        reply = json.loads(self._read_exactly(size, deadline))
        if not isinstance(reply, dict):
            self._fail("crashed", N_("its process ended without answering"))
        if "raised" in reply:
            self._fail("raised", N_("raised {failure}"), failure=str(reply["raised"]))
        return reply

    def ask(self, view: Any) -> Any:
        """The function's answer to ``view``: a ``Keep``/``Score`` (as the game's actions) or a bool."""
        if self._process.poll() is not None:
            self._fail("crashed", N_("its process ended without answering"))
        self._write(pickle.dumps(view))
        reply = self._read(self.time_limit)
        if "keep" in reply:
            return Keep(str(reply["keep"]))
        if "score" in reply:
            return Score(str(reply["score"]))
        if "call" in reply:
            return bool(reply["call"])
        return _Returned(str(reply.get("returned", "?")))

    def close(self) -> None:
        """Stop the process (at once: a student's process holds nothing to save)."""
        if self._process.poll() is None:
            self._process.kill()
        self._process.wait()
        for stream in (self._process.stdin, self._process.stdout):
            with contextlib.suppress(OSError):
                stream.close()  # type: ignore[union-attr]


class _Returned:
    """What a function returned that is no answer (shown by its ``repr``, never rebuilt)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


if __name__ == "__main__":
    serve()
