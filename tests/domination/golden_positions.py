"""Domination perft: fixed positions and the counts of action sequences below them.

Shared by `test_golden.py` (which compares) and `tests.golden.regen` (which
rewrites `tests/domination/golden/perft_*.json`). Each golden file holds a
position's "setup" (read, never rewritten) and the "expect" block computed
from it.

A setup is a new game (`players`, `seed`, `options`), then optionally
`zones`: seat -> {"hand", "deck" (top card first), "discard"} replacing that
seat's cards (the supply gives up the cards added, so every card stays
counted, and seat 0 is the one to act), then optionally `walk`: `steps`
uniformly random legal actions drawn with `Rng(walk.rng)`. The game's own
seed decides every shuffle inside the tree, so the whole tree is fixed.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from boardbots.core.contract import State
from boardbots.core.rng import Rng
from boardbots.games.domination.engine import GAME, settle
from boardbots.games.domination.zones import owned, tables

GOLDEN_DIR = Path(__file__).parent / "golden"


def golden_files() -> list[Path]:
    return sorted(GOLDEN_DIR.glob("perft_*.json"))


def build(setup: dict[str, Any]) -> State:
    """The position a setup describes."""
    state = GAME.new_state(setup["players"], setup["seed"], setup.get("options"))
    if "zones" in setup:
        _place(state, setup["zones"])
    walk = setup.get("walk")
    if walk:
        rng = Rng(walk["rng"])
        for _ in range(walk["steps"]):
            GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    return state


def _place(state: State, zones: dict[str, dict[str, list[str]]]) -> None:
    """Give seats exactly these cards, take the extra ones from the supply, and prompt again."""
    for seat, cards in zones.items():
        pl = state["players"][int(seat)]
        pl["hand"] = list(cards.get("hand", []))
        pl["deck"] = list(reversed(cards.get("deck", [])))
        pl["discard"] = list(cards.get("discard", []))
        pl["marks"] = []
    rules = GAME.rules(state)
    n = state["n"]
    held = Counter(c for pl in state["players"] for c in owned(pl))
    for name in state["supply"]:
        total = rules.pile_size(name, n) + n * rules.starting_deck.get(name, 0)
        state["supply"][name] = total - held[name]
        assert state["supply"][name] >= 0, f"more {name} than the game has"
    state["phase"] = "action"
    state["pending"] = None
    state["first"] = state["cur"] = 0  # the zones are drawn up for seat 0 to act
    settle(state, tables(state))


def perft(state: State, depth: int) -> int:
    """Action sequences of length `depth` (shorter where the game ends), as in chess perft."""
    if depth == 0 or GAME.is_over(state):
        return 1
    actions = GAME.legal_actions(state)
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        child = GAME.clone(state)
        GAME.apply(child, action)
        total += perft(child, depth - 1)
    return total


def divide(state: State, depth: int) -> dict[str, int]:
    """perft(depth - 1) below each root action: which branch moved when a count changes."""
    out = {}
    for action in GAME.legal_actions(state):
        child = GAME.clone(state)
        GAME.apply(child, action)
        out[str(action)] = perft(child, depth - 1)
    return out


def expect(case: dict[str, Any]) -> dict[str, Any]:
    """Everything a golden file checks for its setup, computed now."""
    state = build(case["setup"])
    depth = case["depth"]
    split = divide(state, depth)
    return {
        "kingdom": state["kingdom"],
        "pending": state["pending"],
        "hand": list(state["players"][state["pending"]["player"]]["hand"]),
        "root": GAME.legal_actions(state),
        "counts": [perft(state, d) for d in range(1, depth)] + [sum(split.values())],
        "divide": split,
    }


def write_expect(path: Path) -> None:
    """Recompute one golden file's "expect" block in place; its setup is kept as it is."""
    case = json.loads(path.read_text())
    case["expect"] = expect(case)
    path.write_text(dumps(case) + "\n")


def dumps(value: Any, pad: str = "") -> str:
    """JSON with one key per line but short lists of plain values kept on one line."""
    inner = pad + "  "
    if isinstance(value, dict) and value:
        items = [f"{inner}{json.dumps(k)}: {dumps(v, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, list) and any(isinstance(v, (dict, list)) for v in value):
        return "[\n" + ",\n".join(inner + dumps(v, inner) for v in value) + "\n" + pad + "]"
    return json.dumps(value)


def regen() -> list[Path]:
    """Recompute every golden perft file."""
    paths = golden_files()
    for path in paths:
        write_expect(path)
    return paths
