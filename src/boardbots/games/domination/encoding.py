"""Domination as fixed-size numbers for learning tools (the contract is in core/encoding.py).

Actions are words and "verb:card" strings (docs/domination.md), so the fixed
index space is every word, then every verb with every card of the rules'
card table, cards in alphabetical order:

    treasures, end, pass, done, yes, no,
    play:<card>..., buy:<card>..., react:<card>..., discard:<card>...,
    trash:<card>..., gain:<card>..., topdeck:<card>...

With the base card table (33 cards) that is 6 + 7 * 33 = 237 indices; most
are never legal in a given kingdom and the mask rules them out.

The observation, from the viewer's seat (seat 0 for a spectator), is card
counts in blocks of one value per card (same order as above), then numbers:

- supply pile sizes; 1 for each card with a pile in this game; the trash;
  the cards in play this turn;
- the viewer's hand, draw pile, discard pile and the cards they are looking
  at (all zero for a spectator);
- for each seat, the viewer first and then in turn order, every card it owns
  (public: it follows from the record of gains and trashes);
- the card that asks the pending question (one-hot);
- the phase (action, buy, over) and the pending kind, both one-hot;
- whose turn it is and who must answer, one-hot per seat from the viewer;
- actions, buys, coins, buys made, Merchant bonus, Silvers played, and the
  pending prompt's need / left / max_cost (0 when absent);
- each seat's hand, draw pile and discard pile sizes, and the round number.

Every value is clipped to [0, 100]. Under the printed rules no count of one
card comes near it (60 Copper plus 7 starting ones a seat); coins and the
round can pass it only in odd games, and lab options with bigger piles.
"""

from __future__ import annotations

import json
from functools import cache

from boardbots.core.contract import Action, View
from boardbots.core.rules import RulesConfig
from boardbots.games.domination.rules import DominationRules, rules_from_options
from boardbots.games.domination.view import known_cards

WORDS = ("treasures", "end", "pass", "done", "yes", "no")
VERBS = ("play", "buy", "react", "discard", "trash", "gain", "topdeck")
PHASES = ("action", "buy", "over")
KINDS = ("action", "buy", "react", "discard", "trash", "gain", "topdeck", "play", "yesno", "sentry")
TURN_FIELDS = ("actions", "buys", "coins", "bought", "merchant", "silvers")
PROMPT_FIELDS = ("need", "left", "max_cost")
SEAT_SIZES = ("hand_size", "deck_size", "discard_size")
HIGH = 100.0


def _rules(rules: RulesConfig) -> DominationRules:
    if not isinstance(rules, DominationRules):
        raise TypeError(f"expected Domination rules, got {type(rules).__name__}")
    return rules


@cache
def _card_index(options_key: str) -> dict[str, int]:
    """Card name to position in a per-card block, for the rules these options give."""
    rules = rules_from_options(json.loads(options_key))
    return {name: i for i, name in enumerate(sorted(rules.cards))}


def _cards_of(rules: DominationRules) -> list[str]:
    return sorted(rules.cards)


class DominationEncoding:
    observation_high = HIGH

    def actions(self, rules: RulesConfig, players: int) -> list[Action]:
        cards = _cards_of(_rules(rules))
        return [*WORDS, *(f"{verb}:{card}" for verb in VERBS for card in cards)]

    def observation_size(self, rules: RulesConfig, players: int) -> int:
        c = len(_cards_of(_rules(rules)))
        blocks = 8 + players + 1
        numbers = len(PHASES) + len(KINDS) + 2 * players + len(TURN_FIELDS) + len(PROMPT_FIELDS)
        return blocks * c + numbers + len(SEAT_SIZES) * players + 1

    def observe(self, view: View) -> list[float]:
        index = _card_index(json.dumps(view["options"], sort_keys=True))
        n, me = int(view["n"]), view["viewer"] or 0
        order = [(me + k) % n for k in range(n)]
        own = view["players"][me]
        zones = [
            view["supply"],
            dict.fromkeys(view["supply"], 1),
            view["trash"],
            view["play"],
            own["hand"] or [],
            own["deck"] or [],
            own["discard"] or [],
            own["look"] or [],
            *(known_cards(view, p) for p in order),
        ]
        pend = view["pending"]
        zones.append([pend["card"]] if pend and "card" in pend else [])
        out: list[float] = []
        for zone in zones:
            out += _counts(index, zone)
        out += _numbers(view, order)
        if max(out) > HIGH:  # rare: one C-speed scan keeps the common case cheap
            out = [min(x, HIGH) for x in out]
        return out


def _counts(index: dict[str, int], zone: list[str] | dict[str, int]) -> list[float]:
    """One value per card: a list counts its cards, a dict is already counts."""
    block = [0.0] * len(index)
    items = zone.items() if isinstance(zone, dict) else ((card, 1) for card in zone)
    for card, k in items:
        block[index[card]] += k
    return block


def _numbers(view: View, order: list[int]) -> list[float]:
    pend = view["pending"] or {}
    out = [float(view["phase"] == p) for p in PHASES]
    out += [float(pend.get("kind") == k) for k in KINDS]
    out += [float(view["cur"] == p) for p in order]
    out += [float(pend.get("player") == p) for p in order]
    out += [float(view[f]) for f in TURN_FIELDS]
    out += [float(pend.get(f) or 0) for f in PROMPT_FIELDS]
    for p in order:
        seat = view["players"][p]
        out += [float(seat[f]) for f in SEAT_SIZES]
    out.append(float(view["turn"] // view["n"]))
    return out


ENCODING = DominationEncoding()
