"""Round-robin of the gauntlet strategies; writes the strength order `gauntlet-best` follows.

Every pair plays N two-player games (seats swapped every other game) on one
kingdom that holds every gauntlet strategy's cards, as direct state-policy
loops. A strategy's strength is its mean win share over all its opponents;
the order, the scores and every pair's figure with its 95% interval go to
`src/boardbots/games/domination/data/gauntlet_order.json`.

    python benchmarks/gauntlet_order.py [--games 1000] [--seed 0] [--out PATH]
    python benchmarks/gauntlet_order.py --solo [--games 2000]

`--solo` prints instead how many turns Big Money, BMU and Smithy-BM take to
own 4 Provinces against a seat that never buys, the figure dominionstrategy.com
publishes (docs/gauntlet.md compares them).
"""

from __future__ import annotations

import itertools
import json
import statistics
from pathlib import Path
from typing import Any

from boardbots.cli.argtypes import Parser, count
from boardbots.games.domination.gauntlet import head_to_head, solo_turn, state_policy
from boardbots.games.domination.playbook import STRATEGIES
from boardbots.games.domination.strategies import big_money
from boardbots.sim.metrics import mean_interval

KINGDOM = [
    "Cellar", "Chapel", "Moat", "Village", "Militia",
    "Smithy", "Council Room", "Laboratory", "Market", "Witch",
]  # fmt: skip
"""Every gauntlet card, topped up with Cellar and Market, which no strategy buys."""

OUT = Path(__file__).parent.parent / "src/boardbots/games/domination/data/gauntlet_order.json"


def pair(a: str, b: str, games: int, seed: int) -> dict[str, Any]:
    """a's win share against b, with its interval and the mean game length in turns."""
    played = head_to_head(a, b, games, {"kingdom": KINGDOM}, seed)
    m = mean_interval([share for share, _ in played])
    turns = statistics.fmean(t for _, t in played)
    return {"share": m["mean"], "low": m["low"], "high": m["high"], "turns": turns}


def round_robin(games: int, seed: int) -> dict[str, Any]:
    codes = list(STRATEGIES)
    pairs: dict[str, Any] = {}
    shares: dict[str, list[float]] = {c: [] for c in codes}
    for a, b in itertools.combinations(codes, 2):
        row = pairs[f"{a} vs {b}"] = pair(a, b, games, seed)
        shares[a].append(row["share"])
        shares[b].append(1 - row["share"])
        print(f"{a} vs {b}: {row['share']:.1%} ({row['low']:.1%}-{row['high']:.1%})", flush=True)
    score = {c: statistics.fmean(v) for c, v in shares.items()}
    order = sorted(codes, key=lambda c: -score[c])
    return {
        "order": order,
        "score": score,
        "pairs": pairs,
        "kingdom": KINGDOM,
        "games_per_pair": games,
        "seed": seed,
        "command": f"python benchmarks/gauntlet_order.py --games {games} --seed {seed}",
    }


def solo(games: int) -> None:
    """Mean turns to 4 Provinces with a 95% interval, for the decks with a published figure."""
    decks = {
        "bigmoney": big_money,
        "bmu": state_policy("bmu"),
        "smithy-bm": state_policy("smithy-bm"),
    }
    for name, play in decks.items():
        turns = [solo_turn(play, seed, {"kingdom": KINGDOM}) for seed in range(games)]
        mean = statistics.fmean(turns)
        half = 1.959964 * statistics.stdev(turns) / len(turns) ** 0.5
        print(f"{name}: {mean:.2f} turns ({mean - half:.2f}-{mean + half:.2f}), {games} games")


def main() -> None:
    parser = Parser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=count, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--solo", action="store_true", help="turns to 4 Provinces instead")
    args = parser.parse_args()
    if args.solo:
        solo(args.games)
        return
    result = round_robin(args.games, args.seed)
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    print("order:", ", ".join(result["order"]))


if __name__ == "__main__":
    main()
