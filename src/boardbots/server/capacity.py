"""Per-client and global capacity limits, so that one client cannot lock everyone else out.

A client is the peer address of the connection (behind a reverse proxy that
is the proxy; put the limits there too in that case). Every refusal is a
ServerError with its own code and a sentence saying which limit was hit.
"""

from __future__ import annotations

import collections
from collections.abc import Callable

from starlette.requests import HTTPConnection

from boardbots.server.clock import Clock
from boardbots.server.config import ServerConfig
from boardbots.server.errors import Code, ServerError


def client_key(conn: HTTPConnection) -> str:
    """Who the per-client limits count: the peer address."""
    return conn.client.host if conn.client else "unknown"


class TableQuota:
    """Tables a client created in a sliding window, and how many of them are still open."""

    def __init__(self, config: ServerConfig, clock: Clock) -> None:
        self.config = config
        self.clock = clock
        self.created: dict[str, collections.deque[float]] = collections.defaultdict(
            collections.deque
        )
        self.owned: dict[str, list[str]] = collections.defaultdict(list)

    def check(self, client: str, is_open: Callable[[str], bool]) -> None:
        """Refuse a new table when either per-client limit is reached; changes nothing."""
        times = self.created[client]
        window, limit = self.config.tables_window_s, self.config.tables_per_client
        now = self.clock.now()
        while times and now - times[0] >= window:
            times.popleft()
        if len(times) >= limit:
            wait = window - (now - times[0])
            raise ServerError(
                Code.TOO_MANY_CREATED,
                f"you created {limit} tables in the last {window:.0f} s; try again in {wait:.0f} s",
            )
        self.owned[client] = [t for t in self.owned[client] if is_open(t)]
        if len(self.owned[client]) >= self.config.open_tables_per_client:
            raise ServerError(
                Code.TOO_MANY_OPEN_TABLES,
                f"you already have {len(self.owned[client])} unfinished tables; "
                "finish or close one first",
            )

    def record(self, client: str, table_id: str) -> None:
        self.created[client].append(self.clock.now())
        self.owned[client].append(table_id)


class SocketQuota:
    """Open WebSockets per client and in all; a slot is taken before the socket is served."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.open: collections.Counter[str] = collections.Counter()
        self.total = 0

    def acquire(self, client: str) -> None:
        if self.total >= self.config.max_sockets:
            raise ServerError(
                Code.TOO_MANY_CONNECTIONS,
                f"the server has {self.total} open connections, its limit; try again later",
            )
        if self.open[client] >= self.config.sockets_per_client:
            raise ServerError(
                Code.TOO_MANY_CONNECTIONS,
                f"your address has {self.open[client]} open connections, the limit; "
                "close one first",
            )
        self.open[client] += 1
        self.total += 1

    def release(self, client: str) -> None:
        self.total = max(0, self.total - 1)
        self.open[client] -= 1
        if self.open[client] <= 0:
            del self.open[client]


class Limits:
    """Everything capacity-related the app holds for its lifetime (in `app.state.limits`)."""

    def __init__(self, config: ServerConfig, clock: Clock) -> None:
        self.config = config
        self.clock = clock
        self.tables = TableQuota(config, clock)
        self.sockets = SocketQuota(config)
