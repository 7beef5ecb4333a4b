"""The PettingZoo AEC adapter: PettingZoo's own API and seed tests, masks, rewards."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="needs the rl extra: pip install 'boardbots[rl]'")

import numpy as np
from pettingzoo.test import api_test, seed_test

from boardbots.adapters.pettingzoo_env import BoardbotsAEC, env
from boardbots.core.contract import IllegalAction
from boardbots.core.rng import Rng
from boardbots.games import all_games

# Small Y boards keep the tests fast; every registered game is covered.
SMALL: dict[str, dict[str, Any]] = {"y": {"options": {"size": 5}}}
CONFIGS = [(g.meta.name, SMALL.get(g.meta.name, {})) for g in all_games()] + [
    ("domination", {"players": 4, "max_steps": 300})
]


@pytest.mark.parametrize(("name", "kwargs"), CONFIGS)
def test_passes_pettingzoo_api_and_seed_tests(name: str, kwargs: dict[str, Any]) -> None:
    # pytest turns warnings into errors, so api_test's advisory warnings fail here too.
    api_test(env(name, **kwargs), num_cycles=200)
    seed_test(lambda: env(name, **kwargs), num_cycles=100)


def _play_random(aec: BoardbotsAEC, seed: int) -> dict[str, float]:
    """Play to the end choosing uniformly among masked actions; return total rewards."""
    rng, totals = Rng(seed), dict.fromkeys(aec.possible_agents, 0.0)
    aec.reset(seed=seed)
    for agent in aec.agent_iter(5000):
        obs, reward, done, cut, info = aec.last()
        totals[agent] += reward
        assert aec.observation_space(agent).contains(obs)
        if done or cut:
            aec.step(None)
            continue
        legal = aec.space.game.legal_actions(aec._state)
        mask = info["action_mask"]
        assert sorted(np.flatnonzero(mask)) == sorted(aec.space.index[a] for a in legal)
        seat = aec.possible_agents.index(agent)
        pending = aec.space.game.pending(aec._state)
        assert pending is not None and pending["player"] == seat
        aec.step(int(rng.choice(list(np.flatnonzero(mask)))))
    return totals


@pytest.mark.parametrize(("name", "kwargs"), CONFIGS[:2])
def test_masks_follow_legal_actions_and_rewards_are_the_result(
    name: str, kwargs: dict[str, Any]
) -> None:
    aec = env(name, **kwargs)
    totals = _play_random(aec, 11)
    assert aec.agents == []
    assert sum(totals.values()) == pytest.approx(1.0)
    assert all(0.0 <= r <= 1.0 for r in totals.values())


def test_illegal_index_is_refused_and_changes_nothing() -> None:
    aec = env("y", options={"size": 5})
    aec.reset(seed=1)
    aec.step(0)
    before = aec.observe("player_0").copy()
    with pytest.raises(IllegalAction, match="not legal"):
        aec.step(0)  # cell 0 is taken
    assert (aec.observe("player_0") == before).all()


def test_observation_is_the_seat_view_not_the_state() -> None:
    aec = env("domination")
    aec.reset(seed=4)
    me, other = aec.observe("player_0"), aec.observe("player_1")
    # Swap the opponent's hand with cards the viewer cannot see: its own observation stays.
    hidden = aec._state["players"][1]
    hidden["hand"], hidden["deck"] = hidden["deck"][:5], hidden["hand"] + hidden["deck"][5:]
    assert (aec.observe("player_0") == me).all()
    assert not (aec.observe("player_1") == other).all()
