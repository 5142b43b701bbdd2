"""Ucho Króla's computer opponents (the levels its manifest names)."""
