"""The bot service: decisions in a pebble process pool (or on Ray: `ray_bots.py`), with Easy
in the server as the fallback.

pebble kills a task that overruns its timeout and starts a fresh worker, so a
hung bot costs one worker for a while, never the server. The server stops
waiting earlier than pebble kills (`kill_grace_s`), so an answer can still
arrive late; it is then discarded, because the table has moved on.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import dataclasses
import functools
import itertools
import logging
import multiprocessing
import time
from collections.abc import Callable
from typing import Any

from pebble import ProcessExpired, ProcessPool

from boardbots.bots.fallback import fallback_move
from boardbots.bots.registry import bot_names, parse_code
from boardbots.core.contract import Action, View
from boardbots.server import bot_worker
from boardbots.server.config import ServerConfig
from boardbots.server.ray_bots import RayBotPool, WorkerLost
from boardbots.server.scheduler import FairScheduler
from boardbots.server.stats import Stats

log = logging.getLogger(__name__)

COLD_WAIT_S = 5.0
"""How long `warm_up` waits for the last workers before the server starts with one still cold."""
WARM_HOLD_S = 0.05
"""How long each ping holds its worker, so that one worker cannot take a round's every ping."""


@dataclasses.dataclass
class Decision:
    """A bot's move plus what the log records about it."""

    action: Action
    by: str
    bot: str
    seed: int
    ms: float
    notes: dict[str, Any]
    reason: str | None = None

    def entry_fields(self) -> dict[str, Any]:
        fields = {"by": self.by, "bot": self.bot, "seed": self.seed, "ms": round(self.ms, 1)}
        fields["notes"] = self.notes
        if self.reason:
            fields["reason"] = self.reason
        return fields


