"""What a game plug-in declares: everything the app, server, lab and CLI need from it.

A game is one folder (`boardbots/games/<name>/plugin.py`) or one installed package
with a `boardbots.games` entry point; either way it hands the registry a
`GamePlugin`. Every field but `game` is optional, with the default documented on
it, so the framework never probes a game for abilities it did not declare.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from boardbots.core.contract import Game
from boardbots.core.encoding import Encoding
from boardbots.core.heuristics import Heuristics
from boardbots.core.params import Param
from boardbots.core.story import Story


@dataclasses.dataclass(frozen=True)
class BotSpec:
    """A bot a game brings (a scripted strategy, a lab reference), found by its `code`.

    `lab` bots are baselines for the lab and are never offered to players.
    `games` None means the plug-in's own game only; `params` declares every
    parameter a bot code may set; `defaults` reports the defaults as data.
    """

    code: str
    factory: Callable[..., Any]
    lab: bool = True
    params: tuple[Param, ...] = ()
    games: tuple[str, ...] | None = None
    defaults: Callable[[], dict[str, Any]] | None = None


def _no_bots() -> tuple[BotSpec, ...]:
    return ()


@dataclasses.dataclass(frozen=True)
class GamePlugin:
    """One game and the pieces around it; loaders are called only when first needed,
    so listing the games stays cheap."""

    game: Game
    heuristics: Callable[[], Heuristics] | None = None
    """What the bots' levels know of the game. Default None: only Random plays it
    (Easy, Medium and Hard need heuristics)."""
    bots: Callable[[], tuple[BotSpec, ...]] = _no_bots
    """The game's own bots (registered as its lab or player bots). Default: none."""
    encoding: Callable[[], Encoding] | None = None
    """A fixed-size tensor form for RL (docs/rl.md). Default None: no adapter for it."""
    experiments: Callable[[], Mapping[str, Any]] | None = None
    """The acceptance experiments as data (docs/acceptance.md). Default None: none."""
    story: Callable[[], Story] | None = None
    """The numbers the end-of-game and replay charts plot (core/story.py). Default
    None: the pages show no charts."""
    order: int = 100
    """Where the game stands in every list (the app's games, `boardbots games`): lower
    first, ties by name; the app opens on the first. Default 100."""
    web: Path | None = None
    """A folder of the game's browser files (its renderer ES module, strings, rules
    page), served at `plugins/<name>/` and copied by `export-static`; the game's
    entry in `/api/config` gives that address as "web". Default None: none."""

    @property
    def name(self) -> str:
        return self.game.meta.name
