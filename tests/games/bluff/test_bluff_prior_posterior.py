"""Notebook 06 labels the prior and the posterior of an announcement; both checked by counting."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from dicepoker.games.bluff.odds import prior_and_posterior


def test_prior_and_posterior_by_counting_the_thrown_dice():
    situations = {f"Bo threw {k}": ((k,) if k else (), "66612") for k in (0, 1, 2)}
    table = prior_and_posterior("four 6s", situations, bluff_rate=Fraction(1, 3))
    prior, posterior = table.columns
    assert prior.startswith("prior") and posterior.startswith("posterior")
    for k in (0, 1, 2):
        throws = list(product(range(1, 7), repeat=k))
        holds = Fraction(sum(6 in dice for dice in throws), len(throws)) if k else Fraction(0)
        assert table.loc[f"Bo threw {k}", prior] == holds
        true_and_said = holds
        bluff_and_said = (1 - holds) * Fraction(1, 3)
        expected = true_and_said / (true_and_said + bluff_and_said) if holds else Fraction(0)
        assert table.loc[f"Bo threw {k}", posterior] == expected
