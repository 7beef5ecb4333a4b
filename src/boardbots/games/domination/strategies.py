"""Scripted Domination players: Big Money and Random, as fast state policies and as bots.

The policies read a state and return one legal action; simulations and the
benchmark call them directly. The bot classes are what seats use: they get
a view, rebuild a world with `determinize` and ask the same policy, so a
bot never sees more than its seat may.
"""

from __future__ import annotations

from boardbots.core.bot import BotContext
from boardbots.core.contract import Action, Pending, State, View
from boardbots.core.rng import Rng
from boardbots.games.domination.engine import GAME, buy_options, legal
from boardbots.games.domination.rules import TABLES
from boardbots.games.domination.tables import Tables
from boardbots.games.domination.zones import tables

SKIPS = ("pass", "done", "no")

DUCHY_AT = 5
"""Big Money buys Duchies at $5 once this many Provinces or fewer are left."""


def big_money_target(t: Tables, coins: int, supply: dict[str, int], duchy_at: int) -> str | None:
    """The card Big Money buys with `coins`: Province, Gold, late Duchy, Silver, or nothing.

    Thresholds are the cards' costs from the rules, so a cost change needs no edit here.
    """
    province = t.rules.end_pile
    cost = t.cost
    if coins >= cost[province] and supply[province]:
        return province
    if coins >= cost["Gold"] and supply["Gold"]:
        return "Gold"
    if coins >= cost["Duchy"] and supply[province] <= duchy_at and supply["Duchy"]:
        return "Duchy"
    if coins >= cost["Silver"] and supply["Silver"]:
        return "Silver"
    return None


def big_money(state: State, duchy_at: int = DUCHY_AT) -> Action:
    """Big Money: never plays Actions, plays all Treasures, buys by the table, blocks attacks."""
    pend = state["pending"]
    kind = pend["kind"]
    t = tables(state)
    if kind == "buy":
        hand = state["players"][state["cur"]]["hand"]
        if not state["bought"]:
            treasure = t.treasure
            for card in hand:
                if card in treasure:
                    return "treasures"
        target = big_money_target(t, state["coins"], state["supply"], duchy_at)
        return "end" if target is None else "buy:" + target
    if kind == "action":
        return "end"
    return minimal_answer(state, t, pend, legal(state, t))


def random_play(state: State, rng: Rng) -> Action:
    """Random: plays a random Action, buys a random affordable card (Curse too),
    gives the smallest answer to every other question, and blocks attacks."""
    pend = state["pending"]
    kind = pend["kind"]
    t = TABLES.get(state["tkey"]) or tables(state)
    # The phase prompts draw from the same lists, in the same order, as the engine's
    # legal list without its "end" (see `legal`), built here without the parts never used.
    if kind == "buy":
        if not state["bought"]:
            treasure = t.supply_treasure
            for card in state["players"][state["cur"]]["hand"]:
                if card in treasure:
                    return "treasures"
        buys = buy_options(state, t)
        return rng.choice(buys) if buys else "end"
    if kind == "action":
        hand = state["players"][state["cur"]]["hand"]
        plays = [play for n, play in t.action_plays if n in hand]
        return rng.choice(plays) if plays else "end"
    declined = _declined(state, t, pend)
    if declined is not None:
        return declined
    options = legal(state, t)
    skip = [a for a in options if a in SKIPS]
    if skip or kind == "react":
        return minimal_answer(state, t, pend, options)
    return rng.choice(options)


def _declined(state: State, t: Tables, pend: Pending) -> Action | None:
    """`minimal_answer` where the prompt alone says what it is, so Random need not list
    the answers: "no" to a yes/no, Sentry's "done", a pick's skip when the engine offers
    it (unless cards are still owed), and to an attack the first reveal the engine would
    list (None when there is none: the full list decides then)."""
    kind = pend["kind"]
    if kind == "yesno":
        return "no"
    if kind == "sentry":
        return "done"
    if kind == "react":
        zone = state["players"][pend["player"]][pend["zone"]]
        allow = pend["allow"]
        for name in t.supply:  # `distinct` lists in supply order
            if name in zone and (allow is None or name in allow):
                return "react:" + name
        return None
    skip = pend.get("skip")
    if skip in SKIPS and not pend.get("need"):
        return str(skip)
    return None


def minimal_answer(state: State, t: Tables, pend: Pending, options: list[Action]) -> Action:
    """The least an answer can do: block an attack, else decline, else the cheapest junk."""
    if pend["kind"] == "react":
        return options[0]  # a reveal when one is possible: blocking is never worse
    for skip in SKIPS:
        if skip in options:
            return skip
    return min(options, key=lambda a: _junk_key(t, str(a)))


def _junk_key(t: Tables, action: str) -> tuple[int, int, str]:
    """Curses and Victory cards first, then by cost: what to let go of first."""
    name = action.partition(":")[2]
    if name not in t.cost:
        return (2, 0, action)
    useless = name not in t.treasure and name not in t.action
    return (0 if useless else 1, t.cost[name], action)


class BigMoneyBot:
    """Big Money as a seat: decides from its view only."""

    level = "bigmoney"

    def __init__(self, duchy_at: int = DUCHY_AT) -> None:
        self.duchy_at = duchy_at

    def decide(self, view: View, ctx: BotContext) -> Action:
        world = GAME.determinize(view, ctx.rng.fork())
        return big_money(world, self.duchy_at)


class RandomStrategyBot:
    """The spec's Random player for Domination (the generic Random bot is uniform instead)."""

    level = "random"

    def decide(self, view: View, ctx: BotContext) -> Action:
        world = GAME.determinize(view, ctx.rng.fork())
        return random_play(world, ctx.rng)
