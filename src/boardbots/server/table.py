"""One table's truth: game, seats, action log and current state, with no I/O.

The hub wraps these calls with locking, persistence and broadcasting; keeping
the rules of who may do what here makes them testable without a server.
"""

from __future__ import annotations

import dataclasses
import time
from enum import StrEnum
from typing import Any

from boardbots.core.contract import Action, Game, IllegalAction, State
from boardbots.games import get_game
from boardbots.server.errors import Code, ServerError


class Status(StrEnum):
    WAITING = "waiting"
    PLAYING = "playing"
    FINISHED = "finished"
    CLOSED = "closed"
    ERRORED = "errored"
    """The engine raised during play or while rebuilding the table: nothing more is
    played, the creator may close it, and a restart leaves it as it is."""


class SeatKind(StrEnum):
    HUMAN = "human"
    BOT = "bot"


UNFINISHED = (Status.WAITING.value, Status.PLAYING.value)
OVER = (Status.FINISHED, Status.CLOSED)


@dataclasses.dataclass
class Seat:
    index: int
    kind: SeatKind
    name: str
    bot: str | None = None
    token_hash: str | None = None
    connections: int = 0
    """Live WebSocket sessions holding this seat; not persisted."""
    left_at: float | None = None
    """Hub clock time since which a joined player has had no connection (None while
    connected); not persisted: a restart starts every absence again."""

    @property
    def joined(self) -> bool:
        return self.kind is SeatKind.BOT or self.token_hash is not None

    def row(self) -> dict[str, Any]:
        return {
            "seat": self.index,
            "kind": self.kind.value,
            "name": self.name,
            "bot": self.bot,
            "token_hash": self.token_hash,
        }

    def away_for(self, now: float) -> float | None:
        """Seconds this seat's player has been gone, or None when nobody is away here."""
        if self.kind is SeatKind.BOT or self.connections > 0 or self.left_at is None:
            return None
        return max(0.0, now - self.left_at)

    def summary(self, now: float | None = None) -> dict[str, Any]:
        away = None if now is None else self.away_for(now)
        return {
            "seat": self.index,
            "kind": self.kind.value,
            "name": self.name,
            "bot": self.bot,
            "joined": self.joined,
            "connected": self.kind is SeatKind.BOT or self.connections > 0,
            "away_s": None if away is None else round(away, 1),
        }


Entry = dict[str, Any]
"""A log entry: {"seat", "action", "by", "text"} plus bot fields (bot, seed, ms, notes, reason)."""


