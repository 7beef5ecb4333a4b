"""Fixtures for server tests: a fresh data folder and app per test, small budgets, no pacing."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession

from boardbots.server.app import create_app
from boardbots.server.config import ServerConfig

PLUGIN = "tests.server.faulty_bots"
Msg = dict[str, Any]


def make_config(tmp_path: Path, **changes: Any) -> ServerConfig:
    base: dict[str, Any] = {
        "data": str(tmp_path / "data"),
        "min_think_ms": 0.0,
        "budget_ms": {"default": 50.0},
        "timeout_extra_s": 0.3,
        "kill_grace_s": 0.5,
        "bot_workers": 0,
        "plugins": [PLUGIN],
    }
    return ServerConfig(**{**base, **changes})


def open_client(config: ServerConfig, tmp_path: Path) -> TestClient:
    return TestClient(create_app(config, static_dir=tmp_path / "static"))


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with open_client(make_config(tmp_path), tmp_path) as c:
        yield c


def fixed_entropy(size: int) -> bytes:
    """The server's secret seed entropy in tests, so every game is the same on every run."""
    return bytes(range(size))


def seed_of(client: TestClient, table_id: str) -> int:
    """The table's real game seed (the client's seed mixed with the server's secret)."""
    seed: int = client.app.state.hub.get(table_id).seed
    return seed


def create(client: TestClient, seats: list[Msg], game: str = "y", **extra: Any) -> Msg:
    hub = client.app.state.hub
    if hub.entropy is os.urandom:  # a test may have set its own
        hub.entropy = fixed_entropy
    body = {"game": game, "options": {"size": 5}, "seed": 7, "seats": seats, **extra}
    if game != "y":
        body["options"] = extra.pop("options", {})
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    out: Msg = r.json()
    return out


HUMAN: Msg = {"kind": "human"}


def two_humans(client: TestClient) -> tuple[str, str, str, str]:
    """A Y table with both seats joined: (table id, token 0, token 1, owner token)."""
    made = create(client, [HUMAN, HUMAN], join=0)
    tid = made["table"]["id"]
    joined = client.post(f"/api/tables/{tid}/join", json={}).json()
    return tid, made["token"], joined["token"], made["owner_token"]


def send(ws: WebSocketTestSession, message: Msg | str) -> None:
    ws.send_text(message if isinstance(message, str) else json.dumps(message))


def receive_until(ws: WebSocketTestSession, done: Callable[[Msg], bool], limit: int = 200) -> Msg:
    """Read messages until one satisfies `done`; bounded so a broken server fails, not hangs."""
    for _ in range(limit):
        msg: Msg = ws.receive_json()
        if done(msg):
            return msg
    raise AssertionError("the expected message never came")


def of_type(kind: str) -> Callable[[Msg], bool]:
    return lambda m: m["type"] == kind


def hello(ws: WebSocketTestSession, seat: int | None = None, token: str | None = None) -> Msg:
    """Say hello; returns the first state message."""
    send(ws, {"type": "hello", "seat": seat, "token": token})
    assert ws.receive_json()["type"] == "welcome"
    state: Msg = ws.receive_json()
    assert state["type"] == "state"
    return state


def my_turn_state(ws: WebSocketTestSession) -> Msg:
    return receive_until(
        ws, lambda m: m["type"] == "state" and (m["your_turn"] or m["status"] != "playing")
    )


def wait_for(check: Callable[[], bool], seconds: float = 10.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.02)
    raise AssertionError(f"condition not met within {seconds} s")
