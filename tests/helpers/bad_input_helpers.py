"""Shared by the bad-input tests: one game of each engine, a FIFO that must not be waited on,
a subprocess with a memory limit, and a save edited with its checksum recomputed (a forger's edit).
"""

from __future__ import annotations

import json
import os
import resource
import stat
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from dicepoker.core.saving import checksum
from dicepoker.games.bluff.engine import BluffGame
from dicepoker.games.board.engine import BoardGame
from dicepoker.games.scorecard.engine import ScorecardGame

GAMES: dict[str, Callable[[], Any]] = {
    "scorecard": lambda: ScorecardGame("classic", players=2, seed=1),
    "bluff": lambda: BluffGame(players=2, seed=1),
    "board": lambda: BoardGame(rng=1),
}

RESCUE_AFTER = 10.0  # seconds before a reader stuck on a FIFO is freed (and the test fails)


@contextmanager
def fifo_at(path: Path) -> Iterator[list[bool]]:
    """Make a FIFO at ``path``; yields a list that is non-empty if a reader had to be rescued.

    A reader that opens the FIFO and waits for a writer would hang the test forever; after
    ``RESCUE_AFTER`` seconds a watchdog opens the writing end (and closes it at once), so the
    reader sees an empty file, and the test can fail instead of hanging.
    """
    os.mkfifo(path)
    done = threading.Event()
    rescued: list[bool] = []

    def rescue() -> None:
        if done.wait(RESCUE_AFTER):
            return
        while not done.is_set():
            try:
                if not stat.S_ISFIFO(os.stat(path).st_mode):
                    return
                fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
            except OSError:  # no reader waiting yet (ENXIO), or the FIFO is gone
                done.wait(0.05)
                continue
            rescued.append(True)
            os.close(fd)
            return

    watchdog = threading.Thread(target=rescue, daemon=True)
    watchdog.start()
    try:
        yield rescued
    finally:
        done.set()
        watchdog.join()


def run_python(code: str, *, memory: int = 2 * 2**30, timeout: float = 120) -> subprocess.CompletedProcess:
    """Run ``code`` in a fresh Python with at most ``memory`` bytes of address space.

    A read without limit then fails with a MemoryError in the child instead of filling the machine.
    """

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=limit,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )


def resealed(data: dict[str, Any]) -> str:
    """The save ``data`` as JSON with its checksum recomputed, as a forger would."""
    content = {k: v for k, v in data.items() if k != "checksum"}
    return json.dumps({**content, "checksum": checksum(content)})


def generator_states(data: Any) -> Iterator[dict[str, Any]]:
    """Every random-generator state (a mapping with a ``bit_generator``) inside a save."""
    if isinstance(data, dict):
        if "bit_generator" in data:
            yield data
        for value in data.values():
            yield from generator_states(value)
    elif isinstance(data, list):
        for value in data:
            yield from generator_states(value)
