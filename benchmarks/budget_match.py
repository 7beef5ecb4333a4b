"""Plays a lab row with one bot held to the table's time budget instead of its iteration cap.

The lab bounds every bot by iterations, so a row replays exactly on any machine.
A player meets Hard bounded by time: the server gives it `--budget` ms and takes
the best move found so far. Where Hard's iteration cap costs more than the budget
(early in a game of Y, `docs/acceptance.md`), the lab's Hard is stronger than the
one at the table. This script measures the table's Hard against the same
opponent and games as the row: the same game seeds and seat rotation as `sim`
and `accept`, every other seat iteration-bounded as in the lab, and the budgeted
seat timed by this process's CPU clock (`time.process_time`), so another job on a
shared machine slows the run but does not take thinking time from the bot.

Results depend on the machine's speed, so they are a check of the row, not a
replayable record. Each finished game is appended to `--journal`; `--resume`
carries on from it.

    python benchmarks/budget_match.py --game y --seats hard,uct --budget 900 \
        --games 200 --seed 2026 --journal budget.jsonl --resume
"""

from __future__ import annotations

import json
import statistics
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from boardbots.bots.base import BotContext
from boardbots.bots.registry import make_bot
from boardbots.cli.argtypes import Parser, count
from boardbots.core.rng import Rng, decision_seed
from boardbots.games import get_game
from boardbots.sim.harness import STEP_CAP, MatchSpec, game_seed, seat_to_move, seats_for
from boardbots.sim.metrics import mean_interval


def play(spec: MatchSpec, seed: int, index: int, timed: str, budget_ms: float) -> dict[str, Any]:
    """Game `index` of the row, with the `timed` seat bounded by CPU time, not iterations."""
    game = get_game(spec.game)
    seats = seats_for(spec, index)
    bots = [make_bot(code, spec.game) for code in seats]
    gseed = game_seed(seed, index)
    state = game.new_state(spec.players, gseed, dict(spec.options))
    decisions = 0
    ms: list[float] = []
    iterations: list[int] = []
    while not game.is_over(state) and decisions < STEP_CAP:
        seat = seat_to_move(game, state)
        view = game.player_view(state, seat)
        rng = Rng(decision_seed(gseed, decisions))
        on_clock = seats[seat] == timed
        ctx = (
            BotContext(rng=rng, now=time.process_time, time_budget_ms=budget_ms)
            if on_clock
            else BotContext(rng=rng)
        )
        start = time.process_time()
        action = bots[seat].decide(view, ctx)
        if on_clock:
            ms.append(round((time.process_time() - start) * 1000, 1))
            iterations.append(int(ctx.notes.get("iterations", 0)))
        game.apply(state, action)
        decisions += 1
    shares = game.result(state) if game.is_over(state) else [1 / spec.players] * spec.players
    return {
        "index": index,
        "seed": gseed,
        "seats": seats,
        "shares": shares,
        "cpu_ms": ms,
        "iterations": iterations,
    }


def summary(records: list[dict[str, Any]], timed: str) -> str:
    """Win share with its 95% interval, by seat, and the budgeted seat's time and iterations."""
    lines = []
    shares = [r["shares"][r["seats"].index(timed)] for r in records]
    iv = mean_interval(shares)
    lines.append(
        f"{timed} at the budget: {100 * iv['mean']:.1f}% ({100 * iv['low']:.1f}% - "
        f"{100 * iv['high']:.1f}%) of {len(records)} games"
    )
    seats = len(records[0]["seats"]) if records else 0
    for s in range(seats):
        part = [r["shares"][s] for r in records if r["seats"][s] == timed]
        if part:
            lines.append(f"  in seat {s + 1}: {sum(part):g} of {len(part)}")
    ms = sorted(m for r in records for m in r["cpu_ms"])
    its = [i for r in records for i in r["iterations"]]
    if ms:
        p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
        lines.append(
            f"  decisions: {len(ms)}, CPU ms median {statistics.median(ms):.0f}, p95 {p95:.0f}; "
            f"iterations median {statistics.median(its):.0f}"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = Parser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="y", help="registered game")
    parser.add_argument("--seats", default="hard,uct", help="bot codes, comma-separated")
    parser.add_argument("--timed", default="hard", help="the seat held to the budget")
    parser.add_argument("--budget", type=count, default=900, help="ms of CPU a decision")
    parser.add_argument("--games", type=count, default=100)
    parser.add_argument("--seed", type=int, default=2026, help="the row's seed")
    parser.add_argument("--options", default="{}", help="game options as JSON")
    parser.add_argument(
        "--seat",
        type=count,
        help="only the games where the timed bot sits in this seat (1 = first)",
    )
    parser.add_argument("--workers", type=count, default=1)
    parser.add_argument("--journal", type=Path, required=True, help="JSONL of finished games")
    parser.add_argument("--resume", action="store_true", help="keep the journal's games")
    args = parser.parse_args(argv)
    seats = tuple(args.seats.split(","))
    if args.timed not in seats:
        parser.error(f"--timed {args.timed} is not one of the seats {args.seats}")
    try:
        options = json.loads(args.options)
        for code in seats:
            make_bot(code, args.game)  # a bad code or game stops here, not in a worker
    except (ValueError, KeyError) as exc:
        parser.error(str(exc))
    spec = MatchSpec(args.game, seats, options)
    done: dict[int, dict[str, Any]] = {}
    if args.journal.exists():
        if not args.resume:
            parser.error(f"{args.journal} exists: add --resume to continue it, or remove it")
        for line in args.journal.read_text().splitlines():
            rec = json.loads(line)
            done[rec["index"]] = rec
    todo = [i for i in range(args.games) if i not in done]
    if args.seat:
        todo = [i for i in todo if seats_for(spec, i).index(args.timed) == args.seat - 1]
    args.journal.parent.mkdir(parents=True, exist_ok=True)
    with ProcessPoolExecutor(args.workers) as pool, args.journal.open("a") as out:
        futures = [pool.submit(play, spec, args.seed, i, args.timed, args.budget) for i in todo]
        for k, fut in enumerate(as_completed(futures), 1):
            rec = fut.result()
            done[rec["index"]] = rec
            out.write(json.dumps(rec, sort_keys=True) + "\n")
            out.flush()
            print(f"{k}/{len(todo)} games", flush=True)
            if k % 10 == 0:
                print(summary(list(done.values()), args.timed), flush=True)
    print(summary(sorted(done.values(), key=lambda r: r["index"]), args.timed))


if __name__ == "__main__":
    main()
