"""The bounds on every Domination rule option, and the checks that span several options.

All limits live here as data. They are loose enough for any variant the lab
wants to try, but tight enough that no set of options can make set-up slow
(a deck of two million Coppers), end a game before it starts (`piles_to_end`
0), or reach a card effect that lacks a number it reads (a KeyError in the
middle of a game). Each refusal is one line naming the option.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from boardbots.core.bounds import (
    Check,
    Either,
    Int,
    ListOf,
    Maybe,
    Name,
    Record,
    TableOf,
    refuse,
)
from boardbots.games.domination.cards import (
    ACTION,
    ATTACK,
    BASIC_CARDS,
    CURSE,
    KINGDOM_CARDS,
    REACTION,
    TREASURE,
    VICTORY,
)

if TYPE_CHECKING:
    from boardbots.games.domination.rules import DominationRules

RANDOM_KINGDOM = "random"
"""The `kingdom` value that draws the cards from the game seed."""

MAX_PLAYERS = 4
"""The engine's declared range (GameMeta) is 2 to 4; the rules may narrow it, never widen it."""

PARAM_BOUNDS: Mapping[str, Int] = {
    "trash_max": Int(1, 10),  # Chapel
    "silver_bonus": Int(0, 10),  # Merchant
    "gain_max": Int(0, 20),  # Workshop, Artisan
    "cards_per_vp": Int(1, 100),  # Gardens (a divisor: never 0)
    "hand_to": Int(0, 20),  # Militia, Library
    "trash_coins": Int(0, 10),  # Moneylender
    "gain_more": Int(0, 10),  # Remodel, Mine
    "times": Int(1, 3),  # Throne Room: chains multiply, so this stays small
    "reveal": Int(0, 10),  # Bandit
    "others_draw": Int(0, 10),  # Council Room
    "look": Int(0, 10),  # Sentry
    "curses": Int(0, 10),  # Witch
}
"""Every number a card effect may read, and its range."""

STANDARD_CARDS = {**BASIC_CARDS, **KINGDOM_CARDS}


def params_needed(card: str) -> list[str]:
    """The params the effect of `card` reads: those of the standard card by that name.

    Effects are keyed by card name, so a table that redefines Militia must
    still give Militia's `hand_to`; a card with a new name has no effect to feed.
    """
    spec = STANDARD_CARDS.get(card)
    return list(spec["params"]) if spec is not None else []


@dataclasses.dataclass(frozen=True)
class Params:
    """A card's `params`: known names only, each within PARAM_BOUNDS."""

    def describe(self) -> str:
        return "an object of card parameters (" + ", ".join(PARAM_BOUNDS) + ")"

    def check(self, name: str, value: Any) -> None:
        if not isinstance(value, Mapping):
            raise refuse(name, self.describe(), value)
        for key, number in value.items():
            bound = PARAM_BOUNDS.get(key)
            if bound is None:
                known = ", ".join(PARAM_BOUNDS)
                raise ValueError(f"{name} has an unknown parameter {key!r}; known: {known}")
            bound.check(f"{name}.{key}", number)


CARD_TYPES = (ACTION, TREASURE, VICTORY, CURSE, ATTACK, REACTION)

CARD_BOUNDS: Mapping[str, Check] = {
    "cost": Int(0, 20),
    "types": ListOf(Name(choices=CARD_TYPES), 1, len(CARD_TYPES), distinct=True),
    "vp": Int(-10, 20),
    "cards": Int(0, 10),
    "actions": Int(0, 10),
    "buys": Int(0, 10),
    "coins": Int(0, 10),
    "params": Params(),
}
"""One card of the `cards` table."""

CARD_NAMES = ListOf(Name(), 1, 60, distinct=True)

