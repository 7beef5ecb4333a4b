"""The OpenSpiel registration: truthful declarations, MCTS on Y, ISMCTS on Domination."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel", reason="needs the rl extra: pip install 'boardbots[rl]'")

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from boardbots.adapters.openspiel_game import load, register_all
from boardbots.games import all_games

Info = pyspiel.GameType.Information
Chance = pyspiel.GameType.ChanceMode


def test_every_game_declares_its_chance_and_hidden_information() -> None:
    names = register_all()
    for game in all_games():
        assert f"boardbots_{game.meta.name}" in names
        kind = load(game.meta.name).get_type()
        hidden = Info.IMPERFECT_INFORMATION if game.meta.hidden_information else None
        assert kind.information == (hidden or Info.PERFECT_INFORMATION)
        chance = Chance.SAMPLED_STOCHASTIC if game.meta.chance else Chance.DETERMINISTIC
        assert kind.chance_mode == chance
    assert load("y").get_type().information == Info.PERFECT_INFORMATION
    assert load("domination").get_type().chance_mode == Chance.SAMPLED_STOCHASTIC


@pytest.mark.parametrize(("name", "options"), [("y", '{"size":5}'), ("domination", "{}")])
def test_openspiel_random_simulation_checks_pass(name: str, options: str) -> None:
    register_all()  # by OpenSpiel's own name, as a user of pyspiel.load_game would
    game = pyspiel.load_game(f"boardbots_{name}", {"options": options, "seed": 1})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_mcts_bot_plays_y_through_the_adapter() -> None:
    game = load("y", options={"size": 5})
    rs = np.random.RandomState(7)
    bot = mcts.MCTSBot(game, 1.4, 25, mcts.RandomRolloutEvaluator(1, rs), random_state=rs)
    state, moves = game.new_initial_state(), 0
    while not state.is_terminal():
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert 8 <= moves <= 16
    assert sorted(state.returns()) == [0.0, 1.0]


def test_ismcts_bot_plays_domination_through_the_adapter() -> None:
    game = load("domination", seed=3)
    rs = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, rs),
        1.4,
        6,
        random_state=rs,
        use_observation_string=True,  # views, not perfect-recall information states
        allow_inconsistent_action_sets=True,  # a resampled hand can offer other plays
    )
    state = game.new_initial_state()
    for _ in range(16):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.world.state["turn"] >= 2


def test_resampled_worlds_look_the_same_to_the_seat_but_hide_other_cards() -> None:
    game = load("domination", seed=5)
    state = game.new_initial_state()
    for _ in range(6):
        state.apply_action(state.legal_actions()[-1])
    seat = state.current_player()
    other = 1 - seat
    hands = set()
    for _ in range(8):
        world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        assert world.observation_string(seat) == state.observation_string(seat)
        hands.add(tuple(sorted(world.world.state["players"][other]["hand"])))
    assert len(hands) > 1


def test_information_states_are_not_offered() -> None:
    state = load("domination").new_initial_state()
    with pytest.raises(ValueError, match="information states are not provided"):
        state.information_state_string(0)
