"""Script against script: the First Game engine against the gauntlet, on its rows' kingdoms.

Hard plays the engine (`games/domination/firstgame_engine.py`) as its own plan only
against the scripts it beats by far more than Hard's search did with their own
lists (`firstgame_engine.COUNTERS`). This prints the figures behind that choice:
the engine's win share against each script, seats alternating, with its 95%
interval and the game length. Figures: docs/gauntlet.md, "The First Game engine".

    python benchmarks/firstgame_engine.py [--games 2000] [--seed 77]
        [--against smithy-bm,bmu,moat-bm,militia-bm,doublewitch,cr-militia]
"""

from __future__ import annotations

import statistics
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from boardbots.cli.argtypes import Parser, count
from boardbots.games.domination.firstgame_engine import engine_policy
from boardbots.games.domination.gauntlet import head_to_head
from boardbots.games.domination.playbook import STRATEGIES
from boardbots.sim.metrics import mean_interval

FIRST_GAME = [
    "Cellar",
    "Moat",
    "Merchant",
    "Village",
    "Workshop",
    "Militia",
    "Remodel",
    "Smithy",
    "Market",
    "Mine",
]
KINGDOMS: dict[str, list[str]] = {
    "doublewitch": [c if c != "Moat" else "Witch" for c in FIRST_GAME],
    "cr-militia": [c if c != "Moat" else "Council Room" for c in FIRST_GAME],
}
"""The kingdom of each script's gauntlet row where it is not First Game itself."""


def measure(task: tuple[str, int, int]) -> str:
    code, games, seed = task
    options: dict[str, Any] = {"kingdom": KINGDOMS.get(code, FIRST_GAME)}
    played = head_to_head(engine_policy, code, games, options, seed)
    share = mean_interval([s for s, _ in played])
    turns = statistics.fmean(t for _, t in played)
    return (
        f"engine vs {code}: {share['mean']:.1%} ({share['low']:.1%} - {share['high']:.1%}) "
        f"of {games}, {turns:.1f} turns a game"
    )


def main() -> None:
    parser = Parser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=count, default=2000, help="games per opponent")
    parser.add_argument("--seed", type=int, default=77)
    parser.add_argument(
        "--against", default="smithy-bm,bmu,moat-bm,militia-bm,doublewitch,cr-militia"
    )
    parser.add_argument("--workers", type=count, default=2)
    args = parser.parse_args()
    codes = args.against.split(",")
    unknown = [c for c in codes if c not in STRATEGIES]
    if unknown:
        parser.error(
            f"unknown script {unknown[0]!r}; the playbook's codes: {', '.join(STRATEGIES)}"
        )
    with ProcessPoolExecutor(args.workers) as pool:
        for line in pool.map(measure, [(c, args.games, args.seed) for c in codes]):
            print(line, flush=True)


if __name__ == "__main__":
    main()
