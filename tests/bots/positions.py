"""Hand-built positions for the bot tests: Y boards from pictures, Domination from hands."""

from __future__ import annotations

from boardbots.core.contract import State, View
from boardbots.games.y.board import board
from boardbots.games.y.engine import GAME as Y
from boardbots.games.y.engine import parse_cell


def y_position(picture: str, to_move: int) -> State:
    """A Y state from rows of X (seat 0), O (seat 1) and . (empty), top row first."""
    rows = [line.split() for line in picture.strip().splitlines()]
    n = len(rows)
    b = board(n)
    state = Y.new_state(2, 0, {"size": n})
    for r, row in enumerate(rows):
        assert len(row) == r + 1, f"row {r} should have {r + 1} cells"
        for c, mark in enumerate(row):
            if mark in "XO":
                state["stones"]["XO".index(mark)] |= 1 << b.index(r, c)
    state["to_move"] = to_move
    state["ply"] = sum(s.bit_count() for s in state["stones"])
    assert Y.pending(state) is not None
    return state


def cells(n: int, *names: str) -> set[int]:
    return {parse_cell(board(n), name) for name in names}


def seat_view(game_state: State) -> View:
    """The view of the seat that must decide."""
    from boardbots.games import get_game

    game = get_game(game_state["game"])
    return game.player_view(game_state, game.pending(game_state)["player"])
