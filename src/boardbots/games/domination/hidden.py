"""What a seat cannot know, redrawn: the conformance kit's leak check moves it and
expects the seat's view not to change."""

from __future__ import annotations

from boardbots.core.contract import State
from boardbots.core.rng import Rng


def redraw(twin: State, state: State, viewer: int | None, rng: Rng) -> State:
    """`twin` (a clone of `state`) with every card `viewer` cannot see moved among the
    places it cannot see, and another seed and shuffle count."""
    twin["seed"] = state["seed"] + 1
    twin["shuffles"] = state["shuffles"] + 5
    for p, pl in enumerate(twin["players"]):
        spots = _unseen_spots(state, p, viewer)
        cards = [pl[z][i] for z, i in spots]
        rng.shuffle(cards)
        for (z, i), card in zip(spots, cards, strict=True):
            pl[z][i] = card
    return twin


def _unseen_spots(state: State, p: int, viewer: int | None) -> list[tuple[str, int]]:
    """Where player p's cards lie unseen by `viewer`: unknown deck places, and for
    another player's cards the hand, the looked-at cards and the face-down discards."""
    pl = state["players"][p]
    level = 1 if p == viewer else 2  # the owner also knows cards marked 1
    n, marks = len(pl["deck"]), pl["marks"]
    known = {n - len(marks) + i for i, m in enumerate(marks) if m >= level}
    spots: list[tuple[str, int]] = [("deck", i) for i in range(n) if i not in known]
    if p != viewer:
        spots += [("hand", i) for i in range(len(pl["hand"]))]
        spots += [("look", i) for i in range(len(pl["look"]))]
        # The visible top lies under any batch of discards still being chosen.
        top = len(pl["discard"]) - 1 - face_down(state, p)
        spots += [("discard", i) for i in range(len(pl["discard"])) if i != top]
    return spots


def face_down(state: State, p: int) -> int:
    """Cards p is discarding in a decision still open (Cellar, Militia, Poacher, Sentry)."""
    pend = state["pending"]
    if pend is None or pend["player"] != p:
        return 0
    return int({"discard": pend.get("count"), "sentry": pend.get("discarded")}.get(pend["kind"], 0))
