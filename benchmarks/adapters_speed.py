"""Adapter step rates: decisions per second of uniformly random play through each adapter.

For each game the same kind of random game is played four ways, timing
whole games and counting decisions: straight through the engine contract
(`legal_actions` + `apply`, the floor the adapters add to), the PettingZoo
AEC environment (mask in info, observation of every decision), the
Gymnasium environment (agent steps only; the other seats are the `random`
bot, whose decisions go through the player view but are not counted), and
the OpenSpiel state (`legal_actions` + `apply_action`, no observations).
Needs the rl extra. Medians of several runs, one process.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from boardbots.adapters.gym_env import BotOpponentEnv
from boardbots.adapters.openspiel_game import load
from boardbots.adapters.pettingzoo_env import env
from boardbots.cli.argtypes import Parser, count
from boardbots.core.rng import Rng
from boardbots.games import get_game

Case = tuple[str, int, dict[str, Any]]
CASES: list[Case] = [("y", 2, {"size": 11}), ("domination", 2, {}), ("domination", 4, {})]


def engine_steps(case: Case, games: int, seed: int) -> int:
    name, players, options = case
    game, rng, steps = get_game(name), Rng(seed), 0
    for g in range(games):
        state = game.new_state(players, seed * 1000 + g, dict(options))
        while not game.is_over(state):
            game.apply(state, rng.choice(game.legal_actions(state)))
            steps += 1
    return steps


def pettingzoo_steps(case: Case, games: int, seed: int) -> int:
    name, players, options = case
    aec, rng, steps = env(name, players=players, options=options), np.random.default_rng(seed), 0
    for g in range(games):
        aec.reset(seed=seed * 1000 + g)
        for _agent in aec.agent_iter():
            _obs, _reward, done, cut, info = aec.last()
            if done or cut:
                aec.step(None)
                continue
            aec.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            steps += 1
    return steps


def gymnasium_steps(case: Case, games: int, seed: int) -> int:
    name, players, options = case
    gym = BotOpponentEnv(name, ["random"], players=players, options=options)
    rng, steps = np.random.default_rng(seed), 0
    for g in range(games):
        _obs, info = gym.reset(seed=seed * 1000 + g)
        done = False
        while not done:
            _obs, _r, done, _cut, info = gym.step(
                int(rng.choice(np.flatnonzero(info["action_mask"])))
            )
            steps += 1
    return steps


def openspiel_steps(case: Case, games: int, seed: int) -> int:
    name, players, options = case
    game = load(name, players=players, seed=seed, options=options)
    rng, steps = np.random.default_rng(seed), 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(int(rng.choice(state.legal_actions())))
            steps += 1
    return steps


PATHS: dict[str, Callable[[Case, int, int], int]] = {
    "engine": engine_steps,
    "pettingzoo": pettingzoo_steps,
    "gymnasium": gymnasium_steps,
    "openspiel": openspiel_steps,
}


def rate(path: Callable[[Case, int, int], int], case: Case, games: int, seed: int) -> float:
    start = time.perf_counter()
    steps = path(case, games, seed)
    return steps / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> None:
    parser = Parser(prog="boardbots bench adapters", description=__doc__)
    parser.add_argument("--runs", type=count, default=3, help="timed runs per figure")
    parser.add_argument("--games", type=count, default=20, help="games per run")
    args = parser.parse_args(argv)
    print(
        f"{'game':<16}"
        + "".join(f"{p:>12}" for p in PATHS)
        + f"   decisions/s, median of {args.runs}"
    )
    for case in CASES:
        figures = []
        for path in PATHS.values():
            path(case, 1, 99)  # warm caches (tables, boards) before timing
            figures.append(
                statistics.median(rate(path, case, args.games, r) for r in range(args.runs))
            )
        label = f"{case[0]} {case[1]}p"
        print(f"{label:<16}" + "".join(f"{f:>12,.0f}" for f in figures))


if __name__ == "__main__":
    main()
