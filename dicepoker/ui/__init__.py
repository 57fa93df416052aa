"""dicepoker.ui."""
