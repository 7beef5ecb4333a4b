"""Hard's scripted playouts: they finish the game, repeat exactly, and guess each seat's plan
from what it owns."""

from __future__ import annotations

from boardbots.core.rng import Rng
from boardbots.games.domination.engine import GAME, turns_taken
from boardbots.games.domination.heuristics import DominationHeuristics
from boardbots.games.domination.playbook import STRATEGIES, best_for, own_version
from boardbots.games.domination.playout import (
    OPENING_TURNS,
    OPENING_TURNS_2P,
    play_to_end,
    scripts_fit,
    seat_strategies,
)
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


def test_we_play_our_own_version_of_the_kingdoms_best_strategy() -> None:
    state = GAME.new_state(2, 1, {"kingdom": WITCH_KINGDOM})
    mine = seat_strategies(state, 0)[0]
    assert best_for(WITCH_KINGDOM).code == "doublewitch"
    assert mine is own_version(best_for(WITCH_KINGDOM), WITCH_KINGDOM)
    assert mine.code == "doublewitch-tuned"  # data/tuned_scripts.json has one


def test_in_four_players_we_play_the_original() -> None:
    state = GAME.new_state(4, 1, {"kingdom": WITCH_KINGDOM})
    assert seat_strategies(state, 0)[0] is STRATEGIES["doublewitch"]


def test_strategies_without_a_tuned_version_are_played_as_they_are() -> None:
    assert own_version(STRATEGIES["bmu"], WITCH_KINGDOM) is STRATEGIES["bmu"]


def test_an_opponent_is_guessed_from_the_kingdom_cards_it_owns() -> None:
    state = make(["Witch", "Smithy", "Militia"], ["Copper"] * 5, others=[["Militia", "Copper"]])
    assert seat_strategies(state, 0)[1] is STRATEGIES["militia-bm"]
    state = make(["Witch", "Smithy", "Militia"], ["Copper"] * 5, others=[["Smithy", "Witch"]])
    assert seat_strategies(state, 0)[1] is STRATEGIES["doublewitch"]


def test_an_opponent_that_buys_only_money_is_taken_for_big_money() -> None:
    state = make(["Witch", "Smithy", "Militia"], ["Copper"] * 5, others=[["Silver", "Copper"]])
    assert seat_strategies(state, 0)[1].code == "doublewitch"  # too early to tell
    state["turn"] = 2 * OPENING_TURNS_2P  # seat 1 has had its money-only turns, no more
    assert turns_taken(state, 1) == OPENING_TURNS_2P
    assert seat_strategies(state, 0)[1].code == "bmu"
    state["turn"] -= 1
    assert seat_strategies(state, 0)[1].code == "doublewitch"


def test_in_four_players_a_seat_needs_more_money_only_turns_to_be_taken_for_big_money() -> None:
    money = ["Silver", "Copper", "Estate", "Copper", "Copper"]
    state = make(["Witch", "Smithy", "Militia"], ["Copper"] * 5, others=[money] * 3, players=4)
    assert OPENING_TURNS > OPENING_TURNS_2P  # 3-4 players keep the guess they were measured with
    state["turn"] = 4 * OPENING_TURNS_2P  # every seat has had as many turns as 2 players need
    assert [s.code for s in seat_strategies(state, 0)[1:]] == ["doublewitch"] * 3
    state["turn"] = 4 * OPENING_TURNS
    assert [turns_taken(state, p) for p in (1, 2, 3)] == [OPENING_TURNS] * 3
    assert [s.code for s in seat_strategies(state, 0)[1:]] == ["bmu"] * 3


def test_in_four_players_hard_plays_out_by_script_only_while_every_rival_fits_a_script() -> None:
    money = ["Silver", "Copper", "Estate", "Copper", "Copper"]
    fits = make(
        ["Witch", "Smithy", "Militia"],
        ["Copper"] * 5,
        others=[money, money, ["Witch", *money]],
        players=4,
    )
    off = make(
        ["Witch", "Smithy", "Market"],
        ["Copper"] * 5,
        others=[money, ["Market", *money], money],
        players=4,
    )
    heur = DominationHeuristics()
    assert scripts_fit(fits, 0) and not scripts_fit(off, 0)
    assert heur.hard_limits(fits) == (400, 6)  # fewer whole games than in 2 players
    assert heur.hard_limits(off) == (1500, 24)
    assert heur.playout(GAME.clone(off), 0, Rng(1)) is None
    assert heur.playout(GAME.clone(fits), 0, Rng(1)) is not None
    # Our own cards never matter, and in 2 players the script is always the guess.
    assert scripts_fit(make(["Market"], ["Market"] * 5, players=4), 0)
    two = make(["Smithy", "Market"], ["Copper"] * 5, others=[["Market", *money]])
    assert heur.hard_limits(two) == (800, 6)


def test_a_rival_fits_with_the_cards_its_rules_deal_it() -> None:
    """What a seat may own without buying comes from the rules: with Cellar in the starting
    deck, a rival holding Cellar still fits a script; with the printed deck it does not."""
    money = ["Silver", "Copper", "Estate", "Copper", "Copper"]
    kingdom = kingdom_with(["Witch", "Smithy", "Militia", "Cellar"])
    seen = []
    for deck in ({"Copper": 7, "Estate": 3}, {"Copper": 7, "Estate": 2, "Cellar": 1}):
        state = GAME.new_state(4, 0, {"kingdom": kingdom, "starting_deck": deck})
        for p in (1, 2, 3):
            state["players"][p]["hand"] = ["Cellar", "Curse", *money]
        seen.append(scripts_fit(state, 0))
    assert seen == [False, True]
