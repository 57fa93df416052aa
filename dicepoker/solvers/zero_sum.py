"""Exact solutions of two-player zero-sum games with hidden information (extensive form).

A game is an explicit tree of :class:`Chance`, :class:`Decision` and :class:`Terminal` nodes.
A decision belongs to an *information set*: the nodes its player cannot tell apart (a hidden card,
a covered cup). Payoffs are to player 0; player 1 receives their negative.

The tree is walked once into its *sequence form* (von Stengel 1996): each player's sequences of
own actions, and the payoff of every pair of sequences weighted by chance. On it:

* :func:`solve_lp` — the exact equilibrium by linear programming (``scipy.optimize.linprog``);
* :func:`solve_cfr` — CFR+ (Tammelin 2014), counterfactual regret minimisation for big games;
* :func:`exploitability` — how much a best response gains against a strategy profile (0 exactly
  at an equilibrium), in exact fractions when the game and the strategy are fractions.

Matching pennies with a hidden coin: player 0 hides heads or tails, player 1 guesses.

>>> from fractions import Fraction
>>> def guess(hidden):
...     return Decision(1, "guess", [(g, Terminal(-1 if g == hidden else 1)) for g in "HT"])
>>> pennies = sequence_form(Decision(0, "hide", [(h, guess(h)) for h in "HT"]))
>>> pennies.infoset_count, pennies.sequence_count
((1, 1), (3, 3))
>>> even = {"H": Fraction(1, 2), "T": Fraction(1, 2)}
>>> half = {"hide": even, "guess": even}
>>> expected_value(pennies, half), exploitability(pennies, half)
(Fraction(0, 1), Fraction(0, 1))
>>> exploitability(pennies, {"hide": {"H": 1, "T": 0}, "guess": {"H": 1, "T": 0}})
Fraction(1, 1)
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from dicepoker.core.errors import DicePokerError

Number = Fraction | float | int
Strategy = dict[Hashable, dict[Hashable, Number]]  # information set -> action -> probability


# --- the game tree ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Terminal:
    """The end of a play: ``value`` is player 0's payoff (player 1 gets ``-value``).

    >>> Terminal(Fraction(1, 2)).value
    Fraction(1, 2)
    """

    value: Number


@dataclass(frozen=True)
class Chance:
    """A random event: ``outcomes`` are ``(probability, child)`` pairs summing to 1.

    The outcomes may be any iterable (a generator builds a big tree while it is walked, so the
    whole tree is never held in memory).

    >>> Chance([(Fraction(1, 2), Terminal(1)), (Fraction(1, 2), Terminal(-1))]).outcomes[0][0]
    Fraction(1, 2)
    """

    outcomes: Iterable[tuple[Number, Node]]


@dataclass(frozen=True)
class Decision:
    """A choice of ``player`` (0 or 1) in information set ``infoset``: ``(action, child)`` pairs.

    Every node of one information set has the same actions in the same order, and (perfect
    recall) the player reached it by the same own earlier actions.

    >>> Decision(0, "open", [("fold", Terminal(-1)), ("bet", Terminal(1))]).player
    0
    """

    player: int
    infoset: Hashable
    actions: Iterable[tuple[Hashable, Node]]


Node = Terminal | Chance | Decision


# --- the sequence form ---------------------------------------------------------------------------
@dataclass
class Treeplex:
    """One player's sequences: sequence 0 is the empty one; each information set's actions are
    consecutive sequences, and the information sets are ordered by depth (parents first)."""

    infosets: list[Hashable] = field(default_factory=list)
    actions: list[tuple[Hashable, ...]] = field(default_factory=list)
    parent: list[int] = field(default_factory=list)  # the sequence leading to each information set
    start: list[int] = field(default_factory=list)  # its first action's sequence
    depth: list[int] = field(default_factory=list)

    @property
    def sequence_count(self) -> int:
        return 1 + sum(len(a) for a in self.actions)

    def index(self) -> dict[Hashable, int]:
        return {key: i for i, key in enumerate(self.infosets)}


@dataclass
class SequenceForm:
    """A game in sequence form: both players' treeplexes and the sparse payoff ``A[s0, s1]``
    (chance-weighted payoff to player 0 of the terminals reached by the sequence pair).

    Build it with :func:`sequence_form`.
    """

    players: tuple[Treeplex, Treeplex]
    rows: np.ndarray
    cols: np.ndarray
    values: list[Number]
    exact: bool
    _levels: tuple[list[tuple[np.ndarray, np.ndarray, np.ndarray]], ...] = field(default=(), repr=False)

    @property
    def infoset_count(self) -> tuple[int, int]:
        """How many information sets each player has."""
        return (len(self.players[0].infosets), len(self.players[1].infosets))

    @property
    def sequence_count(self) -> tuple[int, int]:
        """How many sequences each player has (the empty sequence included)."""
        return (self.players[0].sequence_count, self.players[1].sequence_count)

    @property
    def player_of(self) -> dict[Hashable, int]:
        """Each information set's player."""
        return {key: p for p, plex in enumerate(self.players) for key in plex.infosets}

    def float_values(self) -> np.ndarray:
        return np.array([float(v) for v in self.values])


