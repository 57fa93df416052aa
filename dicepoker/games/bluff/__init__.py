"""dicepoker.games.bluff."""
