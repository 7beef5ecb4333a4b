"""Hard's rule for leaving a game's favourite: only for an arm that beats it world by world."""

from __future__ import annotations

from boardbots.bots.hard import Arm, HardParams, clearly_better, margin
from boardbots.bots.heuristics import World, imagine
from boardbots.core.contract import State
from boardbots.core.rng import Rng
from boardbots.games import get_game
from boardbots.games.domination.engine import GAME
from tests.domination.helpers import act, make


def _arm(rewards: list[float]) -> Arm:
    return Arm("x", len(rewards), sum(rewards), rewards)


def test_a_steady_paired_advantage_is_clear() -> None:
    favourite = _arm([0.2, 0.9, 0.4, 0.7] * 10)
    better = _arm([r + 0.1 for r in favourite.rewards])
    better.rewards[0] += 0.05  # not perfectly constant, so the spread is not zero
    assert clearly_better(better, favourite, 2.0)


def test_a_lead_inside_the_noise_is_not() -> None:
    favourite = _arm([1.0, 0.0] * 20)
    luckier = _arm([1.0, 0.0] * 19 + [1.0, 1.0])  # one world in 40 went its way
    assert luckier.total > favourite.total
    assert not clearly_better(luckier, favourite, 2.0)
    assert clearly_better(luckier, favourite, 0.0)


def test_only_worlds_both_arms_played_are_compared() -> None:
    favourite = _arm([0.5])
    assert not clearly_better(_arm([1.0] * 30), favourite, 2.0)  # one shared world
    assert clearly_better(favourite, favourite, 2.0)  # the favourite is its own best


def _world_at(state: State, game_name: str = "domination") -> World:
    game = get_game(game_name)
    pending = game.pending(state)
    assert pending is not None
    return imagine(game.player_view(state, int(pending["player"])), Rng(1))


def test_domination_buys_leave_the_script_at_one_standard_error_other_answers_at_two() -> None:
    state = make(["Militia"], ["Militia", "Copper", "Copper", "Copper", "Estate"])
    act(state, "play:Militia")
    assert state["pending"]["kind"] == "discard"
    assert margin(_world_at(state), HardParams()) == 2.0  # the victim's answer
    buying = GAME.new_state(2, 3, {"kingdom": "first-game"})
    act(buying, "end")  # the first player skips the Action phase
    assert buying["pending"]["kind"] == "buy"
    world = _world_at(buying)
    assert margin(world, HardParams()) == 1.0
    assert margin(world, HardParams(sure=3.0)) == 3.0  # a bot code's choice wins


def test_other_games_keep_two_standard_errors() -> None:
    world = _world_at(get_game("dig").new_state(4, 2), "dig")
    assert margin(world, HardParams()) == 2.0
