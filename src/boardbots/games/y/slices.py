"""Whole-board arithmetic on numbers held per cell as bit planes.

A number per cell is kept as WIDTH bitboards: plane j has bit i set when
cell i's number has bit j set. Hard's rollouts need, for every position
they meet, each cell's sum of three side distances and the cells where
that sum is least. Kept in per-cell lists, that costs a Python step per
cell; kept as planes, one bitwise operation serves all cells at once: an
addition is a ripple-carry adder over the planes, and the cells holding
the least number are found from the top plane down.
"""

from __future__ import annotations

from boardbots.games.y.board import Bitboard

WIDTH = 13
"""Bits per number: enough for two players' totals of three side distances (2 · 3 · 1,000)."""

Planes = tuple[Bitboard, ...]


def from_layers(layers: list[Bitboard], rest: Bitboard, rest_value: int) -> Planes:
    """Planes giving each cell of `layers[k]` the number k and each cell of `rest`
    the number `rest_value` (the layers and `rest` do not overlap)."""
    planes = [0] * WIDTH
    for k, layer in enumerate(layers):
        for j in _ONES[k]:
            planes[j] |= layer
    for j in _ONES[rest_value]:
        planes[j] |= rest
    return tuple(planes)


def constant(value: int, cells: Bitboard) -> Planes:
    """The number `value` on `cells`, 0 elsewhere; a negative value wraps modulo
    2**WIDTH, so adding it subtracts as long as no sum goes below zero."""
    planes = [0] * WIDTH
    for j in _ONES[value % (1 << WIDTH)]:
        planes[j] |= cells
    return tuple(planes)


_ONES = tuple(tuple(j for j in range(WIDTH) if v >> j & 1) for v in range(1 << WIDTH))
"""_ONES[v]: the planes in which the number v has a 1."""


def add(x: Planes, y: Planes) -> Planes:
    """The cell-by-cell sum, modulo 2**WIDTH (a ripple-carry adder on all cells)."""
    out = []
    carry = 0
    for a, b in zip(x, y, strict=True):
        half = a ^ b
        out.append(half ^ carry)
        carry = (a & b) | (carry & half)
    return tuple(out)


def least(planes: Planes, cells: Bitboard) -> tuple[int, Bitboard]:
    """The least number among `cells` (not empty) and the cells that hold it.

    From the top plane down: wherever some candidate has a 0 in this plane,
    those candidates are smaller than the rest, so only they stay.
    """
    value = 0
    for j in range(WIDTH - 1, -1, -1):
        low = cells & ~planes[j]
        if low:
            cells = low
        else:
            value |= 1 << j
    return value, cells


def ranked(planes: Planes, cells: Bitboard, count: int) -> list[Bitboard]:
    """`cells` grouped by their number, least first, until the groups hold at least
    `count` cells (or `cells` runs out)."""
    groups = []
    held = 0
    while cells and held < count:
        _, group = least(planes, cells)
        groups.append(group)
        held += group.bit_count()
        cells &= ~group
    return groups


def value_at(planes: Planes, i: int) -> int:
    """Cell i's number."""
    return sum(1 << j for j, plane in enumerate(planes) if plane >> i & 1)