@dataclasses.dataclass
class Table:
    id: str
    game_name: str
    options: dict[str, Any]
    seed: int
    seats: list[Seat]
    owner_hash: str
    created_at: float = dataclasses.field(default_factory=time.time)
    status: Status = Status.WAITING
    version: int = 0
    log: list[Entry] = dataclasses.field(default_factory=list)
    takebacks: list[Entry] = dataclasses.field(default_factory=list)
    """Each takeback, oldest first: {"at": log index cut at, "seat", "undone": entries}."""
    result: list[float] | None = None
    state: State = dataclasses.field(default_factory=dict)
    reveal_memo: dict[int, Any] = dataclasses.field(default_factory=dict, repr=False, compare=False)
    """Per seat, how far the takeback rule has checked for reveals (server/undo.py), so
    each state message costs one engine step, not a replay of the game."""
    final_messages: dict[tuple[int, int | None], dict[str, Any]] = dataclasses.field(
        default_factory=dict, repr=False, compare=False
    )
    """State messages of an ended table by (version, seat): an ended table never changes
    (except errored -> closed, which moves the version), so each view is built once."""

    @property
    def game(self) -> Game:
        return get_game(self.game_name)

    def replayed(self, log: list[Entry]) -> State:
        """The state after `log`, rebuilt from the seed: how restarts and undo get a state."""
        game = self.game
        state = game.new_state(len(self.seats), self.seed, self.options)
        for entry in log:
            state = game.applied(state, entry["action"])
        return state

    def replayed_safely(self) -> tuple[State, Exception | None]:
        """The state after as much of the log as the engine accepts, and what stopped it.

        A log that no longer replays (an engine bug, a changed rule) must not stop
        the server from starting or loop on every restart: the caller marks the
        table errored and keeps the last good position (an empty state when even
        the start fails).
        """
        try:
            game = self.game
            state = game.new_state(len(self.seats), self.seed, self.options)
        except Exception as exc:
            return {}, exc
        for entry in self.log:
            try:
                state = game.applied(state, entry["action"])
            except Exception as exc:
                return state, exc
        return state, None

    def pending_seat(self) -> int | None:
        pending = self.game.pending(self.state)
        return None if pending is None else int(pending["player"])

    def head(self) -> dict[str, Any]:
        return {"version": self.version, "status": self.status.value, "result": self.result}

    def head_after(self, status: Status, result: list[float] | None = None) -> dict[str, Any]:
        """The stored head once the next change is made: written before memory moves."""
        return {"version": self.version + 1, "status": status.value, "result": result}

    def outcome(self, state: State) -> list[float] | None:
        """The win shares if `state` ends the game, else None."""
        game = self.game
        return game.result(state) if game.is_over(state) else None

    def open_seats(self) -> list[int]:
        return [s.index for s in self.seats if not s.joined]

    def start_if_ready(self) -> bool:
        """Waiting -> playing once every human seat has a player; True when it changed."""
        if self.status is Status.WAITING and not self.open_seats():
            self.status = Status.PLAYING
            return True
        return False

    def require_playing(self) -> None:
        if self.status is not Status.PLAYING:
            raise ServerError(Code.NOT_PLAYING, f"the table is {self.status.value}, not playing")

    def check_turn(self, seat: int, state_id: int) -> None:
        """Refuse an action from the wrong seat or for a position the player has not seen."""
        self.require_playing()
        if state_id != self.version:
            raise ServerError(
                Code.STALE_STATE,
                f"you acted on state {state_id} but the table is at {self.version}; "
                "use the latest state",
            )
        pending = self.pending_seat()
        if pending != seat:
            raise ServerError(Code.NOT_YOUR_TURN, f"it is seat {pending}'s turn, not yours")

    def next_state(self, action: Action) -> State:
        try:
            return self.game.applied(self.state, action)
        except IllegalAction as exc:
            raise ServerError(Code.ILLEGAL_ACTION, str(exc)) from None

    def commit(self, entry: Entry, state: State, result: list[float] | None) -> None:
        """Record an accepted decision; the caller validated it and stored it already."""
        self.log.append(entry)
        self.state = state
        self.version += 1
        if result is not None:
            self.status = Status.FINISHED
            self.result = result

    def take_back(self, record: Entry, state: State) -> None:
        """Cut the log at `record["at"]` and keep the record; `state` is the position
        there, computed beforehand (the caller checked the rule and stored it)."""
        del self.log[record["at"] :]
        self.takebacks.append(record)
        self.state = state
        self.version += 1

    def summary(self, now: float | None = None) -> dict[str, Any]:
        """The table as every client may see it; `now` (hub clock) adds how long each
        absent player has been gone, which the creator's replace control waits on."""
        return {
            "id": self.id,
            "game": self.game_name,
            "options": self.options,
            "status": self.status.value,
            "created_at": self.created_at,
            "decision": len(self.log),
            "state_id": self.version,
            "seats": [s.summary(now) for s in self.seats],
            "open_seats": self.open_seats(),
            "result": self.result,
        }


def table_from_rows(
    row: dict[str, Any],
    seats: list[dict[str, Any]],
    log: list[Any],
    takebacks: list[Any] | None = None,
) -> Table:
    """A stored table without its state: the caller replays the log (never read from storage)."""
    return Table(
        id=row["id"],
        game_name=row["game"],
        options=row["options"],
        seed=row["seed"],
        seats=[
            Seat(s["seat"], SeatKind(s["kind"]), s["name"], s["bot"], s["token_hash"])
            for s in seats
        ],
        owner_hash=row["owner_hash"],
        created_at=row["created_at"],
        status=Status(row["status"]),
        version=row["version"],
        log=log,
        takebacks=takebacks or [],
        result=row["result"],
    )


def stored_summary(
    row: dict[str, Any], seats: list[dict[str, Any]], decisions: int
) -> dict[str, Any]:
    """What `Table.summary` gives for an ended table, from its stored rows alone
    (nobody is connected to a table that is not in memory)."""
    summary = table_from_rows(row, seats, []).summary()
    summary["decision"] = decisions
    return summary
