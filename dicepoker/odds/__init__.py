"""dicepoker.odds.one_roll."""
