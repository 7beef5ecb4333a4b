"""The hub: every live table, who is connected to it, and the loop that lets bots move.

Each change to a table runs under that table's lock in this order: validate,
write to SQLite (in the writer thread, so a slow or locked database never
holds the event loop), update memory, broadcast. A failed write therefore
leaves memory as it was and reaches the client as `storage_error`; an engine
exception stops the table as `errored` instead of leaving it stuck.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
import sqlite3
import time
from collections import defaultdict
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from boardbots.core.contract import Action, State
from boardbots.core.rng import decision_seed
from boardbots.server import messages
from boardbots.server.botpool import BotService
from boardbots.server.config import ServerConfig
from boardbots.server.errors import Code, ServerError
from boardbots.server.lru import Lru
from boardbots.server.player_options import check_player_options
from boardbots.server.sessions import Role, Session
from boardbots.server.stats import Stats
from boardbots.server.store import Store
from boardbots.server.table import (
    UNFINISHED,
    Seat,
    SeatKind,
    Status,
    Table,
    stored_summary,
    table_from_rows,
)
from boardbots.server.undo import Refusal, take_back

log = logging.getLogger(__name__)
T = TypeVar("T")

ENDED_CACHE = 256
"""Ended tables (with their final state messages) kept in memory, least recently used out."""
REPLAY_CACHE = 16
"""Replays with every view kept in memory; each can be a few hundred kilobytes."""
RETRY_FIRST_S = 0.25
RETRY_MAX_S = 10.0
"""A bot move that could not be saved is tried again after 0.25 s, 0.5 s, ... up to 10 s."""
ENGINE_MESSAGE = "the game engine failed; this table is stopped and its creator can close it"
STORAGE_MESSAGE = "the server could not save that; nothing changed, try again"


class Hub:
    def __init__(
        self,
        config: ServerConfig,
        store: Store,
        bots: BotService,
        stats: Stats,
        clock: Callable[[], float] = time.monotonic,
        entropy: Callable[[int], bytes] = os.urandom,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.config = config
        self.store = store
        self.bots = bots
        self.stats = stats
        self.clock = clock
        """Seconds, for abandoned-table expiry and players' absences (the grace before a
        bot may take a seat); tests replace it to move time on."""
        self.entropy = entropy
        """Secret bytes mixed into every table seed; tests replace it to fix the seeds."""
        self.sleep = sleep
        """Waits between retries of a bot move that could not be saved; tests replace it."""
        self.tables: dict[str, Table] = {}
        self.ended: Lru[str, Table] = Lru(ENDED_CACHE)
        self.replays: Lru[tuple[str, int], dict[str, Any]] = Lru(REPLAY_CACHE)
        self.sessions: dict[str, set[Session]] = defaultdict(set)
        self.locks: dict[str, asyncio.Lock] = {}
        self.drivers: dict[str, asyncio.Task[None]] = {}
        self.alone_since: dict[str, float] = {}
        """Unfinished table -> when it was last seen with no human connected (clock time)."""
        self.sweeper: asyncio.Task[None] | None = None
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="boardbots-db")
        self._background: set[asyncio.Task[None]] = set()
        self._adding = 0

    # --- storage ------------------------------------------------------------

    async def write(self, method: Callable[..., None], *args: Any) -> None:
        """Run one store write in the writer thread; any failure becomes `storage_error`."""
        loop = asyncio.get_running_loop()
        try:
            await loop.run_in_executor(self._writer, functools.partial(method, *args))
        except (sqlite3.Error, OSError) as exc:
            log.warning("a database write failed: %s", exc)
            raise ServerError(Code.STORAGE_ERROR, STORAGE_MESSAGE) from None

    def _write_later(self, method: Callable[..., None], *args: Any) -> None:
        """A write nobody waits for (marking a table errored): memory has moved already."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            with contextlib.suppress(sqlite3.Error, OSError):
                method(*args)
            return
        task = loop.create_task(self.write(method, *args))
        self._background.add(task)
        task.add_done_callback(self._background_done)

    def _background_done(self, task: asyncio.Task[None]) -> None:
        self._background.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.warning("a background write failed; it is redone when the table is next loaded")

    def lock(self, table_id: str) -> asyncio.Lock:
        """Held from validation to memory update, across the awaited write."""
        return self.locks.setdefault(table_id, asyncio.Lock())

    # --- tables -------------------------------------------------------------

    def resume(self) -> int:
        """Rebuild every unfinished table from its log and let waiting bots move again;
        a table that cannot be rebuilt is left errored, never driven."""
        for table_id in self.store.ids(UNFINISHED):
            table = self.get(table_id)
            if table.status.value in UNFINISHED:
                self.alone_since.setdefault(table.id, self.clock())
                self.kick(table)
        return len(self.tables)

    def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id) or self.ended.get(table_id)
        if table is None:
            table = self._load(table_id)
            if table.status.value in UNFINISHED:
                self.tables[table_id] = table
            else:
                self.ended.put(table_id, table)
        return table

    def listed(self, table_id: str) -> dict[str, Any]:
        """A table's summary for the lobby lists. One that ended and is not in memory
        is summarised from its stored rows, not rebuilt: a summary needs no state, and
        replaying up to 200 whole logs for one list held the server for seconds."""
        table = self.tables.get(table_id) or self.ended.get(table_id)
        if table is not None:
            return table.summary()
        head = self.store.head(table_id)
        if head is None:
            raise ServerError(Code.TABLE_NOT_FOUND, f"there is no table {table_id!r}")
        row, seats, decisions = head
        if row["status"] in UNFINISHED:  # rebuilding may find it errored
            return self.get(table_id).summary()
        return stored_summary(row, seats, decisions)

    def _load(self, table_id: str) -> Table:
        loaded = self.store.load(table_id)
        if loaded is None:
            raise ServerError(Code.TABLE_NOT_FOUND, f"there is no table {table_id!r}")
        table = table_from_rows(*loaded)
        self._rebuild(table)
        now = self.clock()
        for seat in table.seats:
            if seat.kind is SeatKind.HUMAN and seat.joined:  # nobody is connected yet
                seat.left_at = now
        return table

    def _rebuild(self, table: Table) -> None:
        """Give a loaded table its state. An unfinished one whose options a player could
        not set, or whose log the engine refuses, becomes errored instead of replaying
        (or failing) again on every restart."""
        unfinished = table.status.value in UNFINISHED
        failure: Exception | None = None
        if unfinished and not self.config.lab_mode:
            try:
                check_player_options(table.game_name, table.options)
            except ServerError as exc:
                failure = exc
        if failure is None:
            table.state, failure = table.replayed_safely()
        if failure is not None and unfinished:
            log.error("table %s cannot be rebuilt (%r); it is marked errored", table.id, failure)
            table.status = Status.ERRORED
            table.version += 1
            self._write_later(self.store.set_head, table.id, table.head())

    def unfinished_count(self) -> int:
        return sum(1 for t in self.tables.values() if t.status.value in UNFINISHED)

    async def add(self, table: Table) -> None:
        if self.unfinished_count() + self._adding >= self.config.max_tables:
            raise ServerError(Code.TOO_MANY_TABLES, "the server is full; try again later")
        row = {"game": table.game_name, "options": table.options, "seed": table.seed}
        row |= {"id": table.id, "owner_hash": table.owner_hash, "created_at": table.created_at}
        row |= {"status": table.status.value, "version": table.version}
        self._adding += 1  # a slot is held while the write runs, so racing creates cannot overfill
        try:
            await self.write(self.store.create, row, [s.row() for s in table.seats])
        finally:
            self._adding -= 1
        self.tables[table.id] = table
        self.alone_since[table.id] = self.clock()

    async def change_seat(self, table: Table, make: Callable[[Table], Seat]) -> None:
        """Put in the seat `make` builds (a player joined, a bot took over): `make` checks
        the request against the table as it is under the lock; stored, then shown."""
        async with self.lock(table.id):
            seat = make(table)
            others = [s for s in table.seats if s.index != seat.index]
            starts = table.status is Status.WAITING and all(s.joined for s in [*others, seat])
            status = Status.PLAYING.value if starts else None
            await self.write(self.store.save_seat, table.id, seat.row(), status)
            table.seats[seat.index] = seat
            table.start_if_ready()
            self.broadcast_table(table)
            if starts:
                self.broadcast_state(table)
            self.kick(table)

    async def close(self, table: Table, check: Callable[[Table], None] | None = None) -> None:
        """Close an unfinished or errored table; `check` (the owner's token) runs under the lock."""
        async with self.lock(table.id):
            if check is not None:
                check(table)
            await self.write(self.store.set_head, table.id, table.head_after(Status.CLOSED))
            self.stop_driver(table)
            table.status = Status.CLOSED
            table.version += 1
            self.alone_since.pop(table.id, None)
            self.broadcast_table(table)
            self.broadcast_state(table)
        self._forget_if_idle(table.id)

    def engine_failed(self, table: Table, exc: BaseException) -> None:
        """The engine raised: stop the table for good and tell whoever is there.

        Memory moves first here, unlike every other change: the table cannot go on
        whether or not the write succeeds. If it fails, the table is found errored
        again once the engine fails on it after a restart.
        """
        log.error("the engine failed at table %s; it is now errored", table.id, exc_info=exc)
        self.stop_driver(table)
        table.status = Status.ERRORED
        table.version += 1
        self.alone_since.pop(table.id, None)
        self._write_later(self.store.set_head, table.id, table.head())
        self.broadcast(
            table, messages.error(Code.ENGINE_ERROR, ENGINE_MESSAGE, None, table.version)
        )
        self.broadcast_table(table)
        self.broadcast_state(table)

    def _engine(self, table: Table, step: Callable[[], T]) -> T:
        """Run engine code for a decision; a crash (unlike a refusal) stops the table."""
        try:
            return step()
        except ServerError:
            raise
        except Exception as exc:
            self.engine_failed(table, exc)
            raise ServerError(Code.ENGINE_ERROR, ENGINE_MESSAGE) from None

    # --- abandoned tables ---------------------------------------------------

    @staticmethod
    def humans_connected(table: Table) -> bool:
        return any(s.kind is SeatKind.HUMAN and s.connections > 0 for s in table.seats)

    async def expire_abandoned(self) -> list[str]:
        """Close every unfinished table that has had no human connected for
        `abandon_after_s` (spectators do not count); returns their ids."""
        limit = self.config.abandon_after_s
        if limit <= 0:
            return []
        now = self.clock()
        expired = []
        for table in list(self.tables.values()):
            if table.status.value not in UNFINISHED:
                self.alone_since.pop(table.id, None)
                continue
            if self.humans_connected(table):
                self.alone_since[table.id] = now
                continue
            since = self.alone_since.setdefault(table.id, now)
            if now - since >= limit:
                log.info("table %s had no player for %.0f s: closing it", table.id, now - since)
                await self.close(table)
                self.stats.tables_expired += 1
                expired.append(table.id)
        return expired

    def start_sweeper(self) -> None:
        """Check for abandoned tables every `abandon_check_s` seconds, on the event loop."""
        if self.config.abandon_after_s <= 0 or self.sweeper is not None:
            return
        self.sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def _sweep(self) -> None:
        period = max(0.01, min(self.config.abandon_check_s, self.config.abandon_after_s))
        while True:
            await asyncio.sleep(period)
            try:
                await self.expire_abandoned()
            except Exception:
                log.exception("checking for abandoned tables failed; trying again later")

    # --- sessions -----------------------------------------------------------

    def attach(self, session: Session) -> None:
        table = self.get(session.table_id)
        self.tables.setdefault(table.id, table)  # an ended table stays put while watched
        self.sessions[session.table_id].add(session)
        if session.seat is not None:
            table.seats[session.seat].connections += 1
            table.seats[session.seat].left_at = None
            self.broadcast_table(table)

    def detach(self, session: Session) -> None:
        """Whether a seat loses a connection is read from membership, not the role: a
        session cut off for falling behind is already closed when its handler ends, and
        its seat would otherwise stay connected for good."""
        attached = session in self.sessions[session.table_id]
        session.close()
        self.sessions[session.table_id].discard(session)
        if attached and session.seat is not None:
            table = self.get(session.table_id)
            seat = table.seats[session.seat]
            seat.connections = max(0, seat.connections - 1)
            if seat.connections == 0:
                seat.left_at = self.clock()
            if table.status.value in UNFINISHED and not self.humans_connected(table):
                self.alone_since[table.id] = self.clock()
            self.broadcast_table(table)
        self._forget_if_idle(session.table_id)

    def _forget_if_idle(self, table_id: str) -> None:
        """Ended tables move to the bounded cache once nobody watches; the store keeps them."""
        table = self.tables.get(table_id)
        if table is None or self.sessions[table_id] or table.status.value in UNFINISHED:
            return
        del self.tables[table_id]
        self.sessions.pop(table_id, None)
        lock = self.locks.get(table_id)
        if lock is not None and not lock.locked():
            del self.locks[table_id]
        self.ended.put(table_id, table)

    def broadcast_table(self, table: Table) -> None:
        message = messages.table_message(table, self.clock())
        for session in list(self.sessions[table.id]):
            if session.role is not Role.AWAITING_HELLO:
                session.push(message)

    def broadcast_state(self, table: Table) -> None:
        """One view per seat, computed once, sent to every connection holding that seat."""
        built: dict[int | None, dict[str, Any]] = {}
        for session in list(self.sessions[table.id]):
            if session.role is Role.AWAITING_HELLO:
                continue
            if session.seat not in built:
                try:
                    built[session.seat] = messages.state_message(table, session.seat)
                except Exception as exc:  # the engine could not even show the position
                    if table.status is not Status.ERRORED:
                        self.engine_failed(table, exc)
                    return
            session.push(built[session.seat])

    def broadcast(self, table: Table, message: dict[str, Any]) -> None:
        for session in list(self.sessions[table.id]):
            if session.role is not Role.AWAITING_HELLO:
                session.push(message)

    # --- decisions ----------------------------------------------------------

    async def act(self, session: Session, state_id: int, action: Action) -> int:
        """A human's decision: checked, stored, then applied and broadcast. Returns the new
        state id; every refusal (storage and engine failures too) is a ServerError."""
        table = self.get(session.table_id)
        seat = session.seat
        assert seat is not None
        async with self.lock(table.id):
            table.check_turn(seat, state_id)
            state, text, result = self._engine(table, lambda: self._applied(table, action))
            entry = {"seat": seat, "action": action, "by": "human", "text": text}
            await self._commit(table, entry, state, result)
            return table.version

    def _applied(self, table: Table, action: Action) -> tuple[State, str, list[float] | None]:
        state = table.next_state(action)
        return state, table.game.describe(table.state, action), table.outcome(state)

    async def undo(self, session: Session, state_id: int) -> int:
        """Take back the player's last decision and the bot replies after it (the
        rule is in server/undo.py). Returns the new state id."""
        table = self.get(session.table_id)
        seat = session.seat
        assert seat is not None
        async with self.lock(table.id):
            table.require_playing()
            if state_id != table.version:
                raise ServerError(
                    Code.STALE_STATE,
                    f"you asked on state {state_id} but the table is at {table.version}",
                )
            outcome = self._engine(table, lambda: take_back(table, seat))
            if isinstance(outcome, Refusal):
                raise ServerError(Code.UNDO_NOT_ALLOWED, f"cannot take back: {outcome.message}")
            before, record = outcome
            head = table.head_after(Status.PLAYING)
            await self.write(self.store.take_back, table.id, len(table.takebacks), record, head)
            self.stop_driver(table)
            table.take_back(record, before)
            self.broadcast_state(table)
            self.kick(table)
            return table.version

    async def _commit(
        self, table: Table, entry: dict[str, Any], state: State, result: list[float] | None
    ) -> None:
        """Store the decision, then show it: a failed write leaves the table as it was."""
        status = Status.FINISHED if result is not None else table.status
        head = table.head_after(status, result)
        await self.write(self.store.append, table.id, len(table.log), entry, head)
        table.commit(entry, state, result)
        self.stats.decisions += 1
        self.broadcast_state(table)
        if table.status is Status.FINISHED:
            self.broadcast_table(table)
        self.kick(table)

    # --- bots ---------------------------------------------------------------

    def bot_to_move(self, table: Table) -> int | None:
        if table.status is not Status.PLAYING:
            return None
        seat = table.pending_seat()
        if seat is None or table.seats[seat].kind is not SeatKind.BOT:
            return None
        return seat

    def kick(self, table: Table) -> None:
        """Start the bot loop for this table if a bot must move and none is running."""
        running = self.drivers.get(table.id)
        if self.bot_to_move(table) is None or (running is not None and not running.done()):
            return
        self.drivers[table.id] = asyncio.get_running_loop().create_task(self._drive(table))

    def stop_driver(self, table: Table) -> None:
        """Abandon a bot's pending request: its answer will be discarded."""
        task = self.drivers.pop(table.id, None)
        if task is not None and not task.done() and task is not asyncio.current_task():
            task.cancel()

    async def _drive(self, table: Table) -> None:
        """Bot turns chain until a human must act (the spec's bot turn loop). A move that
        could not be saved is tried again with backoff until storage is back; an engine
        failure stops the table."""
        delay = 0.0
        while (seat := self.bot_to_move(table)) is not None:
            try:
                await self._bot_turn(table, seat)
                delay = 0.0
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if not (isinstance(exc, ServerError) and exc.code is Code.STORAGE_ERROR):
                    if table.status is not Status.ERRORED:
                        self.engine_failed(table, exc)
                    return
                delay = min(RETRY_MAX_S, delay * 2 or RETRY_FIRST_S)
                log.warning("table %s: bot move not saved; retrying in %.2f s", table.id, delay)
                if delay == RETRY_FIRST_S:
                    error = messages.error(exc.code, exc.message, None, table.version)
                    self.broadcast(table, error)
                await self.sleep(delay)

    async def _bot_turn(self, table: Table, seat: int) -> None:
        game, code, version = table.game, table.seats[seat].bot or "easy", table.version
        view, legal = self._engine(
            table, lambda: (game.player_view(table.state, seat), game.legal_actions(table.state))
        )
        request = self.bots.request(view, code, decision_seed(table.seed, len(table.log)))
        self.broadcast(table, messages.thinking(table, seat, code, request["budget_ms"]))
        started = time.monotonic()
        urgent = self.humans_connected(table)
        decision = await self.bots.decide(request, legal, urgent)
        rest = self.config.min_think_ms / 1000.0 - (time.monotonic() - started)
        try:
            if rest > 0:
                await asyncio.sleep(rest)
        except asyncio.CancelledError:
            self.stats.late_discarded += 1  # an undo or a close made this answer stale
            raise
        async with self.lock(table.id):
            if table.version != version or self.bot_to_move(table) != seat:
                self.stats.late_discarded += 1
                return
            state, text, result = self._engine(table, lambda: self._applied(table, decision.action))
            entry = {"seat": seat, "action": decision.action, "text": text}
            await self._commit(table, entry | decision.entry_fields(), state, result)

    async def shutdown(self) -> None:
        if self.sweeper is not None:
            self.sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.sweeper
        tasks = [*self.drivers.values(), *self._background]
        for task in self.drivers.values():
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for sessions in self.sessions.values():
            for session in list(sessions):
                session.close(1001)
        self._writer.shutdown(wait=True)
