"""Domination: a Dominion-style deck builder (base set, second edition) for 2 to 4 players."""