def sequence_form(root: Node) -> SequenceForm:
    """Walk the tree once into its sequence form (checks perfect recall and consistent actions).

    >>> sf = sequence_form(Chance([(Fraction(1, 3), Terminal(3)), (Fraction(2, 3), Terminal(0))]))
    >>> sf.values, sf.sequence_count
    ([Fraction(1, 1)], (1, 1))
    """
    raw: list[dict[Hashable, Any]] = [{}, {}]  # infoset -> [parent sequence, actions, sequence ids]
    next_sequence = [1, 1]
    payoff: dict[tuple[int, int], Number] = {}
    exact = True
    stack: list[tuple[Node, int, int, Number]] = [(root, 0, 0, Fraction(1))]
    while stack:
        node, s0, s1, reach = stack.pop()
        if isinstance(node, Terminal):
            if not isinstance(node.value, Fraction | int):
                exact = False
            if reach and node.value:
                payoff[(s0, s1)] = payoff.get((s0, s1), 0) + reach * node.value
        elif isinstance(node, Chance):
            outcomes = list(node.outcomes)
            total = sum(p for p, _ in outcomes)
            if any(p < 0 for p, _ in outcomes) or abs(total - 1) > 1e-12:
                raise DicePokerError(f"a chance node's probabilities must be >= 0 and sum to 1, not {total}")
            for p, child in reversed(outcomes):
                if not isinstance(p, Fraction | int):
                    exact = False
                stack.append((child, s0, s1, reach * p))
        elif isinstance(node, Decision):
            player, key = node.player, node.infoset
            if player not in (0, 1):
                raise DicePokerError(f"a decision belongs to player 0 or 1, not {player!r} (at {key!r})")
            if key in raw[1 - player]:
                raise DicePokerError(f"information set {key!r} is used by both players")
            pairs = list(node.actions)
            labels = tuple(a for a, _ in pairs)
            if not labels or len(set(labels)) != len(labels):
                raise DicePokerError(f"information set {key!r} needs distinct actions, not {labels!r}")
            mine = s0 if player == 0 else s1
            entry = raw[player].get(key)
            if entry is None:
                ids = list(range(next_sequence[player], next_sequence[player] + len(labels)))
                next_sequence[player] += len(labels)
                entry = raw[player][key] = [mine, labels, ids]
            elif entry[0] != mine:
                raise DicePokerError(
                    f"information set {key!r} breaks perfect recall (reached by other own moves)"
                )
            elif entry[1] != labels:
                raise DicePokerError(
                    f"information set {key!r} has actions {labels!r} here, {entry[1]!r} elsewhere"
                )
            for (_, child), seq in reversed(list(zip(pairs, entry[2], strict=True))):
                stack.append((child, seq, s1, reach) if player == 0 else (child, s0, seq, reach))
        else:
            raise DicePokerError(f"not a game-tree node: {node!r}")
    plexes, renumber = zip(*(_ordered_treeplex(raw[p]) for p in (0, 1)), strict=True)
    keys = sorted(payoff, key=lambda k: (renumber[0][k[0]], renumber[1][k[1]]))
    rows = np.array([renumber[0][k[0]] for k in keys], dtype=np.int64)
    cols = np.array([renumber[1][k[1]] for k in keys], dtype=np.int64)
    values = [payoff[k] for k in keys]
    if exact:
        values = [Fraction(v) for v in values]
    sf = SequenceForm(tuple(plexes), rows, cols, values, exact)  # type: ignore[arg-type]
    sf._levels = tuple(_levels(plex) for plex in sf.players)
    return sf


