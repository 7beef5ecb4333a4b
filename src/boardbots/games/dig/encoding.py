"""Dig as fixed-size numbers for learning tools (the contract is in core/encoding.py).

Actions: `stake:0` .. `stake:max_stake`, then `dig` and `haul`.

Observation, every value clipped to [0, 1], seats counted from the viewer (seat 0
for a spectator): per seat its points, gems and haul (each over a fixed scale),
whether it has played this round and whether it is to act; then the cart (ore,
gems, stake, hazard, digs), the round, the phase (stake, dig, over), the face-up
event and the events still unseen (one flag per card id).
"""

from __future__ import annotations

from boardbots.core.contract import Action, View
from boardbots.core.rules import RulesConfig
from boardbots.games.dig.engine import DIG_ACTION, HAUL, STAKES
from boardbots.games.dig.rules import EVENTS, MAX_ROUNDS, DigRules

SCALES = {"points": 200.0, "gems": 20.0, "haul": 60.0}
CART_SCALES = {"ore": 60.0, "gems": 10.0, "stake": 5.0, "hazard": 20.0, "digs": 40.0}
PHASES = ("stake", "dig", "over")
PER_SEAT = 5


def _rules(rules: RulesConfig) -> DigRules:
    if not isinstance(rules, DigRules):
        raise TypeError(f"expected Dig rules, got {type(rules).__name__}")
    return rules


def _unit(x: float) -> float:
    return 0.0 if x < 0 else 1.0 if x > 1 else x


class DigEncoding:
    observation_high = 1.0

    def actions(self, rules: RulesConfig, players: int) -> list[Action]:
        return [*STAKES[: _rules(rules).max_stake + 1], DIG_ACTION, HAUL]

    def observation_size(self, rules: RulesConfig, players: int) -> int:
        _rules(rules)
        return PER_SEAT * players + len(CART_SCALES) + 1 + len(PHASES) + 2 * len(EVENTS)

    def observe(self, view: View) -> list[float]:
        n = int(view["players"])
        me = view["viewer"] or 0
        out: list[float] = []
        for k in range(n):
            p = (me + k) % n
            out += [
                _unit(view["scores"][p] / SCALES["points"]),
                _unit(view["gems"][p] / SCALES["gems"]),
                _unit(view["hauls"][p] / SCALES["haul"]),
                float(p in view["done"]),
                float(view["phase"] != "over" and view["cur"] == p),
            ]
        cart = view["cart"]
        out += [_unit(cart[key] / scale) for key, scale in CART_SCALES.items()]
        out.append(_unit(view["round"] / MAX_ROUNDS))
        out += [float(view["phase"] == phase) for phase in PHASES]
        out += [float(view["event"] == e) for e in EVENTS]
        left = set(view["events_left"])
        out += [float(e in left) for e in EVENTS]
        return out


ENCODING = DigEncoding()
