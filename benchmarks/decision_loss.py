"""How much win share Hard's 2-player Domination decisions give away, one decision at a time.

Whole games are too noisy to judge a change that moves each decision by a
tenth of a percent, so this judges decisions instead:

1. Play `--games` games of Hard against `--opponent` (seats alternating) and
   keep the view of every buy where Hard weighed more than one candidate.
2. Value each candidate by its win share on `--worlds` shared worlds of
   seeds Hard never uses: the hidden cards imagined afresh, the candidate
   played, then every seat scripted to the end, as Hard's playouts do.
3. For each bot code given, decide every position `--decisions` times with
   other seeds; its loss is the best candidate's value minus the value of
   the move it played, averaged. `script` stands for the script's own move;
   `--oracle` adds a second valuation on other worlds used as a player,
   which shows how much of a loss is noise in the valuation itself.

Steps 1 and 2 are kept in `--cache` (JSON), so trying another bot code on
the same positions costs only step 3. docs/bots.md ("How sure") has the
figures that set Domination's `hard_sure`.

    python benchmarks/decision_loss.py --opponent smithy-bm --games 16 --seed 7 \\
        --cache smithy.json hard:sure=2 hard:sure=1 script
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from boardbots.bots.registry import make_bot
from boardbots.cli.argtypes import Parser, count
from boardbots.core.bot import BotContext
from boardbots.core.contract import Action, View
from boardbots.core.rng import Rng, mix_seed
from boardbots.games.domination.engine import GAME, shares
from boardbots.games.domination.playbook import best_for
from boardbots.games.domination.playout import DECISION_CAP, play_to_end
from boardbots.games.domination.scripted import policy

Position = dict[str, Any]


def collect(opponent: str, options: dict[str, Any], games: int, seed: int) -> list[Position]:
    """Hard's buys with more than one candidate, from games against `opponent`."""
    hard, other = make_bot("hard", "domination"), make_bot(opponent, "domination")
    found: list[Position] = []
    for g in range(games):
        gseed = mix_seed("decision-loss", seed, g)
        state = GAME.new_state(2, gseed, options)
        hard_seat = g % 2
        for n in range(DECISION_CAP):
            if GAME.is_over(state):
                break
            seat = int(state["pending"]["player"])
            view = GAME.player_view(state, seat)
            ctx = BotContext(rng=Rng(mix_seed("decision", gseed, n)))
            action = (hard if seat == hard_seat else other).decide(view, ctx)
            candidates = [c["action"] for c in ctx.notes.get("candidates", [])]
            if seat == hard_seat and state["pending"]["kind"] == "buy" and len(candidates) > 1:
                found.append({"view": view, "candidates": candidates})
            GAME.apply(state, action)
        print(f"game {g + 1}/{games}: {len(found)} positions", flush=True)
    return found


def value(view: View, action: Action, worlds: int, base: int) -> float:
    """The deciding seat's mean win share when it plays `action`, scripted to the end."""
    me = int(view["pending"]["player"])
    total = 0.0
    for k in range(worlds):
        state = GAME.determinize(view, Rng(mix_seed("worlds", base, k)))
        GAME.apply(state, action)
        play_to_end(state, me)  # Hard's own playout; it leaves the finished game in `state`
        total += shares(state, GAME.scores(state))[me] if GAME.is_over(state) else 0.5
    return total / worlds


def loss(position: Position, action: Action, worlds: int) -> float:
    """Best candidate's value minus `action`'s (valued now if it was not a candidate)."""
    values: dict[str, float] = position["values"]
    key = str(action)  # Domination's actions are strings, as JSON keys must be
    if key not in values:
        values[key] = value(position["view"], action, worlds, base=1)
    return max(values.values()) - values[key]


def chosen(code: str, view: View, seed: int) -> Action:
    if code == "script":
        state = GAME.determinize(view, Rng(0))  # the script reads only what the seat knows
        return policy(best_for(state["kingdom"]), state)
    return make_bot(code, "domination").decide(view, BotContext(rng=Rng(seed)))


def main(argv: list[str] | None = None) -> None:
    parser = Parser(description=__doc__.splitlines()[0])
    parser.add_argument("codes", nargs="*", help="bot codes to judge, or `script`")
    parser.add_argument("--opponent", default="smithy-bm", help="the gauntlet bot Hard plays")
    parser.add_argument("--kingdom", default="first-game", help="a preset, or cards joined by ,")
    parser.add_argument("--games", type=count, default=16)
    parser.add_argument("--seed", type=int, default=7, help="the games' seed (a tuning seed)")
    parser.add_argument("--worlds", type=count, default=2000, help="worlds per candidate value")
    parser.add_argument("--decisions", type=count, default=2, help="decisions per position")
    parser.add_argument("--oracle", action="store_true", help="also judge a second valuation")
    parser.add_argument("--cache", type=Path, help="where positions and values are kept")
    args = parser.parse_args(argv)
    kingdom: Any = args.kingdom if "," not in args.kingdom else args.kingdom.split(",")
    if args.cache and args.cache.exists():
        positions: list[Position] = json.loads(args.cache.read_text())
    else:
        positions = collect(args.opponent, {"kingdom": kingdom}, args.games, args.seed)
        for i, p in enumerate(positions):
            p["values"] = {a: value(p["view"], a, args.worlds, base=1) for a in p["candidates"]}
            print(f"valued {i + 1}/{len(positions)}", end="\r", flush=True)
        print()
    for code in args.codes:
        tries = 1 if code == "script" else args.decisions
        lost = [
            loss(p, chosen(code, p["view"], mix_seed("judge", i, d)), args.worlds)
            for i, p in enumerate(positions)
            for d in range(tries)
        ]
        print(f"{code:<32} mean loss {100 * sum(lost) / len(lost):.3f}% over {len(lost)}")
    if args.oracle:
        lost = []
        for p in positions:
            again = {a: value(p["view"], a, args.worlds, base=2) for a in p["candidates"]}
            lost.append(loss(p, max(again, key=lambda a: again[a]), args.worlds))
        print(f"{'oracle (a second valuation)':<32} mean loss {100 * sum(lost) / len(lost):.3f}%")
    if args.cache:
        args.cache.write_text(json.dumps(positions))


if __name__ == "__main__":
    main()
