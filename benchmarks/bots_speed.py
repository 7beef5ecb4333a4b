"""Bot decision times: median and p95 per level in mid-game positions, and Hard's iterations/s.

Positions come from seeded games played by Medium (so they look like real
mid-games): 4-player and 2-player Domination between rounds 4 and 12, and
size-11 Y between 10 and 40 stones. Each level decides in every position with
the real clock injected; Hard runs the game's default cap (`hard_limits`) with
no time budget, so the figure is what that search costs here. Any position
cache a game's heuristics keep is emptied before each timed decision.
"""

from __future__ import annotations

import cProfile
import pstats
import statistics
import time
from collections.abc import Callable

from boardbots.bots.base import Bot, BotContext
from boardbots.bots.heuristics import heuristics_for
from boardbots.bots.registry import make_bot
from boardbots.cli.argtypes import Parser, count
from boardbots.core.contract import Game, State, View
from boardbots.core.rng import Rng, mix_seed
from boardbots.games import get_game
from boardbots.native import finder
from boardbots.sim.harness import seat_to_move


def positions(
    game: Game, players: int, count: int, keep: Callable[[Game, State], bool]
) -> list[View]:
    """Views of the seat to move, taken from Medium-vs-Medium games when `keep` says so."""
    views: list[View] = []
    medium = make_bot("medium")
    seed = 0
    while len(views) < count:
        seed += 1
        state = game.new_state(players, seed)
        step = 0
        while not game.is_over(state) and len(views) < count:
            view = game.player_view(state, seat_to_move(game, state))
            if keep(game, state) and step % 3 == 0:
                views.append(view)
            game.apply(state, medium.decide(view, BotContext(Rng(mix_seed(seed, step)))))
            step += 1
    return views


def _dom_mid(game: Game, state: State) -> bool:
    return 4 <= game.clock(state)[0] < 12


def _y_mid(game: Game, state: State) -> bool:
    return 10 <= int(state["ply"]) < 40


def _clear_caches(game: str) -> None:
    """Time every decision from cold: a game's heuristics may remember positions."""
    heuristics_for(game).forget()


CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}


def time_level(
    bot: Bot, views: list[View], clock: Callable[[], float] = time.perf_counter
) -> tuple[list[float], int]:
    """Decision times in ms, and the total Hard iterations (0 for other levels)."""
    times: list[float] = []
    iterations = 0
    for i, view in enumerate(views):
        _clear_caches(view["game"])
        ctx = BotContext(Rng(i), now=time.perf_counter)
        start = clock()
        bot.decide(view, ctx)
        times.append((clock() - start) * 1000)
        iterations += int(ctx.notes.get("iterations", 0) or 0)
    return times, iterations


def report(
    name: str, views: list[View], levels: list[str], clock: Callable[[], float] = time.perf_counter
) -> None:
    print(f"\n{name}: {len(views)} positions")
    print(f"{'level':>8}  {'median ms':>10}  {'p95 ms':>8}  {'iterations/s':>12}")
    for code in levels:
        times, iterations = time_level(make_bot(code), views, clock)
        times.sort()
        p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
        rate = f"{iterations / (sum(times) / 1000):,.0f}" if iterations else "-"
        print(f"{code:>8}  {statistics.median(times):>10.2f}  {p95:>8.2f}  {rate:>12}")


def profile(views: list[View], code: str) -> None:
    """Where one level's time goes, for the heaviest functions."""
    bot = make_bot(code)
    prof = cProfile.Profile()
    prof.enable()
    time_level(bot, views)
    prof.disable()
    pstats.Stats(prof).sort_stats("tottime").print_stats(15)


def main(argv: list[str] | None = None) -> None:
    parser = Parser(prog="boardbots bench bots", description=__doc__)
    parser.add_argument("--positions", type=count, default=40, help="positions per game")
    parser.add_argument("--levels", default="easy,medium,hard", help="bot codes to time")
    parser.add_argument("--games", default="domination,y", help="which games")
    parser.add_argument("--profile", default=None, help="profile this bot code instead")
    parser.add_argument(
        "--clock",
        choices=sorted(CLOCKS),
        default="wall",
        help="time decisions by the wall clock (what a player waits) or this process's CPU"
        " time (steadier on a shared machine; Hard has no budget here either way)",
    )
    args = parser.parse_args(argv)
    levels = args.levels.split(",")
    try:
        games = [(name, get_game(name)) for name in args.games.split(",")]
    except ValueError as exc:
        parser.error(str(exc))
    print(f"engine: {finder.state()}")
    for name, game in games:
        if name == "domination":
            # 2 players: whole scripted playouts; 4 players: the same while every rival
            # fits a script, else the one-round rollout.
            tables = [
                (4, "Domination, 4 players, rounds 4-12"),
                (2, "Domination, 2 players, rounds 4-12"),
            ]
            sets = [(title, positions(game, n, args.positions, _dom_mid)) for n, title in tables]
        else:
            sets = [
                ("Game of Y, size 11, 10-40 stones", positions(game, 2, args.positions, _y_mid))
            ]
        for title, views in sets:
            if args.profile:
                profile(views, args.profile)
            else:
                report(title, views, levels, CLOCKS[args.clock])


if __name__ == "__main__":
    main()