def _ordered_treeplex(raw: dict[Hashable, Any]) -> tuple[Treeplex, dict[int, int]]:
    """Renumber one player's sequences so information sets come by depth, actions consecutive."""
    parent_infoset = {seq: key for key, (_, _, ids) in raw.items() for seq in ids}
    depth: dict[Hashable, int] = {}

    def depth_of(key: Hashable) -> int:
        if key not in depth:
            parent = raw[key][0]
            depth[key] = 0 if parent == 0 else depth_of(parent_infoset[parent]) + 1
        return depth[key]

    order = sorted(raw, key=lambda k: (depth_of(k), raw[k][2][0]))
    renumber, plex, nxt = {0: 0}, Treeplex(), 1
    for key in order:
        for seq in raw[key][2]:
            renumber[seq] = nxt
            nxt += 1
    for key in order:
        parent, labels, ids = raw[key]
        plex.infosets.append(key)
        plex.actions.append(labels)
        plex.parent.append(renumber[parent])
        plex.start.append(renumber[ids[0]])
        plex.depth.append(depth[key])
    return plex, renumber


def _levels(plex: Treeplex) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """Per depth: the information sets, their first sequences, and each sequence's infoset."""
    levels = []
    depth = np.array(plex.depth, dtype=np.int64)
    for d in range(int(depth.max()) + 1 if len(depth) else 0):
        sets = np.flatnonzero(depth == d)
        sizes = [len(plex.actions[i]) for i in sets]
        owner = np.repeat(sets, sizes)
        levels.append((sets, np.array([plex.start[i] for i in sets], dtype=np.int64), owner))
    return levels


# --- strategies ------------------------------------------------------------------------------------
def _dtype(sf: SequenceForm, exact: bool | None) -> Any:
    return object if (sf.exact if exact is None else exact) else float


def _behaviour_array(
    sf: SequenceForm, player: int, strategy: Mapping[Hashable, Any], dtype: Any
) -> np.ndarray:
    """The strategy's probability of each sequence's last action (sequence 0: 1)."""
    plex = sf.players[player]
    out = np.zeros(plex.sequence_count, dtype=dtype)
    out[0] = Fraction(1) if dtype is object else 1.0
    for i, key in enumerate(plex.infosets):
        if key not in strategy:
            raise DicePokerError(f"the strategy has no probabilities for information set {key!r}")
        probs = strategy[key]
        for j, action in enumerate(plex.actions[i]):
            p = probs.get(action, 0)
            out[plex.start[i] + j] = Fraction(p) if dtype is object else float(p)
    return out


def realization_plan(
    sf: SequenceForm, player: int, strategy: Mapping[Hashable, Any], *, exact: bool | None = None
) -> np.ndarray:
    """Each sequence's probability of being played in full by ``player`` (the sequence form's x).

    >>> inner = Decision(0, "b", [("x", Terminal(1)), ("y", Terminal(0))])
    >>> sf = sequence_form(Decision(0, "a", [("l", inner), ("r", Terminal(0))]))
    >>> half = {"l": Fraction(1, 2), "r": Fraction(1, 2)}
    >>> realization_plan(sf, 0, {"a": half, "b": {"x": 1, "y": 0}}).tolist()
    [Fraction(1, 1), Fraction(1, 2), Fraction(1, 2), Fraction(1, 2), Fraction(0, 1)]
    """
    dtype = _dtype(sf, exact)
    behaviour = _behaviour_array(sf, player, strategy, dtype)
    plan = behaviour.copy()
    plex = sf.players[player]
    for sets, _, owner in sf._levels[player]:
        seqs = _level_sequences(plex, sets)
        parents = np.array(plex.parent, dtype=np.int64)[owner]
        plan[seqs] = plan[parents] * behaviour[seqs]
    return plan


def _level_sequences(plex: Treeplex, sets: np.ndarray) -> np.ndarray:
    return np.concatenate([np.arange(plex.start[i], plex.start[i] + len(plex.actions[i])) for i in sets])


def behaviour_strategy(sf: SequenceForm, player: int, plan: np.ndarray) -> Strategy:
    """The behaviour strategy of a realization plan (uniform where the plan never arrives)."""
    plex = sf.players[player]
    strategy: Strategy = {}
    for i, key in enumerate(plex.infosets):
        reach = plan[plex.parent[i]]
        acts = plex.actions[i]
        chunk = plan[plex.start[i] : plex.start[i] + len(acts)]
        total = sum(chunk)
        if reach <= 0 or total <= 0:
            strategy[key] = {a: (Fraction(1, len(acts)) if sf.exact else 1 / len(acts)) for a in acts}
        else:
            strategy[key] = {a: c / total for a, c in zip(acts, chunk, strict=True)}
    return strategy


