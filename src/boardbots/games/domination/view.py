"""What each Domination seat may see (player_view) and worlds rebuilt from that (determinize).

A view keeps every public field of the state and replaces "players" with
one entry per seat. Everyone sees sizes, the top of each discard pile, the
revealed cards ("shown") and "top_public" (deck cards everyone saw put on
top, listed from the top, None where unknown). The viewer also sees their
own hand, the cards they are looking at, their draw pile and discard pile
as sorted multisets (so no order leaks) and "top_known" (deck positions they
know). For everyone else, "hidden" is the sorted multiset of their cards in
unseen places: it follows from the public record of gains and trashes, and
it is what `determinize` deals out again, keeping to what the pending prompt
tells the table about the deciding seat's unseen cards (see `_constraint`).
"""

from __future__ import annotations

from collections import Counter
from math import comb
from typing import Any

from boardbots.core.contract import State, View
from boardbots.core.rng import Rng
from boardbots.games.domination.zones import (
    MARK_OWNER,
    MARK_PUBLIC,
    Player,
    tables,
    unrevealed_discards,
)

Constraint = tuple[str, frozenset[str]]
"""("hand", names): the hand holds at least one of them; ("look", names): the
card looked at last is one of them."""

# State fields every seat may see; they are copied into views and back.
PUBLIC_KEYS = (
    "options",
    "kingdom",
    "tkey",
    "n",
    "supply",
    "trash",
    "play",
    "first",
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
    pend = out["pending"] = _copy(state["pending"])
    out["players"] = [
        _seat(pl, p == viewer, unrevealed_discards(pend, p))
        for p, pl in enumerate(state["players"])
    ]
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


def _seat(pl: Player, mine: bool, face_down: int) -> dict[str, Any]:
    """One seat as seen by its owner (`mine`) or anyone else. The top `face_down`
    cards of the discard pile are a batch still being chosen: only the owner sees them."""
    disc = pl["discard"]
    public = _known_top(pl, MARK_PUBLIC)
    at = len(disc) - 1 - (0 if mine else face_down)  # where the visible top lies
    seat: dict[str, Any] = {
        "hand_size": len(pl["hand"]),
        "deck_size": len(pl["deck"]),
        "discard_size": len(disc),
        "look_size": len(pl["look"]),
        "discard_top": disc[at] if at >= 0 else None,
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
        hidden=sorted([*pl["hand"], *pl["look"], *unseen, *_without(disc, at)]),
    )
    return seat


def _without(cards: list[str], at: int) -> list[str]:
    """`cards` less the one at index `at` (none when `at` is -1: an empty visible top)."""
    return cards[:at] + cards[at + 1 :] if at >= 0 else list(cards)


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
    at random from what that seat cannot see; the new world has its own seed from `rng`.

    Unknown cards are dealt uniformly among the deals that fit everything the view
    reveals, the pending prompt included (see `_constraint`).
    """
    state: State = {"game": "domination"}
    for key in PUBLIC_KEYS:
        state[key] = view[key]
    own_containers(state, view)
    state["seed"] = rng.fork().seed
    state["shuffles"] = 0
    viewer = view["viewer"]
    pend = view["pending"]
    state["players"] = [
        _own_seat(seat, rng)
        if p == viewer
        else _other_seat(seat, rng, _constraint(view, p), unrevealed_discards(pend, p))
        for p, seat in enumerate(view["players"])
    ]
    return state


def _constraint(view: View, p: int) -> Constraint | None:
    """What the pending prompt tells everyone about seat p's unseen cards, if anything.

    An Action-phase prompt is only made when the hand holds an Action card (the
    phase is skipped otherwise); Library asks only about a drawn Action card,
    which sits in "look" until answered; a pick that must take one of a few
    names from the hand (a Bureaucrat victim's Victory card) is only asked
    when the hand holds one. Other prompts depend on public facts alone.
    """
    pend = view["pending"]
    if pend is None or pend["player"] != p:
        return None
    kind = pend["kind"]
    if kind == "action":
        return ("hand", tables(view).action)
    if kind == "yesno" and pend.get("card") == "Library":
        return ("look", tables(view).action)
    if pend.get("zone") == "hand" and pend.get("need") and pend.get("allow") is not None:
        return ("hand", frozenset(pend["allow"]))
    return None


def own_containers(state: State, view: View) -> None:
    """Give the world its own copy of every container play mutates except the players (the
    engine's `clone` uses it too); options, kingdom, log entries and stack frames are never
    changed in place, so the world shares them with the view. This is most of what a
    determinization used to cost."""
    state["supply"] = dict(view["supply"])
    state["trash"] = list(view["trash"])
    state["play"] = list(view["play"])
    state["stack"] = list(view["stack"])
    state["blocked"] = list(view["blocked"])
    state["log"] = list(view["log"])
    pend = view["pending"]
    state["pending"] = dict(pend) if pend is not None else None


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


def _other_seat(seat: dict[str, Any], rng: Rng, rule: Constraint | None, face_down: int) -> Player:
    pool = list(seat["hidden"])
    rng.shuffle(pool)
    public = seat["top_public"]
    h, k = seat["hand_size"], seat["look_size"]
    if rule is not None:
        pool = _constrained(pool, h, k, rule, rng)
    unknown_deck = seat["deck_size"] - sum(c is not None for c in public)
    deck_fill = pool[h + k : h + k + unknown_deck]
    discard = pool[h + k + unknown_deck :]
    if seat["discard_top"] is not None:
        # Under the batch still face down, which is dealt like any unseen card.
        discard.insert(len(discard) - face_down, seat["discard_top"])
    return {
        "hand": pool[:h],
        "deck": _stack_deck(seat["deck_size"], public, deck_fill),
        "discard": discard,
        "marks": [MARK_PUBLIC if c is not None else 0 for c in public][::-1],
        "shown": list(seat["shown"]),
        "look": pool[h : h + k],
    }


def _constrained(pool: list[str], h: int, k: int, rule: Constraint, rng: Rng) -> list[str]:
    """The shuffled `pool` re-dealt so that `rule` holds, every fitting deal equally likely.

    The result is read as before: hand `pool[:h]`, look `pool[h:h+k]`, then the rest.
    """
    zone, names = rule
    fits = [c for c in pool if c in names]
    rest = [c for c in pool if c not in names]
    if zone == "look":
        if not fits or not k:
            raise ValueError("the view is inconsistent: no card can be the one looked at")
        # A uniform card among the fitting copies, then a uniform order for the others.
        card = fits.pop(rng.randrange(len(fits)))
        others = fits + rest
        rng.shuffle(others)
        return [*others[: h + k - 1], card, *others[h + k - 1 :]]
    j = _fitting_in_hand(len(fits), len(rest), h, rng)
    hand, left = fits[:j] + rest[: h - j], fits[j:] + rest[h - j :]
    rng.shuffle(hand)
    rng.shuffle(left)
    return hand + left


def _fitting_in_hand(fit: int, rest: int, h: int, rng: Rng) -> int:
    """How many fitting cards a uniform h-card hand holds, given that it holds at least one.

    Hypergeometric weights C(fit, j) * C(rest, h - j) for j >= 1; sampling the count
    first keeps the draw exact instead of reshuffling until a hand qualifies.
    """
    counts = list(range(1, min(fit, h) + 1))
    weights = [float(comb(fit, j) * comb(rest, h - j)) for j in counts]
    if not counts or not any(weights):
        raise ValueError("the view is inconsistent: no hand can hold the card the prompt needs")
    return rng.weighted(counts, weights)


def _stack_deck(size: int, known: list[str | None], fill: list[str]) -> list[str]:
    """A deck of `size` with the known cards in place (listed from the top) and `fill` elsewhere."""
    if not any(card is not None for card in known):
        return fill[:size][::-1]  # nothing known on top: the common case in every rollout
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
