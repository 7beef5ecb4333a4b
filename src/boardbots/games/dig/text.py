"""Dig in words: actions for logs and the terminal, previews, and a plain-text table."""

from __future__ import annotations

from typing import Any

from boardbots.core.contract import State, View
from boardbots.games.dig.dice import OUTCOMES, collapse_chance


def describe(state: State | View, action: str) -> str:
    if action == "dig":
        cart = state["cart"]
        return f"digs (cart {cart['ore']} ore, hazard {cart['hazard']})"
    if action == "haul":
        cart = state["cart"]
        back = cart["gems"] + cart["stake"]
        return f"hauls {cart['ore']} ore and takes back {back} gem(s)"
    k = int(action.split(":")[1])
    return "stakes no gems" if k == 0 else f"stakes {k} gem(s) as supports"


def typed(action: str) -> str:
    """What a person types in the terminal: the stake's number, or dig / haul."""
    return action.split(":")[1] if action.startswith("stake:") else action


def threshold(state: State | View, stake: int, hazard: int) -> int:
    return hazard - int(state["round_rules"]["beam"]) * stake


def preview(state: State | View, action: str) -> dict[str, Any]:
    """What an action risks and promises now, for the UI and the Easy bot."""
    cart = state["cart"]
    if action == "haul":
        return {"ore": cart["ore"], "gems_back": cart["gems"] + cart["stake"]}
    if action == "dig":
        line = threshold(state, cart["stake"], cart["hazard"])
        now = state["round_rules"]
        found = [max(a, b) + now["ore_bonus"] for a, b in OUTCOMES if a + b > line]
        return {
            "threshold": line,
            "collapse_chance": collapse_chance(line),
            "expected_ore": sum(found) / 36,
            "at_risk": {"ore": cart["ore"], "gems": cart["gems"], "stake": cart["stake"]},
        }
    k = int(action.split(":")[1])
    line = threshold(state, k, cart["hazard"])
    return {"stake": k, "threshold": line, "collapse_chance": collapse_chance(line)}


def render(state: State | View) -> str:
    cart = state["cart"]
    shown = min(state["round"] + 1, state["rounds"])
    lines = [
        f"round {shown}/{state['rounds']}  event {state['event']}  "
        f"phase {state['phase']}  seat {state['cur']} to act",
        f"cart: {cart['ore']} ore, {cart['gems']} gems, stake {cart['stake']}, "
        f"hazard {cart['hazard']}, digs {cart['digs']}",
    ]
    for p in range(state["players"]):
        lines.append(
            f"  seat {p}: {state['scores'][p]} points, {state['gems'][p]} gems, "
            f"haul {state['hauls'][p]}" + ("  (done)" if p in state["done"] else "")
        )
    last = state["last"]
    if last is not None:
        lines.append(f"last: seat {last['seat']} rolled {last['roll']}: {last['outcome']}")
    return "\n".join(lines)
