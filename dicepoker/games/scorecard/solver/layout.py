"""The layout of the solver's arrays, shared by :mod:`~.solve` and its compiled kernel.

Rolls and keeps are numbered as :func:`dicepoker.core.dice.all_keeps` lists them: the 210 keeps of 0
to 4 dice first, then the 252 rolls of five dice (so roll ``r`` is keep ``210 + r``). A rule set
reaches the kernel as a vector of integers; the names below are the positions in it.

>>> KEEP_ALL_OFFSET + N_ROLLS == N_KEEPS
True
"""

from __future__ import annotations

NEG = -1.0e300  # "no choice yet" in a maximum
KEEP_ALL_OFFSET = 210  # keeps of 0..4 dice come first (210 of them), then the 252 rolls
N_ROLLS = 252
N_KEEPS = 462

# positions in the ``rule_ints`` vector
N_BOXES, UPPER_MASK, POKER, POKER_BONUS, JOKER, TRACK_BIT, UPPER_FIRST, ROLLS, PAR, U_LO, U_HI, HAS_FIRST = (
    range(12)
)
N_RULE_INTS = 12

# the joker rules, as the kernel knows them
JOKER_NONE = 0
JOKER_WHEN_POKER_HOLDS_SCORE = 1
JOKER_WHEN_POKER_FILLED = 2
JOKER_FREE = 3


SMALLEST_NORMAL = 2.2250738585072014e-308  # sys.float_info.min: below it, floats are subnormal


def kernel_theta(risk: float) -> float:
    """The θ the compiled kernel computes with: ``risk`` itself, or 0 for a subnormal one.

    Below the smallest normal float in size, θ times any product of two scores a game can reach
    (under 10^8) is below 1e-299, so every certainty equivalent is its expected score to every digit
    a float holds (``CE = mean + θ var / 2 + O(θ²)``); the processor, though, computes with subnormal
    numbers about ten times slower (a solve of yatzy at θ = -5e-324: 12.5 s, against 1.2 s at -1e-300).

    >>> kernel_theta(-0.05), kernel_theta(1e-300), kernel_theta(-5e-324), kernel_theta(0.0)
    (-0.05, 1e-300, 0.0, 0.0)
    """
    risk = float(risk)
    return 0.0 if abs(risk) < SMALLEST_NORMAL else risk
