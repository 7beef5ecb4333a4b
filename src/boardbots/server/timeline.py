"""The charts' data for a table: one story point per turn, from spectator views.

A point is taken where a turn starts and after the last decision, so a chart
has one step per turn however many decisions a turn holds. Spectator views
are the least any seat knows, so the same data goes to every seat and to
replays without showing anyone something their own view hides.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Any

from boardbots.core.contract import Game, State, View
from boardbots.core.story import Story
from boardbots.games import get_game, story_for
from boardbots.server.table import Table

Timeline = dict[str, Any]
"""{"score": what the scores count, "parts": deck chart parts, "points": [{"n", "turn",
"scores", "decks"}]}, where "n" is the decision the point stands before."""


def _story(game_name: str) -> Story | None:
    try:
        return story_for(game_name)
    except ImportError:
        return None  # a game without charts: the page shows none


def timeline_of_views(game_name: str, views: list[View]) -> Timeline | None:
    """The timeline of a replay whose spectator views are built already (one per step)."""
    story = _story(game_name)
    if story is None:
        return None
    return _collect(story, get_game(game_name), enumerate(views), len(views) - 1, _same)


def timeline_of(table: Table) -> Timeline | None:
    """The timeline of a table so far, rebuilt from its seed and log."""
    story = _story(table.game_name)
    if story is None or not table.state:
        return None
    game = table.game
    return _collect(story, game, enumerate(_states(game, table)), len(table.log), _spectator(game))


def _same(view: View) -> View:
    return view


def _spectator(game: Game) -> Callable[[State], View]:
    return lambda state: game.player_view(state, None)


def _states(game: Game, table: Table) -> Iterator[State]:
    state = game.new_state(len(table.seats), table.seed, table.options)
    yield state
    for entry in table.log:
        state = game.applied(state, entry["action"])
        yield state


def _collect(
    story: Story,
    game: Game,
    steps: Iterable[tuple[int, State]],
    last: int,
    see: Callable[[State], View],
) -> Timeline:
    """Points where the turn counter moves on, and at `last`; `see` turns a step into a
    spectator view (only at those points: most decisions need no view)."""
    points: list[dict[str, Any]] = []
    turn = None
    for n, step in steps:
        now = game.clock(step)[1]
        if n == last or now != turn:
            points.append({"n": n, "turn": now, **story.point(see(step))})
        turn = now
    return {"score": story.score, "parts": list(story.parts), "points": points}
