"""The Game of Y as a plug-in: its engine, heuristics, lab bot and experiments."""

from __future__ import annotations

from pathlib import Path

from boardbots.core.encoding import Encoding
from boardbots.core.heuristics import Heuristics
from boardbots.core.params import Param
from boardbots.core.plugin import BotSpec, GamePlugin
from boardbots.core.story import Story
from boardbots.games import data_file
from boardbots.games.y.engine import GAME


def _heuristics() -> Heuristics:
    from boardbots.games.y.heuristics import HEURISTICS

    return HEURISTICS


def _bots() -> tuple[BotSpec, ...]:
    from boardbots.games.y.uct import UctBot, params_dict

    # The lab's reference player, never offered to players.
    params = (Param("simulations", int, 1, 10_000_000), Param("c", float, 0.0, 10.0))
    return (BotSpec("uct", UctBot, lab=True, params=params, defaults=params_dict),)


def _encoding() -> Encoding:
    from boardbots.games.y.encoding import ENCODING

    return ENCODING


def _story() -> Story:
    from boardbots.games.y.story import STORY

    return STORY


PLUGIN = GamePlugin(
    GAME,
    heuristics=_heuristics,
    bots=_bots,
    encoding=_encoding,
    experiments=data_file(__package__ or "boardbots.games.y", "experiments.json"),
    story=_story,
    order=20,
    web=Path(__file__).parent / "web",
)
