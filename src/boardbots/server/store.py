"""SQLite persistence: a table is its game, options, seed, seats and action log.

Each write is its own transaction and is committed before the caller tells any
client about the change, so a killed process never shows a move it then forgets.
Writes use their own connection because the hub runs them in a writer thread
(a locked database then waits there, not on the event loop); reads stay on the
event loop's connection, and WAL lets them go on while a write waits.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from boardbots.server.config import SYNC_MODES

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    status TEXT NOT NULL,
    version INTEGER NOT NULL,
    owner_hash TEXT NOT NULL,
    created_at REAL NOT NULL,
    result TEXT
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    bot TEXT,
    token_hash TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (table_id, n)
);
CREATE TABLE IF NOT EXISTS takebacks (
    table_id TEXT NOT NULL REFERENCES tables(id),
    k INTEGER NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (table_id, k)
);
CREATE INDEX IF NOT EXISTS tables_by_status ON tables(status);
"""

Row = dict[str, Any]


class Store:
    """A reading connection and a writing one; each write method is one transaction."""

    def __init__(self, path: Path, synchronous: str = "NORMAL") -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self._db = _connect(path, synchronous)
        self._db.executescript(_SCHEMA)
        self._writer = _connect(path, synchronous)

    def close(self) -> None:
        self._writer.close()
        self._db.close()

    def _tx(self, statements: list[tuple[str, tuple[Any, ...]]]) -> None:
        """All statements or none: a half-written move would break the replay."""
        with self._writer:
            self._writer.execute("BEGIN IMMEDIATE")
            for sql, args in statements:
                self._writer.execute(sql, args)

    def create(self, table: Row, seats: list[Row]) -> None:
        stmts = [
            (
                "INSERT INTO tables VALUES (?,?,?,?,?,?,?,?,?)",
                (
                    table["id"],
                    table["game"],
                    json.dumps(table["options"]),
                    table["seed"],
                    table["status"],
                    table["version"],
                    table["owner_hash"],
                    table["created_at"],
                    None,
                ),
            )
        ]
        stmts += [_seat_stmt(table["id"], s) for s in seats]
        self._tx(stmts)

    def save_seat(self, table_id: str, seat: Row, status: str | None = None) -> None:
        stmts = [_seat_stmt(table_id, seat)]
        if status is not None:
            stmts.append(("UPDATE tables SET status=? WHERE id=?", (status, table_id)))
        self._tx(stmts)

    def append(self, table_id: str, n: int, entry: Row, head: Row) -> None:
        """Add log entry n and move the table's version/status/result in the same transaction."""
        self._tx(
            [
                ("INSERT INTO actions VALUES (?,?,?)", (table_id, n, json.dumps(entry))),
                _head_stmt(table_id, head),
            ]
        )

    def take_back(self, table_id: str, k: int, record: Row, head: Row) -> None:
        """Cut the log at record["at"] and keep the takeback as number k, in one
        transaction: the replay shows what was taken back, the log replays without it."""
        self._tx(
            [
                ("DELETE FROM actions WHERE table_id=? AND n>=?", (table_id, record["at"])),
                ("INSERT INTO takebacks VALUES (?,?,?)", (table_id, k, json.dumps(record))),
                _head_stmt(table_id, head),
            ]
        )

    def set_head(self, table_id: str, head: Row) -> None:
        self._tx([_head_stmt(table_id, head)])

    def ids(self, statuses: tuple[str, ...]) -> list[str]:
        marks = ",".join("?" * len(statuses))
        sql = f"SELECT id FROM tables WHERE status IN ({marks}) ORDER BY created_at"
        return [r["id"] for r in self._db.execute(sql, statuses)]

    def recent(self, statuses: tuple[str, ...], limit: int) -> list[str]:
        marks = ",".join("?" * len(statuses))
        sql = f"SELECT id FROM tables WHERE status IN ({marks}) ORDER BY created_at DESC LIMIT ?"
        return [r["id"] for r in self._db.execute(sql, (*statuses, limit))]

    def head(self, table_id: str) -> tuple[Row, list[Row], int] | None:
        """The table row, its seats and how many decisions its log holds, or None:
        all a lobby list shows, without reading the log."""
        row = self._db.execute("SELECT * FROM tables WHERE id=?", (table_id,)).fetchone()
        if row is None:
            return None
        table = _table_row(row)
        seats = self._seats(table_id)
        count = "SELECT COUNT(*) FROM actions WHERE table_id=?"
        decisions: int = self._db.execute(count, (table_id,)).fetchone()[0]
        return table, seats, decisions

    def _seats(self, table_id: str) -> list[Row]:
        sql = "SELECT * FROM seats WHERE table_id=? ORDER BY seat"
        return [dict(r) for r in self._db.execute(sql, (table_id,))]

    def load(self, table_id: str) -> tuple[Row, list[Row], list[Row], list[Row]] | None:
        """The table row, its seats, its log and its takebacks in order, or None."""
        row = self._db.execute("SELECT * FROM tables WHERE id=?", (table_id,)).fetchone()
        if row is None:
            return None
        table = _table_row(row)
        seats = self._seats(table_id)
        log = [
            json.loads(r["entry"])
            for r in self._db.execute(
                "SELECT entry FROM actions WHERE table_id=? ORDER BY n", (table_id,)
            )
        ]
        takebacks = [
            json.loads(r["record"])
            for r in self._db.execute(
                "SELECT record FROM takebacks WHERE table_id=? ORDER BY k", (table_id,)
            )
        ]
        return table, seats, log, takebacks


def _table_row(row: sqlite3.Row) -> Row:
    table = dict(row)
    table["options"] = json.loads(table["options"])
    table["result"] = json.loads(table["result"]) if table["result"] else None
    return table


def _connect(path: Path, synchronous: str) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.row_factory = sqlite3.Row
    db.execute("PRAGMA journal_mode=WAL")
    db.execute(f"PRAGMA synchronous={_checked_sync(synchronous)}")
    db.execute("PRAGMA foreign_keys=ON")
    return db


def _checked_sync(value: str) -> str:
    value = value.upper()
    if value not in SYNC_MODES:
        raise ValueError(f"sqlite_synchronous must be {', '.join(SYNC_MODES)}, not {value!r}")
    return value


def _seat_stmt(table_id: str, s: Row) -> tuple[str, tuple[Any, ...]]:
    return (
        "INSERT OR REPLACE INTO seats VALUES (?,?,?,?,?,?)",
        (table_id, s["seat"], s["kind"], s["name"], s.get("bot"), s.get("token_hash")),
    )


def _head_stmt(table_id: str, head: Row) -> tuple[str, tuple[Any, ...]]:
    result = json.dumps(head["result"]) if head.get("result") is not None else None
    return (
        "UPDATE tables SET version=?, status=?, result=? WHERE id=?",
        (head["version"], head["status"], result, table_id),
    )
