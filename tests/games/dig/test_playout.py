"""Hard's rollouts in Dig (games/dig/playout.py): how far they run, and that their end is
judged against each rival rather than the leader alone."""

from __future__ import annotations

import pytest

from boardbots.core.contract import State
from boardbots.core.rng import Rng
from boardbots.games.dig import playout
from boardbots.games.dig.engine import GAME, OVER, STAKE
from boardbots.games.dig.heuristics import HEURISTICS


def _roll(state: State, seed: int = 5) -> float:
    """Seat 0's reward from the hook Hard calls."""
    return HEURISTICS.playout(state, 0, Rng(seed))


def test_an_early_rollout_stops_when_the_next_round_begins() -> None:
    state = GAME.new_state(4, 2)
    GAME.apply(state, "stake:1")  # Hard rolls out after the move it tries
    _roll(state)
    assert state["round"] == 1 and state["phase"] == STAKE and state["done"] == []


@pytest.mark.parametrize("left", [1, playout.ROUNDS_TO_END])
def test_a_rollout_near_the_end_plays_the_game_out(left: int) -> None:
    state = GAME.new_state(4, 2)
    state["round"] = state["rounds"] - left
    GAME.apply(state, "stake:1")
    _roll(state)
    assert state["phase"] == OVER


def _ended(scores: list[int]) -> State:
    state = GAME.new_state(len(scores), 2, {"rounds": 1})
    while state["phase"] != OVER:
        GAME.apply(state, "stake:0" if state["phase"] == STAKE else "haul")
    state["scores"] = scores
    state["gems"] = [0] * len(scores)
    return state


def test_the_end_counts_every_rival_beaten_not_only_the_winner() -> None:
    second = _roll(_ended([30, 40, 10, 10]))  # ahead of two rivals, behind the winner
    last = _roll(_ended([5, 40, 10, 10]))  # behind everyone
    assert 0.8 * 2 / 3 <= second <= 0.8 * 2 / 3 + 0.2
    assert last < 0.2
    tied = _roll(_ended([20, 20]))
    assert tied == pytest.approx(0.5)


def test_a_rounds_end_is_judged_by_the_gap_to_each_rival() -> None:
    state = GAME.new_state(4, 2)
    GAME.apply(state, "stake:1")
    _roll(state)  # to the next round's start, where a rollout stops at once
    assert state["rounds"] - state["round"] > playout.ROUNDS_TO_END
    # Judged against the leader alone, the first would be the worse: 20 behind against 1.
    far_ahead_of_two = _roll(_with_scores(state, [40, 60, 0, 0]))
    close_to_everyone = _roll(_with_scores(state, [40, 41, 39, 39]))
    assert far_ahead_of_two > close_to_everyone


def _with_scores(state: State, scores: list[int]) -> State:
    """`state` (a round's start, far from the end) with these points and no gems."""
    out = GAME.clone(state)
    out["scores"] = list(scores)
    out["gems"] = [0] * len(scores)
    return out
