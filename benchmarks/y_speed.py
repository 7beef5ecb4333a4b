"""Game of Y speed: random playouts per second at several board sizes.

Two figures per size, each the median of several timed runs on one core:
`fill` is the playout a bot's search uses (a uniformly random completion of
the board judged by the full-board winner test), `apply` plays the same kind
of game one legal move at a time through `legal_actions` and `apply`.

Runs are timed in this process's CPU seconds (`--clock cpu`, the default), so
work of other processes on a shared machine does not count against the
engine; `--clock wall` times them by the wall clock instead.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from boardbots.cli.argtypes import Parser, count
from boardbots.core.rng import Rng
from boardbots.games.y.engine import GAME, random_winner
from boardbots.native import finder

CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}


def fill_rate(size: int, playouts: int, seed: int, clock: Callable[[], float]) -> float:
    state = GAME.new_state(2, 0, {"size": size})
    rng = Rng(seed)
    start = clock()
    for _ in range(playouts):
        random_winner(state, rng)
    return playouts / (clock() - start)


def apply_rate(size: int, games: int, seed: int, clock: Callable[[], float]) -> float:
    rng = Rng(seed)
    start = clock()
    for _ in range(games):
        state = GAME.new_state(2, 0, {"size": size})
        while not GAME.is_over(state):
            GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    return games / (clock() - start)


def main(argv: list[str] | None = None) -> None:
    parser = Parser(prog="boardbots bench y", description=__doc__)
    parser.add_argument("--sizes", default="9,11,13", help="comma-separated board sizes")
    parser.add_argument("--runs", type=count, default=5, help="timed runs per figure")
    parser.add_argument("--playouts", type=count, default=20000, help="fill playouts per run")
    parser.add_argument("--games", type=count, default=1000, help="apply games per run")
    parser.add_argument(
        "--clock", choices=sorted(CLOCKS), default="cpu", help="what a run is timed by"
    )
    args = parser.parse_args(argv)
    clock = CLOCKS[args.clock]
    print(f"engine: {finder.state()}")
    print(
        f"{'size':>4}  {'fill playouts/s':>16}  {'apply games/s':>14}"
        f"   (median of {args.runs}, {args.clock} time)"
    )
    for size in (int(s) for s in args.sizes.split(",")):
        fill_rate(size, 500, 0, clock)  # warm up caches for this size
        fill = statistics.median(fill_rate(size, args.playouts, r, clock) for r in range(args.runs))
        full = statistics.median(apply_rate(size, args.games, r, clock) for r in range(args.runs))
        print(f"{size:>4}  {fill:>16,.0f}  {full:>14,.0f}")


if __name__ == "__main__":
    main()
