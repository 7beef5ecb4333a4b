"""The hub: every live table, who is connected to it, and the loop that lets bots move.

All mutations run on the event loop with no `await` between checking and
committing, so two messages for one table can never interleave halfway.
Order of every change: validate, write to SQLite, update memory, broadcast.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from boardbots.core.contract import Action
from boardbots.core.rng import decision_seed
from boardbots.server import messages
from boardbots.server.botpool import BotService
from boardbots.server.config import ServerConfig
from boardbots.server.errors import Code, ServerError
from boardbots.server.sessions import Role, Session
from boardbots.server.stats import Stats
from boardbots.server.store import Store
from boardbots.server.table import UNFINISHED, SeatKind, Status, Table, table_from_rows
from boardbots.server.undo import undo_refusal

log = logging.getLogger(__name__)


class Hub:
    def __init__(
        self,
        config: ServerConfig,
        store: Store,
        bots: BotService,
        stats: Stats,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.config = config
        self.store = store
        self.bots = bots
        self.stats = stats
        self.clock = clock
        """Seconds, for abandoned-table expiry only; tests replace it to move time on."""
        self.tables: dict[str, Table] = {}
        self.sessions: dict[str, set[Session]] = defaultdict(set)
        self.drivers: dict[str, asyncio.Task[None]] = {}
        self.alone_since: dict[str, float] = {}
        """Unfinished table -> when it was last seen with no human connected (clock time)."""
        self.sweeper: asyncio.Task[None] | None = None

    # --- tables -------------------------------------------------------------

    def resume(self) -> int:
        """Rebuild every unfinished table from its log and let waiting bots move again."""
        for table_id in self.store.ids(UNFINISHED):
            table = self.get(table_id)
            self.alone_since.setdefault(table.id, self.clock())
            self.kick(table)
        return len(self.tables)

    def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            table = self._load(table_id)
            if table.status.value in UNFINISHED:
                self.tables[table_id] = table
        return table

    def _load(self, table_id: str) -> Table:
        loaded = self.store.load(table_id)
        if loaded is None:
            raise ServerError(Code.TABLE_NOT_FOUND, f"there is no table {table_id!r}")
        return table_from_rows(*loaded)

    def unfinished_count(self) -> int:
        return sum(1 for t in self.tables.values() if t.status.value in UNFINISHED)

    def add(self, table: Table) -> None:
        if self.unfinished_count() >= self.config.max_tables:
            raise ServerError(Code.TOO_MANY_TABLES, "the server is full; try again later")
        row = {"game": table.game_name, "options": table.options, "seed": table.seed}
        row |= {"id": table.id, "owner_hash": table.owner_hash, "created_at": table.created_at}
        row |= {"status": table.status.value, "version": table.version}
        self.store.create(row, [s.row() for s in table.seats])
        self.tables[table.id] = table
        self.alone_since[table.id] = self.clock()

    def seat_changed(self, table: Table, seat: int) -> None:
        """Persist a seat (joined, replaced), maybe start the game, tell everyone."""
        started = table.start_if_ready()
        status = table.status.value if started else None
        self.store.save_seat(table.id, table.seats[seat].row(), status)
        self.broadcast_table(table)
        if started:
            self.broadcast_state(table)
        self.kick(table)

    def close(self, table: Table) -> None:
        self.stop_driver(table)
        table.status = Status.CLOSED
        table.version += 1
        self.store.set_head(table.id, table.head())
        self.alone_since.pop(table.id, None)
        self.broadcast_table(table)
        self.broadcast_state(table)
        self._forget_if_idle(table.id)

    # --- abandoned tables ---------------------------------------------------

    @staticmethod
    def humans_connected(table: Table) -> bool:
        return any(s.kind is SeatKind.HUMAN and s.connections > 0 for s in table.seats)

    def expire_abandoned(self) -> list[str]:
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
                self.close(table)
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
                self.expire_abandoned()
            except Exception:
                log.exception("checking for abandoned tables failed; trying again later")

    # --- sessions -----------------------------------------------------------

    def attach(self, session: Session) -> None:
        self.sessions[session.table_id].add(session)
        if session.seat is not None:
            table = self.get(session.table_id)
            table.seats[session.seat].connections += 1
            self.broadcast_table(table)

    def detach(self, session: Session) -> None:
        was = session.role
        session.close()
        self.sessions[session.table_id].discard(session)
        if was is Role.PLAYER and session.seat is not None:
            table = self.get(session.table_id)
            seat = table.seats[session.seat]
            seat.connections = max(0, seat.connections - 1)
            if table.status.value in UNFINISHED and not self.humans_connected(table):
                self.alone_since[table.id] = self.clock()
            self.broadcast_table(table)
        self._forget_if_idle(session.table_id)

    def _forget_if_idle(self, table_id: str) -> None:
        """Ended tables leave memory once nobody watches; the store still has them."""
        table = self.tables.get(table_id)
        if table is None or self.sessions[table_id] or table.status.value in UNFINISHED:
            return
        del self.tables[table_id]
        self.sessions.pop(table_id, None)

    def broadcast_table(self, table: Table) -> None:
        message = messages.table_message(table)
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
                built[session.seat] = messages.state_message(table, session.seat)
            session.push(built[session.seat])

    def broadcast(self, table: Table, message: dict[str, Any]) -> None:
        for session in list(self.sessions[table.id]):
            if session.role is not Role.AWAITING_HELLO:
                session.push(message)

    # --- decisions ----------------------------------------------------------

    def act(self, session: Session, state_id: int, action: Action) -> int:
        """A human's decision: checked, committed, broadcast. Returns the new state id."""
        table = self.get(session.table_id)
        assert session.seat is not None
        table.check_turn(session.seat, state_id)
        state = table.next_state(action)
        text = table.game.describe(table.state, action)
        entry = {"seat": session.seat, "action": action, "by": "human", "text": text}
        self.commit(table, entry, state)
        return table.version

    def undo(self, session: Session, state_id: int) -> int:
        table = self.get(session.table_id)
        assert session.seat is not None
        table.require_playing()
        if state_id != table.version:
            raise ServerError(
                Code.STALE_STATE,
                f"you asked on state {state_id} but the table is at {table.version}",
            )
        reason = undo_refusal(table, session.seat)
        if reason is not None:
            raise ServerError(Code.UNDO_NOT_ALLOWED, f"cannot undo: {reason}")
        self.stop_driver(table)
        n = len(table.log) - 1
        table.drop_last()
        self.store.drop_last(table.id, n, table.head())
        self.broadcast_state(table)
        self.kick(table)
        return table.version

    def commit(self, table: Table, entry: dict[str, Any], state: Any) -> None:
        n = len(table.log)
        table.commit(entry, state)
        try:
            self.store.append(table.id, n, entry, table.head())
        except Exception:
            # Never show a move that is not on disk: rebuild memory from the log we kept.
            table.log.pop()
            table.state = table.replayed(table.log)
            table.version -= 1
            table.status, table.result = Status.PLAYING, None
            raise
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
        """Bot turns chain until a human must act (the spec's bot turn loop)."""
        while (seat := self.bot_to_move(table)) is not None:
            try:
                await self._bot_turn(table, seat)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("bot turn failed at table %s; the loop stops", table.id)
                return

    async def _bot_turn(self, table: Table, seat: int) -> None:
        game, code, version = table.game, table.seats[seat].bot or "easy", table.version
        view = game.player_view(table.state, seat)
        request = self.bots.request(view, code, decision_seed(table.seed, len(table.log)))
        self.broadcast(table, messages.thinking(table, seat, code, request["budget_ms"]))
        started = time.monotonic()
        legal, urgent = game.legal_actions(table.state), self.humans_connected(table)
        decision = await self.bots.decide(request, legal, urgent)
        rest = self.config.min_think_ms / 1000.0 - (time.monotonic() - started)
        try:
            if rest > 0:
                await asyncio.sleep(rest)
        except asyncio.CancelledError:
            self.stats.late_discarded += 1  # an undo or a close made this answer stale
            raise
        if table.version != version or self.bot_to_move(table) != seat:
            self.stats.late_discarded += 1
            return
        state = table.next_state(decision.action)
        text = game.describe(table.state, decision.action)
        entry = {"seat": seat, "action": decision.action, "text": text, **decision.entry_fields()}
        self.commit(table, entry, state)

    async def shutdown(self) -> None:
        if self.sweeper is not None:
            self.sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.sweeper
        tasks = list(self.drivers.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for sessions in self.sessions.values():
            for session in list(sessions):
                session.close(1001)
