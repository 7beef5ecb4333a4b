"""Incremental connection tracking for the move-by-move path of the Game of Y.

A state may carry a track: `[black, white, empty, reach0, reach1]`.
`black` and `white` are the stones it was built for, `empty` the empty cells
in increasing order (the legal list, kept by removing each played cell), and
`reach<p>` is None until player p's stones touch all three sides (no win is
possible before), then `[a, b, c]`: every stone of p in a group that touches
side a, b or c. A new stone's group touches a side exactly when the stone
lies on it or one of its own neighbours is in that side's reach, so a win is
found with a few bitwise ANDs instead of a flood fill; a fill is needed only
when the stone joins a reach to groups outside it.

The track is plain JSON like the rest of the state, and it is a cache: the
engine trusts it only while its stones equal the state's, so a position
edited by hand (as tests and tools do) is never judged from a stale track.
Views leave it out, so nothing about it reaches a player or a bot.
"""

from __future__ import annotations

from typing import Any

from boardbots.games.y.board import Bitboard, Board

KEY = "track"
Track = list[Any]


def build(b: Board, black: Bitboard, white: Bitboard) -> Track:
    """A fresh track for a position, whatever way it was reached."""
    return [black, white, b.cells_in(b.full & ~(black | white)), _reach(b, black), _reach(b, white)]


def _reach(b: Board, own: Bitboard) -> list[Bitboard] | None:
    if not (own & b.side_a and own & b.side_b and own & b.side_c):
        return None
    return [b.group(own, own & side) for side in (b.side_a, b.side_b, b.side_c)]


def place(b: Board, track: Track, me: int, cell: int, own: Bitboard) -> bool:
    """Record `me`'s stone on `cell` (`own`: me's stones, the new one included);
    True when its group now touches all three sides."""
    track[me] = own
    track[2].remove(cell)
    reach = track[3 + me]
    if reach is None:
        reach = track[3 + me] = _reach(b, own)
        # No group touched all three sides before, so a stone in all three reaches is new.
        return reach is not None and bool(reach[0] & reach[1] & reach[2])
    mine = b.around[cell] & own
    ra, rb, rc = reach
    on_a, on_b, on_c = b.edges[cell]
    # Written out side by side: this runs for most moves of every game.
    ta = on_a or mine & ra
    tb = on_b or mine & rb
    tc = on_c or mine & rc
    if not (ta or tb or tc):
        return False
    # Groups outside a touched side's reach join it through this stone: fill once.
    bit = 1 << cell
    loose = (ta and mine & ~ra) or (tb and mine & ~rb) or (tc and mine & ~rc)
    grown = b.group(own, bit) if loose else bit
    if ta:
        reach[0] = ra | grown
    if tb:
        reach[1] = rb | grown
    if tc:
        reach[2] = rc | grown
    return bool(ta and tb and tc)


def swap(track: Track) -> None:
    """The pie rule: the opening stone changes hands (one stone never reaches three sides)."""
    track[0], track[1] = 0, track[0]


def copy(track: Track) -> Track:
    """An independent copy: the empty list and the reach lists are the mutable parts."""
    r0, r1 = track[3], track[4]
    return [
        track[0],
        track[1],
        track[2].copy(),
        None if r0 is None else r0.copy(),
        None if r1 is None else r1.copy(),
    ]
