"""Hard's playouts in Domination: the rest of the game played by scripted strategies.

Hard's rollout used to stop after one round and judge the position with the
hand-made outlook of `heuristics.py`. That outlook was where it lost to plain
Big Money variants: it took Duchies with $7 in round 10, bought Markets over
Gold and Smithy, and could not see what Militia or Witch do to a deck over a
whole game. A playout to the end, with every seat following a strategy real
players use, knows all of that, so the search becomes a one-step improvement
on the best known script: try each candidate, then play on by the script.

Who plays what: we follow the kingdom's strongest playbook strategy (in 2
players our own tuned version of it, where one is in the data, or our counter
to the strategy we take the opponent for, where one was tuned). Each
opponent follows the strongest one whose kingdom cards they already own (their
gains are public), else the kingdom's strongest, as a newcomer to the
kingdom would be guessed to play.
"""

from __future__ import annotations

import functools

from boardbots.core.contract import State
from boardbots.core.heuristics import squash
from boardbots.games.domination.cards import CURSE
from boardbots.games.domination.endgame import sensible_buy
from boardbots.games.domination.engine import GAME, shares, turns_taken
from boardbots.games.domination.playbook import best_for, ordered, own_version
from boardbots.games.domination.scripted import Strategy, policy
from boardbots.games.domination.tables import Tables
from boardbots.games.domination.zones import owned, tables

DECISION_CAP = 4000
"""Decisions after which a playout gives up (a stalled game; none gets near it)."""

OPENING_TURNS = 2
"""Turns a seat may buy only money before it is taken for a money-only player, in 3-4
players (their rows were measured with two)."""

OPENING_TURNS_2P = 1
"""The same in 2 players, where Hard counters a money-only player (`own_version`):
after one turn, so Hard's own opening can follow the counter too (docs/acceptance.md,
"Guessing BMU after one turn")."""

TUNED_SEATS = 2
"""Hard plays its tuned scripts (`own_version`) in games of up to this many seats: they
were tuned head to head, and 3-4 player games were not measured with them."""

WIN_WEIGHT = 0.8
"""Share of the reward that is the win share; the rest is the squashed margin, which
separates candidates that win or lose alike and so lowers the reward's variance."""


def play_to_end(state: State, me: int) -> float | None:
    """`me`'s reward in [0, 1] once the scripted seats have finished the game, or None
    if it did not finish (the caller then judges the position as it stands)."""
    strategies = seat_strategies(state, me)
    mine = strategies[me]
    apply = GAME.apply
    for _ in range(DECISION_CAP):
        if state["phase"] == "over":
            return _reward(state, me)
        pending = state["pending"]
        seat = pending["player"]
        action = policy(strategies[seat], state)
        if seat == me and pending["kind"] == "buy":
            action = sensible_buy(mine, state, action)  # as Hard plays its own endings
        apply(state, action)
    return None


def seat_strategies(state: State, me: int) -> list[Strategy]:
    """The strategy each seat follows in the playout (see the module's docstring)."""
    kingdom = state["kingdom"]
    best = best_for(kingdom)
    n = state["n"]
    out = [best if p == me else _guess(state, p, kingdom, best) for p in range(n)]
    if n <= TUNED_SEATS:
        against = out[1 - me].code if n == 2 else None
        out[me] = own_version(best, kingdom, against)
    return out


def _guess(state: State, p: int, kingdom: list[str], fallback: Strategy) -> Strategy:
    """The strongest strategy for this kingdom whose cards seat p already owns; a seat
    that has had its first turns without buying any of those cards plays money only."""
    mine = set(owned(state["players"][p]))
    if p == state["cur"]:
        mine.update(state["play"])
    choices = ordered(kingdom)
    for strategy in choices:
        if strategy.cards and set(strategy.cards) <= mine:
            return strategy
    if turns_taken(state, p) >= (OPENING_TURNS_2P if state["n"] == 2 else OPENING_TURNS):
        return next(s for s in choices if not s.cards)  # money only: always in the list
    return fallback


def _reward(state: State, me: int) -> float:
    scores = GAME.scores(state)
    share = shares(state, scores)[me]
    margin = scores[me] - max(s for p, s in enumerate(scores) if p != me)
    t = tables(state)
    scale = float(t.vp[t.rules.end_pile])  # a Province: about one round's gain
    return WIN_WEIGHT * share + (1.0 - WIN_WEIGHT) * squash(margin, scale)


def scripts_fit(state: State, me: int) -> bool:
    """Whether every other seat owns only cards some playbook strategy for this kingdom
    could have bought (or been given), so a script is a fair guess at how it plays.

    In 4 players, scripted playouts at every decision gained Hard 8.7 points against
    three scripts and lost it 7.6 against three Mediums, which buy what their
    evaluation likes; with this test first, Hard kept the gain and lost nothing
    measurable against Medium (docs/bots.md).
    """
    t = tables(state)
    reaches = [_reach(s, t) for s in ordered(state["kingdom"])]
    for p in range(state["n"]):
        if p == me:
            continue
        cards = set(owned(state["players"][p]))
        if p == state["cur"]:
            cards.update(state["play"])
        if not any(cards <= reach for reach in reaches):
            return False
    return True


@functools.cache
def _reach(strategy: Strategy, t: Tables) -> frozenset[str]:
    """The cards a seat following `strategy` can own under these rules: its buys, its
    starting deck, and the Curse-type cards an opponent's attack can give it."""
    given = {n for n in t.supply if CURSE in t.rules.cards[n]["types"]}
    return frozenset({*t.rules.starting_deck, *given, *(card for card, _ in strategy.buys)})
