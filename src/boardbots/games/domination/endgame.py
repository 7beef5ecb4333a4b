"""Buys that end the game: who wins if this card is taken now.

Hard never makes the last buy of a game it then loses, and always makes one it
then wins (its obvious answers and disasters). The gauntlet's scripts know
neither: with $8 and one Province left they take it while six points behind.
Hard's playouts had its own seat follow such a script, so each candidate was
judged as if Hard would later throw games away in a way it never does; script
against script, the same list with this sense won 0.3 to 1.7 points more
against itself (docs/bots.md, "Sense at the end").
"""

from __future__ import annotations

from boardbots.core.contract import Action, State
from boardbots.core.results import shares_from_keys
from boardbots.games.domination.engine import cards_of, turns_taken, victory_points
from boardbots.games.domination.scripted import Strategy, first_buy_where
from boardbots.games.domination.zones import tables

WINS, NEITHER, LOSES = 1, 0, -1


def near_end(state: State) -> bool:
    """Whether one gain could end the game: the cheap test before any `ending`."""
    t = tables(state)
    supply = state["supply"]
    if supply[t.rules.end_pile] <= 1:
        return True
    return list(supply.values()).count(0) + 1 >= t.rules.piles_to_end


def ending(state: State, card: str) -> int:
    """WINS if buying `card` now ends the game with the buyer alone on top, LOSES if it
    ends it with the buyer out of the win, NEITHER if it does not end it or ends it in a
    shared win.

    The buyer's own turn counts, since it will be over when the game is: a tie goes to
    whoever had fewer turns, so the first player loses a tie it ends and the second
    shares one.
    """
    t = tables(state)
    supply = state["supply"]
    if supply[card] != 1:
        return NEITHER
    if card != t.rules.end_pile and list(supply.values()).count(0) + 1 < t.rules.piles_to_end:
        return NEITHER
    me = state["cur"]
    keys = []
    for p in range(state["n"]):
        vp = victory_points(t, cards_of(state, p)) + (t.vp[card] if p == me else 0)
        keys.append((vp, -turns_taken(state, p) - (p == me)))
    share = shares_from_keys(keys)[me]
    return WINS if share == 1.0 else LOSES if share == 0.0 else NEITHER


def sensible_buy(strategy: Strategy, state: State, move: Action) -> Action:
    """The script's buy, with sense at the end: take a card that wins the game now, and
    pass over one that would end it lost for the next card on the list."""
    if move == "treasures" or not near_end(state):
        return move
    t = tables(state)
    coins: int = state["coins"]
    supply: dict[str, int] = state["supply"]
    for card in sorted(supply, key=lambda c: (-t.vp[c], -t.cost[c], c)):
        if supply[card] and t.cost[card] <= coins and ending(state, card) == WINS:
            return "buy:" + card
    if move == "end" or ending(state, str(move).partition(":")[2]) != LOSES:
        return move
    other = first_buy_where(strategy.buys, state, t, lambda c: ending(state, c) != LOSES)
    return "end" if other is None else "buy:" + other
