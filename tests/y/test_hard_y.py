"""Y Hard's own settings reach the search: the iteration cap the game declares."""

from __future__ import annotations

import pytest

from boardbots.bots.base import BotContext
from boardbots.bots.hard import HardBot
from boardbots.core.rng import Rng
from boardbots.games.y import heuristics
from boardbots.games.y.engine import GAME


def _view() -> dict:
    state = GAME.new_state(2, 0, {"size": 5})
    for cell in (0, 10, 21):
        GAME.apply(state, cell)
    return GAME.player_view(state, state["to_move"])


def test_hard_uses_the_games_iteration_cap_when_its_code_sets_none(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(heuristics.YHeuristics, "hard_iterations", 48)
    ctx = BotContext(Rng(3))
    HardBot(early_stop=False).decide(_view(), ctx)
    assert ctx.notes["iterations"] == 48


def test_a_bot_codes_iterations_override_the_games_cap() -> None:
    ctx = BotContext(Rng(3))
    HardBot(iterations=40, early_stop=False).decide(_view(), ctx)
    assert ctx.notes["iterations"] == 40


def test_iterations_below_one_are_refused() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        HardBot(iterations=0)
