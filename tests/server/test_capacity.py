"""Capacity: per-client and global limits, the hello timeout, the streamed body limit,
cancelled pool tasks and fair bot turns. Each refusal has its code and others are served."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

from boardbots.server.app import create_app
from boardbots.server.config import ServerConfig
from boardbots.server.scheduler import FairScheduler
from tests.server.conftest import (
    HUMAN,
    hello,
    make_config,
    my_turn_state,
    of_type,
    receive_until,
    send,
    wait_for,
)
from tests.server.manual_clock import ManualClock

Msg = dict[str, Any]
Y_TABLE: Msg = {"game": "y", "options": {"size": 5}, "seats": [HUMAN, HUMAN], "join": 0}


class AsClient:
    """Test-only wrapper: the `x-client` header stands for the peer address."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            host = dict(scope["headers"]).get(b"x-client")
            if host is not None:
                scope = {**scope, "client": (host.decode(), 1)}
        await self.app(scope, receive, send)


def _client(tmp_path: Path, clock: ManualClock | None = None, **changes: Any) -> TestClient:
    config, static = make_config(tmp_path, **changes), tmp_path / "static"
    app = create_app(config, static, clock) if clock else create_app(config, static)
    return TestClient(AsClient(app))


def _new_table(client: TestClient, who: str) -> Any:
    return client.post("/api/tables", json=Y_TABLE, headers={"x-client": who})


def _code(response: Any) -> str:
    code: str = response.json()["error"]["code"]
    return code


def test_tables_created_per_client_use_a_sliding_window(tmp_path: Path) -> None:
    clock = ManualClock()
    with _client(tmp_path, clock, tables_per_client=2, tables_window_s=60.0) as client:
        assert [_new_table(client, "a").status_code for _ in range(2)] == [201, 201]
        refused = _new_table(client, "a")
        assert refused.status_code == 429 and _code(refused) == "too_many_created"
        assert "2 tables in the last 60 s" in refused.json()["error"]["message"]
        assert _new_table(client, "b").status_code == 201  # someone else is still served
        clock.advance(59.0)
        assert _code(_new_table(client, "a")) == "too_many_created"
        clock.advance(1.0)
        assert _new_table(client, "a").status_code == 201


def test_open_tables_per_client(tmp_path: Path) -> None:
    with _client(tmp_path, open_tables_per_client=2) as client:
        made = [_new_table(client, "a").json() for _ in range(2)]
        refused = _new_table(client, "a")
        assert refused.status_code == 429 and _code(refused) == "too_many_open_tables"
        assert _new_table(client, "b").status_code == 201
        tid, owner = made[0]["table"]["id"], made[0]["owner_token"]
        client.post(f"/api/tables/{tid}/close", json={"owner_token": owner})
        assert _new_table(client, "a").status_code == 201  # a closed table frees its place


def _refused_socket(client: TestClient, url: str, who: str) -> tuple[Msg, int, str]:
    with client.websocket_connect(url, headers={"x-client": who}) as ws:
        error = ws.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    return error, closed.value.code, closed.value.reason


@pytest.mark.parametrize(
    ("limits", "clients", "message"),
    [
        ({"sockets_per_client": 2}, ["a", "a"], "your address has 2 open connections"),
        ({"max_sockets": 2}, ["a", "b"], "the server has 2 open connections"),
    ],
)
def test_socket_limits(tmp_path: Path, limits: Msg, clients: list[str], message: str) -> None:
    with _client(tmp_path, **limits) as client:
        tid = _new_table(client, "x").json()["table"]["id"]
        url = f"/ws/tables/{tid}"
        first = client.websocket_connect(url, headers={"x-client": clients[0]})
        second = client.websocket_connect(url, headers={"x-client": clients[1]})
        with first as one, second:
            hello(one)
            error, code, reason = _refused_socket(client, url, "a")
            assert error["code"] == "too_many_connections" and message in error["message"]
            assert code == 1013 and message in reason
            send(one, {"type": "ping", "ref": 1})  # the open ones are still served
            assert receive_until(one, of_type("pong"))["ref"] == 1
        with client.websocket_connect(url, headers={"x-client": "a"}) as again:
            hello(again)  # closing sockets gives their places back


