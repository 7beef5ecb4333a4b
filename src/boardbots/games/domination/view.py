"""What each Domination seat may see (player_view) and worlds rebuilt from that (determinize).

A view keeps every public field of the state and replaces "players" with
one entry per seat. Everyone sees sizes, the top of each discard pile, the
revealed cards ("shown") and "top_public" (deck cards everyone saw put on
top, listed from the top, None where unknown). The viewer also sees their
own hand, the cards they are looking at, their draw pile and discard pile
as sorted multisets (so no order leaks) and "top_known" (deck positions they
know). For everyone else, "hidden" is the sorted multiset of their cards in
unseen places: it follows from the public record of gains and trashes, and
it is what `determinize` deals out again.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from boardbots.core.contract import State, View
from boardbots.core.rng import Rng
from boardbots.games.domination.zones import MARK_OWNER, MARK_PUBLIC, Player

# State fields every seat may see; they are copied into views and back.
PUBLIC_KEYS = (
    "options",
    "kingdom",
    "tkey",
    "n",
    "supply",
    "trash",
    "play",
    "cur",
    "turn",
    "phase",
    "actions",
    "buys",
    "coins",
    "bought",
    "merchant",
    "silvers",
    "stack",
    "blocked",
    "steps",
    "log",
)


def _copy(value: Any) -> Any:
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return value


def player_view(state: State, viewer: int | None) -> View:
    """The anti-cheating boundary: only what `viewer` may know (None: a spectator)."""
    out: View = {"game": "domination", "viewer": viewer}
    for key in PUBLIC_KEYS:
        out[key] = _copy(state[key])
    out["pending"] = _copy(state["pending"])
    out["players"] = [_seat(pl, p == viewer) for p, pl in enumerate(state["players"])]
    return out


def _known_top(pl: Player, level: int) -> list[str | None]:
    """Deck cards from the top down whose place `level` knows, trailing unknowns dropped."""
    deck, marks = pl["deck"], pl["marks"]
    known: list[str | None] = [
        deck[-1 - i] if marks[-1 - i] >= level else None for i in range(len(marks))
    ]
    while known and known[-1] is None:
        known.pop()
    return known


def _seat(pl: Player, mine: bool) -> dict[str, Any]:
    disc = pl["discard"]
    public = _known_top(pl, MARK_PUBLIC)
    seat: dict[str, Any] = {
        "hand_size": len(pl["hand"]),
        "deck_size": len(pl["deck"]),
        "discard_size": len(disc),
        "look_size": len(pl["look"]),
        "discard_top": disc[-1] if disc else None,
        "shown": list(pl["shown"]),
        "top_public": public,
    }
    if mine:
        seat.update(
            hand=list(pl["hand"]),
            look=list(pl["look"]),
            deck=sorted(pl["deck"]),
            discard=sorted(disc),
            top_known=_known_top(pl, MARK_OWNER),
            hidden=None,
        )
        return seat
    unseen = list(pl["deck"])
    for card in public:
        if card is not None:
            unseen.remove(card)
    seat.update(
        hand=None,
        look=None,
        deck=None,
        discard=None,
        top_known=None,
        hidden=sorted([*pl["hand"], *pl["look"], *unseen, *disc[:-1]]),
    )
    return seat


def known_cards(view: View, p: int) -> list[str]:
    """Every card seat p owns outside play, as far as the view tells (always all of them)."""
    seat = view["players"][p]
    if seat["hidden"] is None:
        return [*seat["hand"], *seat["look"], *seat["deck"], *seat["discard"], *seat["shown"]]
    public = [c for c in seat["top_public"] if c is not None]
    top = [seat["discard_top"]] if seat["discard_top"] is not None else []
    return [*seat["hidden"], *public, *top, *seat["shown"]]


def determinize(view: View, rng: Rng) -> State:
    """A full state that shows exactly `view` to its viewer, with every unknown card dealt
    at random from what that seat cannot see; the new world has its own seed from `rng`."""
    state: State = {"game": "domination"}
    for key in PUBLIC_KEYS:
        state[key] = _copy(view[key])
    state["pending"] = _copy(view["pending"])
    state["seed"] = rng.fork().seed
    state["shuffles"] = 0
    viewer = view["viewer"]
    state["players"] = [
        _own_seat(seat, rng) if p == viewer else _other_seat(seat, rng)
        for p, seat in enumerate(view["players"])
    ]
    return state


def _own_seat(seat: dict[str, Any], rng: Rng) -> Player:
    known = seat["top_known"]
    rest = Counter(seat["deck"])
    rest.subtract(c for c in known if c is not None)
    fill = sorted(rest.elements())
    rng.shuffle(fill)
    public = seat["top_public"]
    marks = [
        MARK_PUBLIC if i < len(public) and public[i] is not None else MARK_OWNER if c else 0
        for i, c in enumerate(known)
    ]
    return {
        "hand": list(seat["hand"]),
        "deck": _stack_deck(seat["deck_size"], known, fill),
        "discard": _with_top(list(seat["discard"]), seat["discard_top"]),
        "marks": marks[::-1],
        "shown": list(seat["shown"]),
        "look": list(seat["look"]),
    }


def _other_seat(seat: dict[str, Any], rng: Rng) -> Player:
    pool = list(seat["hidden"])
    rng.shuffle(pool)
    public = seat["top_public"]
    h, k = seat["hand_size"], seat["look_size"]
    unknown_deck = seat["deck_size"] - sum(c is not None for c in public)
    deck_fill = pool[h + k : h + k + unknown_deck]
    discard = pool[h + k + unknown_deck :]
    if seat["discard_top"] is not None:
        discard.append(seat["discard_top"])
    return {
        "hand": pool[:h],
        "deck": _stack_deck(seat["deck_size"], public, deck_fill),
        "discard": discard,
        "marks": [MARK_PUBLIC if c is not None else 0 for c in public][::-1],
        "shown": list(seat["shown"]),
        "look": pool[h : h + k],
    }


def _stack_deck(size: int, known: list[str | None], fill: list[str]) -> list[str]:
    """A deck of `size` with the known cards in place (listed from the top) and `fill` elsewhere."""
    cards = iter(fill)
    top_down: list[str] = []
    for i in range(size):
        card = known[i] if i < len(known) else None
        top_down.append(next(cards) if card is None else card)
    return top_down[::-1]


def _with_top(cards: list[str], top: str | None) -> list[str]:
    """The discard pile rebuilt from its multiset with the visible card back on top."""
    if top is not None:
        cards.remove(top)
        cards.append(top)
    return cards
