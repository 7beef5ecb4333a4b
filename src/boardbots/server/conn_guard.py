"""Limits on raw TCP connections, applied before any HTTP is parsed.

uvicorn keeps a connection whose request never completes for as long as the
client likes, and it has no limit per client. Measured on this project's
server: two processes on one machine opened 21,000 connections and sent each
a header line every 5 s. The server ran out of file descriptors and could
accept nothing more, and asyncio logged a traceback for every failed accept
(100 MB of log in 40 s). So every connection is counted against its client
address and against the whole server, and one over either limit is answered
with `too_many_connections` and closed as soon as it is accepted. A request
that has not fully arrived `request_timeout_s` after it began (or after the
connection opened, if nothing came) loses its connection. WebSockets count
too: the upgrade keeps the same transport.
"""

from __future__ import annotations

import asyncio
import http
import json
import resource

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from boardbots.server.config import ServerConfig
from boardbots.server.errors import Code, ServerError

FD_SPARE = 256
"""File descriptors kept for everything but client connections: the database,
the bot workers' pipes, Ray, log files."""

WAITING = (h11.IDLE, h11.SEND_BODY)
"""h11 states in which the client still owes (part of) a request."""


class ConnectionGuard:
    """Open transports by client address. A transport is forgotten when its connection
    ends; one handed over to a WebSocket ends out of sight of the HTTP protocol, so
    closed transports are also swept out whenever a count is about to refuse one."""

    def __init__(self, per_client: int, total: int, request_timeout_s: float) -> None:
        self.per_client = per_client
        self.total = total
        self.request_timeout_s = request_timeout_s
        self.open: dict[str, set[asyncio.BaseTransport]] = {}
        self.count = 0

    def refusal(self, client: str) -> ServerError | None:
        """Why a new connection from `client` cannot be kept, or None if it can."""
        if len(self.open.get(client, ())) >= self.per_client:
            self._sweep(client)
        if self.count >= self.total:
            for address in list(self.open):
                self._sweep(address)
        mine = len(self.open.get(client, ()))
        if mine >= self.per_client:
            return ServerError(
                Code.TOO_MANY_CONNECTIONS,
                f"your address has {mine} open connections, the limit; close one first",
            )
        if self.count >= self.total:
            return ServerError(
                Code.TOO_MANY_CONNECTIONS,
                f"the server has {self.count} open connections, its limit; try again later",
            )
        return None

    def add(self, client: str, transport: asyncio.BaseTransport) -> None:
        self.open.setdefault(client, set()).add(transport)
        self.count += 1

    def forget(self, client: str, transport: asyncio.BaseTransport) -> None:
        mine = self.open.get(client)
        if mine is not None and transport in mine:
            mine.discard(transport)
            self.count -= 1
            if not mine:
                del self.open[client]

    def _sweep(self, client: str) -> None:
        for transport in [t for t in self.open.get(client, ()) if t.is_closing()]:
            self.forget(client, transport)


def refusal_bytes(error: ServerError) -> bytes:
    """A whole HTTP response written straight to the socket: the request may not have
    arrived yet, so h11 has nothing to answer, but a client that reads sees why."""
    body = json.dumps({"error": {"code": error.code.value, "message": error.message}}).encode()
    head = (
        f"HTTP/1.1 {error.http_status} {http.HTTPStatus(error.http_status).phrase}\r\n"
        "content-type: application/json\r\nconnection: close\r\n"
        f"content-length: {len(body)}\r\n\r\n"
    )
    return head.encode("ascii") + body


def guarded_protocol(guard: ConnectionGuard) -> type[H11Protocol]:
    """uvicorn's h11 protocol with `guard`'s limits: pass it as uvicorn's `http`."""

    class GuardedProtocol(H11Protocol):
        deadline: asyncio.TimerHandle | None = None
        address = ""

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self.address = self.client[0] if self.client else ""
            refused = guard.refusal(self.address)
            if refused is not None:
                transport.write(refusal_bytes(refused))
                transport.close()
                return
            guard.add(self.address, transport)
            self._arm()

        def data_received(self, data: bytes) -> None:
            if self.deadline is None and self.conn.their_state is h11.IDLE:
                self._arm()  # a new request begins on a kept-alive connection
            super().data_received(data)
            if self.conn.their_state not in WAITING:
                self._disarm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            guard.forget(self.address, self.transport)
            super().connection_lost(exc)

        def _arm(self) -> None:
            self.deadline = self.loop.call_later(guard.request_timeout_s, self._expire)

        def _disarm(self) -> None:
            if self.deadline is not None:
                self.deadline.cancel()
                self.deadline = None

        def _expire(self) -> None:
            self.deadline = None
            if self.conn.their_state in WAITING and not self.transport.is_closing():
                self.transport.close()

    return GuardedProtocol


def connection_cap(config: ServerConfig) -> int:
    """How many client connections this process can hold: the soft limit on open files
    is raised toward the hard one if `max_connections` needs it, and the cap is cut to
    what the limit allows (a cap above it would bring back the failed accepts)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = config.max_connections + FD_SPARE
    if soft != resource.RLIM_INFINITY and soft < want:
        raised = want if hard == resource.RLIM_INFINITY else min(want, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
        except (ValueError, OSError):
            pass
    if soft == resource.RLIM_INFINITY:
        return config.max_connections
    return max(1, min(config.max_connections, soft - FD_SPARE))


def guard_for(config: ServerConfig) -> ConnectionGuard:
    return ConnectionGuard(
        config.connections_per_client, connection_cap(config), config.request_timeout_s
    )
