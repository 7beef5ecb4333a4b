"""Raw connection limits: a client that opens sockets and never finishes a request
cannot use up the server's file descriptors (`server/conn_guard.py`)."""

from __future__ import annotations

import contextlib
import json
import resource
import socket
import threading
from collections.abc import Iterator
from typing import Any

import pytest
import uvicorn

from boardbots.server import conn_guard
from boardbots.server.config import ServerConfig
from boardbots.server.conn_guard import ConnectionGuard, connection_cap, guarded_protocol

PARTIAL = b"GET / HTTP/1.1\r\nhost: x\r\n"
WHOLE = b"GET / HTTP/1.1\r\nhost: x\r\n\r\n"
WAIT_S = 30.0  # how long a socket read may take on a loaded machine


async def hello_app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] != "http":
        return
    while (await receive()).get("more_body"):
        pass
    headers = [(b"content-length", b"5")]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": b"hello"})


def serve(guard: ConnectionGuard) -> Iterator[int]:
    """A uvicorn server with the guarded protocol on a free port, in a thread."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    config = uvicorn.Config(hello_app, http=guarded_protocol(guard), log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        for _ in range(int(WAIT_S / 0.05)):
            if server.started:
                break
            threading.Event().wait(0.05)
        yield sock.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(WAIT_S)
        sock.close()


@pytest.fixture
def capped() -> Iterator[int]:
    yield from serve(ConnectionGuard(per_client=3, total=100, request_timeout_s=600.0))


@pytest.fixture
def impatient() -> Iterator[int]:
    yield from serve(ConnectionGuard(per_client=100, total=100, request_timeout_s=0.3))


def connect(port: int, first: bytes = b"") -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=WAIT_S)
    if first:
        s.sendall(first)
    return s


def read_all(s: socket.socket) -> bytes:
    """Everything until the server closes the connection."""
    out = b""
    while chunk := s.recv(4096):
        out += chunk
    return out


def ask(s: socket.socket, request: bytes = WHOLE) -> bytes:
    """Send the (rest of a) request on `s`; its whole response."""
    s.sendall(request)
    out = b""
    while not out.endswith(b"hello"):
        chunk = s.recv(4096)
        assert chunk, f"closed after {out!r}"
        out += chunk
    return out


def test_a_client_over_its_limit_is_told_why_and_closed(capped: int) -> None:
    with contextlib.ExitStack() as stack:
        held = [stack.enter_context(connect(capped, PARTIAL)) for _ in range(3)]
        # Refused as soon as it is accepted. (A client that has already sent bytes may
        # see its connection reset instead: unread input turns the close into a reset.)
        with connect(capped) as extra:
            reply = read_all(extra)
        head, _, body = reply.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 429 ")
        error = json.loads(body)["error"]
        assert error["code"] == "too_many_connections"
        assert "3 open connections" in error["message"]
        # The connections it holds are untouched and finish their requests.
        assert ask(held[0], b"\r\n").startswith(b"HTTP/1.1 200")
    # Once closed, they free their places.
    with contextlib.ExitStack() as stack:
        fresh = [stack.enter_context(connect(capped)) for _ in range(3)]
        assert all(ask(s).startswith(b"HTTP/1.1 200") for s in fresh)


def test_a_request_that_never_completes_loses_its_connection(impatient: int) -> None:
    half_body = b"POST / HTTP/1.1\r\nhost: x\r\ncontent-length: 100\r\n\r\n{"
    slow, silent, trickle = (connect(impatient, first) for first in (PARTIAL, b"", half_body))
    with slow, silent, trickle:
        assert read_all(slow) == b""
        assert read_all(silent) == b""
        assert read_all(trickle) == b""


def test_a_kept_alive_connection_answers_each_whole_request(impatient: int) -> None:
    with connect(impatient) as s:
        for _ in range(3):
            assert ask(s).startswith(b"HTTP/1.1 200")
        # A second request left half-sent is timed out like a first would be.
        s.sendall(PARTIAL)
        assert read_all(s) == b""


class Transport:
    """Just what the guard asks of a transport."""

    def __init__(self) -> None:
        self.closing = False

    def is_closing(self) -> bool:
        return self.closing


def test_closed_transports_that_were_never_forgotten_are_swept_out() -> None:
    # A WebSocket's transport ends out of sight of the HTTP protocol that counted it.
    guard = ConnectionGuard(per_client=2, total=3, request_timeout_s=1.0)
    first, second = Transport(), Transport()
    guard.add("a", first)  # type: ignore[arg-type]
    guard.add("a", second)  # type: ignore[arg-type]
    refused = guard.refusal("a")
    assert refused is not None and "2 open connections" in refused.message
    first.closing = True
    assert guard.refusal("a") is None
    assert guard.count == 1
    guard.add("a", Transport())  # type: ignore[arg-type]
    guard.add("b", Transport())  # type: ignore[arg-type]
    refused = guard.refusal("c")
    assert refused is not None and "the server has 3" in refused.message
    second.closing = True
    assert guard.refusal("c") is None


def test_the_cap_fits_the_open_file_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    limits = {"now": (1024, 1024)}

    def setrlimit(_: int, value: tuple[int, int]) -> None:
        if value[0] > value[1]:
            raise ValueError("over the hard limit")
        limits["now"] = value

    monkeypatch.setattr(resource, "getrlimit", lambda _: limits["now"])
    monkeypatch.setattr(resource, "setrlimit", setrlimit)
    config = ServerConfig(max_connections=4096)
    assert connection_cap(config) == 1024 - conn_guard.FD_SPARE
    limits["now"] = (1024, 100_000)
    assert connection_cap(config) == 4096
    assert limits["now"] == (4096 + conn_guard.FD_SPARE, 100_000)
