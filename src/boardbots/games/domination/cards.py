"""The Domination card table and kingdom presets, as plain data.

Every number a card prints lives here: cost, types, victory points and the
simple "+cards / +actions / +buys / +coins" bonuses. What a card does beyond
those numbers is a small function in `effects.py`, keyed by the card's name;
the numbers that such a function needs (how far Militia discards down to,
how much more Remodel may gain, ...) are the card's `params`, so they can be
changed like any other rule.
"""

from __future__ import annotations

from typing import Any

CardSpec = dict[str, Any]

ACTION = "Action"
TREASURE = "Treasure"
VICTORY = "Victory"
CURSE = "Curse"
ATTACK = "Attack"
REACTION = "Reaction"


def _card(
    cost: int,
    *types: str,
    vp: int = 0,
    cards: int = 0,
    actions: int = 0,
    buys: int = 0,
    coins: int = 0,
    **params: int,
) -> CardSpec:
    return {
        "cost": cost,
        "types": list(types),
        "vp": vp,
        "cards": cards,
        "actions": actions,
        "buys": buys,
        "coins": coins,
        "params": dict(params),
    }


BASIC_CARDS: dict[str, CardSpec] = {
    "Copper": _card(0, TREASURE, coins=1),
    "Silver": _card(3, TREASURE, coins=2),
    "Gold": _card(6, TREASURE, coins=3),
    "Estate": _card(2, VICTORY, vp=1),
    "Duchy": _card(5, VICTORY, vp=3),
    "Province": _card(8, VICTORY, vp=6),
    "Curse": _card(0, CURSE, vp=-1),
}

KINGDOM_CARDS: dict[str, CardSpec] = {
    "Cellar": _card(2, ACTION, actions=1),
    "Chapel": _card(2, ACTION, trash_max=4),
    "Moat": _card(2, ACTION, REACTION, cards=2),
    "Harbinger": _card(3, ACTION, cards=1, actions=1),
    "Merchant": _card(3, ACTION, cards=1, actions=1, silver_bonus=1),
    "Vassal": _card(3, ACTION, coins=2),
    "Village": _card(3, ACTION, cards=1, actions=2),
    "Workshop": _card(3, ACTION, gain_max=4),
    "Bureaucrat": _card(4, ACTION, ATTACK),
    "Gardens": _card(4, VICTORY, cards_per_vp=10),
    "Militia": _card(4, ACTION, ATTACK, coins=2, hand_to=3),
    "Moneylender": _card(4, ACTION, trash_coins=3),
    "Poacher": _card(4, ACTION, cards=1, actions=1, coins=1),
    "Remodel": _card(4, ACTION, gain_more=2),
    "Smithy": _card(4, ACTION, cards=3),
    "Throne Room": _card(4, ACTION, times=2),
    "Bandit": _card(5, ACTION, ATTACK, reveal=2),
    "Council Room": _card(5, ACTION, cards=4, buys=1, others_draw=1),
    "Festival": _card(5, ACTION, actions=2, buys=1, coins=2),
    "Laboratory": _card(5, ACTION, cards=2, actions=1),
    "Library": _card(5, ACTION, hand_to=7),
    "Market": _card(5, ACTION, cards=1, actions=1, buys=1, coins=1),
    "Mine": _card(5, ACTION, gain_more=3),
    "Sentry": _card(5, ACTION, cards=1, actions=1, look=2),
    "Witch": _card(5, ACTION, ATTACK, cards=2, curses=1),
    "Artisan": _card(6, ACTION, gain_max=5),
}

# The recommended sets from the second-edition rulebook; "first-game" is the
# one new players are told to start with.
PRESETS: dict[str, list[str]] = {
    "first-game": [
        "Cellar", "Market", "Merchant", "Militia", "Mine",
        "Moat", "Remodel", "Smithy", "Village", "Workshop",
    ],
    "size-distortion": [
        "Artisan", "Bandit", "Bureaucrat", "Chapel", "Festival",
        "Gardens", "Sentry", "Throne Room", "Witch", "Workshop",
    ],
    "deck-top": [
        "Artisan", "Bureaucrat", "Council Room", "Festival", "Harbinger",
        "Laboratory", "Moneylender", "Sentry", "Vassal", "Village",
    ],
    "sleight-of-hand": [
        "Cellar", "Council Room", "Festival", "Gardens", "Library",
        "Harbinger", "Militia", "Poacher", "Smithy", "Throne Room",
    ],
    "improvements": [
        "Artisan", "Cellar", "Market", "Merchant", "Mine",
        "Moat", "Moneylender", "Poacher", "Remodel", "Witch",
    ],
    "silver-and-gold": [
        "Bandit", "Bureaucrat", "Chapel", "Harbinger", "Laboratory",
        "Merchant", "Mine", "Moneylender", "Throne Room", "Vassal",
    ],
}  # fmt: skip


def all_cards() -> dict[str, CardSpec]:
    """A fresh copy of the whole table, so a rules object never shares it."""
    return {name: _copy(spec) for name, spec in {**BASIC_CARDS, **KINGDOM_CARDS}.items()}


def _copy(spec: CardSpec) -> CardSpec:
    out = dict(spec)
    out["types"] = list(spec["types"])
    out["params"] = dict(spec["params"])
    return out
