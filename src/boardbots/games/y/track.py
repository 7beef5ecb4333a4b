"""Incremental connection tracking for the move-by-move path of the Game of Y.

A state may carry a track: `[black, white, empty, links of black, links of
white]`. `black` and `white` are the stones it was built for and `empty` the
empty cells in increasing order (the legal list, kept by removing each
played cell). Each player's links are a union-find forest over their
stones, one tree per group, indexed by cell: None where the player has no
stone, the cell it hangs from for a stone that is not its tree's root, and
for a root the bitwise complement of its group's sides (bit 0 left, 1
bottom, 2 right), so every root is negative and every other stone is not.

A new stone walks from each of its neighbours that holds a stone of its own
colour up to the root, hangs the other groups under the first root found
and ORs their sides: a win is the moment a root's sides reach all three.
Every value is a small int and a move reads at most six neighbours and
their short paths, so no flood fill over the board's bits is needed.

The track is plain JSON like the rest of the state, and it is a cache: the
engine trusts it only while its stones equal the state's, so a position
edited by hand (as tests and tools do) is never judged from a stale track.
Views leave it out, so nothing about it reaches a player or a bot.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any

from boardbots.games.y.board import Bitboard, Board

KEY = "track"
Track = list[Any]
ALL_SIDES = 7


def build(b: Board, black: Bitboard, white: Bitboard) -> Track:
    """A fresh track for a position, whatever way it was reached."""
    size = b.n * b.n
    known: Track = [0, 0, list(b.cells), [None] * size, [None] * size]
    for me, stones in enumerate((black, white)):
        for cell in b.cells_in(stones):
            place(b, known, me, cell, known[me] | 1 << cell)
    return known


def place(b: Board, track: Track, me: int, cell: int, own: Bitboard) -> bool:
    """Record `me`'s stone on `cell` (`own`: me's stones, the new one included);
    True when its group now touches all three sides. `cell` must be empty, as
    for `apply`: a legal move, checked (if at all) before it gets here."""
    track[me] = own
    empty: list[int] = track[2]
    del empty[bisect_left(empty, cell)]  # a binary search: list.remove compares one by one
    link: list[Any] = track[3 + me]  # None where me has no stone, tested first
    sides = b.edge_sides[cell]
    root = -1
    # Written out: this runs for every move of every game on the move-by-move path.
    for other in b.links[cell]:
        up = link[other]
        if up is None:
            continue
        top = other
        while up >= 0:
            top = up
            up = link[top]
        if top != root:
            sides |= ~up
            if root < 0:
                root = top
            else:
                link[top] = root
    if root < 0:
        link[cell] = ~sides
    else:
        link[cell] = root
        link[root] = ~sides
    return sides == ALL_SIDES


def swap(track: Track) -> None:
    """The pie rule: the opening stone changes hands (one stone never reaches three sides)."""
    black = track[0]
    cell = black.bit_length() - 1
    track[0], track[1] = 0, black
    track[4][cell], track[3][cell] = track[3][cell], None


def copy(track: Track) -> Track:
    """An independent copy: the empty list and the links are the mutable parts."""
    return [track[0], track[1], track[2].copy(), track[3].copy(), track[4].copy()]