class BotService:
    """Owns the worker pool; `decide` always returns a legal action."""

    def __init__(self, config: ServerConfig, stats: Stats) -> None:
        self.config = config
        self.stats = stats
        self.pool: ProcessPool | RayBotPool | None = None
        self.slots = max(1, config.bot_workers)
        self._ids = itertools.count(1)
        self._awaited: set[int] = set()
        self._warned_fallback = False
        self.scheduler = FairScheduler(self.slots)

    def start(self) -> None:
        """Start the pool; a failure only means every bot move becomes a fallback."""
        bot_names()
        if self.config.bot_workers <= 0:
            log.warning("bot_workers=0: every bot decision runs the fallback in the server")
            return
        try:
            self.pool = self._new_pool()
        except Exception:
            log.exception("the bot pool could not start; bots will use the fallback")
            self.pool = None

    def _new_pool(self) -> ProcessPool | RayBotPool:
        """Local worker processes, or Ray tasks: then a cluster's CPUs are the slots."""
        if self.config.bots == "ray":
            address = self.config.ray_address or None
            pool = RayBotPool(address, self.config.bot_workers, list(self.config.plugins))
            self.slots = pool.slots
            self.scheduler = FairScheduler(self.slots)
            return pool
        return ProcessPool(
            max_workers=self.config.bot_workers,
            initializer=bot_worker.init_worker,
            initargs=(list(self.config.plugins),),
            context=multiprocessing.get_context(self.config.worker_start),
        )

    async def warm_up(self, limit_s: float = 30.0) -> None:
        """Wait until every worker has imported the bots, so the first move is not a timeout.

        Each round holds every slot with a short ping. A worker still importing takes
        none, and a quick one may take two, so one round can leave a worker cold (seen
        on a busy machine: two pings, one worker); rounds go on until every slot's
        worker has answered, or `COLD_WAIT_S` has passed since the first one did.
        """
        if self.pool is None:
            return
        pool = self.pool
        seen: set[int] = set()

        async def round_() -> None:
            pings = [pool.schedule(bot_worker.ping, args=(WARM_HOLD_S,)) for _ in range(self.slots)]
            seen.update(await asyncio.gather(*map(asyncio.wrap_future, pings)))

        async def rest() -> None:
            while len(seen) < self.slots:
                await round_()

        try:
            await asyncio.wait_for(round_(), limit_s)
            await asyncio.wait_for(rest(), COLD_WAIT_S)
        except TimeoutError:
            if not seen:
                log.error(
                    "the bot pool did not answer in %.0f s; bots fall back until it does", limit_s
                )
                return
        except Exception:
            log.exception("the bot pool did not warm up; bots may fall back until it does")
            return
        log.info(
            "bot pool ready: %d of %d workers answered (%s)", len(seen), self.slots, sorted(seen)
        )

    def stop(self) -> None:
        if self.pool is not None:
            self.pool.stop()
            self.pool.join(timeout=5)
            self.pool = None

    def budget(self, code: str) -> tuple[float, int | None]:
        level, _ = parse_code(code)
        return self.config.budget_for(level), self.config.max_iterations.get(level)

    def request(self, view: View, code: str, seed: int) -> dict[str, Any]:
        budget, iterations = self.budget(code)
        return {
            "request_id": next(self._ids),
            "view": view,
            "bot": code,
            "seed": seed,
            "budget_ms": budget,
            "max_iterations": iterations,
        }

    async def decide(
        self, request: dict[str, Any], legal: list[Action], urgent: bool = False
    ) -> Decision:
        """Ask a worker; on any failure play the fallback. Cancelling abandons the request.
        `urgent` (a human is at the table) puts it ahead of the other tables' requests."""
        start = time.perf_counter()
        reply, reason = await self._ask_pool(request, urgent)
        if reply is not None and not _is_legal(reply.get("action"), legal):
            log.warning("bot %s answered an illegal action %r", request["bot"], reply.get("action"))
            reply, reason = None, "illegal"
        if reply is None:
            decision = await self._fallback(request, legal, reason or "error")
        else:
            decision = Decision(
                reply["action"], "bot", request["bot"], request["seed"], 0.0, reply["notes"]
            )
        decision.ms = (time.perf_counter() - start) * 1000.0
        self.stats.bot_decisions += 1
        self.stats.bot_ms.append(decision.ms)
        return decision

    async def _ask_pool(
        self, request: dict[str, Any], urgent: bool
    ) -> tuple[dict[str, Any] | None, str | None]:
        """Wait for a free worker (fair turns), then for the answer: the wait limit
        starts when the task goes to the pool, not while it queues for a slot."""
        if self.pool is None:
            return None, "no_pool"
        await self.scheduler.acquire(urgent)
        future = self._submit(request)
        if future is None:
            return None, "no_pool"
        return await self._await_reply(request, future)

    def _submit(self, request: dict[str, Any]) -> concurrent.futures.Future[Any] | None:
        """Give the task to the pool; its slot comes back when the pool is done with it."""
        assert self.pool is not None
        loop = asyncio.get_running_loop()
        rid, wait = request["request_id"], self.config.wait_limit_s(request["budget_ms"])
        try:
            future = self.pool.schedule(
                bot_worker.decide, args=(request,), timeout=wait + self.config.kill_grace_s
            )
        except Exception:
            log.exception("the bot pool refused a task")
            self.scheduler.release()
            return None
        self._awaited.add(rid)
        future.add_done_callback(lambda f: self._on_done(loop, rid, f))
        return future

    async def _await_reply(
        self, request: dict[str, Any], future: concurrent.futures.Future[Any]
    ) -> tuple[dict[str, Any] | None, str | None]:
        rid, wait = request["request_id"], self.config.wait_limit_s(request["budget_ms"])
        try:
            reply = await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(future)), wait)
            return reply, None
        except TimeoutError:
            log.warning("bot request %d timed out after %.2f s", rid, wait)
            self._cancel(future)
            return None, "timeout"
        except asyncio.CancelledError:
            self._cancel(future)  # an undo, a replaced seat or a closed table: nobody waits
            raise
        except (ProcessExpired, WorkerLost) as exc:
            log.warning("bot worker died on request %d: %s", rid, exc)
            return None, "crashed"
        except Exception as exc:
            log.warning("bot request %d failed: %r", rid, exc)
            return None, "error"
        finally:
            self._awaited.discard(rid)

    def _cancel(self, future: concurrent.futures.Future[Any]) -> None:
        """Stop a task nobody waits for: pebble drops it if queued, stops its worker if
        running (and starts a new one), so no answer is computed for nobody."""
        if future.cancel():
            self.stats.cancelled += 1

    def _on_done(
        self, loop: asyncio.AbstractEventLoop, rid: int, future: concurrent.futures.Future[Any]
    ) -> None:
        """In pebble's thread (the loop's on cancel): frees the slot, counts late answers."""
        if future.cancelled() or isinstance(
            future.exception(), ProcessExpired | WorkerLost | TimeoutError
        ):
            self._release_when_ready(loop)
        else:
            _call_in(loop, self.scheduler.release)
        if rid in self._awaited or future.cancelled() or future.exception() is not None:
            return
        self.stats.late_discarded += 1
        log.info("discarded the late answer to bot request %d", rid)

    def _release_when_ready(self, loop: asyncio.AbstractEventLoop) -> None:
        """The task's worker was stopped: free the slot only once a worker answers again,
        so the next task's wait limit does not run while a new worker starts."""
        pool = self.pool
        try:
            assert pool is not None
            ping = pool.schedule(bot_worker.ping, args=(0.0,))
        except Exception:
            _call_in(loop, self.scheduler.release)
            return
        ping.add_done_callback(lambda _: _call_in(loop, self.scheduler.release))

    def fallback_code(self) -> str:
        wanted = self.config.fallback_bot
        if parse_code(wanted)[0] in bot_names():
            return wanted
        if not self._warned_fallback:
            log.warning("fallback bot %r is not registered; using random until it is", wanted)
            self._warned_fallback = True
        return "random"

    async def _fallback(
        self, request: dict[str, Any], legal: list[Action], reason: str
    ) -> Decision:
        """The shared fallback (`bots.fallback`) in a thread of the server: the configured
        bot's move, or a seeded random legal one if even that fails."""
        self.stats.fallbacks += 1
        self.stats.fallback_reasons[reason] += 1
        code = self.fallback_code()
        log.warning("fallback %s for bot %s (%s)", code, request["bot"], reason)
        level = parse_code(code)[0]
        budget = (
            time.perf_counter,
            self.config.budget_for(level),
            self.config.max_iterations.get(level),
        )
        move = functools.partial(fallback_move, legal=legal, budget=budget)
        loop = asyncio.get_running_loop()
        action, ctx, used = await loop.run_in_executor(
            None, move, request["view"], request["seed"], reason, code
        )
        notes = bot_worker.json_safe(ctx.notes)
        return Decision(action, "fallback", used, request["seed"], 0.0, notes, reason)


def _call_in(loop: asyncio.AbstractEventLoop, callback: Callable[[], None]) -> None:
    """Run `callback` on the server's loop from any thread; nothing to do once it closed."""
    with contextlib.suppress(RuntimeError):
        loop.call_soon_threadsafe(callback)


def _is_legal(action: object, legal: list[Action]) -> bool:
    return isinstance(action, int | str) and not isinstance(action, bool) and action in legal
