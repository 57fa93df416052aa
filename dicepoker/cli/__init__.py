"""dicepoker.cli.main."""
