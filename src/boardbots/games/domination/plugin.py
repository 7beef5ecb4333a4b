"""Domination as a plug-in: its engine, heuristics, scripted bots and experiments."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from boardbots.core.encoding import Encoding
from boardbots.core.heuristics import Heuristics
from boardbots.core.params import Param
from boardbots.core.plugin import BotSpec, GamePlugin
from boardbots.core.story import Story
from boardbots.games import data_file
from boardbots.games.domination.engine import GAME


def _heuristics() -> Heuristics:
    from boardbots.games.domination.heuristics import HEURISTICS

    return HEURISTICS


def _bots() -> tuple[BotSpec, ...]:
    from boardbots.games.domination.gauntlet import BOTS as GAUNTLET
    from boardbots.games.domination.strategies import BigMoneyBot

    # Players may choose Big Money: the app offers it as the classic opponent.
    big_money = BotSpec(
        "bigmoney",
        BigMoneyBot,
        lab=False,
        params=(Param("duchy_at", int, 0, 12),),
        defaults=_big_money_defaults,
    )
    # The gauntlet's scripted strategies are lab references, never offered to players.
    return (big_money, *(BotSpec(code, bot, lab=True) for code, bot in GAUNTLET.items()))


def _big_money_defaults() -> dict[str, Any]:
    from boardbots.games.domination.strategies import DUCHY_AT

    return {"duchy_at": DUCHY_AT}


def _encoding() -> Encoding:
    from boardbots.games.domination.encoding import ENCODING

    return ENCODING


def _story() -> Story:
    from boardbots.games.domination.story import STORY

    return STORY


PLUGIN = GamePlugin(
    GAME,
    heuristics=_heuristics,
    bots=_bots,
    encoding=_encoding,
    experiments=data_file(__package__ or "boardbots.games.domination", "experiments.json"),
    story=_story,
    order=10,
    web=Path(__file__).parent / "web",
)
