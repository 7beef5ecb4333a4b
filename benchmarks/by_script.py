"""Hard's win share in a `gauntlet-best` journal, split by the script its opponent played.

`gauntlet-best` plays the strongest playbook strategy whose cards are in the
kingdom, and a random kingdom is drawn from the game's seed, so each game's
script can be worked out again from its record alone. docs/acceptance.md
quotes this table for the random-kingdom row:

    python benchmarks/by_script.py \\
        docs/journals/domination/hard-vs-gauntlet-best-random-kingdoms.jsonl
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from boardbots.cli.argtypes import Parser
from boardbots.games.domination.engine import GAME
from boardbots.games.domination.playbook import best_for
from boardbots.sim import journal
from boardbots.sim.journal_figures import bot_share
from boardbots.sim.metrics import mean_interval


def by_script(path: Path, bot: str) -> dict[str, list[float]]:
    """`bot`'s share of each game, grouped by the script the kingdom gave its opponent."""
    header, games = journal.read(path)
    if not journal.is_header(header):
        raise ValueError("no journal header")
    shares: dict[str, list[float]] = defaultdict(list)
    for _, rec in sorted(games.items()):
        state = GAME.new_state(len(rec.seats), rec.seed, header["options"])
        shares[best_for(state["kingdom"]).code].append(bot_share(rec, bot))
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