def _payoff_times(sf: SequenceForm, vector: np.ndarray, player: int, dtype: Any) -> np.ndarray:
    """``A @ y`` (player 0's sequence values) or ``A.T @ x`` (player 1's), in the given number type."""
    n = sf.sequence_count[player]
    values = np.array(sf.values, dtype=object) if dtype is object else sf.float_values()
    other = sf.cols if player == 0 else sf.rows
    mine = sf.rows if player == 0 else sf.cols
    if dtype is object:
        out = np.zeros(n, dtype=object)
        np.add.at(out, mine, values * vector[other])
        return out
    return np.bincount(mine, weights=values * vector[other], minlength=n)


def _best_value(sf: SequenceForm, player: int, gains: np.ndarray) -> Any:
    """The most a player can collect from per-sequence ``gains`` (player 0 maximises, 1 too on -A)."""
    plex = sf.players[player]
    v = gains.copy()
    parents = np.array(plex.parent, dtype=np.int64)
    for sets, starts, _ in reversed(sf._levels[player]):
        seqs = _level_sequences(plex, sets)
        best = np.maximum.reduceat(v[seqs], np.searchsorted(seqs, starts))
        np.add.at(v, parents[sets], best)
    return v[0]


def expected_value(sf: SequenceForm, profile: Mapping[Hashable, Any], *, exact: bool | None = None) -> Any:
    """Player 0's expected payoff when both play ``profile`` (one dict for both players' sets)."""
    dtype = _dtype(sf, exact)
    x = realization_plan(sf, 0, profile, exact=exact)
    return _sum(_payoff_times(sf, realization_plan(sf, 1, profile, exact=exact), 0, dtype) * x, dtype)


def _sum(a: np.ndarray, dtype: Any) -> Any:
    return sum(a.tolist(), Fraction(0)) if dtype is object else float(a.sum())


def best_response_value(
    sf: SequenceForm, player: int, profile: Mapping[Hashable, Any], *, exact: bool | None = None
) -> Any:
    """Player 0's payoff when ``player`` best-responds to the other player's part of ``profile``.

    For ``player=0`` the most player 0 can win; for ``player=1`` the least player 1 can let
    player 0 have.
    """
    dtype = _dtype(sf, exact)
    other = realization_plan(sf, 1 - player, profile, exact=exact)
    gains = _payoff_times(sf, other, player, dtype)
    return _best_value(sf, 0, gains) if player == 0 else -_best_value(sf, 1, -gains)


def exploitability(sf: SequenceForm, profile: Mapping[Hashable, Any], *, exact: bool | None = None) -> Any:
    """How much a best response gains against the profile, averaged over the two seats.

    ``(BR0 - BR1) / 2`` where ``BR0`` is what player 0 wins best-responding to player 1's part and
    ``BR1`` what player 0 is left with when player 1 best-responds (OpenSpiel's NashConv / 2).
    It is 0 exactly at an equilibrium and positive otherwise; exact for exact games.
    """
    return (
        best_response_value(sf, 0, profile, exact=exact) - best_response_value(sf, 1, profile, exact=exact)
    ) / 2


def best_response_gain(sf: SequenceForm, player: int, profile: Mapping[Hashable, Any], value: Number) -> Any:
    """How much more than the game's ``value`` a best response wins against ``player``'s part of
    the profile (0 for an equilibrium strategy; the other player's part is ignored).

    >>> def guess(h): return Decision(1, "guess", [(g, Terminal(-1 if g == h else 1)) for g in "HT"])
    >>> pennies = sequence_form(Decision(0, "hide", [(h, guess(h)) for h in "HT"]))
    >>> best_response_gain(pennies, 0, {"hide": {"H": 1, "T": 0}}, 0)  # always heads: guessed
    Fraction(1, 1)
    """
    if player == 0:
        return value - best_response_value(sf, 1, profile)
    return best_response_value(sf, 0, profile) - value


# --- solutions ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Solution:
    """An (approximate) equilibrium: ``value`` to player 0, the profile, its exploitability,
    the seconds the solve took, and (for CFR) ``curve``: ``(iteration, exploitability)`` pairs."""

    value: float
    strategy: Strategy
    exploitability: float
    seconds: float
    method: str
    curve: tuple[tuple[int, float], ...] = ()

    def exact_strategy(self, max_denominator: int = 1000) -> Strategy:
        """The strategy's probabilities as nearby simple fractions (for an exact check)."""
        return {
            key: _normalised({a: Fraction(p).limit_denominator(max_denominator) for a, p in probs.items()})
            for key, probs in self.strategy.items()
        }


