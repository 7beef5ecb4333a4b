"""Moving cards between zones: drawing, shuffling, gaining, and the public log.

A state keeps each player's cards in plain lists: "hand", "deck" (the top
is the end of the list, so drawing is `pop()`), "discard" (top at the end),
"shown" (revealed or set aside, public) and "look" (cards only their owner
is looking at, such as Sentry's). "marks" runs beside the top of the deck:
marks[-1] says who knows the top card (2 everyone, 1 its owner, 0 nobody),
and it only ever covers a run of cards placed on top, so it stays short.
"""

from __future__ import annotations

from typing import Any

from boardbots.core.contract import State
from boardbots.core.rng import mix_pair
from boardbots.core.rng import permutation as fresh_permutation
from boardbots.games.domination.rules import TABLES, tables_for
from boardbots.games.domination.tables import Tables

Player = dict[str, list[Any]]

MARK_OWNER = 1
MARK_PUBLIC = 2


def tables(state: State) -> Tables:
    """The cached lookups for this state's rules and kingdom."""
    found = TABLES.get(state["tkey"])
    if found is None:
        found = tables_for(state["options"], state["kingdom"], state["tkey"])
    return found


def new_player(deck: list[str]) -> Player:
    return {"hand": [], "deck": deck, "discard": [], "marks": [], "shown": [], "look": []}


def shuffle(state: State, cards: list[str]) -> None:
    """Shuffle in place with the game's own stream, one fresh seed per shuffle.

    The stream is (seed, counter) rather than a live generator so a state
    stays plain JSON and a clone replays the same future shuffles. Seeding
    a Mersenne Twister costs more than the shuffle itself (about 5 us), so
    the permutation is kept (see `permutation`).
    """
    n = state["shuffles"]
    state["shuffles"] = n + 1
    size = len(cards)
    if size > 1:
        perm = permutation(state["seed"], n, size)
        cards[:] = [cards[i] for i in perm]


PERMUTATIONS_KEPT = 8192
"""How many shuffles `permutation` remembers before it starts afresh (a few MB at most)."""

_PERMUTATIONS: dict[tuple[int, int, int], list[int]] = {}


def permutation(seed: int, n: int, size: int) -> list[int]:
    """Where shuffle n of a game with this seed takes each of `size` cards from.

    A Fisher-Yates shuffle draws the same numbers whatever the cards are, so a
    shuffle is fixed by (seed, n, size) alone. Hard's paired playouts run every
    candidate move on the same worlds, so the same shuffles come back again and
    again; remembering them saves the seeding. What is kept never changes an
    answer, only how fast it comes.
    """
    key = (seed, n, size)
    perm = _PERMUTATIONS.get(key)
    if perm is None:
        if len(_PERMUTATIONS) >= PERMUTATIONS_KEPT:
            _PERMUTATIONS.clear()
        perm = _PERMUTATIONS[key] = fresh_permutation(mix_pair(seed, n), size)
    return perm


def refill(state: State, pl: Player) -> bool:
    """Shuffle the discard pile into an empty deck; False when both are empty."""
    disc = pl["discard"]
    if not disc:
        return False
    pl["discard"] = []
    shuffle(state, disc)
    pl["deck"] = disc
    return True


def draw(state: State, pl: Player, n: int) -> None:
    """Draw up to n cards, shuffling the discard pile in when the deck runs out."""
    deck = pl["deck"]
    size = len(deck)
    if size >= n and not pl["marks"]:
        # Fast path: no known cards on top, no reshuffle (and n may be 0).
        pl["hand"] += deck[size - n :]
        del deck[size - n :]
        return
    hand = pl["hand"]
    if not pl["marks"]:
        # The deck runs out: draw it all, shuffle the discard pile in, draw the rest;
        # card by card, in the order `pop_top` would take them.
        hand += deck[::-1]
        deck.clear()
        n -= size
        if n and refill(state, pl):
            deck = pl["deck"]
            take = min(n, len(deck))
            hand += deck[: -take - 1 : -1]
            del deck[-take:]
        return
    for _ in range(n):
        card = pop_top(state, pl)
        if card is None:
            return
        hand.append(card)


def pop_top(state: State, pl: Player) -> str | None:
    """Take the top card of the deck (shuffling if needed), or None if there is none."""
    if not pl["deck"] and not refill(state, pl):
        return None
    marks = pl["marks"]
    if marks:
        marks.pop()
    card: str = pl["deck"].pop()
    return card


def put_on_deck(pl: Player, card: str, mark: int) -> None:
    """Place a card on top of the deck, remembering who saw it go there."""
    # marks covers the top len(marks) cards, so a new top card just extends it.
    pl["deck"].append(card)
    pl["marks"].append(mark)


def gain(state: State, p: int, name: str, to: str = "discard") -> bool:
    """Gain a card from the supply to a player's discard, hand or deck; False if none left."""
    supply = state["supply"]
    if not supply.get(name):
        return False
    supply[name] -= 1
    pl = state["players"][p]
    if to == "deck":
        put_on_deck(pl, name, MARK_PUBLIC)
    else:
        pl[to].append(name)
    log(state, p, "gain", name)
    return True


def trash_from(state: State, p: int, zone: list[str], name: str) -> None:
    zone.remove(name)
    state["trash"].append(name)
    log(state, p, "trash", name)


def discard_from(state: State, p: int, zone: list[str], name: str) -> None:
    zone.remove(name)
    state["players"][p]["discard"].append(name)
    log(state, p, "discard", name)


def discard_unseen(state: State, p: int, zone: list[str], name: str) -> None:
    """Discard a card face down, as one of several going at once; see `log_discards`."""
    zone.remove(name)
    state["players"][p]["discard"].append(name)


def log_discards(state: State, p: int, count: int) -> None:
    """Close a batch of `count` cards discarded together.

    The rules let the table see only the card that ends on top of the pile, so
    the log counts the others without naming them and names that top card last.
    """
    if not count:
        return
    game_log = state["log"]
    for _ in range(count - 1):
        game_log.append([p, "discard", None])
    game_log.append([p, "discard", state["players"][p]["discard"][-1]])


def unrevealed_discards(pending: dict[str, Any] | None, p: int) -> int:
    """How many cards on top of p's discard pile belong to a batch still being chosen.

    Until the decision closes they lie face down: others still see the card
    that was on top before. Both counts below are public fields of the prompt.
    """
    if pending is None or pending["player"] != p:
        return 0
    kind = pending["kind"]
    if kind == "discard":
        return int(pending["count"])
    if kind == "sentry":
        return int(pending["discarded"])
    return 0


def log(state: State, p: int, verb: str, what: str | None) -> None:
    """Append a public event; only ever pass what every player may see."""
    state["log"].append([p, verb, what])


def others(state: State, p: int) -> list[int]:
    """The other players in turn order, starting at p's left."""
    n = state["n"]
    return [(p + i) % n for i in range(1, n)]


def owned(pl: Player) -> list[str]:
    """Every card a player owns outside the play area."""
    return [*pl["hand"], *pl["deck"], *pl["discard"], *pl["shown"], *pl["look"]]


def empty_piles(state: State) -> int:
    return list(state["supply"].values()).count(0)


def distinct(t: Tables, cards: list[str], allow: list[str] | None = None) -> list[str]:
    """The different names among `cards`, in supply order (so choices list stably)."""
    present = set(cards)
    if allow is not None:
        present.intersection_update(allow)
    return [n for n in t.supply if n in present]
