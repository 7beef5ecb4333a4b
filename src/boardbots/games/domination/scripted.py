"""The interpreter behind the gauntlet's scripted players: buy lists, play order and answers.

A scripted strategy (see `gauntlet.py`) is data: a buy list of (card, conditions)
read top down, as the public simulators write them, plus an optional trash list
for Chapel. This module turns that data into a state policy. Every fact a rule
reads is public or the player's own (its cards, the supply, the turn), so a bot
running the policy on any determinization of its view decides the same way.
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable
from typing import Any

from boardbots.core.contract import Action, State
from boardbots.games.domination.engine import legal, turns_taken
from boardbots.games.domination.rules import TABLES
from boardbots.games.domination.strategies import minimal_answer
from boardbots.games.domination.tables import Tables
from boardbots.games.domination.zones import owned, tables

Operand = float | tuple[str, float, float]
"""A number, or (quantity, scale, offset) meaning quantity * scale + offset."""
Cond = tuple[str, str, Operand]
"""(quantity, operator, operand): e.g. ("provinces", "<=", 4) or ("count:Witch", "<", 2)."""
Rule = tuple[str, tuple[Cond, ...]]
"""(card, conditions that must all hold) in a buy or trash list."""

TERMINALS = ("Witch", "Council Room", "Smithy", "Library", "Moat", "Militia", "Moneylender")
"""Which terminal to play with the last action: draw that may find more first, then the rest."""


@dataclasses.dataclass(frozen=True)
class Strategy:
    """One scripted player: what it needs in the kingdom and what it buys and trashes."""

    code: str
    title: str
    source: str
    cards: tuple[str, ...]
    buys: tuple[Rule, ...]
    trash: tuple[Rule, ...] = ()
    play: Callable[[State], Action] | None = None
    """A plan that a buy list cannot express (one that gains through Workshop, Remodel and
    Mine, say) plays by this policy of its own instead of the interpreter below."""


class Facts:
    """What a rule may read about the deciding player: their own cards and public facts.

    Each quantity is worked out the first time a rule reads it: most buy decisions
    stop at a rule that reads one or two (or none), and a playout asks for them at
    every buy of every seat.
    """

    __slots__ = ("_cards", "_p", "_state", "_t", "hand", "values")

    def __init__(self, state: State, t: Tables, p: int) -> None:
        self._state = state
        self._t = t
        self._p = p
        self._cards: list[str] | None = None
        self.hand: list[str] = state["players"][p]["hand"]
        self.values: dict[str, float] = {}

    def get(self, key: str) -> float:
        found = self.values.get(key)
        if found is None:
            found = self.values[key] = self._work_out(key)
        return found

    def cards(self) -> list[str]:
        """Every card the player owns, those in play included."""
        cards = self._cards
        if cards is None:
            state = self._state
            cards = self._cards = owned(state["players"][self._p])
            if self._p == state["cur"]:
                cards += state["play"]
        return cards

    def _work_out(self, key: str) -> float:
        if key.startswith("count:"):
            return self.cards().count(key[6:])
        t, state = self._t, self._state
        if key == "money":
            coins = t.coins
            return sum([coins[c] for c in self.cards()])
        if key == "treasures":
            treasure = t.treasure
            return sum([1 for c in self.cards() if c in treasure])
        return _PUBLIC[key](self, state, t)


_PUBLIC: dict[str, Callable[[Facts, State, Tables], float]] = {
    "cards": lambda facts, state, t: len(facts.cards()),
    "provinces": lambda facts, state, t: state["supply"][t.rules.end_pile],
    "gains_to_end": lambda facts, state, t: gains_to_end(state, t),
    "turns": lambda facts, state, t: turns_taken(state, facts._p),
    "coins": lambda facts, state, t: state["coins"],
    "hand_money": lambda facts, state, t: sum([t.coins[c] for c in facts.hand if c in t.treasure]),
}
"""The quantities that are not counts of the player's cards (see `Facts`)."""


def gains_to_end(state: State, t: Tables) -> int:
    """The fewest gains that end the game: the Provinces left, or the three smallest piles."""
    piles: list[int] = sorted(state["supply"].values())
    three = sum(piles[: t.rules.piles_to_end])
    return min(int(state["supply"][t.rules.end_pile]), three)


def holds(facts: Facts, cond: Cond) -> bool:
    key, op, operand = cond
    values = facts.values
    left = values.get(key)
    if left is None:
        left = facts.get(key)
    if isinstance(operand, tuple):
        name, scale, offset = operand
        right = facts.get(name) * scale + offset
    else:
        right = operand
    return bool(_OPS[op](left, right))


_OPS: dict[str, Callable[[float, float], Any]] = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "==": operator.eq,
    "!=": operator.ne,
}


