"""King's computer opponents: the levels its manifest names, and the search, simulator,
solver and world sampler they share."""
