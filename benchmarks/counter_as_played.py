"""Script against script, with Hard's own seat following its counters as its playouts do.

`tune_scripts.py --against` judges a counter played from the first turn against the
strategy it counters. Hard follows it only from the moment it takes its opponent for
that strategy, and takes for it every opponent that looks the same so far: a seat that
buys money only in its first turn is taken for BMU, and so is Moat-BM, which buys its
Moat only once it holds 10 Treasures, and for a turn Smithy-BM or Militia-BM after a
first hand of $3. So this plays the script Hard's own seat follows
(`playout.seat_strategies`, asked again at every decision) against each opponent, and
the tuned version alone on the same games, and gives the paired difference: what the
counter does as Hard uses it, before any search.

`--opening-turns` changes how many money-only turns make an opponent BMU (the
playouts' `OPENING_TURNS_2P`, one since 2026-12-05; it was two), to compare guesses.
Figures: docs/acceptance.md, "What the counter is worth to Hard" and "Guessing BMU
after one turn".

    python benchmarks/counter_as_played.py [--kingdom first-game] [--games 4000]
        [--seed 2028] [--opening-turns 1] [--opponents bmu,moat-bm,smithy-bm,militia-bm]
"""

from __future__ import annotations

import statistics
from concurrent.futures import ProcessPoolExecutor

from boardbots.cli.argtypes import Parser, count
from boardbots.core.contract import Action, State
from boardbots.games.domination import playout
from boardbots.games.domination.endgame import sensible_buy
from boardbots.games.domination.gauntlet import head_to_head
from boardbots.games.domination.playbook import STRATEGIES, best_for, own_version
from boardbots.games.domination.scripted import policy
from boardbots.sim.metrics import paired_difference

Task = tuple[str, str, int, int, int]
"""opponent, kingdom, games, seed, opening turns."""


def as_played(state: State) -> Action:
    """The move of the script Hard's own seat would follow here in a playout."""
    me = state["pending"]["player"]
    mine = playout.seat_strategies(state, me)[me]
    move = policy(mine, state)
    return sensible_buy(mine, state, move) if state["pending"]["kind"] == "buy" else move


def tuned_alone(state: State) -> Action:
    """The move of the tuned version of the kingdom's strongest script, counters aside."""
    kingdom = state["kingdom"]
    return policy(own_version(best_for(kingdom), kingdom), state)


def compare(task: Task) -> str:
    opponent, kingdom, games, seed, opening_turns = task
    playout.OPENING_TURNS_2P = opening_turns  # this process only: the experiment's one knob
    options = {"kingdom": kingdom}
    ours = [s for s, _ in head_to_head(as_played, opponent, games, options, seed)]
    alone = [s for s, _ in head_to_head(tuned_alone, opponent, games, options, seed)]
    edge = paired_difference(ours, alone)
    return (
        f"against {opponent}: as played {statistics.fmean(ours):.1%}, tuned alone "
        f"{statistics.fmean(alone):.1%}, difference {edge['mean']:+.1%} "
        f"({edge['low']:+.1%} to {edge['high']:+.1%}, paired)"
    )


def main() -> None:
    parser = Parser(description=__doc__.splitlines()[0])
    parser.add_argument("--kingdom", default="first-game", help="a named kingdom")
    parser.add_argument("--games", type=count, default=4000, help="games per opponent")
    parser.add_argument("--seed", type=int, default=2028)
    parser.add_argument("--opening-turns", type=count, default=playout.OPENING_TURNS_2P)
    parser.add_argument("--opponents", default="bmu,moat-bm,smithy-bm,militia-bm")
    parser.add_argument("--workers", type=count, default=2)
    args = parser.parse_args()
    unknown = [c for c in args.opponents.split(",") if c not in STRATEGIES]
    if unknown:
        parser.error(f"no playbook strategy {', '.join(unknown)} (see docs/gauntlet.md)")
    tasks: list[Task] = [
        (code, args.kingdom, args.games, args.seed, args.opening_turns)
        for code in args.opponents.split(",")
    ]
    with ProcessPoolExecutor(args.workers) as pool:
        for line in pool.map(compare, tasks):
            print(line, flush=True)


if __name__ == "__main__":
    main()
