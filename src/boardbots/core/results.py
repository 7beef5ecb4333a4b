"""Turning final standings into win shares that always sum to 1."""

from __future__ import annotations

from collections.abc import Sequence


def shares_from_keys(keys: Sequence[tuple[float, ...] | float]) -> list[float]:
    """Win shares from per-player ranking keys (higher is better).

    Every player holding the best key wins; a win shared by n players gives
    each 1/n, so a bot's win share can be compared against 1/seats.
    """
    best = max(keys)
    winners = [i for i, k in enumerate(keys) if k == best]
    share = 1.0 / len(winners)
    return [share if i in winners else 0.0 for i in range(len(keys))]
