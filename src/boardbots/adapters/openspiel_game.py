"""Every registered game as an OpenSpiel game, through OpenSpiel's Python game API.

`register_all()` registers "boardbots_<name>" for each game; load one with
`load("y", options={"size": 5})` or `pyspiel.load_game("boardbots_y")`.
Parameters: `players`, `seed` (the stream that deals each new game and each
resampled world), `options` (the rules as a JSON object) and `max_decisions`
(see below).

The declarations follow the game's own `GameMeta`:

- hidden information (Domination) is IMPERFECT_INFORMATION, else PERFECT;
- chance (Domination's shuffles) is SAMPLED_STOCHASTIC: the engine draws its
  shuffles from the state's own hidden seed, so no chance nodes appear, and
  `resample_from_infostate` deals a world consistent with a seat's view
  (the game's `determinize`); no chance is DETERMINISTIC;
- utility is CONSTANT_SUM: returns are win shares from `result`, summing to 1.

Observations are the game's declared encoding (docs/rl.md) of the player
view; the observation string is that view as JSON. Information states are
not offered: a view does not keep the whole history a perfect-recall
information state needs, so algorithms that need one should use
observations (ISMCTS: `use_observation_string=True`).

A game without a declared maximum length (Domination) stops after
`max_decisions` decisions; such a game is scored by `scores` the way
`result` scores a finished one. With the default cap (20,000) that does
not happen in random play (about 250 to 350 decisions a game).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from boardbots.adapters.space import GameSpace, game_space, seat_to_move
from boardbots.core.contract import Game, State
from boardbots.core.results import shares_from_keys
from boardbots.core.rng import Rng, mix_seed
from boardbots.games import all_games, get_game

PREFIX = "boardbots_"
DEFAULT_MAX_DECISIONS = 20_000
_CLASSES: dict[str, type[BoardbotsGame]] = {}


def short_name(game: str) -> str:
    return PREFIX + game


def game_type(game: Game) -> pyspiel.GameType:
    """What OpenSpiel algorithms check before they run, read from the game's meta."""
    meta = game.meta
    mode = pyspiel.GameType.ChanceMode
    info = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=short_name(meta.name),
        long_name=f"boardbots {meta.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=mode.SAMPLED_STOCHASTIC if meta.chance else mode.DETERMINISTIC,
        information=info.IMPERFECT_INFORMATION
        if meta.hidden_information
        else info.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=meta.max_players,
        min_num_players=meta.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": meta.min_players,
            "seed": 0,
            "options": "{}",
            "max_decisions": DEFAULT_MAX_DECISIONS,
        },
    )


class BoardbotsGame(pyspiel.Game):  # type: ignore[misc]
    """One registered game under fixed parameters; `register` makes a subclass per game."""

    NAME = ""

    def __init__(self, params: dict[str, Any]) -> None:
        name = self.NAME
        engine = get_game(name)
        space = game_space(name, int(params["players"]), json.loads(str(params["options"])))
        length = engine.meta.max_length or int(params["max_decisions"])
        info = pyspiel.GameInfo(
            num_distinct_actions=len(space.actions),
            max_chance_outcomes=0,
            num_players=space.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=length,
        )
        super().__init__(game_type(engine), info, params)
        self.space = space
        self.max_decisions = length
        self._deals = Rng(mix_seed("openspiel-deals", int(params["seed"])))
        self._worlds = Rng(mix_seed("openspiel-worlds", int(params["seed"])))

    def new_initial_state(self) -> BoardbotsState:
        return BoardbotsState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> ViewObserver:
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError("information states are not provided; use observations")
        public_only = (
            iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        )
        return ViewObserver(self.space, public_only)

    def next_deal(self) -> int:
        return self._deals.randrange(2**62)

    def next_world(self) -> Rng:
        return self._worlds.fork()


