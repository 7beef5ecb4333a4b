"""Y Hard's flat search: the iteration cap the game declares, and the bandit that picks the
opponent's answer."""

from __future__ import annotations

import pytest

from boardbots.bots.base import BotContext
from boardbots.bots.hard import HardBot
from boardbots.core.rng import Rng
from boardbots.games.y import heuristics
from boardbots.games.y.engine import GAME
from boardbots.games.y.heuristics import reply_node
from boardbots.games.y.replies import ReplyNode
from tests.y.positions import lone_block


@pytest.fixture(autouse=True)
def _flat_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests are about the flat search and its reply bandits, which Y's Hard keeps
    for the swap offer; its other decisions go to the tree (`test_rave.py`)."""
    monkeypatch.setattr(heuristics.HEURISTICS, "tree", "off")


def _state() -> dict:
    state = GAME.new_state(2, 0, {"size": 5})
    for cell in (0, 10, 21):
        GAME.apply(state, cell)
    return state


def _view() -> dict:
    state = _state()
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


def test_reply_bandit_sends_its_visits_to_the_answer_that_pays_best() -> None:
    node = ReplyNode((5, 6, 7), visits=[0, 0, 0], totals=[0.0, 0.0, 0.0])
    pays = {5: 0.2, 6: 0.9, 7: 0.4}  # the opponent's reward for each answer
    for _ in range(300):
        j = node.pick(0.4)
        node.record(j, 1.0 - pays[node.cells[j]])
    assert node.cells[node.visits.index(max(node.visits))] == 6
    assert node.visits[1] > 200


def test_reply_node_blocks_a_lone_win_and_settles_what_cannot_be_stopped() -> None:
    state, block = lone_block()
    assert reply_node(state, 8).cells == (block,)
    state["to_move"] = 0  # were black to move, it would win at once
    assert reply_node(state, 8).settled == 0.0


def test_hard_forgets_reply_statistics_between_searches() -> None:
    view = _view()
    other = GAME.player_view(GAME.applied(GAME.applied(_state(), 5), 12), 0)
    first = BotContext(Rng(8))
    HardBot(iterations=200).decide(view, first)
    HardBot(iterations=200).decide(other, BotContext(Rng(9)))
    again = BotContext(Rng(8))
    HardBot(iterations=200).decide(view, again)
    assert again.notes == first.notes


@pytest.mark.parametrize("depth", [1, 3])
def test_reply_bandits_nest_as_deep_as_the_game_says(
    depth: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(heuristics.YHeuristics, "reply_depth", depth)
    view = _view()
    HardBot(iterations=400, early_stop=False).decide(view, BotContext(Rng(2)))
    before = (view["stones"][0] | view["stones"][1]).bit_count()
    nodes = heuristics.HEURISTICS.reply_table.nodes
    deepest = max((black | white).bit_count() for black, white, _ in nodes)
    assert deepest - before == depth
