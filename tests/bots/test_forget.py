"""`Heuristics.forget`: a cold start gives the same decisions, and it really is cold."""

from __future__ import annotations

import pytest

from boardbots.bots.base import BotContext
from boardbots.bots.heuristics import heuristics_for
from boardbots.bots.registry import make_bot
from boardbots.core.rng import Rng
from boardbots.games import game_names, get_game
from boardbots.games.dig import odds
from boardbots.games.y import heuristics as y_heuristics
from boardbots.sim.harness import seat_to_move


@pytest.mark.parametrize("name", game_names())
def test_forgetting_changes_no_decision(name: str) -> None:
    game, medium = get_game(name), make_bot("medium", name)
    state = game.new_state(2, 11)
    for step in range(12):
        if game.is_over(state):
            break
        view = game.player_view(state, seat_to_move(game, state))
        warm = medium.decide(view, BotContext(Rng(step)))
        heuristics_for(name).forget()
        assert medium.decide(view, BotContext(Rng(step))) == warm, f"{name}, step {step}"
        game.apply(state, warm)


def test_forgetting_empties_the_remembered_positions() -> None:
    for name in ("y", "dig"):
        game, medium = get_game(name), make_bot("medium", name)
        state = game.new_state(2, 3)
        for step in range(6):
            view = game.player_view(state, seat_to_move(game, state))
            game.apply(state, medium.decide(view, BotContext(Rng(step))))
    assert y_heuristics._PLANS and _dig_memos()
    heuristics_for("y").forget()
    heuristics_for("dig").forget()
    assert not y_heuristics._PLANS and _dig_memos() == 0


def _dig_memos() -> int:
    tables = (odds.dig_gain, odds.dig_value, odds.should_dig, odds.roll_value)
    return sum(t.cache_info().currsize for t in tables)
