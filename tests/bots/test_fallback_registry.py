"""The Easy fallback and bot codes from the registry."""

from __future__ import annotations

import pytest

from boardbots.bots.base import BotContext
from boardbots.bots.easy import EasyBot
from boardbots.bots.fallback import decide_with_fallback
from boardbots.bots.hard import HardBot
from boardbots.bots.medium import MediumBot
from boardbots.bots.registry import make_bot
from boardbots.core.contract import View
from boardbots.core.rng import Rng
from boardbots.games import get_game
from tests.fakes import Broken, Cheater


def _view() -> View:
    game = get_game("domination")
    state = game.new_state(2, 8)
    return game.player_view(state, 0)


@pytest.mark.parametrize("bot", [Broken(), Cheater()], ids=lambda b: b.level)
def test_a_failing_bot_gives_easys_move(bot: Broken | Cheater) -> None:
    view = _view()
    action, ctx = decide_with_fallback(bot, view, seed=21)
    assert action == EasyBot().decide(view, BotContext(Rng(21)))
    assert "fallback" in ctx.notes


def test_a_configured_fallback_bot_answers_instead_of_easy() -> None:
    """A site may name another fallback (`fallback_bot`); every path must use it."""
    view = _view()
    action, ctx = decide_with_fallback(Broken(), view, seed=21, fallback="bigmoney")
    assert action == make_bot("bigmoney").decide(view, BotContext(Rng(21)))
    assert "fallback" in ctx.notes


def test_a_working_bot_keeps_its_answer() -> None:
    view = _view()
    action, ctx = decide_with_fallback(MediumBot(), view, seed=21)
    assert action == MediumBot().decide(view, BotContext(Rng(21)))
    assert "fallback" not in ctx.notes


def test_a_late_answer_falls_back() -> None:
    times = iter([0.0, 10.0])
    view = _view()
    _, ctx = decide_with_fallback(MediumBot(), view, 3, budget_ms=100, now=lambda: next(times))
    assert ctx.notes["fallback"] == "answered too late"


def test_codes_set_parameters() -> None:
    medium = make_bot("medium:alpha=0.3")
    hard = make_bot("hard:iterations=800,c=0.5")
    assert isinstance(medium, MediumBot) and medium.params.alpha == 0.3
    assert isinstance(hard, HardBot) and hard.params.iterations == 800 and hard.params.c == 0.5
    with pytest.raises(ValueError, match="hard"):
        make_bot("hard:depth=3")
