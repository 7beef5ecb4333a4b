"""The round's race for the bonus, as Hard sees it: how far to dig given the hauls to beat.

Medium counts a cart's worth alone. Hard's favourite move also counts what a
haul would earn at the round's end: the majority bonus, if it beats the best
haul already made and, as far as the odds say, every seat still to dig (each
assumed to stop where a dig stops paying on average); or the Shared Find reward
for reaching its threshold. Every value is an exact mean over the 36 rolls.
"""

from __future__ import annotations

from functools import lru_cache

from boardbots.games.dig import odds
from boardbots.games.dig.dice import OUTCOMES

Race = tuple[int, int, tuple[tuple[int, int], ...], int, int, int]
"""(best haul made so far, seats holding it, the later seats' (stake, starting hazard),
bonus, shared-find threshold or 0, shared-find reward)."""


@lru_cache(maxsize=1 << 14)
def haul_odds(stake: int, hazard: int, t: odds.Terms) -> tuple[float, ...]:
    """Chance, for each amount of ore, that a turn begun with `stake` hauls at most it,
    when the digger stops as soon as a dig stops paying on average (a collapse hauls 0)."""
    dist: dict[int, float] = {}
    frontier: dict[odds.Cart, float] = {(0, 0, stake, hazard): 1.0}
    while frontier:
        # Carts one dig deeper, merged: the same cart reached two ways is expanded once.
        deeper: dict[odds.Cart, float] = {}
        for cart, p in frontier.items():
            if not odds.should_dig(cart, t):
                dist[cart[0]] = dist.get(cart[0], 0.0) + p
                continue
            for a, b in OUTCOMES:
                nxt = odds.after(cart, t, a, b)
                if nxt is None:
                    dist[0] = dist.get(0, 0.0) + p / 36
                else:
                    deeper[nxt] = deeper.get(nxt, 0.0) + p / 36
        frontier = deeper
    top = max(dist)
    at_most, acc = [], 0.0
    for ore in range(top + 1):
        acc += dist.get(ore, 0.0)
        at_most.append(acc)
    return tuple(at_most)


def _beats(at_most: tuple[float, ...], ore: int) -> float:
    """Chance a later seat's haul stays below `ore` (a tie counts half)."""
    if ore <= 0:
        return 0.0
    if ore - 1 >= len(at_most):
        return 1.0
    below = at_most[ore - 1]
    same = (at_most[ore] if ore < len(at_most) else 1.0) - below
    return below + same / 2


@lru_cache(maxsize=1 << 16)
def extra(ore: int, t: odds.Terms, race: Race) -> float:
    """The round-end points beyond the haul itself that hauling `ore` should bring."""
    best, holders, later, bonus, need, reward = race
    if need:
        return float(reward) if ore >= need else 0.0
    if ore <= 0 or ore < best or not bonus:
        return 0.0
    chance = 1.0
    for stake, hazard in later:
        chance *= _beats(haul_odds(stake, hazard, t), ore)
    return chance * (bonus if ore > best else bonus // (holders + 1))


SETTLED = 0.05
"""Extra points within this of the most a haul can earn count as earned (a cut-off that
keeps the search shallow; a twentieth of a point moves no decision)."""


def _most(t: odds.Terms, race: Race) -> float:
    bonus, need, reward = race[3:]
    return float(reward) if need else float(bonus)


@lru_cache(maxsize=1 << 17)
def race_value(cart: odds.Cart, t: odds.Terms, race: Race) -> float:
    """The best mean of (cart's worth + `extra`) from here: haul now, or dig and go on."""
    ore = cart[0]
    stop = odds.worth(cart, t) + extra(ore, t, race)
    if odds.dig_gain(cart, t) + max(race[3], race[5]) <= 0:
        return stop  # no bonus left to chase can pay for a dig this bad, nor any later one
    if extra(ore, t, race) >= _most(t, race) - SETTLED:
        # More ore no longer changes the extra: from here it is the plain turn's mean.
        return stop + odds.turn_value(cart, t)
    go = 0.0
    for a, b in OUTCOMES:
        nxt = odds.after(cart, t, a, b)
        go += -t[4] if nxt is None else race_value(nxt, t, race)
    return max(stop, go / 36)


@lru_cache(maxsize=1 << 17)
def race_dig(cart: odds.Cart, t: odds.Terms, race: Race) -> bool:
    """Whether digging on beats hauling now, counting the race for the bonus."""
    stop = odds.worth(cart, t) + extra(cart[0], t, race)
    return race_value(cart, t, race) > stop + 1e-9
