"""The game registry: every game the framework ships, by name.

Adding a game means adding its folder and one line here; bots, the lab and
the server find it through `get_game`.
"""

from __future__ import annotations

import importlib

from boardbots.core.contract import Game
from boardbots.core.encoding import Encoding
from boardbots.core.story import Story

_GAMES: dict[str, Game] = {}
_LOADED: list[bool] = []
_ENCODINGS: dict[str, Encoding] = {}


def register(game: Game) -> Game:
    _GAMES[game.meta.name] = game
    return game


def _load_builtin() -> None:
    # A flag, not "is the dict empty": a test may register a game of its own first.
    if _LOADED:
        return
    _LOADED.append(True)
    from boardbots.games.domination.engine import GAME as domination_game
    from boardbots.games.y.engine import GAME as y_game

    register(y_game)
    register(domination_game)


def get_game(name: str) -> Game:
    """The registered game, or a ValueError naming the games that exist."""
    _load_builtin()
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise ValueError(f"unknown game {name!r}; known games: {known}") from None


def all_games() -> list[Game]:
    _load_builtin()
    return [_GAMES[k] for k in sorted(_GAMES)]


def encoding_for(name: str) -> Encoding:
    """The game's declared `ENCODING` from `boardbots.games.<name>.encoding` (docs/rl.md).

    A game without that module has no fixed-size form yet; the ImportError says so.
    """
    found = _ENCODINGS.get(name)
    if found is None:
        get_game(name)  # an unknown game fails here with the list of known ones
        found = importlib.import_module(f"boardbots.games.{name}.encoding").ENCODING
        _ENCODINGS[name] = found
    return found


_STORIES: dict[str, Story] = {}


def story_for(name: str) -> Story:
    """The game's declared `STORY` from `boardbots.games.<name>.story` (core/story.py)."""
    found = _STORIES.get(name)
    if found is None:
        get_game(name)  # an unknown game fails here with the list of known ones
        found = importlib.import_module(f"boardbots.games.{name}.story").STORY
        _STORIES[name] = found
    return found
