"""The lesson "Why bluff?": a one-exchange bluff game small enough to solve with a pencil.

**High or low.** Ann rolls one die in secret; a 5 or a 6 is *high* (chance 1/3), anything else is
*low*. She announces "high" or "low" and passes the covered die to Bo, who calls or accepts:

* a call lifts the cup: a true announcement costs Bo the round (-1 to Bo, +1 to Ann), a false one
  costs Ann the round;
* accepting passes the task on: Bo must beat the announcement, and in this toy the round ends with
  his chance of doing so on one throw: beating "high" needs a six (1/6), beating "low" a 4, 5 or 6
  (1/2). Bo wins +1 with that chance, else loses 1.

"Low" is always true (a high die holds "low" too), so only Ann's low die has a choice: tell the
truth ("low") or bluff "high". The indifference principle solves it (:func:`hand_solution`):
Ann bluffs just often enough that Bo cannot gain by calling or by accepting, and Bo calls just
often enough that Ann's low die gains nothing by bluffing or not.

>>> toy = HighOrLow()
>>> hand_solution(toy)["bluff rate"], hand_solution(toy)["call rate"], hand_solution(toy)["value"]
(Fraction(1, 10), Fraction(2, 5), Fraction(4, 15))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from dicepoker.core.errors import DicePokerError
from dicepoker.core.i18n import format_message
from dicepoker.solvers.zero_sum import (
    Chance,
    Decision,
    Node,
    Strategy,
    Terminal,
    best_response_gain,
    sequence_form,
)

HIGH, LOW = "high", "low"


@dataclass(frozen=True)
class HighOrLow:
    """The toy's numbers as data: chance of a high die, Bo's chance to beat each announcement.

    >>> HighOrLow(p_high=Fraction(1, 2)).p_high
    Fraction(1, 2)
    """

    p_high: Fraction = Fraction(1, 3)  # a 5 or a 6
    beat_high: Fraction = Fraction(1, 6)  # a six on one throw
    beat_low: Fraction = Fraction(1, 2)  # a 4, 5 or 6 on one throw

    def __post_init__(self) -> None:
        for name in ("p_high", "beat_high", "beat_low"):
            value = getattr(self, name)
            if not isinstance(value, Fraction | int) or not 0 < value < 1:
                raise DicePokerError(
                    format_message(
                        "the toy's {name} must be an exact probability strictly between 0 and 1, not {value}",
                        name=name,
                        value=repr(value),
                    )
                )
        if not self.beat_high < self.beat_low:
            raise DicePokerError(
                format_message(
                    "{high} must be harder to beat than {low}: {beat_high} >= {beat_low}",
                    high=repr(HIGH),
                    low=repr(LOW),
                    beat_high=self.beat_high,
                    beat_low=self.beat_low,
                )
            )

    def accept_value(self, announcement: str) -> Fraction:
        """Bo's expected payoff for accepting: win +1 with his chance to beat it, else -1.

        >>> HighOrLow().accept_value("high")
        Fraction(-2, 3)
        """
        beat = self.beat_high if announcement == HIGH else self.beat_low
        return 2 * beat - 1


TOY = HighOrLow()  # the lesson's numbers


def toy_tree(toy: HighOrLow = TOY) -> Node:
    """The toy as a game tree for the solver: Ann is player 0, Bo player 1 (payoffs to Ann).

    Ann's information sets are her die ("high die", "low die"); Bo's the announcement he heard.

    >>> from dicepoker.solvers.zero_sum import sequence_form
    >>> sequence_form(toy_tree()).infoset_count
    (2, 2)
    """

    def response(die: str, said: str) -> Node:
        true = said == LOW or die == HIGH
        return Decision(
            1,
            f"Bo hears {said}",
            [("call", Terminal(1 if true else -1)), ("accept", Terminal(-toy.accept_value(said)))],
        )

    def announce(die: str) -> Node:
        return Decision(0, f"Ann's {die} die", [(said, response(die, said)) for said in (HIGH, LOW)])

    return Chance([(toy.p_high, announce(HIGH)), (1 - toy.p_high, announce(LOW))])


def hand_solution(toy: HighOrLow = TOY) -> dict[str, Fraction]:
    """The toy's equilibrium by the indifference principle, step by step in exact fractions.

    1. Bo is indifferent between calling and accepting "high" when a call's value to him,
       ``1 - 2 q`` with ``q = P(high die | "high")``, equals his accept value
       ``2 beat_high - 1``: so ``q = 1 - beat_high``.
    2. Bayes: ``q = p / (p + (1 - p) b)`` with Ann's bluff rate ``b``; solve for ``b``.
    3. Ann's low die is indifferent between bluffing, worth ``-c + (1 - c)(1 - 2 beat_high)``
       when Bo calls with rate ``c``, and saying "low", worth ``1 - 2 beat_low``: solve for ``c``.

    >>> hand_solution()["posterior high"]
    Fraction(5, 6)
    """
    p, bh, bl = toy.p_high, toy.beat_high, toy.beat_low
    posterior = 1 - bh  # step 1
    bluff = p * (1 - posterior) / ((1 - p) * posterior)  # step 2
    call = (bl - bh) / (1 - bh)  # step 3
    if not 0 < bluff < 1:
        raise DicePokerError(
            format_message("with these numbers Ann's best bluff rate {bluff} is not mixed", bluff=bluff)
        )
    truthful_low = 1 - 2 * bl
    high_die = call * 1 + (1 - call) * (-toy.accept_value(HIGH))
    value = p * high_die + (1 - p) * truthful_low
    return {"posterior high": posterior, "bluff rate": bluff, "call rate": call, "value": value}


def hand_strategy(toy: HighOrLow = TOY) -> Strategy:
    """The hand solution as a strategy profile for the solver's checks.

    >>> hand_strategy()["Bo hears high"]
    {'call': Fraction(2, 5), 'accept': Fraction(3, 5)}
    """
    s = hand_solution(toy)
    return {
        "Ann's high die": {HIGH: Fraction(1), LOW: Fraction(0)},
        "Ann's low die": {HIGH: s["bluff rate"], LOW: 1 - s["bluff rate"]},
        "Bo hears high": {"call": s["call rate"], "accept": 1 - s["call rate"]},
        "Bo hears low": {"call": Fraction(0), "accept": Fraction(1)},
    }


# --- the indifference principle, line by line ---------------------------------------------------------
def bo_values(bluff_rate: Fraction, toy: HighOrLow = TOY) -> dict[str, Fraction]:
    """What calling and accepting "high" are worth to Bo when Ann's low die bluffs at ``bluff_rate``.

    >>> bo_values(Fraction(1, 10))  # equal: Bo is indifferent at the equilibrium's bluff rate
    {'call': Fraction(-2, 3), 'accept': Fraction(-2, 3)}
    """
    p = toy.p_high
    true_share = p / (p + (1 - p) * bluff_rate)
    return {"call": (1 - true_share) - true_share, "accept": toy.accept_value(HIGH)}


def ann_values(call_rate: Fraction, toy: HighOrLow = TOY) -> dict[str, Fraction]:
    """What bluffing "high" and saying "low" are worth to Ann's low die when Bo calls "high" at ``call_rate``.

    >>> ann_values(Fraction(2, 5))  # equal: Ann's low die is indifferent at the equilibrium's call rate
    {'bluff': Fraction(0, 1), 'truth': Fraction(0, 1)}
    """
    bluff = call_rate * -1 + (1 - call_rate) * -toy.accept_value(HIGH)
    return {"bluff": bluff, "truth": -toy.accept_value(LOW)}


def changed_profile(
    toy: HighOrLow = TOY, *, bluff_rate: Fraction | None = None, call_rate: Fraction | None = None
) -> tuple[int, Strategy]:
    """The hand solution with Ann's bluff rate or Bo's call rate changed, and whose strategy changed.

    >>> changed_profile(call_rate=Fraction(0))[1]["Bo hears high"]
    {'call': Fraction(0, 1), 'accept': Fraction(1, 1)}
    """
    if (bluff_rate is None) == (call_rate is None):
        raise DicePokerError(
            format_message(
                "change one thing: give a {bluff_rate} (Ann's) or a {call_rate} (Bo's)",
                bluff_rate="bluff_rate",
                call_rate="call_rate",
            )
        )
    profile = hand_strategy(toy)
    if bluff_rate is not None:
        rate = Fraction(bluff_rate)
        return 0, profile | {"Ann's low die": {HIGH: rate, LOW: 1 - rate}}
    rate = Fraction(call_rate)  # type: ignore[arg-type]
    return 1, profile | {"Bo hears high": {"call": rate, "accept": 1 - rate}}


def loss_against_best_response(
    toy: HighOrLow = TOY, *, bluff_rate: Fraction | None = None, call_rate: Fraction | None = None
) -> Fraction:
    """How much Ann (with another bluff rate) or Bo (with another call rate) loses per round against a
    best response, compared with the game's value (exact, by the solver's best response).

    >>> loss_against_best_response(bluff_rate=Fraction(1, 10))  # the equilibrium rate loses nothing
    Fraction(0, 1)
    >>> loss_against_best_response(call_rate=Fraction(1))  # Bo calls every "high"
    Fraction(1, 15)
    """
    player, profile = changed_profile(toy, bluff_rate=bluff_rate, call_rate=call_rate)
    return best_response_gain(sequence_form(toy_tree(toy)), player, profile, hand_solution(toy)["value"])


def naive_losses(toy: HighOrLow = TOY) -> dict[str, Fraction]:
    """What two naive players lose per round against a best response: "honest Ann" never bluffs,
    "trusting Bo" never calls.

    >>> naive_losses()
    {'honest Ann': Fraction(2, 45), 'trusting Bo': Fraction(2, 5)}
    """
    return {
        "honest Ann": loss_against_best_response(toy, bluff_rate=Fraction(0)),
        "trusting Bo": loss_against_best_response(toy, call_rate=Fraction(0)),
    }
