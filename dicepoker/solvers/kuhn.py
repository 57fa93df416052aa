"""Kuhn poker, the smallest poker with hidden cards: the solver's test bed with a known value.

Three cards (Jack < Queen < King), one dealt to each player; both ante 1. Player 0 checks or bets
1; after a check player 1 checks (showdown for 1) or bets; facing a bet a player folds or calls
(showdown for 2). Kuhn (1950) solved it by hand: player 0's value is -1/18.

>>> from dicepoker.solvers.zero_sum import sequence_form
>>> game = sequence_form(kuhn_poker())
>>> game.infoset_count, game.sequence_count
((6, 6), (13, 13))
"""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations

from dicepoker.solvers.zero_sum import Chance, Decision, Node, Terminal

CARDS = ("J", "Q", "K")
KUHN_VALUE = Fraction(-1, 18)  # Kuhn's hand solution: what player 0 wins per hand


def _showdown(cards: tuple[str, str], stake: int) -> Terminal:
    return Terminal(stake if CARDS.index(cards[0]) > CARDS.index(cards[1]) else -stake)


def _after(cards: tuple[str, str], history: str) -> Node:
    """The node after the betting ``history`` (c = check, b = bet, f = fold, k = call)."""
    match history:
        case "cc":
            return _showdown(cards, 1)
        case "bf":
            return Terminal(1)
        case "cbf":
            return Terminal(-1)
        case "bk" | "cbk":
            return _showdown(cards, 2)
    player = len(history) % 2
    card = cards[player]
    moves = (("fold", "f"), ("call", "k")) if history.endswith("b") else (("check", "c"), ("bet", "b"))
    return Decision(player, (card, history), [(name, _after(cards, history + code)) for name, code in moves])


def kuhn_poker() -> Node:
    """The game tree of Kuhn poker; information sets are (own card, betting so far).

    >>> kuhn_poker().outcomes[0][0]
    Fraction(1, 6)
    """
    deals = list(permutations(CARDS, 2))
    return Chance([(Fraction(1, len(deals)), _after(deal, "")) for deal in deals])
