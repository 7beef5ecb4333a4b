"""A game's story in numbers: what its end-of-game and replay charts plot.

Each game that has charts declares them as its plug-in's `story` hook
(found by `games.story_for`). A point is read from a view, never a state, so
the charts can only show what the viewer could already see; the server builds
them from spectator views, the least any seat knows.
"""

from __future__ import annotations

from typing import Any, Protocol

from boardbots.core.contract import View

Point = dict[str, Any]
"""{"scores": [number or None per seat], "decks": [{part: count} per seat] or None}."""


class Story(Protocol):
    """One game's chart data."""

    @property
    def score(self) -> str:
        """What the score line counts, named for the page's words: "vp" (higher is better)
        or "to_connect" (stones still needed; lower is better)."""
        ...

    @property
    def parts(self) -> tuple[str, ...]:
        """The stacked parts of each seat's deck chart, bottom first; empty for no such
        chart."""
        ...

    def point(self, view: View) -> Point:
        """The chart values in this position: a score per seat (None when it cannot be
        reached any more) and, when `parts` is not empty, each seat's count per part."""
        ...
