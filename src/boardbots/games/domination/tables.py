"""Lookup tables for Domination's hot path, built once per (rules, kingdom).

They hold the rule numbers reshaped as plain dicts, sets and lists keyed by
card name, so a move reads a table instead of parsing card specs. They live
apart from `rules.py` so the native build (docs/architecture.md) can compile
this class while the rules stay a plain dataclass.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from boardbots.games.domination.cards import (
    ACTION,
    ATTACK,
    REACTION,
    TREASURE,
    VICTORY,
    CardSpec,
)

if TYPE_CHECKING:
    from boardbots.games.domination.rules import DominationRules


class Tables:
    """Per-(rules, kingdom) lookups for the hot path: no parsing while playing."""

    rules: DominationRules
    supply: list[str]
    cost: dict[str, int]
    coins: dict[str, int]
    vp: dict[str, int]
    draws: dict[str, int]
    params: dict[str, dict[str, int]]
    plus: dict[str, tuple[int, int, int, int]]
    action: frozenset[str]
    treasure: frozenset[str]
    victory: frozenset[str]
    attack: frozenset[str]
    reaction: frozenset[str]
    action_order: list[str]
    treasure_order: list[str]
    action_plays: list[tuple[str, str]]
    treasure_plays: list[tuple[str, str]]
    supply_treasure: frozenset[str]
    buy_list: list[tuple[int, str, str]]
    bought_name: dict[str | int, str]
    played_name: dict[str | int, str]
    max_cost: int
    buys_with: list[list[str | int]]
    hand_size: int
    start_actions: int
    start_buys: int
    log_length: int
    end_pile: str
    piles_to_end: int
    turn_limit: int | None

    def __init__(self, rules: DominationRules, kingdom: list[str]) -> None:
        # Card names interned, as the engine keeps them in zones (effects.card_named), so
        # lookups and zone scans match names by identity; a name with a space ("Council
        # Room") is not interned by Python on its own.
        cards = {sys.intern(n): c for n, c in rules.cards.items()}
        self.rules = rules
        # The rule numbers every turn's clean-up reads, copied here because the
        # rules are a plain dataclass: reading them there costs a generic attribute
        # lookup each time, here a native field (the native build compiles this class).
        self.hand_size = rules.hand_size
        self.start_actions = rules.start_actions
        self.start_buys = rules.start_buys
        self.log_length = rules.log_length
        self.end_pile = rules.end_pile
        self.piles_to_end = rules.piles_to_end
        self.turn_limit = rules.turn_limit
        self.supply = [sys.intern(n) for n in [*rules.basic, *kingdom]]
        self.cost = {n: int(c["cost"]) for n, c in cards.items()}
        self.coins = {n: int(c["coins"]) for n, c in cards.items()}
        self.vp = {n: int(c["vp"]) for n, c in cards.items()}
        self.draws = {n: int(c["cards"]) for n, c in cards.items()}
        self.params = {n: dict(c["params"]) for n, c in cards.items()}
        self.plus = {
            n: (int(c["cards"]), int(c["actions"]), int(c["buys"]), int(c["coins"]))
            for n, c in cards.items()
        }
        self.action = _with_type(cards, ACTION)
        self.treasure = _with_type(cards, TREASURE)
        self.victory = _with_type(cards, VICTORY)
        self.attack = _with_type(cards, ATTACK)
        self.reaction = _with_type(cards, REACTION)
        self.action_order = [n for n in self.supply if n in self.action]
        self.treasure_order = [n for n in self.supply if n in self.treasure]
        # (name, its "play:" action) in listing order, so legal lists build no strings.
        self.action_plays = [(n, "play:" + n) for n in self.action_order]
        self.treasure_plays = [(n, "play:" + n) for n in self.treasure_order]
        # The card a "play:" action names, as the same object the zones hold.
        self.played_name = {play: n for n, play in self.action_plays}
        self.supply_treasure = frozenset(self.treasure_order)
        by_cost = sorted(self.supply, key=lambda n: (self.cost[n], self.supply.index(n)))
        self.buy_list = [(self.cost[n], n, "buy:" + n) for n in by_cost]
        self.bought_name = {buy: n for _, n, buy in self.buy_list}
        self.max_cost = max(self.cost[n] for n in self.supply)
        # With no pile empty (most of a game) the buy options depend on coins alone.
        self.buys_with = [
            [buy for cost, _, buy in self.buy_list if cost <= coins]
            for coins in range(self.max_cost + 1)
        ]


def _with_type(cards: dict[str, CardSpec], kind: str) -> frozenset[str]:
    return frozenset(n for n, c in cards.items() if kind in c["types"])
