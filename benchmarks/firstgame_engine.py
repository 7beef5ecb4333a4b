"""Script against script: the First Game engine against the gauntlet, on its rows' kingdoms.

Hard plays the engine (`games/domination/firstgame_engine.py`) as its own plan only
against the scripts it beats by far more than Hard's search did with their own
lists (`firstgame_engine.COUNTERS`). This prints the figures behind that choice:
the engine's win share against each script, seats alternating, with its 95%
interval and the game length. Figures: docs/gauntlet.md, "The First Game engine".

`--remodel simulator` plays Remodel as Geronimoo's simulator does (never counting
the Remodel itself as a card it might trash), to show what our one kept departure
is worth. `geronimoo-witch` is the simulator's own "Witch" bot, not a gauntlet
script, which differs from Dominiate's DoubleWitch in when it buys its second
Witch: the simulator's figure for the engine against Witch comes from that bot.

    python benchmarks/firstgame_engine.py [--games 2000] [--seed 77]
        [--against smithy-bm,bmu,moat-bm,militia-bm,doublewitch,cr-militia]
        [--remodel ours|simulator]
"""

from __future__ import annotations

import statistics
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from boardbots.cli.argtypes import Parser, count
from boardbots.games.domination.firstgame_engine import engine_policy, simulators_remodel_policy
from boardbots.games.domination.gauntlet import head_to_head
from boardbots.games.domination.playbook import STRATEGIES
from boardbots.games.domination.scripted import Strategy
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
KINGDOMS["geronimoo-witch"] = KINGDOMS["doublewitch"]
"""The kingdom of each script's gauntlet row where it is not First Game itself."""

GERONIMOO_WITCH = Strategy(
    "geronimoo-witch",
    "Witch (Geronimoo's simulator)",
    'Geronimoo/DominionSim DomBots.xml, "Witch" (Geronimoo)',
    ("Witch",),
    (
        ("Province", (("count:Gold", ">", 0),)),
        ("Duchy", (("provinces", "<=", 5),)),
        ("Estate", (("provinces", "<=", 2),)),
        ("Witch", (("count:Witch", "==", 0),)),
        ("Gold", ()),
        ("Witch", (("count:Witch", "<", 2),)),
        ("Silver", ()),
    ),
)
"""The second Witch after Gold, and Duchies once five Provinces are left."""
OPPONENTS: dict[str, str | Strategy] = {code: code for code in STRATEGIES}
OPPONENTS["geronimoo-witch"] = GERONIMOO_WITCH
REMODELS = {"ours": engine_policy, "simulator": simulators_remodel_policy}


def measure(task: tuple[str, int, int, str]) -> str:
    code, games, seed, remodel = task
    options: dict[str, Any] = {"kingdom": KINGDOMS.get(code, FIRST_GAME)}
    played = head_to_head(REMODELS[remodel], OPPONENTS[code], games, options, seed)
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
    parser.add_argument(
        "--remodel",
        choices=sorted(REMODELS),
        default="ours",
        help="whether Remodel may count itself among the cards it would trash (ours)",
    )
    args = parser.parse_args()
    codes = args.against.split(",")
    unknown = [c for c in codes if c not in OPPONENTS]
    if unknown:
        parser.error(f"unknown script {unknown[0]!r}; the playbook's codes: {', '.join(OPPONENTS)}")
    tasks = [(c, args.games, args.seed, args.remodel) for c in codes]
    with ProcessPoolExecutor(args.workers) as pool:
        for line in pool.map(measure, tasks):
            print(line, flush=True)


if __name__ == "__main__":
    main()
