"""Two six-sided dice drawn from the state's own seed, and the 36 outcomes bots average over.

A roll is a pure function of (seed, roll number), so a game replays exactly from
its record, and a bot's imagined world only needs a fresh seed to roll anew.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1

OUTCOMES: tuple[tuple[int, int], ...] = tuple((a, b) for a in range(1, 7) for b in range(1, 7))
"""Every roll, equally likely: index i is dice (i // 6 + 1, i % 6 + 1)."""


def roll(seed: int, k: int) -> tuple[int, int]:
    """The k-th roll of the game whose dice seed is `seed`.

    A splitmix64 step in plain integer arithmetic: far cheaper than seeding a
    generator per roll, and its bias modulo 36 is below 1 in 10^17.
    """
    z = (seed + (k + 1) * 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    i = (z ^ (z >> 31)) % 36
    return i // 6 + 1, i % 6 + 1


def collapse_chance(threshold: int) -> float:
    """The chance that two dice total `threshold` or less."""
    if threshold < 2:
        return 0.0
    if threshold >= 12:
        return 1.0
    return _AT_MOST[threshold] / 36


_AT_MOST = [sum(1 for a, b in OUTCOMES if a + b <= t) for t in range(13)]
