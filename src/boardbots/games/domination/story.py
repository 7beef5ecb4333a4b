"""Domination's charts: each seat's VP and the make-up of each seat's deck.

Both come from what a seat owns, which is public: the starting cards, every
gain and every trash happen in the open, so any view (a spectator's too)
holds every player's whole deck as a multiset (`view.known_cards`).
"""

from __future__ import annotations

from boardbots.core.contract import View
from boardbots.core.story import Point
from boardbots.games.domination.engine import cards_of, victory_points
from boardbots.games.domination.zones import tables

PARTS = ("treasure", "action", "victory", "curse")
"""Deck chart parts, bottom first; a card counts once, under its first type in this order
of `_TYPES` (an Action-Victory card is an action)."""

_TYPES = (
    ("Action", "action"),
    ("Treasure", "treasure"),
    ("Victory", "victory"),
    ("Curse", "curse"),
)


class DominationStory:
    score = "vp"
    parts = PARTS

    def point(self, view: View) -> Point:
        t = tables(view)
        types = {name: spec["types"] for name, spec in t.rules.cards.items()}
        scores: list[float | None] = []
        decks: list[dict[str, int]] = []
        for p in range(view["n"]):
            cards = cards_of(view, p)
            scores.append(float(victory_points(t, cards)))
            deck = dict.fromkeys(PARTS, 0)
            for card in cards:
                part = next((part for kind, part in _TYPES if kind in types[card]), None)
                if part is not None:
                    deck[part] += 1
            decks.append(deck)
        return {"scores": scores, "decks": decks}


STORY = DominationStory()
