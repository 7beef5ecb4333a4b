"""Dig as a plug-in: engine, heuristics, experiments and charts; browser files live in web/."""

from __future__ import annotations

from pathlib import Path

from boardbots.core.encoding import Encoding
from boardbots.core.heuristics import Heuristics
from boardbots.core.plugin import GamePlugin
from boardbots.core.story import Story
from boardbots.games import data_file
from boardbots.games.dig.engine import GAME


def _heuristics() -> Heuristics:
    from boardbots.games.dig.heuristics import HEURISTICS

    return HEURISTICS


def _encoding() -> Encoding:
    from boardbots.games.dig.encoding import ENCODING

    return ENCODING


def _story() -> Story:
    from boardbots.games.dig.story import STORY

    return STORY


PLUGIN = GamePlugin(
    GAME,
    heuristics=_heuristics,
    encoding=_encoding,
    experiments=data_file(__package__ or "boardbots.games.dig", "experiments.json"),
    story=_story,
    order=30,
    web=Path(__file__).parent / "web",
)
