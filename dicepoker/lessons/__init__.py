"""dicepoker.lessons."""
