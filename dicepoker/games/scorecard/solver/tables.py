"""The solver's tables: the dice (rolls, keeps and the steps between them) and a rule set as arrays.

The rule set is data: what each box scores for each roll, the joker, the bonuses and the
first-roll multiplier are read from it into :class:`RuleTables`, which the compiled kernel reads.

>>> t = dice_tables()
>>> len(t.rolls), len(t.keeps)
(252, 462)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache

import numpy as np

from dicepoker.core.dice import FACES, NUMBER_OF_DICE, Dice
from dicepoker.core.errors import DicePokerError
from dicepoker.core.turn import ROLL_OUTCOMES, turn_table
from dicepoker.games.scorecard.rules import JokerRule, Need, ScorecardRules
from dicepoker.games.scorecard.solver.layout import (
    HAS_FIRST,
    JOKER,
    JOKER_FREE,
    JOKER_NONE,
    JOKER_WHEN_POKER_FILLED,
    JOKER_WHEN_POKER_HOLDS_SCORE,
    KEEP_ALL_OFFSET,
    N_BOXES,
    N_KEEPS,
    N_ROLLS,
    N_RULE_INTS,
    PAR,
    POKER,
    POKER_BONUS,
    ROLLS,
    TRACK_BIT,
    U_HI,
    U_LO,
    UPPER_FIRST,
    UPPER_MASK,
)

JOKER_CODES = {
    JokerRule.NONE: JOKER_NONE,
    JokerRule.WHEN_POKER_HOLDS_50: JOKER_WHEN_POKER_HOLDS_SCORE,
    JokerRule.WHEN_POKER_FILLED: JOKER_WHEN_POKER_FILLED,
    JokerRule.FREE: JOKER_FREE,
}


# --- the dice: rolls, keeps and how they connect -----------------------------------------------
@dataclass(frozen=True)
class DiceTables:
    """Rolls and keeps as indices, and the one-die steps between keeps.

    >>> t = dice_tables()
    >>> t.keeps[t.subs[t.keep_index[Dice.parse("166")], 1]]  # 1-6-6 without a six
    Dice('16')
    """

    rolls: tuple[Dice, ...]  # the 252 rolls of five dice
    keeps: tuple[Dice, ...]  # the 462 keeps: 0..4 dice first, then the 252 rolls in the same order
    roll_index: dict[Dice, int]
    keep_index: dict[Dice, int]
    probability: np.ndarray  # chance of each roll of five dice
    counts: np.ndarray  # counts[r, face]: dice showing ``face`` (1..6) in roll r
    five_face: np.ndarray  # the face of a five of a kind, 0 for other rolls
    child: np.ndarray  # child[k, f - 1]: keep k plus one die showing f (keeps of 0..4 dice)
    subs: np.ndarray  # subs[k, i]: keep k minus one die of its i-th distinct face (first repeated)
    n_subs: np.ndarray
    keeps_in_roll: tuple[np.ndarray, ...]  # every distinct keep inside each roll


@cache
def dice_tables() -> DiceTables:
    """The dice tables shared by every rule set (computed once).

    >>> t = dice_tables()
    >>> len(t.rolls), len(t.keeps), t.keeps[t.child[0, 5]], float(t.probability.sum())
    (252, 462, Dice('6'), 1.0)
    """
    turn = turn_table()
    rolls, keeps, keep_index = turn.rolls, turn.keeps, turn.keep_index
    assert keeps[KEEP_ALL_OFFSET:] == rolls and len(keeps) == N_KEEPS and len(rolls) == N_ROLLS
    child = np.zeros((KEEP_ALL_OFFSET, 6), dtype=np.int64)
    for i, k in enumerate(keeps[:KEEP_ALL_OFFSET]):
        for f in FACES:
            child[i, f - 1] = keep_index[k + Dice([f])]
    subs = np.zeros((N_KEEPS, NUMBER_OF_DICE), dtype=np.int64)
    n_subs = np.zeros(N_KEEPS, dtype=np.int64)
    for i, k in enumerate(keeps):
        for j, f in enumerate(sorted(k.faces)):
            subs[i, j] = keep_index[k - Dice([f])]
        n_subs[i] = len(k.faces)
        if n_subs[i]:
            subs[i, n_subs[i] :] = subs[i, 0]  # five places: repeat the first (a maximum is unchanged)
    counts = np.array([[0, *r.counts] for r in rolls], dtype=np.int64)
    inside = tuple(
        np.array(sorted({keep_index[s] for s in _sub_multisets(r)}), dtype=np.int64) for r in rolls
    )
    return DiceTables(
        rolls=rolls,
        keeps=keeps,
        roll_index=turn.roll_index,
        keep_index=keep_index,
        probability=turn.roll_ways / ROLL_OUTCOMES,
        counts=counts,
        five_face=np.array([r.values[0] if len(r.faces) == 1 else 0 for r in rolls], dtype=np.int64),
        child=child,
        subs=subs,
        n_subs=n_subs,
        keeps_in_roll=inside,
    )


def _sub_multisets(dice: Dice) -> set[Dice]:
    subsets = {Dice()}
    for v in dice.values:
        subsets |= {s + Dice([v]) for s in subsets}
    return subsets


# --- a rule set as the solver's tables ----------------------------------------------------------
@dataclass(frozen=True, eq=False)
class RuleTables:
    """What the solver reads from a rule set: box scores per roll, the joker, bonuses, the state space.

    >>> from dicepoker import find_game
    >>> t = rule_tables(find_game("yatzy"))
    >>> t.n_bits, (t.u_lo, t.u_hi), t.state({"Sixes": 24, "Chance": 20})
    (1, (0, 63), (8224, 0, 24))
    """

    rules: ScorecardRules
    rule_ints: np.ndarray
    box_upper: np.ndarray  # 1 for upper (face) boxes
    box_face: np.ndarray
    face_box: np.ndarray  # face_box[f]: the upper box of face f, -1 if none
    scores: np.ndarray  # scores[first, b, r]: rules.score(box b, roll r, first_roll=first)
    joker_scores: np.ndarray  # joker_scores[b, r]: a lower box's score for a joker roll r
    u_lo: int  # the lowest upper total
    u_hi: int  # upper totals are capped here: from here on the bonus is certain
    n_bits: int  # 2 when the solver tracks "the poker box holds its score"
    upper_class: np.ndarray  # upper_class[mask]: which upper boxes are filled, as a small index
    compute_u: np.ndarray  # compute_u[c, :n]: the upper totals a turn is evaluated for
    compute_n: np.ndarray
    fill_from: np.ndarray  # fill_from[c, u - u_lo]: where each total's value comes from (-1: unreachable)
    reachable: np.ndarray  # reachable[c, u - u_lo]
    mask_reachable: np.ndarray  # False for scorecards the rules never produce (two_part's part order)

    @property
    def n_boxes(self) -> int:
        return len(self.rules.boxes)

    @property
    def n_u(self) -> int:
        return self.u_hi - self.u_lo + 1

    @property
    def shape(self) -> tuple[int, int, int]:
        """The shape of a value table: (filled-box masks, poker bit, upper totals)."""
        return (1 << self.n_boxes, self.n_bits, self.n_u)

    @cached_property
    def box_index(self) -> dict[str, int]:
        """Each box's place on the scorecard, by name."""
        return {name: i for i, name in enumerate(self.rules.box_names)}

    @cached_property
    def _box_bit(self) -> dict[str, int]:
        return {name: 1 << i for name, i in self.box_index.items()}

    def mask(self, filled: Mapping[str, int]) -> int:
        """The filled boxes as a bit mask (bit i = the i-th box of the scorecard)."""
        bits, mask = self._box_bit, 0
        for name in filled:
            bit = bits.get(name)
            mask |= bit if bit is not None else bits[self.rules.box(name).name]  # a box's other name
        return mask

    def bit(self, filled: Mapping[str, int]) -> int:
        """1 when the solver tracks the poker box and it holds a score above zero."""
        return int(self.n_bits == 2 and self.rules.poker_holds_score(filled))

    def clip(self, upper_total: int) -> int:
        return min(max(upper_total, self.u_lo), self.u_hi)

    def state(self, filled: Mapping[str, int]) -> tuple[int, int, int]:
        """The state of a scorecard: (mask, poker bit, capped upper total)."""
        return self.mask(filled), self.bit(filled), self.clip(self.rules.upper_total(filled))

    def bits_per_mask(self) -> np.ndarray:
        """For each scorecard: 2 if the poker bit is tracked and the poker box is filled, else 1."""
        bits = np.ones(1 << self.n_boxes, dtype=np.int64)
        if self.n_bits == 2:
            bits += (np.arange(1 << self.n_boxes) >> int(self.rule_ints[POKER])) & 1
        return bits

    def count_states(self) -> tuple[int, int]:
        """(reachable states, turns evaluated) of the whole game."""
        bits = self.bits_per_mask()
        alive = self.mask_reachable.copy()
        states = int((self.reachable.sum(axis=1)[self.upper_class] * bits)[alive].sum())
        alive[-1] = False  # the full scorecard has no turn left
        turns = int((self.compute_n[self.upper_class] * bits)[alive].sum())
        return states, turns


