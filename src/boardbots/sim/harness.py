"""Playing many seeded games between bots, on one core or many, with identical results.

Results never depend on the clock or on how games are spread over workers:
game i always gets the seed `mix_seed("game", seed, i)`, its seats rotated
by i, and bots bounded by iterations. Only the decision timings (kept apart
from results) come from the clock.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, wait
from typing import Any

from boardbots.bots.base import Bot, BotContext
from boardbots.bots.fallback import fallback_move
from boardbots.bots.registry import make_bot
from boardbots.core.contract import Action, Game, State
from boardbots.core.results import shares_from_keys
from boardbots.core.rng import Rng, decision_seed, mix_seed
from boardbots.games import get_game
from boardbots.sim import stopping
from boardbots.sim.pools import LOCAL, Backend, TaskPool, open_pool

log = logging.getLogger(__name__)

STEP_CAP = 5000


@dataclasses.dataclass(frozen=True)
class MatchSpec:
    """What every game of a run shares: the game, its options and the line-up."""

    game: str
    seats: tuple[str, ...]
    options: dict[str, Any] = dataclasses.field(default_factory=dict)
    rotate: bool = True

    @property
    def players(self) -> int:
        return len(self.seats)


@dataclasses.dataclass
class GameRecord:
    """One finished game; `timing` holds the clock-dependent part."""

    index: int
    seed: int
    seats: list[str]
    shares: list[float]
    scores: list[float]
    turns: int
    decisions: int
    capped: bool
    fallbacks: dict[str, int]
    iterations: dict[str, list[int]]
    timing: dict[str, list[float]]

    def results_part(self) -> dict[str, Any]:
        out = dataclasses.asdict(self)
        out.pop("timing")
        return out


def seats_for(spec: MatchSpec, index: int) -> list[str]:
    """Rotate the line-up by the game number so no bot keeps the first seat."""
    k = index % spec.players if spec.rotate else 0
    return list(spec.seats[k:] + spec.seats[:k])


def game_seed(seed: int, index: int) -> int:
    return mix_seed("game", seed, index)


def seat_to_move(game: Game, state: State) -> int:
    """The seat that decides next in a game that is not over (where `pending` is never None)."""
    pending = game.pending(state)
    if pending is None:
        raise ValueError("the game is over: no seat is to move")
    return int(pending["player"])


def _decide(
    bot: Bot, game: Game, state: State, seat: int, seed: int
) -> tuple[Action, bool, int, float]:
    """One decision through the anti-cheating boundary; (action, ok, iterations, seconds)."""
    view = game.player_view(state, seat)
    ctx = BotContext(rng=Rng(seed))
    start = time.perf_counter()
    try:
        action = bot.decide(view, ctx)
        game.check(state, action)
        ok = True
    except Exception as exc:  # a failing bot must never stop a game: count it and fall back
        log.exception("bot %s failed; falling back", bot.level)
        legal = game.legal_actions(state)
        action, _, _ = fallback_move(view, seed ^ 1, f"{type(exc).__name__}: {exc}", legal=legal)
        ok = False
    elapsed = time.perf_counter() - start
    return action, ok, int(ctx.notes.get("iterations", 0)), elapsed


def play_game(spec: MatchSpec, seed: int, index: int) -> GameRecord:
    """Play game `index` of a run to the end (or the step cap)."""
    game = get_game(spec.game)
    seats = seats_for(spec, index)
    bots = [make_bot(code, spec.game) for code in seats]
    gseed = game_seed(seed, index)
    state = game.new_state(spec.players, gseed, dict(spec.options))
    rec = GameRecord(index, gseed, seats, [], [], 0, 0, False, {}, {}, {})
    while not game.is_over(state) and rec.decisions < STEP_CAP:
        seat = seat_to_move(game, state)
        action, ok, iters, secs = _decide(
            bots[seat], game, state, seat, decision_seed(gseed, rec.decisions)
        )
        _note(rec, seats[seat], ok, iters, secs)
        game.apply(state, action)
        rec.decisions += 1
    _finish(rec, game, state)
    return rec


def _note(rec: GameRecord, code: str, ok: bool, iters: int, secs: float) -> None:
    rec.timing.setdefault(code, []).append(round(secs * 1000, 3))
    if not ok:
        rec.fallbacks[code] = rec.fallbacks.get(code, 0) + 1
    if iters:
        rec.iterations.setdefault(code, []).append(iters)


def _finish(rec: GameRecord, game: Game, state: State) -> None:
    rec.capped = not game.is_over(state)
    rec.scores = [float(s) for s in game.scores(state)]
    rec.shares = shares_from_keys(rec.scores) if rec.capped else game.result(state)
    rec.turns = game.clock(state)[1]


CHUNK_SECONDS = 0.25
"""About how long one task given to a worker should take: long enough that handing
it over costs little next to the games, short enough that on a slow run (Hard
plays a game in seconds) progress, the pace and the journal follow game by game,
and a stop loses only the games in play."""
MAX_CHUNK = 64


def _play_chunk(spec: MatchSpec, seed: int, indices: list[int]) -> tuple[list[GameRecord], float]:
    start = time.perf_counter()
    records = [play_game(spec, seed, i) for i in indices]
    return records, time.perf_counter() - start


def chunk_size(seconds_per_game: float | None) -> int:
    """Games per task for games that have taken this long so far (None: none played yet,
    so one game at a time until the run knows its speed)."""
    if seconds_per_game is None:
        return 1
    if seconds_per_game * MAX_CHUNK <= CHUNK_SECONDS:
        return MAX_CHUNK
    return max(1, int(CHUNK_SECONDS / seconds_per_game))


def run(
    spec: MatchSpec,
    games: int,
    seed: int,
    workers: int = 1,
    on_game: Callable[[GameRecord], None] | None = None,
    done: dict[int, GameRecord] | None = None,
    backend: Backend = LOCAL,
) -> list[GameRecord]:
    """Play `games` games and return them in index order, whatever `workers` and
    `backend` are (see `pools.py`).

    Games in `done` (from a journal: see `journal.py`) are taken as played;
    `on_game` hears only of the games played now. An exception in the parent
    (Ctrl-C, `Terminated`) stops the workers or remote tasks before it goes up:
    they never outlive the run.
    """
    for code in spec.seats:
        make_bot(code, spec.game)  # fail fast on a bad bot code, before any process starts
    kept = {i: r for i, r in (done or {}).items() if i < games}
    todo = [i for i in range(games) if i not in kept]
    records = list(kept.values())
    # Every worker of a local pool is started at once, busy or not: `--games 1 --workers
    # 100000` forked processes until the machine stalled.
    workers = min(workers, max(1, len(todo)))
    if workers <= 1 and backend.kind == "local":
        for i in todo:
            records.append(play_game(spec, seed, i))
            if on_game:
                on_game(records[-1])
    else:
        with stopping.deferred():
            pool = open_pool(backend, workers)
            try:
                _play_in_pool(pool, spec, seed, todo, records, on_game)
                stopping.check()  # one that came after the last poll still stops the run
            finally:
                pool.close()
    return sorted(records, key=lambda r: r.index)


def _play_in_pool(
    pool: TaskPool,
    spec: MatchSpec,
    seed: int,
    todo: list[int],
    records: list[GameRecord],
    on_game: Callable[[GameRecord], None] | None,
) -> None:
    pos, spent, played = 0, 0.0, 0
    running: set[Future[tuple[list[GameRecord], float]]] = set()
    while pos < len(todo) or running:
        while pos < len(todo) and len(running) < 2 * pool.slots:  # none idles between tasks
            size = chunk_size(spent / played if played else None)
            running.add(pool.submit(_play_chunk, spec, seed, todo[pos : pos + size]))
            pos += size
        finished, running = wait(running, stopping.POLL_S, FIRST_COMPLETED)
        for fut in finished:
            try:
                chunk, seconds = fut.result()
            except Exception:
                stopping.check()  # a Ctrl-C that reached the workers too is a stop, not a crash
                raise
            spent, played = spent + seconds, played + len(chunk)
            for rec in chunk:
                records.append(rec)
                if on_game:
                    on_game(rec)
        stopping.check()  # a stop asked for meanwhile ends the run here, games kept
