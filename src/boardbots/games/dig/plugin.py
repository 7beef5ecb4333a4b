"""Dig as a plug-in: its engine, heuristics and experiments; its browser files live in web/."""

from __future__ import annotations

from pathlib import Path

from boardbots.core.encoding import Encoding
from boardbots.core.heuristics import Heuristics
from boardbots.core.plugin import GamePlugin
from boardbots.games import data_file
from boardbots.games.dig.engine import GAME


def _heuristics() -> Heuristics:
    from boardbots.games.dig.heuristics import HEURISTICS

    return HEURISTICS


def _encoding() -> Encoding:
    from boardbots.games.dig.encoding import ENCODING

    return ENCODING


PLUGIN = GamePlugin(
    GAME,
    heuristics=_heuristics,
    encoding=_encoding,
    experiments=data_file(__package__ or "boardbots.games.dig", "experiments.json"),
    web=Path(__file__).parent / "web",
)
