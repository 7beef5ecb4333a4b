"""Exact expectations of a turn, averaged over all 36 rolls: what the bots know of the dice.

A cart's worth to its digger is what hauling now would add to their standing:
its ore (capped under Tax), and its found and staked gems at `gem_points` each.
A dig changes that worth by `delta`; `turn_value` is the worth the rest of the
turn adds when the digger stops as soon as one more dig loses on average (the
best stopping rule here, since each dig raises both the risk and the loss).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from boardbots.games.dig.dice import OUTCOMES

Cart = tuple[int, int, int, int]
"""(ore, gems, stake, hazard) of a cart: all the dice outcomes depend on."""

Terms = tuple[int, int, int, int, int, int | None, int]
"""The round's values a dig depends on: hazard_step, ore_bonus, gems_per_double, beam,
collapse_points, haul_cap, gem_points."""


def terms(rules: dict[str, Any], now: dict[str, Any]) -> Terms:
    return (
        now["hazard_step"],
        now["ore_bonus"],
        now["gems_per_double"],
        now["beam"],
        now["collapse_points"],
        now["haul_cap"],
        rules["gem_points"],
    )


def cart_of(cart: dict[str, int]) -> Cart:
    return cart["ore"], cart["gems"], cart["stake"], cart["hazard"]


def worth(cart: Cart, t: Terms) -> int:
    """What hauling `cart` now adds to its digger's standing."""
    ore, gems, stake, _ = cart
    cap = t[5]
    return (ore if cap is None or ore <= cap else cap) + (gems + stake) * t[6]


def after(cart: Cart, t: Terms, d1: int, d2: int) -> Cart | None:
    """The cart after rolling (d1, d2), or None when it collapses."""
    ore, gems, stake, hazard = cart
    if d1 + d2 <= hazard - t[3] * stake:
        return None
    found = (d1 if d1 > d2 else d2) + t[1]
    return ore + found, gems + (t[2] if d1 == d2 else 0), stake, hazard + t[0]


def delta(cart: Cart, t: Terms, d1: int, d2: int) -> int:
    """How much the digger's standing changes with roll (d1, d2)."""
    nxt = after(cart, t, d1, d2)
    if nxt is None:
        return -worth(cart, t) - t[4]
    return worth(nxt, t) - worth(cart, t)


@lru_cache(maxsize=1 << 16)
def dig_gain(cart: Cart, t: Terms) -> float:
    """The exact mean change one more dig brings, over all 36 rolls."""
    # Whole numbers: the sum is exact, and one division rounds it the same everywhere.
    return sum(delta(cart, t, a, b) for a, b in OUTCOMES) / 36


@lru_cache(maxsize=1 << 16)
def dig_value(cart: Cart, t: Terms) -> float:
    """Digging once more and then playing on well: the mean over all 36 rolls of the
    change the roll brings plus the rest of the turn's worth after it."""
    return _mean_roll(cart, t, turn_value)


def turn_value(cart: Cart, t: Terms) -> float:
    """What the rest of the turn adds on average: 0 when hauling now is best.

    Once one more dig loses on average, every later one does too (the risk and the
    stake at risk only grow), so the search stops there and stays shallow.
    """
    if dig_gain(cart, t) <= 0:
        return 0.0
    return max(0.0, dig_value(cart, t))


@lru_cache(maxsize=1 << 16)
def should_dig(cart: Cart, t: Terms) -> bool:
    """Whether one more dig adds worth on average, counting the turn after it."""
    return dig_value(cart, t) > 0


def next_roll(cart: Cart, t: Terms) -> float:
    """What the next roll adds on average if it is worth taking: 0 when it is not."""
    gain = dig_gain(cart, t)
    return gain if gain > 0 else 0.0


@lru_cache(maxsize=1 << 16)
def roll_value(cart: Cart, t: Terms) -> float:
    """Digging now: the mean over all 36 rolls of the change it brings plus what the
    roll after it adds on average (`next_roll`)."""
    return _mean_roll(cart, t, next_roll)


def _mean_roll(cart: Cart, t: Terms, then: Callable[[Cart, Terms], float]) -> float:
    """The mean over all 36 rolls of one dig's change in worth plus `then` of the cart
    it leaves (a collapse loses the cart's worth and the collapse penalty)."""
    total = 0.0
    for a, b in OUTCOMES:
        nxt = after(cart, t, a, b)
        if nxt is None:
            total += -worth(cart, t) - t[4]
        else:
            total += worth(nxt, t) - worth(cart, t) + then(nxt, t)
    return total / 36
