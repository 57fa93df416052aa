"""dicepoker.core."""