def first_match(rules: tuple[Rule, ...], facts: Facts, allowed: set[str]) -> str | None:
    """The first card of the list that is allowed now and whose conditions all hold."""
    for card, conds in rules:
        if card in allowed and all(holds(facts, c) for c in conds):
            return card
    return None


def first_buy_where(
    rules: tuple[Rule, ...], state: State, t: Tables, allowed: Callable[[str], bool]
) -> str | None:
    """`first_buy` for the player in turn, passing over the cards `allowed` turns down."""
    facts = Facts(state, t, state["cur"])
    coins, supply, cost = state["coins"], state["supply"], t.cost
    for card, conds in rules:
        affordable = supply.get(card) and cost[card] <= coins
        if affordable and allowed(card) and all(holds(facts, cond) for cond in conds):
            return card
    return None


def first_buy(rules: tuple[Rule, ...], facts: Facts, state: State, t: Tables) -> str | None:
    """`first_match` over the cards on sale now that `state["coins"]` can pay for."""
    coins, supply, cost = state["coins"], state["supply"], t.cost
    for card, conds in rules:
        if supply.get(card) and cost[card] <= coins:
            for cond in conds:
                if not holds(facts, cond):
                    break
            else:
                return card
    return None


def policy(strategy: Strategy, state: State) -> Action:
    """The strategy's action in a state where it is to decide."""
    if strategy.play is not None:
        return strategy.play(state)
    pend = state["pending"]
    kind = pend["kind"]
    t = TABLES.get(state["tkey"]) or tables(state)
    if kind == "buy":
        return _buy(strategy, state, t)
    if kind == "action":
        return _play(state, t)
    options = legal(state, t)
    if kind == "discard" and pend.get("need"):
        return _discard(state, t, pend["player"], options)
    if kind == "discard" and pend["card"] == "Cellar":
        return _cellar(t, options)
    if kind == "trash" and pend["card"] == "Chapel":
        return _chapel(strategy, state, t, options)
    if kind == "trash" and pend["card"] == "Moneylender":
        return "trash:Copper" if "trash:Copper" in options else options[-1]
    return minimal_answer(state, t, pend, options)


def _buy(strategy: Strategy, state: State, t: Tables) -> Action:
    cur = state["cur"]
    if not state["bought"]:
        treasure = t.treasure
        for c in state["players"][cur]["hand"]:
            if c in treasure:
                return "treasures"
    card = first_buy(strategy.buys, Facts(state, t, cur), state, t)
    return "end" if card is None else "buy:" + card


def _play(state: State, t: Tables) -> Action:
    """Cantrips first, then villages, then the best terminal; Chapel and Moneylender only
    when they have work to do."""
    hand: list[str] = state["players"][state["cur"]]["hand"]
    actions = [c for c in hand if c in t.action]
    plus = t.plus
    cantrips = [c for c in actions if plus[c][1] == 1]
    if cantrips:
        return "play:" + max(cantrips, key=lambda c: (plus[c][0], plus[c][3], c))
    villages = [c for c in actions if plus[c][1] >= 2]
    if villages:
        return "play:" + max(villages, key=lambda c: (plus[c][3], plus[c][0], c))
    for card in TERMINALS:
        if card in actions and (card != "Moneylender" or "Copper" in hand):
            return "play:" + card
    if "Chapel" in actions:
        return "play:Chapel"
    return "end"


def _discard(state: State, t: Tables, p: int, options: list[Action]) -> Action:
    """Militia's discard: let the least useful card go (junk, then extra terminals, then
    the cheapest money)."""
    hand = state["players"][p]["hand"]
    villages = sum(1 for c in hand if t.plus[c][1] >= 2)
    terminals = sorted((c for c in hand if c in t.action and t.plus[c][1] == 0), key=_rank)
    live = set(terminals[: 1 + villages])

    def keep(action: Action) -> tuple[float, str]:
        card = str(action).partition(":")[2]
        if card in t.treasure:
            return (float(t.coins[card]), card)
        if card in t.action:
            return (2.5 if card in live or t.plus[card][1] else 0.5, card)
        return (0.0, card)

    return min(options, key=keep)


def _cellar(t: Tables, options: list[Action]) -> Action:
    """Cellar cycles the cards that cannot help this turn: Curses and Victory cards."""
    for action in options:
        card = str(action).partition(":")[2]
        if card in t.cost and card not in t.treasure and card not in t.action:
            return action
    return "done"


def _rank(card: str) -> int:
    return TERMINALS.index(card) if card in TERMINALS else len(TERMINALS)


def _chapel(strategy: Strategy, state: State, t: Tables, options: list[Action]) -> Action:
    allowed = {str(a).partition(":")[2] for a in options if str(a).startswith("trash:")}
    card = first_match(strategy.trash, Facts(state, t, state["cur"]), allowed)
    return "done" if card is None else "trash:" + card
