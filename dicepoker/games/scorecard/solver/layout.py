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
