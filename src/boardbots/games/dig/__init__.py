"""Dig: a push-your-luck dice game for 2 to 4 players (docs/dig.md)."""
