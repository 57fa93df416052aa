"""dicepoker.games.scorecard.solver."""
