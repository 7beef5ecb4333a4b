"""Domination's rule numbers (DominationRules) and the lookup tables built from them.

Every number the rules use lives in `DominationRules`, so bots read it from
there and a variant is one option away. `Tables` is the same data reshaped
for the hot path: plain dicts and sets keyed by card name, built once per
(rules, kingdom) and cached, so a state only carries a short key to them.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from typing import Any, ClassVar

from boardbots.core.bounds import Check
from boardbots.core.rng import Rng, mix_seed
from boardbots.core.rules import RulesConfig
from boardbots.games.domination.cards import (
    PRESETS,
    VICTORY,
    CardSpec,
    all_cards,
)
from boardbots.games.domination.options import (
    BOUNDS,
    PLAYER_OPTIONS,
    RANDOM_KINGDOM,
    check_rules,
)
from boardbots.games.domination.tables import Tables


def _presets() -> dict[str, list[str]]:
    return {name: list(cards) for name, cards in PRESETS.items()}


@dataclasses.dataclass(frozen=True)
class DominationRules(RulesConfig):
    """The base set, second edition, for 2 to 4 players.

    `kingdom` is a preset name, "random" (ten cards drawn from the game
    seed) or an explicit list of kingdom card names. `turn_limit` is not in
    the printed rules: it lets the lab cap games that random play could
    otherwise stretch out forever; None keeps the printed rules. The bounds on
    every field are in `options.py`.
    """

    BOUNDS: ClassVar[Mapping[str, Check]] = BOUNDS
    PLAYER_OPTIONS: ClassVar[frozenset[str]] = PLAYER_OPTIONS

    cards: dict[str, CardSpec] = dataclasses.field(default_factory=all_cards)
    basic: list[str] = dataclasses.field(
        default_factory=lambda: ["Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse"]
    )
    kingdom: str | list[str] = "first-game"
    presets: dict[str, list[str]] = dataclasses.field(default_factory=_presets)
    kingdom_size: int = 10
    kingdom_pile: int = 10
    victory_pile: dict[str, int] = dataclasses.field(
        default_factory=lambda: {"2": 8, "3": 12, "4": 12}
    )
    curses_per_opponent: int = 10
    treasure_piles: dict[str, int] = dataclasses.field(
        default_factory=lambda: {"Copper": 60, "Silver": 40, "Gold": 30}
    )
    starting_deck: dict[str, int] = dataclasses.field(
        default_factory=lambda: {"Copper": 7, "Estate": 3}
    )
    hand_size: int = 5
    start_actions: int = 1
    start_buys: int = 1
    end_pile: str = "Province"
    piles_to_end: int = 3
    min_players: int = 2
    max_players: int = 4
    turn_limit: int | None = None
    log_length: int = 40

    def __post_init__(self) -> None:
        super().__post_init__()
        check_rules(self)

    def check_kingdom(self, names: list[str]) -> None:
        """Raise ValueError unless `names` is a valid kingdom for these rules."""
        for name in names:
            if name not in self.cards or name in self.basic:
                raise ValueError(f"kingdom: {name!r} is not a kingdom card")
        if len(set(names)) != len(names):
            raise ValueError("kingdom: a kingdom card is listed twice")
        if len(names) != self.kingdom_size:
            raise ValueError(f"kingdom must have {self.kingdom_size} cards, not {len(names)}")

    def kingdom_cards(self) -> list[str]:
        """Every card that may appear in a kingdom, in table order."""
        return [name for name in self.cards if name not in self.basic]

    def choose_kingdom(self, seed: int) -> list[str]:
        """The kingdom a game with this seed uses, ordered by cost then name."""
        if isinstance(self.kingdom, list):
            names = list(self.kingdom)
        elif self.kingdom == RANDOM_KINGDOM:
            names = Rng(mix_seed("kingdom", seed)).sample(self.kingdom_cards(), self.kingdom_size)
        else:
            names = list(self.presets[self.kingdom])
        return sorted(names, key=lambda n: (self.cards[n]["cost"], n))

    def pile_size(self, name: str, players: int) -> int:
        """How many copies of `name` the supply starts with."""
        if name == "Curse":
            return self.curses_per_opponent * (players - 1)
        if name in self.treasure_piles:
            return self.treasure_piles[name] - players * self.starting_deck.get(name, 0)
        if VICTORY in self.cards[name]["types"]:
            return self.victory_pile[str(players)]
        return self.kingdom_pile

    def cost(self, name: str) -> int:
        return int(self.cards[name]["cost"])

    def coins(self, name: str) -> int:
        return int(self.cards[name]["coins"])

    def vp(self, name: str) -> int:
        return int(self.cards[name]["vp"])

    def has_type(self, name: str, kind: str) -> bool:
        return kind in self.cards[name]["types"]

    def key(self) -> str:
        """A short stable text naming these rules, for the table cache."""
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))


_RULES: dict[str, DominationRules] = {}
TABLES: dict[str, Tables] = {}
"""Lookups by a state's \"tkey\"; read directly on the hot path."""


def rules_from_options(options: dict[str, Any]) -> DominationRules:
    """The rules for an options dict, cached so states can ask cheaply and often."""
    key = json.dumps(options, sort_keys=True, separators=(",", ":"))
    found = _RULES.get(key)
    if found is None:
        found = _RULES[key] = DominationRules.from_dict(options)
    return found


def tables_for(options: dict[str, Any], kingdom: list[str], key: str) -> Tables:
    """The lookup tables for `key`, building (and caching) them on a miss."""
    found = TABLES.get(key)
    if found is None:
        found = TABLES[key] = Tables(rules_from_options(options), kingdom)
    return found
