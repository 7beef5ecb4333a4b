"""Bot codes are checked in one place: the bot exists, plays the game, is offered to
players where that matters, and every parameter is declared, typed and in range."""

from __future__ import annotations

import dataclasses
from types import ModuleType

import pytest

from boardbots.bots import easy, hard, medium
from boardbots.bots.base import BotContext
from boardbots.bots.params import Param
from boardbots.bots.registry import (
    BotCodeError,
    bot_defaults,
    bot_factory,
    bot_games,
    bot_names,
    bot_params,
    check_bot,
    is_lab,
    make_bot,
    player_bots,
    register_bot,
)
from boardbots.core.contract import Action, View

BAD_CODES = {
    "hard:c=abc": "bot 'hard': parameter c must be a number from 0 to 10, not 'abc'",
    "hard:iterations=abc": "parameter iterations must be a whole number",
    "hard:iterations=0": "parameter iterations must be a whole number from 1",
    "hard:iterations=1.5": "parameter iterations must be a whole number",
    "hard:iterations=-5": "parameter iterations",
    "hard:c=-0.1": "parameter c",
    "hard:c=nan": "parameter c",
    "hard:epsilon=2": "parameter epsilon must be a number from 0 to 1",
    "hard:paired=maybe": "parameter paired must be true or false",
    "hard:nosuch=1": "bot 'hard' has no parameter 'nosuch'",
    "hard:c=0.2,c=0.4": "given twice",
    "hard:c": "expected key=value",
    "medium:alpha=-1": "parameter alpha",
    "easy:random_rate=1.5": "parameter random_rate",
    "random:speed=2": "bot 'random' takes no parameters",
    "bigmoney:duchy_at=x": "parameter duchy_at",
    "grandmaster": "unknown bot 'grandmaster'",
    "": "a bot code",
}


@pytest.mark.parametrize("code", list(BAD_CODES))
def test_a_bad_code_is_one_line_naming_the_problem(code: str) -> None:
    with pytest.raises(BotCodeError) as caught:
        check_bot(code)
    message = str(caught.value)
    assert BAD_CODES[code] in message and "\n" not in message
    with pytest.raises(BotCodeError):
        make_bot(code)


def test_good_codes_are_typed_by_the_declaration() -> None:
    assert check_bot("hard:iterations=800,c=0.5,paired=none").params == {
        "iterations": 800,
        "c": 0.5,
        "paired": None,
    }
    assert check_bot("medium:alpha=1").params == {"alpha": 1.0}
    assert isinstance(check_bot("medium:alpha=1").params["alpha"], float)
    assert check_bot("HARD:early_stop=false").params == {"early_stop": False}
    bot = make_bot("easy:random_rate=none")
    assert isinstance(bot, easy.EasyBot) and bot.params.random_rate is None


def test_a_bot_must_play_the_game() -> None:
    with pytest.raises(BotCodeError, match="'bigmoney' does not play y"):
        check_bot("bigmoney", "y")
    with pytest.raises(BotCodeError, match="does not play y"):
        make_bot("bigmoney", "y")
    assert check_bot("bigmoney", "domination").name == "bigmoney"
    assert check_bot("hard:c=0.3", "y").name == "hard"


def test_lab_bots_are_not_offered_to_players() -> None:
    assert is_lab("random") and not is_lab("easy") and not is_lab("bigmoney")
    assert {"easy", "medium", "hard", "bigmoney"} <= set(player_bots())
    assert "random" not in player_bots()
    with pytest.raises(BotCodeError, match="for the lab only"):
        check_bot("random", "y", players=True)
    assert check_bot("random", "y").name == "random"  # the lab may use it


@pytest.mark.parametrize(
    ("module", "fields"),
    [(easy, easy.EasyParams), (medium, medium.MediumParams), (hard, hard.HardParams)],
)
def test_declared_parameters_match_the_bots_own(module: ModuleType, fields: type) -> None:
    """A parameter added to a bot but not declared could never be set from a code."""
    declared = [p.name for p in module.PARAMS]
    assert sorted(declared) == sorted(f.name for f in dataclasses.fields(fields))


def test_every_bot_with_parameters_declares_their_defaults() -> None:
    """The explanation pages and /api/config show these; read off a constructor they would
    vanish when the native build compiles the bot's class, so they must be declared."""
    for name in bot_names():
        declared = {p.name for p in bot_params(name)}
        assert set(bot_defaults(name)) == declared, name


def test_parameters_without_defaults_are_refused() -> None:
    with pytest.raises(ValueError, match="'undeclared' declares parameters"):
        register_bot("undeclared", _Plugin, params=(Param("depth", int, 1, 4),))


def test_big_money_reports_the_default_it_plays_with() -> None:
    from boardbots.games.domination.strategies import BigMoneyBot

    bot = bot_factory("bigmoney")()
    assert isinstance(bot, BigMoneyBot)
    assert bot_defaults("bigmoney") == {"duchy_at": bot.duchy_at}


class _Plugin:
    level = "test-plugin"

    def __init__(self, depth: int = 1) -> None:
        self.depth = depth

    def decide(self, view: View, ctx: BotContext) -> Action:
        raise NotImplementedError


def test_a_plugin_registers_its_games_lab_flag_and_parameters() -> None:
    register_bot(
        "test-plugin",
        _Plugin,
        games=("y",),
        lab=True,
        params=(Param("depth", int, 1, 4),),
        defaults=lambda: {"depth": 1},
    )
    assert bot_games("test-plugin") == ["y"] and is_lab("test-plugin")
    bot = make_bot("test-plugin:depth=3", "y")
    assert isinstance(bot, _Plugin) and bot.depth == 3
    with pytest.raises(BotCodeError, match="from 1 to 4, not '9'"):
        make_bot("test-plugin:depth=9")
    with pytest.raises(BotCodeError, match="does not play domination"):
        check_bot("test-plugin", "domination")