def _normalised(probs: dict[Hashable, Fraction]) -> dict[Hashable, Fraction]:
    total = sum(probs.values())
    return {a: p / total for a, p in probs.items()} if total else probs


def _constraint_matrix(plex: Treeplex) -> Any:
    """The treeplex constraints ``E x = e``: x[empty] = 1; each set's actions sum to its parent."""
    from scipy.sparse import coo_matrix

    r, c, v = [0], [0], [1.0]
    for i, acts in enumerate(plex.actions):
        r.append(i + 1)
        c.append(plex.parent[i])
        v.append(-1.0)
        for j in range(len(acts)):
            r.append(i + 1)
            c.append(plex.start[i] + j)
            v.append(1.0)
    return coo_matrix((v, (r, c)), shape=(len(plex.infosets) + 1, plex.sequence_count)).tocsr()


def _lp_plan(sf: SequenceForm, player: int) -> tuple[float, np.ndarray]:
    """One player's maximin realization plan by linear programming, and the game value."""
    from scipy.optimize import linprog
    from scipy.sparse import bmat, coo_matrix

    n0, n1 = sf.sequence_count
    payoff = coo_matrix((sf.float_values(), (sf.rows, sf.cols)), shape=(n0, n1)).tocsr()
    if player == 1:  # player 1 maximises -A
        payoff = -payoff.T
    mine, theirs = sf.players[player], sf.players[1 - player]
    e, f = _constraint_matrix(mine), _constraint_matrix(theirs)
    n, m = mine.sequence_count, f.shape[0]
    # max f.q  s.t.  E x = e,  F^T q - A^T x <= 0,  x >= 0,  q free
    a_eq = bmat([[e, coo_matrix((e.shape[0], m))]]).tocsr()
    b_eq = np.zeros(e.shape[0])
    b_eq[0] = 1
    a_ub = bmat([[-payoff.T, f.T]]).tocsr()
    cost = np.zeros(n + m)
    cost[n] = -1
    bounds = [(0, None)] * n + [(None, None)] * m
    result = linprog(
        cost,
        A_ub=a_ub,
        b_ub=np.zeros(a_ub.shape[0]),
        A_eq=a_eq,
        b_eq=b_eq,
        bounds=bounds,
        method="highs",
        options={"primal_feasibility_tolerance": 1e-10, "dual_feasibility_tolerance": 1e-10},
    )
    if result.status != 0:  # pragma: no cover - a well-formed game always has a solution
        raise DicePokerError(f"the linear program failed: {result.message}")
    value = float(result.x[n])
    return (value if player == 0 else -value), np.clip(result.x[:n], 0, None)


def solve_lp(sf: SequenceForm) -> Solution:
    """The exact equilibrium by the sequence-form linear program (one LP per player, HiGHS).

    >>> def guess(h): return Decision(1, "guess", [(g, Terminal(-1 if g == h else 1)) for g in "HT"])
    >>> solution = solve_lp(sequence_form(Decision(0, "hide", [(h, guess(h)) for h in "HT"])))
    >>> abs(solution.value) < 1e-9, round(solution.strategy["hide"]["H"], 9), solution.exploitability < 1e-9
    (True, 0.5, True)
    """
    began = time.perf_counter()
    value, x = _lp_plan(sf, 0)
    _, y = _lp_plan(sf, 1)
    strategy = behaviour_strategy(sf, 0, x) | behaviour_strategy(sf, 1, y)
    strategy = {k: {a: float(p) for a, p in probs.items()} for k, probs in strategy.items()}
    seconds = time.perf_counter() - began
    gap = float(exploitability(sf, strategy, exact=False))
    return Solution(value, strategy, gap, seconds, "sequence-form LP")


