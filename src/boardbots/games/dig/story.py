"""Dig's chart: each seat's score if the game ended now, turn by turn.

That is the points scored so far plus the gems in hand at their end-of-game worth,
the same total `scores` reports, so the line ends on the final score. Everything it
reads is public (the event deck's order is the only secret), so a spectator's view
holds it all.
"""

from __future__ import annotations

from boardbots.core.contract import View
from boardbots.core.story import Point


class DigStory:
    score = "dig_points"
    parts: tuple[str, ...] = ()

    def point(self, view: View) -> Point:
        worth = view["rules"]["gem_points"]
        totals: list[float | None] = [
            float(points + gems * worth)
            for points, gems in zip(view["scores"], view["gems"], strict=True)
        ]
        return {"scores": totals, "decks": None}


STORY = DigStory()
