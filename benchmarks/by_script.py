"""Hard's win share in a `gauntlet-best` journal, split by the script its opponent played.

`gauntlet-best` plays the strongest playbook strategy whose cards are in the
kingdom, and a random kingdom is drawn from the game's seed, so each game's
script can be worked out again from its record alone. docs/acceptance.md
quotes this table for the random-kingdom row:

    python benchmarks/by_script.py \\
        docs/journals/domination/hard-vs-gauntlet-best-random-kingdoms.jsonl
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

from boardbots.cli.argtypes import Parser
from boardbots.games.domination.engine import GAME
from boardbots.games.domination.playbook import best_for
from boardbots.sim.metrics import mean_interval


def by_script(path: Path, bot: str) -> dict[str, list[float]]:
    """`bot`'s share of each game, grouped by the script the kingdom gave its opponent."""
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    shares: dict[str, list[float]] = defaultdict(list)
    for line in lines[1:]:
        game = json.loads(line)
        state = GAME.new_state(len(game["seats"]), game["seed"], header["options"])
        shares[best_for(state["kingdom"]).code].append(game["shares"][game["seats"].index(bot)])
    return shares


def main(argv: list[str] | None = None) -> None:
    parser = Parser(description=__doc__.splitlines()[0])
    parser.add_argument("journal", type=Path)
    parser.add_argument("--bot", default="hard", help="the seat whose share is counted")
    args = parser.parse_args(argv)
    try:
        groups = by_script(args.journal, args.bot)
    except (OSError, ValueError, KeyError, IndexError) as e:  # not a readable journal
        parser.error(f"{args.journal}: not a gauntlet-best journal with seat {args.bot} ({e!r})")
    print("| script | games | win share | 95% interval |")
    print("|---|---:|---:|---|")
    for code, xs in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        m = mean_interval(xs)
        print(f"| {code} | {len(xs)} | {m['mean']:.1%} | {m['low']:.1%} - {m['high']:.1%} |")


if __name__ == "__main__":
    main()
