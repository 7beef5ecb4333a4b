"""Bit-plane arithmetic and the plans built on it agree with plain per-cell numbers."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from boardbots.games.y import slices
from boardbots.games.y.board import board
from boardbots.games.y.heuristics import (
    FAR,
    ROBUST,
    ROBUST_HALF,
    plan,
    side_distances,
)

CELLS = 40  # bits per test board of numbers


def _planes(values: list[int]) -> slices.Planes:
    """The planes of per-cell `values`, built bit by bit (the plain definition)."""
    return tuple(
        sum(1 << i for i, v in enumerate(values) if v >> j & 1) for j in range(slices.WIDTH)
    )


numbers = st.lists(st.integers(0, 3000), min_size=CELLS, max_size=CELLS)


@given(x=numbers, y=numbers)
def test_planes_add_cell_by_cell(x: list[int], y: list[int]) -> None:
    total = slices.add(_planes(x), _planes(y))
    assert [slices.value_at(total, i) for i in range(CELLS)] == [
        a + b for a, b in zip(x, y, strict=True)
    ]


@given(x=numbers, mask=st.integers(1, (1 << CELLS) - 1))
def test_least_finds_the_smallest_number_and_every_cell_holding_it(x: list[int], mask: int) -> None:
    chosen = [i for i in range(CELLS) if mask >> i & 1]
    low = min(x[i] for i in chosen)
    value, cells = slices.least(_planes(x), mask)
    assert value == low
    assert cells == sum(1 << i for i in chosen if x[i] == low)


@given(x=numbers, count=st.integers(1, CELLS))
def test_ranked_groups_come_least_first_until_count_cells(x: list[int], count: int) -> None:
    groups = slices.ranked(_planes(x), (1 << CELLS) - 1, count)
    order = [i for g in groups for i in range(CELLS) if g >> i & 1]
    assert order[:count] == sorted(range(CELLS), key=x.__getitem__)[:count]


def _plain_plan(size: int, own: int, other: int) -> tuple[float, list[int]]:
    """The measure and per-cell totals straight from the three side distances."""
    b = board(size)
    empty = b.full & ~(own | other)
    da, db, dc = (side_distances(b, own, empty, s) for s in (b.side_a, b.side_b, b.side_c))
    through = [3 * FAR] * (size * size)
    best, ways = FAR, 0
    for i in b.cells:
        if (own | empty) >> i & 1:
            through[i] = da[i] + db[i] + dc[i] - (2 if empty >> i & 1 else 0)
            if through[i] < best:
                best, ways = through[i], 1
            elif through[i] == best:
                ways += 1
    return best - ROBUST * ways / (ways + ROBUST_HALF), through


@given(size=st.integers(2, 9), data=st.data())
def test_plan_in_planes_matches_the_per_cell_sums(size: int, data: st.DataObject) -> None:
    b = board(size)
    owner = data.draw(st.lists(st.integers(0, 2), min_size=len(b.cells), max_size=len(b.cells)))
    own = sum(1 << c for c, o in zip(b.cells, owner, strict=True) if o == 1)
    other = sum(1 << c for c, o in zip(b.cells, owner, strict=True) if o == 2)
    distance, through = _plain_plan(size, own, other)
    found = plan(b, own, other)
    assert found.distance == distance
    assert [slices.value_at(found.through, i) for i in b.cells] == [through[i] for i in b.cells]
