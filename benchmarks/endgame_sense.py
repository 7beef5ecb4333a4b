"""Script against script: what sense at the end (`endgame.sensible_buy`) is worth.

The gauntlet's buy lists take the last Province while behind and pass over a last
buy that would win. Hard never does either, so its playouts now let its own seat end
games as Hard would. This measures how much that changes a script: each list with
the sense plays the plain list, and the plain list plays itself on the same games;
the paired difference is the sense's edge. It is also the size of the error Hard's
playouts made about its own future before. Figures: docs/bots.md, "Sense at the end".

    python benchmarks/endgame_sense.py [--games 10000] [--seed 99]
        [--pairs smithy-bm@first-game,bmu@first-game,...]
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from boardbots.cli.argtypes import Parser, count
from boardbots.core.contract import Action, State
from boardbots.games.domination.endgame import sensible_buy
from boardbots.games.domination.gauntlet import head_to_head
from boardbots.games.domination.playbook import STRATEGIES
from boardbots.games.domination.scripted import Strategy, policy
from boardbots.sim.metrics import paired_difference

WITCH_FIRST_GAME = "Cellar,Market,Merchant,Militia,Mine,Witch,Remodel,Smithy,Village,Workshop"
PAIRS = (
    f"smithy-bm@first-game,bmu@first-game,militia-bm@first-game,"
    f"councilroom-bm@deck-top,doublewitch@{WITCH_FIRST_GAME.replace(',', '+')}"
)
"""Each strategy on the kingdom of its gauntlet row (`+` joins a listed kingdom's cards)."""


def with_sense(strategy: Strategy) -> Callable[[State], Action]:
    def play(state: State) -> Action:
        move = policy(strategy, state)
        return sensible_buy(strategy, state, move) if state["pending"]["kind"] == "buy" else move

    return play


def compare(task: tuple[str, str, int, int]) -> str:
    code, kingdom, games, seed = task
    strategy = STRATEGIES[code]
    options: dict[str, Any] = {"kingdom": kingdom.split("+") if "+" in kingdom else kingdom}
    plain = [s for s, _ in head_to_head(strategy, strategy, games, options, seed)]
    sense = [s for s, _ in head_to_head(with_sense(strategy), strategy, games, options, seed)]
    edge = paired_difference(sense, plain)
    changed = sum(1 for a, b in zip(sense, plain, strict=True) if a != b)
    return (
        f"{code} ({kingdom.split('+')[0]}...): with sense {sum(sense) / games:.1%}, plain "
        f"{sum(plain) / games:.1%}, {edge['mean']:+.2%} ({edge['low']:+.2%} to "
        f"{edge['high']:+.2%}, paired; {changed} games differ)"
    )


def main() -> None:
    parser = Parser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=count, default=10_000, help="games per strategy")
    parser.add_argument("--seed", type=int, default=99)
    parser.add_argument("--pairs", default=PAIRS, help="code@kingdom, comma-separated")
    parser.add_argument("--workers", type=count, default=2)
    args = parser.parse_args()
    tasks = []
    for pair in args.pairs.split(","):
        code, _, kingdom = pair.partition("@")
        if code not in STRATEGIES or not kingdom:
            parser.error(f"{pair!r} is not code@kingdom with a playbook code (docs/gauntlet.md)")
        tasks.append((code, kingdom, args.games, args.seed))
    with ProcessPoolExecutor(args.workers) as pool:
        for line in pool.map(compare, tasks):
            print(line, flush=True)


if __name__ == "__main__":
    main()
