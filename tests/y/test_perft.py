"""Perft for Y: counts of move sequences to a fixed depth on small boards.

The stored counts were produced by an independent coordinate-based engine
(breadth-first win test, written separately from the bitboard one) and agree
with it; a change in move generation, swap handling or win detection moves
them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardbots.core.contract import State
from boardbots.games.y.engine import GAME

GOLDEN = json.loads((Path(__file__).parent / "golden" / "perft.json").read_text())


def perft(state: State, depth: int) -> int:
    if depth == 0 or GAME.is_over(state):
        return 1
    total = 0
    for action in GAME.legal_actions(state):
        child = GAME.clone(state)
        GAME.apply(child, action)
        total += perft(child, depth - 1)
    return total


@pytest.mark.parametrize("case", GOLDEN, ids=lambda c: f"size{c['size']}-swap{c['swap']}")
def test_perft_counts_match_golden(case: dict) -> None:
    state = GAME.new_state(2, 0, {"size": case["size"], "swap": case["swap"]})
    counts = [perft(state, d) for d in range(1, len(case["counts"]) + 1)]
    assert counts == case["counts"]
