"""Board geometry as bitboards on Python ints, computed once per size.

Cell (row r, column c) with 0 <= c <= r < n sits at bit r*n + c. With that
stride, every neighbour is a fixed shift and the three cells of each upward
triangle are bits i, i+n and i+n+1, which is what the fast winner test needs.
"""

from __future__ import annotations

import dataclasses
from functools import cache

Bitboard = int


@dataclasses.dataclass(frozen=True, slots=True, eq=False)
class Board:
    # eq=False: one Board per size (see `board`), so identity is equality, and caches
    # keyed on a Board hash it in no time instead of hashing every lookup table.
    n: int
    cells: tuple[int, ...]
    full: Bitboard
    side_a: Bitboard  # left edge, c == 0
    side_b: Bitboard  # bottom edge, r == n - 1
    side_c: Bitboard  # right edge, c == r
    triangles: tuple[Bitboard, ...]  # triangles[k]: the cells of the size-k corner triangle
    links: tuple[tuple[int, ...], ...]  # links[i]: the on-board neighbours of bit i (none off it)
    edge_sides: tuple[int, ...]  # edge_sides[i]: the sides bit i lies on (1 a, 2 b, 4 c)
    byte_cells: tuple[tuple[tuple[int, ...], ...], ...]  # byte_cells[k][v]: set bits of byte k = v

    def index(self, r: int, c: int) -> int:
        return r * self.n + c

    def coords(self, i: int) -> tuple[int, int]:
        return divmod(i, self.n)

    def neighbours(self, bits: Bitboard) -> Bitboard:
        """Every on-board cell next to any cell of `bits`."""
        n = self.n
        spread = bits << 1 | bits >> 1 | bits << n | bits >> n | bits << (n + 1) | bits >> (n + 1)
        return spread & self.full & ~bits

    def cells_in(self, bits: Bitboard) -> list[int]:
        """The set bits of `bits` in increasing order, a byte at a time.

        A table lookup per byte of the bitboard replaces a test per cell:
        this is the legal list of every Y position, so it is on the hot path.
        """
        out: list[int] = []
        for table, byte in zip(
            self.byte_cells, bits.to_bytes(len(self.byte_cells), "little"), strict=True
        ):
            if byte:
                out += table[byte]
        return out

    def group(self, stones: Bitboard, start: Bitboard) -> Bitboard:
        """The connected part of `stones` that contains `start` (flood fill)."""
        n = self.n
        g = start
        while True:
            grown = g | ((g << 1 | g >> 1 | g << n | g >> n | g << (n + 1) | g >> (n + 1)) & stones)
            if grown == g:
                return g
            g = grown

    def connects(self, own: Bitboard, bit: Bitboard) -> bool:
        """Whether the stone `bit` joins a group of `own` that touches all three sides; the
        searches ask this of every new node, so the cheap test of `own` comes first."""
        if not (own & self.side_a and own & self.side_b and own & self.side_c):
            return False
        group = self.group(own, bit)
        return bool(group & self.side_a and group & self.side_b and group & self.side_c)

    def sides(self, bits: Bitboard) -> int:
        """How many of the three sides `bits` touches."""
        return (bits & self.side_a != 0) + (bits & self.side_b != 0) + (bits & self.side_c != 0)

    def full_board_winner(self, first: Bitboard) -> int:
        """The winner of a completely filled board: 0 if `first`'s owner, else 1.

        Schensted and Titus showed that replacing each upward triangle by
        its majority colour shrinks a filled board by one without changing
        who connects the three sides, so n-1 shrinks leave the winner in bit 0.
        """
        n = self.n
        b = first
        tris = self.triangles
        for k in range(n - 1, 0, -1):
            down = b >> n
            diag = b >> (n + 1)
            b = ((b & down) | (b & diag) | (down & diag)) & tris[k]
        return 0 if b & 1 else 1


@cache
def board(n: int) -> Board:
    """The geometry for side length n; built once and shared."""
    cells = tuple(r * n + c for r in range(n) for c in range(r + 1))
    tris = tuple(
        sum(1 << (r * n + c) for r in range(k) for c in range(r + 1)) for k in range(n + 1)
    )
    geometry = Board(
        n=n,
        cells=cells,
        full=tris[n],
        side_a=sum(1 << (r * n) for r in range(n)),
        side_b=sum(1 << ((n - 1) * n + c) for c in range(n)),
        side_c=sum(1 << (r * n + r) for r in range(n)),
        triangles=tris,
        links=(),
        edge_sides=(),
        byte_cells=_byte_tables(tris[n].bit_length()),
    )
    links = tuple(
        tuple(geometry.cells_in(geometry.neighbours(1 << i))) if tris[n] >> i & 1 else ()
        for i in range(n * n)
    )
    edge_sides = tuple(
        (geometry.side_a >> i & 1)
        | (geometry.side_b >> i & 1) << 1
        | (geometry.side_c >> i & 1) << 2
        for i in range(n * n)
    )
    return dataclasses.replace(geometry, links=links, edge_sides=edge_sides)


def _byte_tables(width: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each byte k of a `width`-bit board and each value v, the bit indices v sets."""
    return tuple(
        tuple(tuple(8 * k + j for j in range(8) if v >> j & 1) for v in range(256))
        for k in range((width + 7) // 8)
    )
