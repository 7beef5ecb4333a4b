"""Every registered game, the same yardstick: random games/s and bot decision times.

A game added as a plug-in gets its figures here with no benchmark of its own:
the registry names the games, and everything is asked through the contract.

- `random games/s`: whole games at the game's fewest and most players, each
  decision a uniform draw from `legal_actions`, then `apply` (the loop an RL
  adapter or a fuzzer runs), CPU time of this process, median of `--runs`.
- `decision ms`: Medium's and Hard's median and p95 over positions taken
  from Medium-vs-Medium games (every third decision after the first
  `OPENING`, where there is a choice), Hard at its default iterations with no time budget, so the
  figure is what its search costs here, not the budget it would stop at;
  whatever the game's heuristics remember is emptied before each decision.
"""

from __future__ import annotations

import statistics
import time

from boardbots.bots.base import BotContext
from boardbots.bots.heuristics import heuristics_for
from boardbots.bots.registry import make_bot
from boardbots.cli.argtypes import Parser, count
from boardbots.core.contract import Game, View
from boardbots.core.rng import Rng, mix_seed
from boardbots.games import all_plugins, get_game
from boardbots.sim.harness import seat_to_move

OPENING = 6
"""Decisions skipped at the start of each game: openings are often forced or book-like."""


def random_rate(game: Game, players: int, games: int, seed: int) -> float:
    rng = Rng(seed)
    start = time.process_time()
    for k in range(games):
        state = game.new_state(players, mix_seed("bench", seed, k))
        while not game.is_over(state):
            game.apply(state, rng.choice(game.legal_actions(state)))
    return games / (time.process_time() - start)


def mid_game_views(game: Game, players: int, count: int) -> list[View]:
    """Views of the seat to move from seeded Medium games, past their openings."""
    medium, seed = make_bot("medium", game.meta.name), 0
    views: list[View] = []
    while len(views) < count:
        seed += 1
        state, step = game.new_state(players, seed), 0
        while not game.is_over(state) and len(views) < count:
            view = game.player_view(state, seat_to_move(game, state))
            if step >= OPENING and step % 3 == 0 and len(game.legal_actions(state)) > 1:
                views.append(view)
            game.apply(state, medium.decide(view, BotContext(Rng(mix_seed(seed, step)))))
            step += 1
    return views


def decision_ms(name: str, level: str, views: list[View]) -> tuple[float, float]:
    bot, heuristics = make_bot(level, name), heuristics_for(name)
    times = []
    for k, view in enumerate(views):
        heuristics.forget()  # from cold: what a game's heuristics remember would flatter it
        start = time.process_time()
        bot.decide(view, BotContext(Rng(mix_seed("decide", k))))
        times.append((time.process_time() - start) * 1000)
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, round(0.95 * len(times)))]


def main(argv: list[str] | None = None) -> None:
    parser = Parser(prog="boardbots bench games", description=__doc__)
    names = [p.name for p in all_plugins()]
    parser.add_argument("--games", default=",".join(names), help="comma-separated game names")
    parser.add_argument("--runs", type=count, default=5, help="timed runs per random figure")
    parser.add_argument("--per-run", type=count, default=200, help="random games per run")
    parser.add_argument("--positions", type=count, default=30, help="positions per bot figure")
    args = parser.parse_args(argv)
    for name in args.games.split(","):
        game = get_game(name)
        low, high = game.meta.min_players, game.meta.max_players
        for players in sorted({low, high}):
            rate = statistics.median(
                random_rate(game, players, args.per_run, r) for r in range(args.runs)
            )
            print(f"{name}, {players} players: {rate:,.0f} random games/s (CPU, median)")
            views = mid_game_views(game, players, args.positions)
            for level in ("medium", "hard"):
                median, p95 = decision_ms(name, level, views)
                print(f"  {level}: median {median:.1f} ms, p95 {p95:.1f} ms")


if __name__ == "__main__":
    main()
