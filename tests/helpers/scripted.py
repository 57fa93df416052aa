"""A stand-in random generator that rolls scripted dice, for tests that need given rolls."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np


class ScriptedRng:
    """Hands out the given die values in order, through the one call the engine makes."""

    def __init__(self, values: Iterable[int] | str) -> None:
        self._values = [int(v) for v in values]
        self.bit_generator = np.random.default_rng(0).bit_generator

    def integers(self, low: int, high: int, size: int) -> np.ndarray:
        assert (low, high) == (1, 7)
        taken, self._values = self._values[:size], self._values[size:]
        assert len(taken) == size, "the script ran out of dice"
        return np.array(taken)