@lru_cache(maxsize=16)
def rule_tables(rules: ScorecardRules) -> RuleTables:
    """Build the solver's tables from a rule set (read from its fields and its ``score`` method).

    >>> from dicepoker import find_game
    >>> t = rule_tables(find_game("yahtzee"))
    >>> t.shape, t.count_states()[0]
    ((8192, 2, 64), 536448)
    """
    boxes = rules.boxes
    n = len(boxes)
    if n > 20:
        raise DicePokerError(f"rule set {rules.name!r} has {n} boxes: the solver handles at most 20")
    if rules.rolls_per_turn > 6:
        raise DicePokerError(f"rule set {rules.name!r}: the solver handles at most 6 rolls a turn")
    for b in boxes:
        if (b.section == "upper") != (b.need is Need.FACE):
            raise DicePokerError(f"box {b.name!r}: the solver needs the upper boxes to be the face boxes")
    dt = dice_tables()
    upper = [i for i, b in enumerate(boxes) if b.section == "upper"]
    upper_mask = sum(1 << i for i in upper)
    face_box = np.full(7, -1, dtype=np.int64)
    for i in upper:
        face_box[boxes[i].face] = i
    scores = np.zeros((2, n, N_ROLLS), dtype=np.int64)
    joker_scores = np.zeros((n, N_ROLLS), dtype=np.int64)
    for b, box in enumerate(boxes):
        for r, dice in enumerate(dt.rolls):
            scores[0, b, r] = rules.score(box, dice)
            scores[1, b, r] = rules.score(box, dice, first_roll=True)
            joker_scores[b, r] = box.qualifying_points(dice) if box.section == "lower" else scores[0, b, r]
    for b in upper:  # the kernel adds (count - par) x face to the upper total
        face = boxes[b].face
        assert (scores[:, b, :] == (dt.counts[:, face] - rules.par) * face).all()
    poker = rules.box_names.index(rules.poker_box) if rules.poker_box else -1
    track_bit = poker >= 0 and (rules.poker_bonus != 0 or rules.joker is JokerRule.WHEN_POKER_HOLDS_50)
    gains = [[(c - rules.par) * boxes[b].face for c in range(NUMBER_OF_DICE + 1)] for b in upper]
    u_lo = sum(min(g) for g in gains)
    u_max = sum(max(g) for g in gains)
    u_hi = max(u_lo, min(u_max, rules.upper_bonus_threshold - u_lo))
    rule_ints = np.zeros(N_RULE_INTS, dtype=np.int64)
    rule_ints[N_BOXES] = n
    rule_ints[UPPER_MASK] = upper_mask
    rule_ints[POKER] = poker
    rule_ints[POKER_BONUS] = rules.poker_bonus if track_bit else 0
    rule_ints[JOKER] = JOKER_CODES[rules.joker] if poker >= 0 else JOKER_NONE
    rule_ints[TRACK_BIT] = int(track_bit)
    rule_ints[UPPER_FIRST] = int(rules.upper_first)
    rule_ints[ROLLS] = rules.rolls_per_turn
    rule_ints[PAR] = rules.par
    rule_ints[U_LO] = u_lo
    rule_ints[U_HI] = u_hi
    rule_ints[HAS_FIRST] = int(bool((scores[0] != scores[1]).any()))
    classes = _upper_classes(rules, gains, u_lo, u_hi)
    masks = np.arange(1 << n, dtype=np.int64)
    upper_class = np.zeros(1 << n, dtype=np.int64)
    for j, b in enumerate(upper):
        upper_class |= ((masks >> b) & 1) << j
    lower_mask = ((1 << n) - 1) & ~upper_mask
    mask_reachable = np.ones(1 << n, dtype=bool)
    if rules.upper_first:
        mask_reachable = ((masks & lower_mask) == 0) | ((masks & upper_mask) == upper_mask)
    return RuleTables(
        rules=rules,
        rule_ints=rule_ints,
        box_upper=np.array([int(b.section == "upper") for b in boxes], dtype=np.int64),
        box_face=np.array([b.face for b in boxes], dtype=np.int64),
        face_box=face_box,
        scores=scores,
        joker_scores=joker_scores,
        u_lo=u_lo,
        u_hi=u_hi,
        n_bits=2 if track_bit else 1,
        upper_class=upper_class,
        mask_reachable=mask_reachable,
        **classes,
    )


