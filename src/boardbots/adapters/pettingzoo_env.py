"""Every registered game as a PettingZoo AEC environment (docs/rl.md).

Agents are "player_0".."player_{n-1}" by seat. The agent selected is the
seat the game waits for, which in Domination is not always the player whose
turn it is (a Moat reaction, a Militia discard). Observations are the
game's declared encoding of that agent's player view; each agent's info
holds "action_mask" over the game's fixed action indices (all zeros when
it is not that agent's decision). The only non-zero rewards come at the
end: each agent's win share from `result` (they sum to 1).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from boardbots.adapters.space import GameSpace, Observation, game_space, seat_to_move
from boardbots.core.contract import Action, State
from boardbots.core.rng import Rng

AgentID = str


def agent_name(seat: int) -> AgentID:
    return f"player_{seat}"


class BoardbotsAEC(AECEnv[AgentID, Observation, int]):  # type: ignore[misc]
    """One registered game, `players` seats, fixed rules `options`.

    `max_steps` truncates an episode after that many decisions (None: play to
    the end). `reset(seed=s)` deals game s; `reset()` without a seed deals the
    next game of a stream seeded by the last seed given, so runs replay.
    """

    def __init__(
        self,
        game: str,
        players: int | None = None,
        options: dict[str, Any] | None = None,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.space: GameSpace = game_space(game, players, options)
        self.metadata = {
            "name": f"boardbots_{game}_v0",
            "render_modes": ["ansi"],
            "is_parallelizable": False,
        }
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.possible_agents = [agent_name(p) for p in range(self.space.players)]
        size, high = self.space.observation_size, self.space.encoding.observation_high
        box = gymnasium.spaces.Box(0.0, high, (size,), np.float32)
        self._observation_spaces = {a: box for a in self.possible_agents}
        self._action_spaces = {
            a: gymnasium.spaces.Discrete(len(self.space.actions)) for a in self.possible_agents
        }
        self._seeds = Rng(0)
        self._state: State = {}
        self._legal: list[Action] = []
        self._steps = 0

    def observation_space(self, agent: AgentID) -> gymnasium.spaces.Space[Observation]:
        return self._observation_spaces[agent]

    def action_space(self, agent: AgentID) -> gymnasium.spaces.Space[Any]:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = Rng(seed)
        game_seed = seed if seed is not None else self._seeds.randrange(2**62)
        self._state = self.space.new_state(game_seed)
        self._steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[AgentID, dict[str, Any]] = {a: {} for a in self.agents}
        self._next_decision()

    def observe(self, agent: AgentID) -> Observation:
        return self.space.observe(self._state, self.possible_agents.index(agent))

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must choose an action index, not None")
        self._cumulative_rewards[agent] = 0.0
        self.space.game.apply(self._state, self.space.action(self._legal, int(action)))
        self._steps += 1
        self._clear_rewards()
        self._next_decision()
        self._accumulate_rewards()

    def _next_decision(self) -> None:
        """Select the seat the game waits for, or end the episode for everyone."""
        game = self.space.game
        if game.is_over(self._state):
            for seat, share in enumerate(game.result(self._state)):
                self.rewards[agent_name(seat)] = float(share)
                self.terminations[agent_name(seat)] = True
            self._legal = []
            self._set_masks(None)
            return
        self.agent_selection = agent_name(seat_to_move(game, self._state))
        self._legal = game.legal_actions(self._state)
        self._set_masks(self.agent_selection)
        if self.max_steps is not None and self._steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)

    def _set_masks(self, deciding: AgentID | None) -> None:
        mask = self.space.mask(self._legal)
        idle = np.zeros(len(self.space.actions), dtype=np.int8)
        self.infos = {a: {"action_mask": mask if a == deciding else idle} for a in self.agents}

    def render(self) -> str:
        return self.space.game.render(self._state)

    def close(self) -> None:
        self._state = {}


def env(game: str, **kwargs: Any) -> BoardbotsAEC:
    """The PettingZoo-style constructor: `env("y")`, `env("domination", players=4)`."""
    return BoardbotsAEC(game, **kwargs)
