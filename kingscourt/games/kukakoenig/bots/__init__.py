"""Ku-Ka-König's computer opponents (the levels its manifest names)."""
