"""Positions more than one Y test needs."""

from __future__ import annotations

from boardbots.core.contract import State
from boardbots.games.y.board import board
from boardbots.games.y.engine import GAME


def lone_block() -> tuple[State, int]:
    """Size 5, white to move: black's top, left-right pair and bottom pair need only c2
    to join all three sides, so c2 is white's only move that does not lose at once."""
    b = board(5)
    state = GAME.new_state(2, 0, {"size": 5})
    black = [(0, 0), (1, 0), (1, 1), (3, 1), (4, 1)]
    white = [(4, 0), (3, 0), (2, 0), (4, 3), (3, 3)]
    for (br, bc), (wr, wc) in zip(black, white, strict=True):
        GAME.apply(state, b.index(br, bc))
        GAME.apply(state, b.index(wr, wc))
    GAME.apply(state, b.index(4, 4))  # black elsewhere
    return state, b.index(2, 1)