def test_hello_timeout_closes_a_silent_socket(tmp_path: Path) -> None:
    clock = ManualClock()
    with _client(tmp_path, clock, hello_timeout_s=10.0) as client:
        tid = _new_table(client, "x").json()["table"]["id"]
        url = f"/ws/tables/{tid}"
        with client.websocket_connect(url) as talker, client.websocket_connect(url) as silent:
            hello(talker)
            wait_for(lambda: clock.sleepers == 2)
            clock.advance(9.9)
            send(silent, {"type": "ping", "ref": "early"})  # still open just before
            assert receive_until(silent, of_type("pong"))["ref"] == "early"
            clock.advance(0.1)
            error = silent.receive_json()
            with pytest.raises(WebSocketDisconnect) as closed:
                silent.receive_json()
            send(talker, {"type": "ping", "ref": 2})
            assert receive_until(talker, of_type("pong"))["ref"] == 2
    assert error["code"] == "hello_timeout" and "no hello within 10 s" in error["message"]
    assert closed.value.code == 4408 and closed.value.reason == "no hello within 10 s"


async def _post(app: ASGIApp, size: int, chunk: int, declare: bool) -> tuple[int, Msg, int]:
    """POST `size` bytes in `chunk`-sized pieces, produced only when the app reads them;
    returns (status, body, bytes the app read)."""
    read = 0
    sent: list[Message] = []

    async def receive() -> Message:
        nonlocal read
        if read >= size:
            await asyncio.sleep(3600)
        read += chunk
        return {"type": "http.request", "body": b" " * chunk, "more_body": read < size}

    async def collect(message: Message) -> None:
        sent.append(message)

    headers = [(b"content-type", b"application/json")]
    if declare:
        headers.append((b"content-length", str(size).encode()))
    scope = {"type": "http", "method": "POST", "path": "/api/tables", "headers": headers}
    scope |= {"query_string": b"", "client": ("x", 1), "server": ("test", 80), "scheme": "http"}
    scope |= {"http_version": "1.1", "root_path": "", "asgi": {"version": "3.0"}}
    await asyncio.wait_for(app(scope, receive, collect), 30)
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return sent[0]["status"], json.loads(body), read


@pytest.mark.parametrize("declare", [False, True])
def test_body_limit_is_enforced_while_reading(tmp_path: Path, declare: bool) -> None:
    with _client(tmp_path) as client:
        assert client.portal is not None
        status, body, read = client.portal.call(
            _post, client.app, 64 * 1024 * 1024, 16 * 1024, declare
        )
        assert status == 413 and body["error"]["code"] == "body_too_large"
        assert read <= 64 * 1024 + 16 * 1024  # stopped at the limit, not at 64 MiB
        assert _new_table(client, "x").status_code == 201  # other requests are served


def test_the_limits_have_documented_defaults() -> None:
    c = ServerConfig()
    assert (c.tables_per_client, c.tables_window_s, c.open_tables_per_client) == (20, 600.0, 10)
    assert (c.sockets_per_client, c.max_sockets, c.hello_timeout_s) == (32, 2000, 10.0)
    assert c.max_body_bytes == 65_536
    assert (c.connections_per_client, c.max_connections, c.request_timeout_s) == (64, 4096, 20.0)
    docs = (Path(__file__).resolve().parents[2] / "docs" / "server.md").read_text()
    for name in ("tables_per_client", "open_tables_per_client", "sockets_per_client"):
        assert f"`{name}`" in docs
    for name in ("max_sockets", "hello_timeout_s", "max_body_bytes", "tables_window_s"):
        assert f"`{name}`" in docs
    for name in ("connections_per_client", "max_connections", "request_timeout_s"):
        assert f"`{name}`" in docs


# --- pool tasks the server stops waiting for ----------------------------------


