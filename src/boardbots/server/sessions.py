"""A connected client as the hub sees it: which table, which seat, and an outbox.

Messages go through a bounded queue so that one slow browser can never hold up
a table; a client that falls too far behind is disconnected and can reconnect.
"""

from __future__ import annotations

import asyncio
import enum
from typing import Any

OUTBOX_SIZE = 256


class Role(enum.Enum):
    AWAITING_HELLO = "awaiting_hello"
    PLAYER = "player"
    SPECTATOR = "spectator"
    CLOSED = "closed"


class Session:
    def __init__(self, table_id: str) -> None:
        self.table_id = table_id
        self.role = Role.AWAITING_HELLO
        self.seat: int | None = None
        self.close_code = 1000
        self.close_reason = ""
        self.outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue(OUTBOX_SIZE)

    @property
    def open(self) -> bool:
        return self.role is not Role.CLOSED

    def push(self, message: dict[str, Any]) -> None:
        if not self.open:
            return
        try:
            self.outbox.put_nowait(message)
        except asyncio.QueueFull:
            self.close()

    def close(self, code: int = 1000, reason: str = "", last: dict[str, Any] | None = None) -> None:
        """Stop the sender: empty the queue so the end marker (and `last`, an error frame
        saying why) always fit."""
        if self.role is Role.CLOSED:
            return
        self.role = Role.CLOSED
        self.close_code, self.close_reason = code, reason
        while not self.outbox.empty():
            self.outbox.get_nowait()
        if last is not None:
            self.outbox.put_nowait(last)
        self.outbox.put_nowait(None)
