"""Policy switching over Hard's own scripts: does choosing the script by playouts beat one?

Hard's search is a one-step improvement on one script for its own seat, and
`docs/bots.md` ("How sure") bounds what that can add against Smithy-BM. A
switching player is the textbook way past one script: at each buy where the
candidate scripts disagree, play each script's move on the same determinized
worlds of its own view, continue each world with that script (the opponent as
Hard's playouts guess it), and take the best, kept to the first script's move
unless another beats it by one standard error of the paired difference, as
Hard's buys are. Its value is at least the best script's when the values are
exact, so its edge over the first script, played alone on the same games, is
what switching could give Hard's search to start from.

The scripts: Hard's own version of the kingdom's strongest, its counters whose
cards are in the kingdom, and `--extra` playbook strategies.
Figures: docs/bots.md, "Tried and dropped: switching scripts".

    python benchmarks/policy_switching.py --opponent smithy-bm --kingdom first-game \
        --extra militia-bm,bmu --games 2000 --seed 1
"""

from __future__ import annotations

import math
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from boardbots.bots.hard import Arm, clearly_better
from boardbots.cli.argtypes import Parser, count
from boardbots.core.contract import Action, State
from boardbots.core.rng import Rng, mix_seed
from boardbots.games.domination import playout
from boardbots.games.domination.endgame import sensible_buy
from boardbots.games.domination.engine import GAME
from boardbots.games.domination.gauntlet import head_to_head
from boardbots.games.domination.playbook import STRATEGIES, best_for, own_version
from boardbots.games.domination.scripted import Strategy, policy
from boardbots.sim.metrics import mean_interval, paired_difference

SURE = 1.0
"""Standard errors another script's move must lead the first script's by (Hard's for buys)."""

Task = tuple[str, Any, tuple[str, ...], int, int, int]
"""opponent, kingdom, extra strategies, worlds a script, games, seed."""


def scripts(kingdom: list[str], extra: tuple[str, ...]) -> list[Strategy]:
    """Hard's own version of the strongest script first, then the other candidates."""
    best = best_for(kingdom)
    out = [own_version(best, kingdom)]
    counters = [own_version(best, kingdom, code) for code in STRATEGIES]
    others = [*counters, *(STRATEGIES[code] for code in extra)]
    for strategy in others:
        if set(strategy.cards) <= set(kingdom) and strategy not in out:
            out.append(strategy)
    return out


def _move(strategy: Strategy, state: State) -> Action:
    move = policy(strategy, state)
    return sensible_buy(strategy, state, move) if state["pending"]["kind"] == "buy" else move


def _play_on(state: State, me: int, mine: Strategy) -> float:
    """`me`'s win share once the game is played out with `me` on `mine` (the margin
    Hard's reward adds changed none of its choices that could be seen: docs/bots.md)."""
    seats = playout.seat_strategies(state, me)
    seats[me] = mine
    for _ in range(playout.DECISION_CAP):
        if state["phase"] == "over":
            return GAME.result(state)[me]
        GAME.apply(state, _move(seats[state["pending"]["player"]], state))
    return 0.5


def switcher(extra: tuple[str, ...], worlds: int) -> Any:
    """A state policy that switches scripts at its buys, deciding from its own view."""

    def decide(state: State) -> Action:
        candidates = scripts(state["kingdom"], extra)
        if state["pending"]["kind"] != "buy":
            return _move(candidates[0], state)
        moves: dict[Action, Strategy] = {}
        for strategy in candidates:
            moves.setdefault(_move(strategy, state), strategy)
        if len(moves) == 1:
            return next(iter(moves))
        me = state["pending"]["player"]
        view = GAME.player_view(state, me)
        seed = mix_seed("switch", GAME.clock(state)[1], len(state["log"]), me)
        rewards: dict[Action, list[float]] = {move: [] for move in moves}
        for k in range(worlds):
            for move, strategy in moves.items():
                world = GAME.determinize(view, Rng(mix_seed(seed, k)))
                GAME.apply(world, move)
                rewards[move].append(_play_on(world, me, strategy))
        arms = [Arm(move, worlds, math.fsum(r), r) for move, r in rewards.items()]
        clear = [arm for arm in arms[1:] if clearly_better(arm, arms[0], SURE)]
        return max(clear, key=lambda arm: arm.total).action if clear else arms[0].action

    return decide


def first_script(state: State) -> Action:
    return _move(scripts(state["kingdom"], ())[0], state)


def compare(task: Task) -> tuple[list[float], list[float]]:
    opponent, kingdom, extra, worlds, games, seed = task
    options = {"kingdom": kingdom}
    ours = [s for s, _ in head_to_head(switcher(extra, worlds), opponent, games, options, seed)]
    alone = [s for s, _ in head_to_head(first_script, opponent, games, options, seed)]
    return ours, alone


def main() -> None:
    parser = Parser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponent", default="smithy-bm", help="a playbook strategy")
    parser.add_argument("--kingdom", default="first-game", help="a named kingdom or cards a,b,c")
    parser.add_argument("--extra", default="", help="playbook strategies to switch to as well")
    parser.add_argument("--worlds", type=count, default=100, help="worlds a script, a decision")
    parser.add_argument("--games", type=count, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=count, default=2)
    args = parser.parse_args()
    if args.worlds < 2:
        parser.error("--worlds must be at least 2: a paired lead needs a spread to be judged")
    extra = tuple(c for c in args.extra.split(",") if c)
    unknown = [c for c in (args.opponent, *extra) if c not in STRATEGIES]
    if unknown:
        parser.error(f"no playbook strategy {', '.join(unknown)} (see docs/gauntlet.md)")
    kingdom = args.kingdom.split(",") if "," in args.kingdom else args.kingdom
    part = -(-args.games // args.workers)
    tasks: list[Task] = [
        (
            args.opponent,
            kingdom,
            extra,
            args.worlds,
            min(part, args.games - i * part),
            args.seed + i,
        )
        for i in range(args.workers)
        if args.games > i * part
    ]
    ours: list[float] = []
    alone: list[float] = []
    with ProcessPoolExecutor(args.workers) as pool:
        for a, b in pool.map(compare, tasks):
            ours += a
            alone += b
    won, base = mean_interval(ours), mean_interval(alone)
    edge = paired_difference(ours, alone)
    print(f"switching {won['mean']:.1%} ({won['low']:.1%} - {won['high']:.1%}) of {len(ours)}")
    print(f"first script alone {base['mean']:.1%} ({base['low']:.1%} - {base['high']:.1%})")
    print(f"difference {edge['mean']:+.1%} ({edge['low']:+.1%} to {edge['high']:+.1%}, paired)")


if __name__ == "__main__":
    main()