@pytest.fixture
def slow_pool(tmp_path: Path) -> Iterator[TestClient]:
    """One worker and a wait limit far longer than the test: only a cancel can free it."""
    config = make_config(tmp_path, bot_workers=1, timeout_extra_s=120.0)
    with TestClient(create_app(config, tmp_path / "static")) as client:
        yield client


@pytest.mark.parametrize("how", ["close", "undo"])
def test_a_task_nobody_waits_for_is_cancelled(slow_pool: TestClient, how: str) -> None:
    seats = [HUMAN, {"kind": "bot", "bot": "sleepy:seconds=60"}]
    made = slow_pool.post("/api/tables", json={**Y_TABLE, "seats": seats}).json()
    tid = made["table"]["id"]
    with slow_pool.websocket_connect(f"/ws/tables/{tid}") as ws:
        start = hello(ws, 0, made["token"])
        send(ws, {"type": "action", "state_id": 0, "action": start["legal"][0]["action"]})
        receive_until(ws, of_type("thinking"))
        if how == "close":
            slow_pool.post(f"/api/tables/{tid}/close", json={"owner_token": made["owner_token"]})
        else:
            send(ws, {"type": "undo", "state_id": 1})
        receive_until(ws, of_type("state"))
    stats = slow_pool.get("/api/stats").json()
    assert stats["cancelled"] == 1 and stats["fallbacks"] == 0
    _, by = _human_vs(slow_pool, "notes", moves=1)  # the stopped worker was replaced
    assert by == ["bot"]


def _human_vs(client: TestClient, code: str, moves: int) -> tuple[str, list[str]]:
    """A human plays `moves` moves against `code`; returns the table and who answered."""
    made = client.post(
        "/api/tables", json={**Y_TABLE, "seats": [HUMAN, {"kind": "bot", "bot": code}]}
    )
    body = made.json()
    bys = []
    with client.websocket_connect(f"/ws/tables/{body['table']['id']}") as ws:
        state = hello(ws, 0, body["token"])
        for _ in range(moves):
            action = state["legal"][0]["action"]
            send(ws, {"type": "action", "state_id": state["state_id"], "action": action})
            state = my_turn_state(ws)
            bys.append(state["last"]["by"])
    return body["table"]["id"], bys


# --- fair turns -----------------------------------------------------------------


def test_a_human_table_is_served_first_while_all_bot_tables_queue(tmp_path: Path) -> None:
    """Six all-bot tables keep one worker busy with 0.5 s tasks, so a request that joined
    the pool's queue would wait 2.5 s, past its 1.5 s limit. The human's bot moves first."""
    config = make_config(tmp_path, bot_workers=1, timeout_extra_s=1.4)
    with TestClient(create_app(config, tmp_path / "static")) as client:
        sleepy = {"kind": "bot", "bot": "sleepy:seconds=0.5"}
        for _ in range(6):
            body = {**Y_TABLE, "seats": [sleepy, sleepy]}
            del body["join"]
            assert client.post("/api/tables", json=body).status_code == 201
        _, bys = _human_vs(client, "notes", moves=3)
        stats = client.get("/api/stats").json()
    assert bys == ["bot", "bot", "bot"]
    assert stats["fallbacks"] == 0  # queued all-bot requests waited instead of timing out


def _run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_scheduler_grants_urgent_first_then_in_order_and_forgets_the_cancelled() -> None:
    async def scenario() -> list[str]:
        slots = FairScheduler(1)
        order: list[str] = []
        await slots.acquire(False)

        async def wait(name: str, urgent: bool) -> None:
            await slots.acquire(urgent)
            order.append(name)

        tasks = {n: asyncio.create_task(wait(n, u)) for n, u in [("a", 0), ("b", 0), ("h", 1)]}
        tasks["c"] = asyncio.create_task(wait("c", False))
        await asyncio.sleep(0)
        tasks["b"].cancel()
        for _ in range(3):
            slots.release()
            await asyncio.sleep(0)
        assert slots.free == 0 and slots.waiting == 0
        slots.release()
        assert slots.free == 1
        return order

    assert _run(scenario()) == ["h", "a", "c"]
