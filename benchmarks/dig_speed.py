"""Dig speed: random games per second (2 and 4 players) and Hard's decision time.

Games are played with uniformly random legal moves through `legal_actions` and
`apply`, as the lab's Random bot plays them. Hard's figure is its decision time
at its default iterations with no time budget, in the positions a Medium-vs-Medium
4-player game reaches, cold caches each time (the exact-mean tables are emptied).
Every figure is the median of several runs in this process's CPU seconds
(`--clock wall` for the wall clock).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from boardbots.bots.base import BotContext
from boardbots.bots.registry import make_bot
from boardbots.core.contract import View
from boardbots.core.rng import Rng, mix_seed
from boardbots.games.dig import odds, race
from boardbots.games.dig.engine import GAME
from boardbots.sim.harness import seat_to_move

CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}


def random_rate(players: int, games: int, seed: int, clock: Callable[[], float]) -> float:
    rng = Rng(seed)
    start = clock()
    for g in range(games):
        state = GAME.new_state(players, g)
        while not GAME.is_over(state):
            GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    return games / (clock() - start)


def positions(count: int) -> list[View]:
    """Views of the seat to move with a real choice, from Medium-vs-Medium 4-player games."""
    medium = make_bot("medium", "dig")
    views: list[View] = []
    seed = 0
    while len(views) < count:
        seed += 1
        state = GAME.new_state(4, seed)
        step = 0
        while not GAME.is_over(state) and len(views) < count:
            view = GAME.player_view(state, seat_to_move(GAME, state))
            if len(GAME.legal_actions(state)) > 1 and step % 2 == 0:
                views.append(view)
            GAME.apply(state, medium.decide(view, BotContext(Rng(mix_seed(seed, step)))))
            step += 1
    return views


def _clear() -> None:
    odds.dig_gain.cache_clear()
    odds.dig_value.cache_clear()
    odds.should_dig.cache_clear()
    odds.roll_value.cache_clear()
    race.race_value.cache_clear()
    race.race_dig.cache_clear()
    race.extra.cache_clear()
    race.haul_odds.cache_clear()


def hard_times(views: list[View], clock: Callable[[], float]) -> list[float]:
    hard = make_bot("hard", "dig")
    times = []
    for k, view in enumerate(views):
        _clear()
        start = clock()
        hard.decide(view, BotContext(Rng(k)))
        times.append((clock() - start) * 1000)
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="boardbots bench dig", description=__doc__)
    parser.add_argument("--games", type=int, default=2000, help="random games per run")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--positions", type=int, default=60, help="Hard decisions timed")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu")
    args = parser.parse_args(argv)
    clock = CLOCKS[args.clock]
    for players in (2, 4):
        rates = [random_rate(players, args.games, r, clock) for r in range(args.runs)]
        print(f"random games, {players}p: {statistics.median(rates):,.0f} games/s (median)")
    times = sorted(hard_times(positions(args.positions), clock))
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(
        f"Hard decision ({len(times)} positions): median {statistics.median(times):.1f} ms, "
        f"p95 {p95:.1f} ms"
    )


if __name__ == "__main__":
    main()
