"""Invariants at every step of random games: a stateful hypothesis machine and seeded runs."""

from __future__ import annotations

import json
import sys
from collections import Counter

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from boardbots.core.contract import State
from boardbots.core.rng import Rng
from boardbots.games.domination.engine import (
    ACTION_PROMPTS,
    BUY_PROMPTS,
    GAME,
    TREASURES,
    treasures_to_play,
)
from boardbots.games.domination.strategies import big_money, random_play
from boardbots.games.domination.zones import tables
from tests.domination.helpers import all_cards

STEP_CAP = 4000
"""Random-vs-Random games may never end (uniform play keeps ending turns), so runs are capped."""


def check_invariants(state: State, start: Counter[str]) -> None:
    """What must hold after every step, whatever was played."""
    assert all_cards(state) == start, "cards appeared or vanished"
    assert state["actions"] >= 0 and state["buys"] >= 0 and state["coins"] >= 0
    assert all(v >= 0 for v in state["supply"].values())
    for pl in state["players"]:
        assert len(pl["marks"]) <= len(pl["deck"])
    # Every state shares the phase prompts, so no step may change one.
    assert [{"player": p, "kind": "action"} for p in range(len(ACTION_PROMPTS))] == ACTION_PROMPTS
    assert [{"player": p, "kind": "buy"} for p in range(len(BUY_PROMPTS))] == BUY_PROMPTS
    pend = GAME.pending(state)
    if pend is None:
        assert GAME.is_over(state) and GAME.legal_actions(state) == []
        return
    options = GAME.legal_actions(state)
    assert options, f"no legal action for {pend}"
    assert len(options) == len(set(options))
    assert 0 <= pend["player"] < state["n"]
    if pend["kind"] == "react":
        assert "pass" in options
        assert all(str(a).startswith("react:") for a in options if a != "pass")
    if pend["kind"] in ("action", "buy"):
        assert pend["player"] == state["cur"]
    if pend["kind"] == "buy":  # the scripts ask this instead of listing the moves
        assert treasures_to_play(state, tables(state)) == (TREASURES in options)


def uniform_game(seed: int, players: int, checks: bool = True) -> State:
    """Uniformly random legal actions, every seat, until the end or the cap."""
    state = GAME.new_state(players, seed, {"kingdom": "random"})
    rng = Rng(seed)
    start = all_cards(state)
    for _ in range(STEP_CAP):
        if GAME.is_over(state):
            break
        GAME.apply(state, rng.choice(GAME.legal_actions(state)))
        if checks:
            check_invariants(state, start)
    return state


def test_seeded_random_games_keep_every_invariant() -> None:
    ended = 0
    for seed in range(400):
        state = uniform_game(seed, 2 + seed % 3)
        ended += GAME.is_over(state)
        assert json.loads(json.dumps(state)) == state
    assert ended > 300, "most uniform games should still finish inside the cap"


def test_random_strategy_games_end_and_keep_every_invariant() -> None:
    for seed in range(100):
        state = GAME.new_state(2 + seed % 3, seed, {"kingdom": "random"})
        rng = Rng(seed)
        start = all_cards(state)
        steps = 0
        while not GAME.is_over(state) and steps < STEP_CAP:
            GAME.apply(state, random_play(state, rng))
            check_invariants(state, start)
            steps += 1
        assert GAME.is_over(state), "Random buys every turn, so its games end"
        assert abs(sum(GAME.result(state)) - 1) < 1e-9
        # Zones hold the interned names only: the engine's scans rely on matching by identity.
        zones = [c for pl in state["players"] for cards in pl.values() for c in cards]
        assert all(c is sys.intern(c) for c in [*zones, *state["trash"]] if isinstance(c, str))


@pytest.mark.slow
def test_thousands_of_seeded_random_games() -> None:
    for seed in range(4000):
        uniform_game(10_000 + seed, 2 + seed % 3)


class RandomPlay(RuleBasedStateMachine):
    """Hypothesis walks the engine with arbitrary legal choices and kingdoms."""

    state: State
    start: Counter[str]

    @initialize(
        players=st.integers(2, 4),
        seed=st.integers(0, 2**32),
        bigmoney_seat=st.sampled_from([None, 0, 1]),
    )
    def new_game(self, players: int, seed: int, bigmoney_seat: int | None) -> None:
        self.state = GAME.new_state(players, seed, {"kingdom": "random"})
        self.start = all_cards(self.state)
        self.bigmoney_seat = bigmoney_seat
        self.steps = 0

    @precondition(lambda self: not GAME.is_over(self.state) and self.steps < STEP_CAP)
    @rule(pick=st.integers(0, 1_000))
    def step(self, pick: int) -> None:
        state = self.state
        if GAME.pending(state)["player"] == self.bigmoney_seat:
            action = big_money(state)
        else:
            options = GAME.legal_actions(state)
            action = options[pick % len(options)]
        GAME.apply(state, action)
        self.steps += 1

    @precondition(lambda self: GAME.is_over(self.state) or self.steps >= STEP_CAP)
    @rule(seed=st.integers(0, 2**32))
    def next_game(self, seed: int) -> None:
        players = self.state["n"] % 3 + 2
        self.new_game(players, seed, self.bigmoney_seat)

    @invariant()
    def holds(self) -> None:
        check_invariants(self.state, self.start)


# Long walks: a game takes a few hundred steps, and the loaded profile sets the example count.
RandomPlay.TestCase.settings = settings(
    stateful_step_count=300,
    suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow],
)
TestRandomPlay = RandomPlay.TestCase
