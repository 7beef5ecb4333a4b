"""Hard's scripted playouts: they finish the game, repeat exactly, and guess each seat's plan
from what it owns."""

from __future__ import annotations

from boardbots.games.domination.engine import GAME
from boardbots.games.domination.playbook import STRATEGIES, best_for
from boardbots.games.domination.playout import OPENING_TURNS, play_to_end, seat_strategies
from tests.domination.helpers import kingdom_with, make

WITCH_KINGDOM = kingdom_with(["Witch", "Smithy", "Militia"])


def test_a_playout_finishes_the_game_and_repeats_exactly() -> None:
    state = GAME.new_state(2, 5, {"kingdom": "first-game"})
    twin = GAME.clone(state)
    reward = play_to_end(state, 0)
    assert reward is not None and 0.0 <= reward <= 1.0
    assert GAME.is_over(state)
    assert play_to_end(twin, 0) == reward
    assert twin == state


def test_the_reward_is_mostly_the_win_and_a_little_margin() -> None:
    rewards = []
    for seed in range(6):
        state = GAME.new_state(2, seed, {"kingdom": "first-game"})
        reward = play_to_end(state, 0)
        assert reward is not None
        share = GAME.result(state)[0]
        rewards.append(reward)
        assert 0.8 * share <= reward <= 0.8 * share + 0.2
    assert len(set(rewards)) > 2  # the margin separates games with the same outcome


def test_we_play_the_kingdoms_best_strategy() -> None:
    state = GAME.new_state(2, 1, {"kingdom": WITCH_KINGDOM})
    mine = seat_strategies(state, 0)[0]
    assert mine is best_for(WITCH_KINGDOM)
    assert mine.code == "doublewitch"


def test_an_opponent_is_guessed_from_the_kingdom_cards_it_owns() -> None:
    state = make(["Witch", "Smithy", "Militia"], ["Copper"] * 5, others=[["Militia", "Copper"]])
    assert seat_strategies(state, 0)[1] is STRATEGIES["militia-bm"]
    state = make(["Witch", "Smithy", "Militia"], ["Copper"] * 5, others=[["Smithy", "Witch"]])
    assert seat_strategies(state, 0)[1] is STRATEGIES["doublewitch"]


def test_an_opponent_that_buys_only_money_is_taken_for_big_money() -> None:
    state = make(["Witch", "Smithy", "Militia"], ["Copper"] * 5, others=[["Silver", "Copper"]])
    assert seat_strategies(state, 0)[1].code == "doublewitch"  # too early to tell
    state["turn"] = 2 * OPENING_TURNS + 2  # both seats have had OPENING_TURNS + 1 turns
    assert seat_strategies(state, 0)[1].code == "bmu"
