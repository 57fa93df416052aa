"""Where every game and simulation gets its randomness: one ``numpy.random.Generator``, from a seed.

Nothing in the kit uses global random state, so a game replays exactly from its seed.

>>> a, b = generator(seed=7), generator(seed=7)
>>> int(a.integers(1, 7)) == int(b.integers(1, 7))
True
>>> generator(seed=-1)
Traceback (most recent call last):
...
dicepoker.core.errors.DicePokerError: a seed is a whole number from 0 up, not -1
"""

from __future__ import annotations

import numbers
from typing import Any

import numpy as np

from dicepoker.core.errors import DicePokerError


def check_seed(seed: Any) -> int | None:
    """``seed`` if it is ``None`` or a whole number from 0 up (not a bool), else a clear refusal.

    >>> check_seed(3), check_seed(None)
    (3, None)
    >>> check_seed(1.5)
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.DicePokerError: a seed is a whole number from 0 up, not 1.5
    """
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or seed < 0:
        raise DicePokerError(f"a seed is a whole number from 0 up, not {seed!r}")
    return int(seed)


def generator(seed: Any = None, rng: Any = None) -> np.random.Generator:
    """The generator to draw from: ``rng`` itself (a Generator, or a seed), else a new one from ``seed``.

    Giving both is refused, so a game never silently ignores one of them.

    >>> g = np.random.default_rng(1)
    >>> generator(rng=g) is g
    True
    >>> generator(seed=1, rng=g)
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.DicePokerError: give a seed or a generator, not both
    """
    if rng is not None and seed is not None:
        raise DicePokerError("give a seed or a generator, not both")
    if isinstance(rng, np.random.Generator) or hasattr(rng, "integers"):
        return rng  # a Generator (or a stand-in with its interface, as tests script dice)
    if isinstance(rng, np.random.SeedSequence | np.random.BitGenerator):
        return np.random.default_rng(rng)
    if rng is not None:
        return np.random.default_rng(check_seed(rng))
    return np.random.default_rng(check_seed(seed))


def child_generator(rng: np.random.Generator) -> np.random.Generator:
    """A new, independent generator spawned from ``rng``: how a widget or a bot runner hands
    randomness to each new game (never an int drawn from ``rng``, which could repeat a stream).

    The parent moves on, so the next child differs; the same parent seed gives the same children.

    >>> a, b = generator(seed=5), generator(seed=5)
    >>> first, again = child_generator(a), child_generator(b)
    >>> int(first.integers(1, 7)) == int(again.integers(1, 7))
    True
    >>> child_generator(a).bit_generator.state == first.bit_generator.state
    False
    """
    return rng.spawn(1)[0]


def game_seeds(seed: Any, games: int) -> list[np.random.SeedSequence]:
    """The seeds of ``games`` independent games from one ``seed``: the children of its SeedSequence
    (how a simulation or a tournament seeds many games; game ``i`` is the same for every player).

    >>> first, second = game_seeds(3, 2)
    >>> int(generator(rng=first).integers(1, 7)) == int(generator(rng=game_seeds(3, 5)[0]).integers(1, 7))
    True
    """
    return np.random.SeedSequence(check_seed(seed)).spawn(games)