def _upper_classes(rules: ScorecardRules, gains: list[list[int]], u_lo: int, u_hi: int) -> dict:
    """For each set of filled upper boxes: the reachable upper totals, and which of them differ.

    Totals from which the bonus is already certain, or already impossible, all have the same
    future; the turn is evaluated once for each such group.
    """
    n_upper = len(gains)
    n_u = u_hi - u_lo + 1
    threshold = rules.upper_bonus_threshold
    compute_u = np.zeros((1 << n_upper, n_u), dtype=np.int64)
    compute_n = np.zeros(1 << n_upper, dtype=np.int64)
    fill_from = np.full((1 << n_upper, n_u), -1, dtype=np.int64)
    reachable = np.zeros((1 << n_upper, n_u), dtype=bool)
    for c in range(1 << n_upper):
        totals = {0}
        for j in range(n_upper):
            if (c >> j) & 1:
                totals = {min(max(t + g, u_lo), u_hi) for t in totals for g in gains[j]}
        open_gains = [gains[j] for j in range(n_upper) if not (c >> j) & 1]
        most = sum(max(g) for g in open_gains)
        least = sum(min(g) for g in open_gains)

        def group(u: int, most: int = most, least: int = least) -> int | str:
            if u + most < threshold:
                return "impossible"
            if u + least >= threshold:
                return "certain"
            return u

        index: dict[int | str, int] = {}
        for u in sorted(totals):
            key = group(u)
            if key not in index:
                index[key] = len(index)
                compute_u[c, index[key]] = u
        compute_n[c] = len(index)
        for u in range(u_lo, u_hi + 1):
            key = group(u)
            if key in index and (u in totals or isinstance(key, str)):
                fill_from[c, u - u_lo] = index[key]
            reachable[c, u - u_lo] = u in totals
    return {"compute_u": compute_u, "compute_n": compute_n, "fill_from": fill_from, "reachable": reachable}


