"""Building exact Domination positions for rules tests, and checks shared by the tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from boardbots.core.contract import Action, State
from boardbots.games.domination.engine import GAME, settle
from boardbots.games.domination.zones import tables

FILLERS = [
    "Village", "Smithy", "Festival", "Laboratory", "Market", "Cellar", "Chapel",
    "Workshop", "Remodel", "Council Room", "Mine", "Moneylender", "Harbinger",
]  # fmt: skip


def kingdom_with(cards: Sequence[str]) -> list[str]:
    """A ten-card kingdom holding `cards`, topped up with cards that ask nothing of others."""
    names = list(cards)
    names += [f for f in FILLERS if f not in names][: 10 - len(names)]
    return names


def make(
    cards: Sequence[str],
    hand: Sequence[str],
    *,
    deck: Sequence[str] = (),
    discard: Sequence[str] = (),
    others: Sequence[Sequence[str]] | None = None,
    other_decks: Sequence[Sequence[str]] | None = None,
    players: int = 2,
    phase: str = "action",
) -> State:
    """Player 0 to act with exactly this hand; decks are listed top card first."""
    state = GAME.new_state(players, 0, {"kingdom": kingdom_with(cards)})
    others = others if others is not None else [["Copper"] * 3 + ["Estate"] * 2] * (players - 1)
    other_decks = other_decks if other_decks is not None else [["Copper"] * 5] * (players - 1)
    hands, decks = [hand, *others], [deck, *other_decks]
    for p, pl in enumerate(state["players"]):
        pl["hand"] = list(hands[p])
        pl["deck"] = list(reversed(decks[p]))
        pl["discard"] = list(discard) if p == 0 else []
        pl["marks"] = []
    state["phase"] = phase
    state["pending"] = None
    state["first"] = state["cur"] = 0  # whoever the seed drew, these positions start at seat 0
    settle(state, tables(state))
    return state


def act(state: State, *actions: Action) -> None:
    """Apply actions one by one, each checked against the legal list first."""
    for action in actions:
        options = GAME.legal_actions(state)
        assert action in options, f"{action!r} not in {options} ({state['pending']})"
        GAME.apply(state, action)


def hand(state: State, p: int = 0) -> Counter[str]:
    return Counter(state["players"][p]["hand"])


def top(state: State, p: int = 0) -> str:
    card: str = state["players"][p]["deck"][-1]
    return card


def all_cards(state: State) -> Counter[str]:
    """Every card in the game wherever it is, supply and trash included."""
    total = Counter(state["supply"])
    total.update(state["trash"])
    total.update(state["play"])
    for pl in state["players"]:
        for zone in ("hand", "deck", "discard", "shown", "look"):
            total.update(pl[zone])
    return total
