"""What the scorecard games are like when played many times: the strategy lab (simulate, tournament),
risk play and the win-seeking tuner, and the two-part game's exact distributions."""
