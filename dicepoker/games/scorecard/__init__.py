"""dicepoker.games.scorecard."""
