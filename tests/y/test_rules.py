"""Rules of the Game of Y: winning, illegal moves, the pie rule, previews."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardbots.core.contract import IllegalAction
from boardbots.core.rng import Rng
from boardbots.games.y.board import board
from boardbots.games.y.engine import GAME, SWAP, parse_cell, random_winner
from boardbots.games.y.rules import YRules


def _connects_all_sides(n: int, stones: set[tuple[int, int]]) -> bool:
    """A slow, independent check by breadth-first search on coordinates."""
    seen: set[tuple[int, int]] = set()
    for start in stones:
        if start in seen:
            continue
        todo, group = [start], {start}
        while todo:
            r, c = todo.pop()
            for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1)):
                nb = (r + dr, c + dc)
                if nb in stones and nb not in group:
                    group.add(nb)
                    todo.append(nb)
        seen |= group
        if (
            any(c == 0 for _, c in group)
            and any(r == n - 1 for r, _ in group)
            and any(c == r for r, c in group)
        ):
            return True
    return False


@given(n=st.integers(1, 12), bits=st.randoms(use_true_random=False))
def test_full_board_has_exactly_one_winner(n: int, bits) -> None:
    b = board(n)
    cells = [(r, c) for r in range(n) for c in range(r + 1)]
    black = {cell for cell in cells if bits.random() < 0.5}
    white = set(cells) - black
    assert _connects_all_sides(n, black) != _connects_all_sides(n, white)
    first = sum(1 << b.index(r, c) for r, c in black)
    expected = 0 if _connects_all_sides(n, black) else 1
    assert b.full_board_winner(first) == expected


@given(seed=st.integers(0, 10**6), size=st.integers(3, 9))
def test_apply_detects_the_winner_the_reference_finds(seed: int, size: int) -> None:
    state = GAME.new_state(2, 0, {"size": size})
    rng = Rng(seed)
    while not GAME.is_over(state):
        GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        b = board(size)
        for p in (0, 1):
            coords = {b.coords(i) for i in b.cells if state["stones"][p] >> i & 1}
            assert _connects_all_sides(size, coords) == (state["winner"] == p)


def test_corner_touches_two_sides() -> None:
    b = board(5)
    corner = 1 << b.index(4, 0)
    assert b.sides(corner) == 2
    assert b.sides(1 << b.index(0, 0)) == 2
    assert b.sides(1 << b.index(2, 1)) == 0


def test_illegal_moves_are_rejected_with_a_reason() -> None:
    state = GAME.new_state(2, 0, {"size": 5})
    state = GAME.applied(state, 0)
    with pytest.raises(IllegalAction, match="already taken"):
        GAME.applied(state, 0)
    with pytest.raises(IllegalAction, match="not on a size-5 board"):
        GAME.applied(state, 4)  # row 0 has only column 0
    with pytest.raises(IllegalAction, match="not on a size-5 board"):
        GAME.applied(state, 999)
    with pytest.raises(IllegalAction, match="cell number"):
        GAME.applied(state, "a1")
    with pytest.raises(IllegalAction, match="swap"):
        GAME.applied(state, SWAP)  # the pie rule is off by default


def test_no_move_after_the_game_is_over() -> None:
    state = GAME.new_state(2, 0, {"size": 3})
    b = board(3)
    for black, white in ((b.index(0, 0), b.index(1, 1)), (b.index(1, 0), b.index(2, 2))):
        state = GAME.applied(GAME.applied(state, black), white)
    state = GAME.applied(state, b.index(2, 0))
    assert state["winner"] == 0
    with pytest.raises(IllegalAction, match="over"):
        GAME.applied(state, b.index(2, 1))


def test_swap_gives_the_opening_stone_to_the_second_player() -> None:
    state = GAME.new_state(2, 0, {"size": 5, "swap": True})
    assert SWAP not in GAME.legal_actions(state)
    opening = board(5).index(2, 1)
    state = GAME.applied(state, opening)
    assert SWAP in GAME.legal_actions(state)
    state = GAME.applied(state, SWAP)
    assert state["stones"] == [0, 1 << opening]
    assert state["to_move"] == 0 and state["swapped"]
    assert SWAP not in GAME.legal_actions(state)
    state = GAME.applied(state, 0)
    assert SWAP not in GAME.legal_actions(state)


def test_bad_rules_are_refused() -> None:
    with pytest.raises(ValueError, match="size must be an integer from 3 to 19, not 40"):
        GAME.new_state(2, 0, {"size": 40})
    with pytest.raises(ValueError, match="unknown rule option"):
        GAME.new_state(2, 0, {"colour": "red"})
    with pytest.raises(ValueError, match="2 players"):
        GAME.new_state(3, 0)
    assert YRules.loads(YRules(size=7, swap=True).dumps()) == YRules(size=7, swap=True)


def test_preview_tells_group_and_sides() -> None:
    state = GAME.new_state(2, 0, {"size": 5})
    b = board(5)
    state = GAME.applied(state, b.index(4, 0))
    state = GAME.applied(state, b.index(0, 0))
    p = GAME.preview(state, b.index(4, 1))
    assert p == {"group_size": 2, "sides": ["left", "bottom"], "wins": False}


def test_parse_cell_explains_bad_names() -> None:
    b = board(5)
    assert parse_cell(b, "a1") == 0
    assert parse_cell(b, " C2 ") == b.index(2, 1)
    for bad, why in (("z1", "off the board"), ("b3", "columns 1 to 2"), ("11", "row letter")):
        with pytest.raises(ValueError, match=why):
            parse_cell(b, bad)


def test_random_winner_matches_playing_it_out() -> None:
    """The fill shortcut and move-by-move random play agree on win rates."""
    state = GAME.new_state(2, 0, {"size": 5})
    state = GAME.applied(state, board(5).index(2, 1))
    rng = Rng(5)
    n = 4000
    fill = sum(random_winner(state, rng) == 0 for _ in range(n)) / n
    played = 0
    for _ in range(n):
        s = GAME.clone(state)
        while not GAME.is_over(s):
            GAME.apply(s, rng.choice(GAME.legal_actions(s)))
        played += s["winner"] == 0
    assert abs(fill - played / n) < 0.04


def test_the_bit_subset_fill_playouts_draw_is_uniform() -> None:
    counts: dict[int, int] = {}
    rng = Rng(9)
    for _ in range(6000):
        s = rng.bit_subset(0b1111, 2)
        counts[s] = counts.get(s, 0) + 1
    assert len(counts) == 6
    assert all(abs(c - 1000) < 150 for c in counts.values())