BOUNDS: Mapping[str, Check] = {
    "cards": TableOf(Record(CARD_BOUNDS), most=60),
    "basic": ListOf(Name(), 1, 20, distinct=True),
    # Duplicates are left to check_kingdom, whose message says what is wrong.
    "kingdom": Either(
        Name(), ListOf(Name(), 1, 60), 'a preset name, "random", or a list of card names'
    ),
    "presets": TableOf(CARD_NAMES, most=30),
    "kingdom_size": Int(1, 30),
    "kingdom_pile": Int(1, 30),
    "victory_pile": TableOf(Int(1, 30), most=MAX_PLAYERS - 1, key=Name(choices=("2", "3", "4"))),
    "curses_per_opponent": Int(0, 30),
    "treasure_piles": TableOf(Int(0, 200), most=10),
    "starting_deck": TableOf(Int(0, 30), most=10, total=Int(1, 30)),
    "hand_size": Int(1, 10),
    "start_actions": Int(0, 10),
    "start_buys": Int(1, 10),
    "end_pile": Name(),
    "piles_to_end": Int(1, 20),
    "min_players": Int(2, MAX_PLAYERS),
    "max_players": Int(2, MAX_PLAYERS),
    "turn_limit": Maybe(Int(1, 1000)),
    "log_length": Int(1, 1000),
}
"""A check per DominationRules field; building the rules refuses anything outside them."""

PLAYER_OPTIONS = frozenset({"kingdom", "turn_limit"})
"""What a player may choose when opening a table: the kingdom (a preset, "random" or
ten card names) and a turn limit. The card table and pile sizes stay with the lab."""


def check_rules(rules: DominationRules) -> None:
    """The checks that need several fields at once; each field is already in bounds."""
    _check_cards(rules)
    _check_piles(rules)
    if rules.min_players > rules.max_players:
        raise ValueError(
            f"min_players must be at most max_players ({rules.max_players}),"
            f" not {rules.min_players}"
        )
    if isinstance(rules.kingdom, list):
        rules.check_kingdom(rules.kingdom)
    elif rules.kingdom == RANDOM_KINGDOM:
        if rules.kingdom_size > len(rules.kingdom_cards()):
            raise ValueError(
                f"kingdom_size must be at most the {len(rules.kingdom_cards())} kingdom cards"
                f" for a random kingdom, not {rules.kingdom_size}"
            )
    elif rules.kingdom in rules.presets:
        rules.check_kingdom(rules.presets[rules.kingdom])
    else:
        known = ", ".join(sorted(rules.presets))
        raise ValueError(f"unknown kingdom preset {rules.kingdom!r}; presets: {known}, random")


def _check_cards(rules: DominationRules) -> None:
    for card, spec in rules.cards.items():
        missing = [p for p in params_needed(card) if p not in spec["params"]]
        if missing:
            raise ValueError(
                f"cards.{card}.params lacks {', '.join(missing)}, which {card}'s effect needs"
            )
    for option, names in (("basic", rules.basic), ("starting_deck", rules.starting_deck)):
        for name in names:
            if name not in rules.cards:
                raise ValueError(f"{option} names {name!r}, which is not in the cards table")
    if rules.end_pile not in rules.basic or VICTORY not in rules.cards[rules.end_pile]["types"]:
        victory = [n for n in rules.basic if VICTORY in rules.cards[n]["types"]]
        raise refuse(
            "end_pile", "a basic Victory card (" + ", ".join(victory) + ")", rules.end_pile
        )


def _check_piles(rules: DominationRules) -> None:
    """Every pile the supply starts with must exist and be at least empty, never negative."""
    counts = [str(n) for n in range(rules.min_players, rules.max_players + 1)]
    lacking = [n for n in counts if n not in rules.victory_pile]
    if lacking:
        raise ValueError(f"victory_pile lacks a size for {', '.join(lacking)} players")
    for name, size in rules.treasure_piles.items():
        if name not in rules.basic:
            raise ValueError(f"treasure_piles names {name!r}, which is not a basic card")
        dealt = rules.max_players * rules.starting_deck.get(name, 0)
        if size < dealt:
            raise ValueError(
                f"treasure_piles.{name} must be at least {dealt} (the starting decks"
                f" of {rules.max_players} players), not {size}"
            )
