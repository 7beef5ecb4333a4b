"""How fast Domination plays whole games through the public engine calls.

Reports games per second for Big Money mirrors (2 players), for the spec's
Random strategy and for uniformly random legal actions (2 and 4 players),
each the median of several timed runs in one process (timed in this
process's CPU seconds unless `--clock wall`, so other work on a shared
machine does not count against the engine), plus the median number of turns. Every step goes through
`pending`, `legal_actions` and `apply`, as a bot or the lab would.

    python benchmarks/domination_speed.py [--games N] [--runs R]
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from boardbots.cli.argtypes import Parser, count
from boardbots.core.contract import Action, State
from boardbots.core.rng import Rng
from boardbots.games.domination.engine import GAME
from boardbots.games.domination.strategies import big_money, random_play
from boardbots.native import finder

STEP_CAP = 20_000
"""Random games end (Random buys something every turn), but a cap keeps a bug from hanging us."""

StatePolicy = Callable[[State], Action]


def play(players: int, seed: int, policy: StatePolicy) -> tuple[int, int]:
    """One full game; returns (turns, decisions)."""
    state = GAME.new_state(players, seed)
    steps = 0
    while GAME.pending(state) is not None and steps < STEP_CAP:
        options = GAME.legal_actions(state)
        action = policy(state)
        if action not in options:
            raise RuntimeError(f"policy chose {action!r}, not in {options}")
        GAME.apply(state, action)
        steps += 1
    return GAME.clock(state)[1], steps


CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}


def measure(
    label: str,
    players: int,
    make_policy: Callable[[int], StatePolicy],
    games: int,
    runs: int,
    clock: Callable[[], float] = time.process_time,
) -> dict[str, float]:
    """Median games/s over `runs` runs of `games` games, and the median turns per game."""
    rates: list[float] = []
    turns: list[int] = []
    decisions: list[int] = []
    for run in range(runs):
        start = clock()
        for g in range(games):
            seed = run * games + g
            t, d = play(players, seed, make_policy(seed))
            turns.append(t)
            decisions.append(d)
        rates.append(games / (clock() - start))
    row = {
        "games_per_s": statistics.median(rates),
        "turns": statistics.median(turns),
        "decisions": statistics.median(decisions),
    }
    print(
        f"{label:<28} {row['games_per_s']:>9.0f} games/s   "
        f"median {row['turns']:.0f} turns, {row['decisions']:.0f} decisions per game"
    )
    return row


def _random_policy(seed: int) -> StatePolicy:
    rng = Rng(seed)
    return lambda state: random_play(state, rng)


def _uniform_policy(seed: int) -> StatePolicy:
    rng = Rng(seed)
    return lambda state: rng.choice(GAME.legal_actions(state))


def _big_money_policy(seed: int) -> StatePolicy:
    return big_money


LINEUPS: list[tuple[str, int, Callable[[int], StatePolicy]]] = [
    ("Big Money mirror, 2p", 2, _big_money_policy),
    ("Random strategy, 2p", 2, _random_policy),
    ("Random strategy, 4p", 4, _random_policy),
    ("Uniform random, 2p", 2, _uniform_policy),
    ("Uniform random, 4p", 4, _uniform_policy),
]


def main(argv: list[str] | None = None) -> None:
    parser = Parser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=count, default=300, help="games per timed run")
    parser.add_argument("--runs", type=count, default=5, help="timed runs; the median is shown")
    parser.add_argument(
        "--clock", choices=sorted(CLOCKS), default="cpu", help="what a run is timed by"
    )
    parser.add_argument("--only", help="run just the line-ups whose label contains this text")
    args = parser.parse_args(argv)
    clock = CLOCKS[args.clock]
    print(
        f"Domination speed: {args.runs} runs of {args.games} games, one process, {args.clock} time"
    )
    print(f"engine: {finder.state()}")
    for label, players, policy in LINEUPS:
        if args.only is None or args.only.lower() in label.lower():
            measure(label, players, policy, args.games, args.runs, clock)


if __name__ == "__main__":
    main()
