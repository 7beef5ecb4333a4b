"""The game registry: every game by name, found the same way whether built in or installed.

A built-in game is a folder here with a `plugin.py` holding `PLUGIN`; an installed
game is a package declaring a `boardbots.games` entry point that loads to its
`GamePlugin`. Bots, the lab, the server and the CLI find everything through
`get_game` and `plugin_for` (docs/plugins.md).
"""

from __future__ import annotations

import importlib
import json
import pkgutil
from collections.abc import Callable, Mapping
from importlib import metadata, resources
from typing import Any, TypeVar

from boardbots.core.contract import Game
from boardbots.core.encoding import Encoding
from boardbots.core.plugin import GamePlugin
from boardbots.core.story import Story

ENTRY_POINT_GROUP = "boardbots.games"

T = TypeVar("T")

_PLUGINS: dict[str, GamePlugin] = {}
_LOADED: list[bool] = []
_ENCODINGS: dict[str, Encoding] = {}


def register(game: Game | GamePlugin) -> Game:
    """Add a game (a bare engine becomes a plug-in with every default); returns the engine."""
    plugin = game if isinstance(game, GamePlugin) else GamePlugin(game)
    _PLUGINS[plugin.name] = plugin
    return plugin.game


def _folder_plugins() -> list[GamePlugin]:
    """The `PLUGIN` of every folder in this package that has a `plugin.py`."""
    found = []
    for info in pkgutil.iter_modules(__path__):
        if info.ispkg and (resources.files(__name__) / info.name / "plugin.py").is_file():
            module = importlib.import_module(f"{__name__}.{info.name}.plugin")
            found.append(module.PLUGIN)
    return found


def entry_points() -> list[metadata.EntryPoint]:
    """The installed packages' game entry points (a test may stand in its own)."""
    return list(metadata.entry_points(group=ENTRY_POINT_GROUP))


def _installed_plugins() -> list[GamePlugin]:
    found = []
    for point in entry_points():
        plugin = point.load()
        if not isinstance(plugin, GamePlugin):
            raise TypeError(f"entry point {point.name!r} ({point.value}) is not a GamePlugin")
        found.append(plugin)
    return found


def _load() -> None:
    # A flag, not "is the dict empty": a test may register a game of its own first.
    if _LOADED:
        return
    _LOADED.append(True)
    for plugin in _folder_plugins() + _installed_plugins():
        if plugin.name in _PLUGINS and _PLUGINS[plugin.name] is not plugin:
            raise ValueError(f"two games are called {plugin.name!r}")
        _PLUGINS[plugin.name] = plugin


def plugin_for(name: str) -> GamePlugin:
    """The registered plug-in, or a ValueError naming the games that exist."""
    _load()
    try:
        return _PLUGINS[name]
    except KeyError:
        known = ", ".join(sorted(_PLUGINS))
        raise ValueError(f"unknown game {name!r}; known games: {known}") from None


def get_game(name: str) -> Game:
    return plugin_for(name).game


def all_plugins() -> list[GamePlugin]:
    """Every game, in the order the plug-ins declare (then by name)."""
    _load()
    return sorted(_PLUGINS.values(), key=lambda p: (p.order, p.name))


def all_games() -> list[Game]:
    return [p.game for p in all_plugins()]


def game_names() -> list[str]:
    return [p.name for p in all_plugins()]


def encoding_for(name: str) -> Encoding:
    """The game's fixed-size form (docs/rl.md); a game without one raises ImportError."""
    return declared(name, "encoding", plugin_for(name).encoding, _ENCODINGS)


_STORIES: dict[str, Story] = {}


def story_for(name: str) -> Story:
    """The game's chart numbers (core/story.py); a game without them raises ImportError."""
    return declared(name, "story", plugin_for(name).story, _STORIES)


def declared(name: str, hook: str, loader: Callable[[], T] | None, cache: dict[str, T]) -> T:
    """A plug-in's optional piece, loaded once; ImportError when the game declares none."""
    found = cache.get(name)
    if found is None:
        if loader is None:
            raise ImportError(f"game {name!r} declares no {hook}")
        found = cache[name] = loader()
    return found


def data_file(package: str, name: str) -> Callable[[], Mapping[str, Any]]:
    """A loader for a JSON file in a game package's `data/` folder (for `experiments`)."""

    def load() -> Mapping[str, Any]:
        found: Mapping[str, Any] = json.loads(
            (resources.files(package) / "data" / name).read_text()
        )
        return found

    return load