def _kernel_tables(t: RuleTables) -> tuple:
    dt = dice_tables()
    return (
        t.rule_ints,
        t.box_upper,
        t.box_face,
        t.face_box,
        t.scores,
        t.joker_scores,
        dt.counts,
        dt.five_face,
        dt.child,
        dt.subs,
        dt.n_subs,
    )


def options_from_tables(
    t: RuleTables, filled: Mapping[str, int], dice: Dice | str, first_roll: bool = False
) -> tuple[dict[str, int], int]:
    """The solver's reading of the rules for one roll: (legal boxes with their points, poker bonus).

    It must agree with ``rules.options`` and ``rules.poker_bonus_for`` (the tests check every roll).

    >>> from dicepoker import find_game
    >>> options_from_tables(rule_tables(find_game("classic")), {"Poker": 50}, "66666")
    ({'Sixes': 30}, 100)
    """
    dt = dice_tables()
    mask, bit, _ = t.state(filled)
    r = dt.roll_index[Dice.roll(dice)]
    from dicepoker.games.scorecard.solver.kernel import legal_boxes

    legal, joker = legal_boxes(mask, bit, r, t.rule_ints, t.box_upper, t.face_box, dt.five_face)
    options = {}
    for b, box in enumerate(t.rules.boxes):
        if (legal >> b) & 1:
            if t.box_upper[b]:
                points = (dt.counts[r, box.face] - t.rules.par) * box.face
            elif joker:
                points = t.joker_scores[b, r]
            else:
                points = t.scores[int(first_roll), b, r]
            options[box.name] = int(points)
    bonus = int(t.rule_ints[POKER_BONUS]) if dt.five_face[r] and bit else 0
    return options, bonus
