"""One seat of a registered game as a Gymnasium environment; ladder bots play the others.

The bots are named by bot code ("medium", "hard:iterations=200", ...) and
decide through the same boundary as everywhere else: each gets only its
seat's player view and its own seeded Rng. An episode's only reward is the
agent's win share from `result` at the end. `info["action_mask"]` (and the
`action_masks()` method that masking PPO implementations call) gives the
legal action indices.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from boardbots.adapters.space import GameSpace, Mask, Observation, game_space, seat_to_move
from boardbots.bots.base import Bot, BotContext
from boardbots.bots.registry import make_bot
from boardbots.core.contract import Action, State
from boardbots.core.rng import Rng, decision_seed


class BotOpponentEnv(gymnasium.Env[Observation, np.int64]):
    """The agent plays `seat`; `opponents` lists a bot code for each other seat in seat order.

    One code for several seats may be given once: `opponents=["medium"]`
    with `players=4` fills all three. Bots' decisions are seeded from the
    game seed, so an episode replays exactly from its seed.
    """

    def __init__(
        self,
        game: str,
        opponents: list[str],
        players: int | None = None,
        seat: int = 0,
        options: dict[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        self.space: GameSpace = game_space(game, players, options)
        others = self.space.players - 1
        if len(opponents) not in (1, others):
            raise ValueError(f"give one bot code or {others}, not {len(opponents)}")
        if not 0 <= seat < self.space.players:
            raise ValueError(f"seat must be 0..{self.space.players - 1}, not {seat}")
        codes = opponents * others if len(opponents) == 1 else list(opponents)
        self.seat = seat
        self.bots: dict[int, Bot] = {}
        seats = [p for p in range(self.space.players) if p != seat]
        for p, code in zip(seats, codes, strict=True):
            self.bots[p] = make_bot(code, game)
        size, high = self.space.observation_size, self.space.encoding.observation_high
        self.observation_space = gymnasium.spaces.Box(0.0, high, (size,), np.float32)
        self.action_space = gymnasium.spaces.Discrete(len(self.space.actions))
        self.render_mode = render_mode
        self.metadata = {"render_modes": ["ansi"]}
        self._seeds = Rng(0)
        self._game_seed = 0
        self._state: State = {}
        self._legal: list[Action] = []
        self._decisions = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = Rng(seed)
        self._game_seed = seed if seed is not None else self._seeds.randrange(2**62)
        self._state = self.space.new_state(self._game_seed)
        self._decisions = 0
        self._bots_play()
        return self._observation(), self._info()

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        game = self.space.game
        game.apply(self._state, self.space.action(self._legal, int(action)))
        self._decisions += 1
        self._bots_play()
        if game.is_over(self._state):
            reward = float(game.result(self._state)[self.seat])
            return self._observation(), reward, True, False, self._info()
        return self._observation(), 0.0, False, False, self._info()

    def _bots_play(self) -> None:
        """Let the bots decide until the agent must, or the game ends."""
        game = self.space.game
        while not game.is_over(self._state):
            p = seat_to_move(game, self._state)
            if p == self.seat:
                self._legal = game.legal_actions(self._state)
                return
            ctx = BotContext(rng=Rng(decision_seed(self._game_seed, self._decisions)))
            game.apply(self._state, self.bots[p].decide(game.player_view(self._state, p), ctx))
            self._decisions += 1
        self._legal = []

    def _observation(self) -> Observation:
        return self.space.observe(self._state, self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}

    def action_masks(self) -> Mask:
        return self.space.mask(self._legal)

    def render(self) -> str:
        return self.space.game.render(self._state)