class _World:
    """The engine state behind one OpenSpiel state.

    OpenSpiel clones a Python state by making a fresh initial state and deep
    copying its attributes; this object makes that copy the engine's own
    `clone`, and draws the new game's seed only when a state is first used,
    so clones (which are overwritten at once) never consume deals.
    """

    __slots__ = ("_state", "decisions", "game")

    def __init__(self, game: BoardbotsGame, state: State | None, decisions: int = 0) -> None:
        self.game = game
        self._state = state
        self.decisions = decisions

    @property
    def state(self) -> State:
        if self._state is None:
            self._state = self.game.space.new_state(self.game.next_deal())
        return self._state

    def __deepcopy__(self, memo: dict[int, Any]) -> _World:
        return _World(self.game, self.game.space.game.clone(self.state), self.decisions)


class BoardbotsState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: BoardbotsGame) -> None:
        super().__init__(game)
        self.world = _World(game, None)

    @property
    def _space(self) -> GameSpace:
        return self.world.game.space

    def _capped(self) -> bool:
        return self.world.decisions >= self.world.game.max_decisions

    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return seat_to_move(self._space.game, self.world.state)

    def _legal_actions(self, player: int) -> list[int]:
        index = self._space.index
        return sorted(index[a] for a in self._space.game.legal_actions(self.world.state))

    def _apply_action(self, action: int) -> None:
        self._space.game.apply(self.world.state, self._space.actions[action])
        self.world.decisions += 1

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self._space.actions[action])

    def is_terminal(self) -> bool:
        return self._space.game.is_over(self.world.state) or self._capped()

    def returns(self) -> list[float]:
        game, state = self._space.game, self.world.state
        if game.is_over(state):
            return game.result(state)
        if self._capped():
            return shares_from_keys(game.scores(state))
        return [0.0] * self._space.players

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BoardbotsState:
        """A world consistent with what `player_id` sees, dealt by the game's `determinize`.

        The draw comes from the game's seeded stream rather than
        `probability_sampler`, so a search replays from the `seed` parameter.
        """
        game = self.world.game
        engine = game.space.game
        twin = game.new_initial_state()
        view = engine.player_view(self.world.state, player_id)
        twin.world = _World(game, engine.determinize(view, game.next_world()), self.world.decisions)
        return twin

    def __str__(self) -> str:
        return self._space.game.render(self.world.state)


class ViewObserver:
    """Observations of one seat's player view (a spectator's when `public_only`)."""

    def __init__(self, space: GameSpace, public_only: bool) -> None:
        self.space = space
        self.public_only = public_only
        self.tensor = np.zeros(space.observation_size, np.float32)
        self.dict = {"observation": self.tensor}

    def _seat(self, player: int) -> int | None:
        return None if self.public_only else player

    def set_from(self, state: BoardbotsState, player: int) -> None:
        self.tensor[:] = self.space.observe(state.world.state, self._seat(player))

    def string_from(self, state: BoardbotsState, player: int) -> str:
        view = self.space.game.player_view(state.world.state, self._seat(player))
        return json.dumps(view, sort_keys=True, separators=(",", ":"))


def register(name: str) -> str:
    """Register game `name` with OpenSpiel (once) and return its OpenSpiel short name."""
    short = short_name(name)
    if short not in pyspiel.registered_names():
        # A class, as OpenSpiel's own Python games register: OpenSpiel keeps the
        # constructor until exit, and a closure freed that late aborts the interpreter.
        cls = type(f"Boardbots_{name}_Game", (BoardbotsGame,), {"NAME": name})
        _CLASSES[name] = cls
        pyspiel.register_game(game_type(get_game(name)), cls)
    return short


def register_all() -> list[str]:
    return [register(g.meta.name) for g in all_games()]


def load(
    name: str,
    players: int | None = None,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    max_decisions: int = DEFAULT_MAX_DECISIONS,
) -> pyspiel.Game:
    """The OpenSpiel game for registered game `name` (registering it if needed)."""
    params: dict[str, Any] = {
        "seed": seed,
        "options": json.dumps(options or {}, sort_keys=True),
        "max_decisions": max_decisions,
    }
    if players is not None:
        params["players"] = players
    return pyspiel.load_game(register(name), params)
