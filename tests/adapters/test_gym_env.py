"""The Gymnasium adapter: one seat against ladder bots named by bot code."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("gymnasium", reason="needs the rl extra: pip install 'boardbots[rl]'")

import numpy as np

from boardbots.adapters.gym_env import BotOpponentEnv
from boardbots.bots.registry import BotCodeError


def _episode(env: BotOpponentEnv, seed: int) -> tuple[list[int], float]:
    """Random masked play to the end: the actions taken and the final reward."""
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    taken: list[int] = []
    for _ in range(2000):
        assert env.observation_space.contains(obs)
        mask = info["action_mask"]
        assert (mask == env.action_masks()).all()
        action = int(rng.choice(np.flatnonzero(mask)))
        taken.append(action)
        obs, reward, done, cut, info = env.step(action)
        if done or cut:
            return taken, reward
        assert reward == 0.0
    raise AssertionError("the episode did not end")


@pytest.mark.parametrize(
    ("name", "kwargs"),
    [("y", {"options": {"size": 5}, "seat": 1}), ("domination", {"players": 3})],
)
def test_episodes_against_medium_end_with_the_result_and_replay(
    name: str, kwargs: dict[str, Any]
) -> None:
    env = BotOpponentEnv(name, ["medium"], **kwargs)
    taken, reward = _episode(env, 3)
    assert 0.0 <= reward <= 1.0
    assert reward == env.space.game.result(env._state)[env.seat]
    assert _episode(env, 3) == (taken, reward)


def test_masks_are_the_agent_legal_actions() -> None:
    env = BotOpponentEnv("domination", ["bigmoney"])
    _, info = env.reset(seed=2)
    legal = env.space.game.legal_actions(env._state)
    assert sorted(np.flatnonzero(info["action_mask"])) == sorted(env.space.index[a] for a in legal)
    assert env._state["pending"]["player"] == 0


def test_bot_codes_are_checked() -> None:
    with pytest.raises(BotCodeError, match="does not play"):
        BotOpponentEnv("y", ["bigmoney"])
    with pytest.raises(ValueError, match="one bot code or 3, not 2"):
        BotOpponentEnv("domination", ["easy", "medium"], players=4)
