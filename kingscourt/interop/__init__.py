"""Bridges to research frameworks: OpenSpiel (``openspiel``) and PettingZoo (``pettingzoo``)."""
