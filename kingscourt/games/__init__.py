"""The three games: ``king``, ``kukakoenig``, ``uchokrola``."""
