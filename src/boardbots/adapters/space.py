"""One game under fixed rules and player count, as index spaces and arrays.

Every adapter goes through this: it turns the game's declared encoding
(`games.encoding_for`) into numpy arrays and action masks, and maps an
action index back to the engine's action after checking it is legal.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import numpy.typing as npt

from boardbots.core.contract import Action, Game, IllegalAction, State
from boardbots.core.encoding import Encoding
from boardbots.games import encoding_for, get_game

Observation = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


@dataclasses.dataclass(frozen=True)
class GameSpace:
    """What every episode of one configured game shares."""

    game: Game
    encoding: Encoding
    players: int
    options: dict[str, Any]
    actions: tuple[Action, ...]
    index: dict[Action, int]
    observation_size: int

    def new_state(self, seed: int) -> State:
        return self.game.new_state(self.players, seed, dict(self.options))

    def observe(self, state: State, seat: int | None) -> Observation:
        """The seat's player view as the encoding's vector: the state itself never leaks."""
        values = self.encoding.observe(self.game.player_view(state, seat))
        return np.asarray(values, dtype=np.float32)

    def mask(self, legal: list[Action]) -> Mask:
        mask = np.zeros(len(self.actions), dtype=np.int8)
        mask[[self.index[a] for a in legal]] = 1
        return mask

    def action(self, legal: list[Action], index: int) -> Action:
        """The engine action at `index`, or IllegalAction if it is not in `legal`."""
        if not 0 <= index < len(self.actions):
            raise IllegalAction(f"action index {index} is outside 0..{len(self.actions) - 1}")
        action = self.actions[index]
        if action not in legal:
            raise IllegalAction(f"action {index} ({action!r}) is not legal now")
        return action


def game_space(
    name: str, players: int | None = None, options: dict[str, Any] | None = None
) -> GameSpace:
    """The space of registered game `name`; `players` defaults to the game's minimum."""
    game = get_game(name)
    count = game.meta.min_players if players is None else players
    opts = dict(options or {})
    rules = game.rules(game.new_state(count, 0, dict(opts)))  # refuses bad options early
    encoding = encoding_for(name)
    actions = tuple(encoding.actions(rules, count))
    return GameSpace(
        game=game,
        encoding=encoding,
        players=count,
        options=opts,
        actions=actions,
        index={a: i for i, a in enumerate(actions)},
        observation_size=encoding.observation_size(rules, count),
    )


def seat_to_move(game: Game, state: State) -> int:
    pending = game.pending(state)
    if pending is None:
        raise ValueError("the game is over")
    return int(pending["player"])
