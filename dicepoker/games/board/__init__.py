"""dicepoker.games.board."""
