"""Terminal clients, one module per game, each with
``play(*, seat, bots, players, seed, options, console)``."""
