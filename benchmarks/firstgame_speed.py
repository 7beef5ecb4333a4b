"""The First Game engine's speed: script games, and Hard's decisions when it plays the engine.

Hard plays the engine (`games/domination/firstgame_engine.py`) as its own plan
in its playouts, so the engine's turn is most of what a searched decision
costs there. Two figures, each the median of `--rounds` rounds in this
process's CPU seconds (steadier than the wall clock on a shared machine):

- script games: the engine against Smithy-BM and DoubleWitch on their rows'
  kingdoms, ms a game;
- Hard's buys: positions where the engine's seat is to buy with more than one
  card to choose, from script games of the engine against the same scripts
  (turns 3 to 16), each decided by Hard from cold at its default cap with no
  time budget; median and p95 ms a decision, and the iterations it ran.

With `--budget MS`, Hard also decides each of those buys as a table would, with a
budget of MS ms on this process's CPU clock (so another job on a shared machine
does not take its thinking time), and the bench says how many decisions the
budget cut short and what share of their iterations they still ran: where the
budget cuts, the table's Hard is weaker than the lab's, which runs to its cap.

    boardbots bench firstgame [--games 200] [--positions 30] [--rounds 3] [--budget 900]
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from boardbots.bots.base import BotContext
from boardbots.bots.heuristics import heuristics_for
from boardbots.bots.registry import make_bot
from boardbots.cli.argtypes import Parser, count, positive
from boardbots.core.contract import View
from boardbots.core.rng import Rng, mix_seed
from boardbots.games import get_game
from boardbots.games.domination.firstgame_engine import engine_policy
from boardbots.games.domination.gauntlet import head_to_head, state_policy
from boardbots.native import finder

FIRST_GAME = ["Cellar", "Moat", "Merchant", "Village", "Workshop"]
FIRST_GAME += ["Militia", "Remodel", "Smithy", "Market", "Mine"]
ROWS: dict[str, list[str]] = {
    "smithy-bm": FIRST_GAME,
    "doublewitch": [c if c != "Moat" else "Witch" for c in FIRST_GAME],
}
"""Each opponent with its gauntlet row's kingdom."""


def game_ms(code: str, games: int, seed: int) -> float:
    options: dict[str, Any] = {"kingdom": ROWS[code]}
    start = time.process_time()
    head_to_head(engine_policy, code, games, options, seed)
    return (time.process_time() - start) * 1000 / games


def buy_positions(code: str, wanted: int, seed: int) -> list[View]:
    """Views of the engine's seat (seat 0) at buys with a choice, every other one."""
    game = get_game("domination")
    policies = [engine_policy, state_policy(code)]
    views: list[View] = []
    index = 0
    while len(views) < wanted:
        state = game.new_state(2, mix_seed("firstgame-speed", seed, index), {"kingdom": ROWS[code]})
        index += 1
        seen = 0
        while not game.is_over(state) and len(views) < wanted:
            pend = state["pending"]
            turn = game.clock(state)[1]
            if pend["player"] == 0 and pend["kind"] == "buy" and 3 <= turn <= 16:
                buys = [a for a in game.legal_actions(state) if str(a).startswith("buy:")]
                if len(buys) > 1 and "treasures" not in game.legal_actions(state):
                    seen += 1
                    if seen % 2 == 0:
                        views.append(game.player_view(state, 0))
            game.apply(state, policies[pend["player"]](state))
    return views


def hard_ms(views: list[View], budget_ms: float | None = None) -> tuple[list[float], list[int]]:
    """Decision times (CPU ms) from cold, and the iterations each ran."""
    hard = make_bot("hard")
    times: list[float] = []
    iterations: list[int] = []
    for i, view in enumerate(views):
        heuristics_for("domination").forget()
        clock = time.perf_counter if budget_ms is None else time.process_time
        ctx = BotContext(Rng(i), now=clock, time_budget_ms=budget_ms)
        start = time.process_time()
        hard.decide(view, ctx)
        times.append((time.process_time() - start) * 1000)
        iterations.append(int(ctx.notes.get("iterations", 0) or 0))
    return times, iterations


def p95(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def budget_line(views: list[View], full: list[int], budget_ms: float) -> str:
    """The same buys at the budget: its times, and how far the cut decisions got."""
    times, reached = hard_ms(views, budget_ms)
    cut = [r / f for r, f in zip(reached, full, strict=True) if f and r < f]
    share = f", median {statistics.median(cut):.0%} of their iterations" if cut else ""
    return (
        f"  at a {budget_ms:.0f} ms budget: median {statistics.median(times):.0f} ms,"
        f" p95 {p95(times):.0f} ms, slowest {max(times):.0f} ms;"
        f" {len(cut)} of {len(views)} cut short{share}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = Parser(prog="boardbots bench firstgame", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=count, default=200, help="script games per opponent")
    parser.add_argument("--positions", type=count, default=30, help="Hard buys per opponent")
    parser.add_argument("--rounds", type=count, default=3, help="rounds; medians are quoted")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument(
        "--budget", type=positive, default=None, help="also decide at this budget (CPU ms)"
    )
    args = parser.parse_args(argv)
    print(f"engine: {finder.state()}")
    for code in ROWS:
        per_game = [game_ms(code, args.games, args.seed) for _ in range(args.rounds)]
        print(f"engine vs {code}: {statistics.median(per_game):.2f} ms a script game")
        views = buy_positions(code, args.positions, args.seed)
        medians: list[float] = []
        p95s: list[float] = []
        iterations: list[int] = []
        for _ in range(args.rounds):
            times, iterations = hard_ms(views)
            medians.append(statistics.median(times))
            p95s.append(p95(times))
        print(
            f"  Hard at {len(views)} of its buys: median {statistics.median(medians):.0f} ms,"
            f" p95 {statistics.median(p95s):.0f} ms, {sum(iterations):,} iterations"
        )
        if args.budget is not None:
            print(budget_line(views, iterations, args.budget))


if __name__ == "__main__":
    main()