# --- CFR+ --------------------------------------------------------------------------------------------------
class _Regrets:
    """One player's CFR+ state over its treeplex: regrets, the current and the average strategy."""

    def __init__(self, sf: SequenceForm, player: int) -> None:
        self.plex = sf.players[player]
        self.levels = [
            (sets, np.searchsorted(seqs := _level_sequences(self.plex, sets), starts), seqs, owner)
            for sets, starts, owner in sf._levels[player]
        ]
        self.parent = np.array(self.plex.parent, dtype=np.int64)
        n = self.plex.sequence_count
        self.regret = np.zeros(n)
        self.plan_sum = np.zeros(n)
        sizes = np.array([len(a) for a in self.plex.actions] or [1])
        self.uniform = np.ones(n)
        for _, _, seqs, owner in self.levels:
            self.uniform[seqs] = 1.0 / sizes[owner]

    def behaviour(self) -> np.ndarray:
        """Regret matching+: each action in proportion to its positive regret (uniform if none)."""
        out = self.uniform.copy()
        for _, cuts, seqs, _ in self.levels:
            positive = self.regret[seqs]
            totals = np.add.reduceat(positive, cuts)
            per_seq = np.repeat(totals, np.diff(np.append(cuts, len(seqs))))
            out[seqs] = np.where(
                per_seq > 0, positive / np.where(per_seq > 0, per_seq, 1), self.uniform[seqs]
            )
        return out

    def plan(self, behaviour: np.ndarray) -> np.ndarray:
        plan = behaviour.copy()
        plan[0] = 1.0
        for _, _, seqs, owner in self.levels:
            plan[seqs] = plan[self.parent[owner]] * behaviour[seqs]
        return plan

    def update(self, behaviour: np.ndarray, gains: np.ndarray, weight: float) -> None:
        """Add this iteration's counterfactual regrets (floored at 0) and the weighted plan."""
        values = gains.copy()
        for sets, cuts, seqs, _ in reversed(self.levels):
            expected = np.add.reduceat(behaviour[seqs] * values[seqs], cuts)
            per_seq = np.repeat(expected, np.diff(np.append(cuts, len(seqs))))
            self.regret[seqs] = np.maximum(self.regret[seqs] + values[seqs] - per_seq, 0.0)
            np.add.at(values, self.parent[sets], expected)
        self.plan_sum += weight * self.plan(behaviour)


def solve_cfr(
    sf: SequenceForm, iterations: int = 1000, *, checkpoints: Iterable[int] | None = None
) -> Solution:
    """An approximate equilibrium by CFR+ (alternating updates, regret matching+, linear averaging).

    ``checkpoints`` lists the iterations at which the average strategy's exploitability is
    recorded in ``curve`` (default: powers of two and the last iteration).

    >>> def guess(h): return Decision(1, "guess", [(g, Terminal(-1 if g == h else 1)) for g in "HT"])
    >>> solution = solve_cfr(sequence_form(Decision(0, "hide", [(h, guess(h)) for h in "HT"])), 64)
    >>> solution.exploitability < 1e-3, solution.curve[-1][0]
    (True, 64)
    """
    if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
        raise DicePokerError(f"CFR needs a whole number of iterations >= 1, not {iterations!r}")
    marks = set(checkpoints) if checkpoints is not None else {2**k for k in range(30)} | {iterations}
    began = time.perf_counter()
    players = (_Regrets(sf, 0), _Regrets(sf, 1))
    values = sf.float_values()
    n0, n1 = sf.sequence_count
    behaviour = [players[0].behaviour(), players[1].behaviour()]
    curve: list[tuple[int, float]] = []
    measuring = 0.0
    for t in range(1, iterations + 1):
        for p in (0, 1):
            other_plan = players[1 - p].plan(behaviour[1 - p])
            if p == 0:
                gains = np.bincount(sf.rows, weights=values * other_plan[sf.cols], minlength=n0)
            else:
                gains = -np.bincount(sf.cols, weights=values * other_plan[sf.rows], minlength=n1)
            players[p].update(behaviour[p], gains, float(t))
            behaviour[p] = players[p].behaviour()
        if t in marks:
            tick = time.perf_counter()
            curve.append((t, float(exploitability(sf, _average(sf, players), exact=False))))
            measuring += time.perf_counter() - tick
    strategy = _average(sf, players)
    gap = float(exploitability(sf, strategy, exact=False))
    seconds = time.perf_counter() - began - measuring
    value = float(expected_value(sf, strategy, exact=False))
    return Solution(value, strategy, gap, seconds, f"CFR+ ({iterations} iterations)", tuple(curve))


def _average(sf: SequenceForm, players: tuple[_Regrets, _Regrets]) -> Strategy:
    strategy: Strategy = {}
    for p in (0, 1):
        plan = players[p].plan_sum.copy()
        plan[0] = max(plan[0], 1.0)
        strategy |= behaviour_strategy(sf, p, plan)
    return {k: {a: float(v) for a, v in probs.items()} for k, probs in strategy.items()}
