"""Words and numbers about Domination actions for people: describe, preview and render."""

from __future__ import annotations

from typing import Any

from boardbots.core.contract import Action, State, View
from boardbots.games.domination.tables import Tables

_VERBS = {
    "buy": "buys",
    "gain": "gains",
    "discard": "discards",
    "trash": "trashes",
    "topdeck": "puts on their deck:",
    "react": "reveals",
}


def describe(state: State | View, action: Action) -> str:
    """The action in words, as a log line or a button label."""
    act = str(action)
    pend = state["pending"] or {}
    kind = pend.get("kind")
    if act == "treasures":
        return "plays all their Treasures"
    if act == "end":
        return "ends the Action phase" if kind == "action" else "ends the turn"
    if act == "pass" and kind == "react":
        return "does not reveal a Reaction"
    if act in ("pass", "done"):
        return f"is done with {pend.get('card', 'that')}"
    if act in ("yes", "no"):
        return _yes_no(pend, act == "yes")
    verb, _, name = act.partition(":")
    if verb == "play":
        return f"plays {name}" + (" twice" if kind == "play" else "")
    return f"{_VERBS.get(verb, verb)} {name}"


def _yes_no(pend: dict[str, Any], yes: bool) -> str:
    if pend.get("card") == "Vassal":
        about = pend.get("about")
        return f"plays {about}" if yes else f"leaves {about} in the discard pile"
    return "sets the drawn Action card aside" if yes else "keeps the drawn card"


def preview(state: State, t: Tables, action: Action) -> dict[str, Any]:
    """Immediate consequences: coins, cards drawn, actions, buys, VP change and cost."""
    out = {"coins": 0, "cards": 0, "actions": 0, "buys": 0, "vp": 0, "cost": 0}
    pend = state["pending"] or {}
    act = str(action)
    hand = state["players"][pend.get("player", state["cur"])]["hand"]
    if act == "treasures":
        out["coins"] = sum(t.coins[c] for c in hand if c in t.treasure)
        return out
    verb, _, name = act.partition(":")
    if name not in t.cost:
        return out
    if verb == "play" and pend.get("kind") == "buy":
        out["coins"] = t.coins[name]
    elif verb == "play":
        cards, actions, buys, coins = t.plus[name]
        times = t.params[pend["card"]]["times"] if pend.get("kind") == "play" else 1
        out.update(cards=cards * times, actions=actions * times, buys=buys * times)
        out["coins"] = coins * times
    elif verb in ("buy", "gain"):
        out["cost"] = t.cost[name]
        out["vp"] = t.vp[name]
        if verb == "buy":
            out["coins"] = -t.cost[name]
    elif verb == "trash":
        out["vp"] = -t.vp[name]
    return out


def render(state: State | View, t: Tables, scores: list[float]) -> str:
    """A plain-text table picture for logs, tests and the terminal."""
    rnd, cur = state["turn"] // state["n"] + 1, state["cur"]
    lines = [
        f"Round {rnd}, turn {state['turn'] + 1}: player {cur} in the {state['phase']} phase",
        f"actions {state['actions']}  buys {state['buys']}  coins {state['coins']}",
        "supply: " + ", ".join(f"{n} {k}" for n, k in state["supply"].items()),
        "in play: " + (", ".join(state["play"]) or "-"),
        f"trash: {len(state['trash'])} cards",
    ]
    for p, seat in enumerate(state["players"]):
        hand = seat.get("hand")
        sizes = (
            f"hand {len(seat['hand'])} deck {len(seat['deck'])} discard {len(seat['discard'])}"
            if "hand_size" not in seat
            else f"hand {seat['hand_size']} deck {seat['deck_size']} discard {seat['discard_size']}"
        )
        shown = f" [{', '.join(hand)}]" if hand is not None else ""
        lines.append(f"P{p} ({scores[p]:g} VP): {sizes}{shown}")
    return "\n".join(lines)
