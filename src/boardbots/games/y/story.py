"""Y's chart: how many stones each player still needs to join all three sides.

The count is the connection measure the bots use (`heuristics.plan`): the
fewest empty cells a player must still fill, ignoring the opponent's replies.
Y has no hidden information, so every view shows the whole board.
"""

from __future__ import annotations

import math

from boardbots.core.contract import View
from boardbots.core.story import Point
from boardbots.games.y.engine import board_of
from boardbots.games.y.heuristics import FAR, plans


class YStory:
    score = "to_connect"
    parts: tuple[str, ...] = ()

    def point(self, view: View) -> Point:
        black, white = plans(board_of(view), *view["stones"])
        return {"scores": [_stones(black.distance), _stones(white.distance)], "decks": None}


def _stones(distance: float) -> int | None:
    """Whole stones from the bots' measure, which lowers the count by less than one stone
    for having many meeting points (ROBUST < 1), so rounding up restores it; None when
    the opponent has cut every path."""
    if distance >= FAR - 1:
        return None
    return max(0, math.ceil(distance))


STORY = YStory()
