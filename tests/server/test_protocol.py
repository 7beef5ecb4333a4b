"""The WebSocket protocol: every client message type; every error leaves the table unchanged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from tests.server.conftest import (
    HUMAN,
    create,
    hello,
    make_config,
    of_type,
    open_client,
    receive_until,
    send,
    two_humans,
)


def _snapshot(client: TestClient, ws: WebSocketTestSession, tid: str) -> tuple[Any, ...]:
    """What must not move after an error: the stored head and this seat's view."""
    send(ws, {"type": "sync"})
    state = receive_until(ws, of_type("state"))
    summary = client.get(f"/api/tables/{tid}").json()["table"]
    return summary["state_id"], summary["decision"], state["state_id"], state["view"]


def test_hello_gives_welcome_then_own_view_and_legal_actions(client: TestClient) -> None:
    tid, t0, _, _ = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        send(ws, {"type": "hello", "seat": 0, "token": t0})
        welcome = ws.receive_json()
        assert welcome["type"] == "welcome"
        assert welcome["you"] == {"seat": 0, "role": "player"}
        state = ws.receive_json()
    assert state["type"] == "state" and state["your_turn"] and state["state_id"] == 0
    assert state["view"]["viewer"] == 0
    assert len(state["legal"]) == 15 and state["can_undo"] is False
    first = state["legal"][0]
    assert set(first) == {"action", "text", "preview"} and first["text"].startswith("places")


def test_spectator_gets_public_view_and_no_actions(client: TestClient) -> None:
    tid, _, _, _ = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        send(ws, {"type": "hello"})
        assert ws.receive_json()["you"] == {"seat": None, "role": "spectator"}
        state = ws.receive_json()
    assert state["view"]["viewer"] is None and state["legal"] == [] and not state["your_turn"]


def test_action_is_accepted_and_broadcast_to_everyone(client: TestClient) -> None:
    tid, t0, t1, _ = two_humans(client)
    url = f"/ws/tables/{tid}"
    with (
        client.websocket_connect(url) as a,
        client.websocket_connect(url) as b,
        client.websocket_connect(url) as spec,
    ):
        state = hello(a, 0, t0)
        hello(b, 1, t1)
        hello(spec)
        move = state["legal"][3]["action"]
        send(a, {"type": "action", "state_id": 0, "action": move, "ref": "m1"})
        mine = receive_until(a, of_type("state"))
        assert receive_until(a, of_type("accepted")) == {
            "type": "accepted",
            "ref": "m1",
            "state_id": 1,
        }
        theirs = receive_until(b, of_type("state"))
        public = receive_until(spec, of_type("state"))
    assert mine["state_id"] == theirs["state_id"] == public["state_id"] == 1
    assert theirs["your_turn"] and not mine["your_turn"] and mine["can_undo"]
    assert public["last"] == {
        "n": 0,
        "seat": 0,
        "by": "human",
        "action": move,
        "text": mine["last"]["text"],
    }


def test_ping_sync_and_leave(client: TestClient) -> None:
    tid, t0, t1, _ = two_humans(client)
    url = f"/ws/tables/{tid}"
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
        hello(a, 0, t0)
        hello(b, 1, t1)
        send(a, {"type": "ping", "ref": 9})
        assert receive_until(a, of_type("pong")) == {"type": "pong", "ref": 9}
        send(a, {"type": "sync"})
        assert receive_until(a, of_type("state"))["state_id"] == 0
        send(b, {"type": "leave"})
        with pytest.raises(WebSocketDisconnect):
            receive_until(b, lambda m: False)
        seats = receive_until(
            a, lambda m: m["type"] == "table" and not m["table"]["seats"][1]["connected"]
        )
    assert seats["table"]["seats"][0]["connected"]


def test_reconnecting_with_the_token_gives_the_view_back(client: TestClient) -> None:
    tid, t0, _, _ = two_humans(client)
    url = f"/ws/tables/{tid}"
    with client.websocket_connect(url) as a:
        state = hello(a, 0, t0)
        send(a, {"type": "action", "state_id": 0, "action": state["legal"][0]["action"]})
        before = receive_until(a, of_type("state"))
    with client.websocket_connect(url) as again:
        after = hello(again, 0, t0)
    assert after["view"] == before["view"] and after["state_id"] == before["state_id"]


FRAMES: list[tuple[str, Any]] = [
    ("bad_json", "{not json"),
    ("bad_json", "[1, 2]"),
    ("bad_message", {"type": "action", "state_id": "zero", "action": 3}),
    ("bad_message", {"type": "action", "state_id": 0, "action": [1]}),
    ("bad_message", {"type": "action", "state_id": 0, "action": "x" * 201}),
    ("bad_message", {"state_id": 0}),
    ("unknown_type", {"type": "dance"}),
    ("too_large", {"type": "ping", "pad": "x" * 5000}),
    ("wrong_seat", {"type": "action", "state_id": 0, "action": 3, "seat": 1}),
    ("stale_state", {"type": "action", "state_id": 5, "action": 3}),
    ("illegal_action", {"type": "action", "state_id": 0, "action": 999}),
    ("illegal_action", {"type": "action", "state_id": 0, "action": "swap"}),
    ("undo_not_allowed", {"type": "undo", "state_id": 0}),
    ("already_authenticated", {"type": "hello", "seat": 0}),
]


@pytest.mark.parametrize(("code", "frame"), FRAMES)
def test_player_errors_change_nothing(client: TestClient, code: str, frame: Any) -> None:
    tid, t0, _, _ = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, 0, t0)
        before = _snapshot(client, ws, tid)
        send(ws, frame)
        error = receive_until(ws, of_type("error"))
        assert error["code"] == code and error["message"]
        assert error["state_id"] == 0
        assert _snapshot(client, ws, tid) == before


def test_not_your_turn_and_occupied_cell(client: TestClient) -> None:
    tid, t0, t1, _ = two_humans(client)
    url = f"/ws/tables/{tid}"
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
        cell = hello(a, 0, t0)["legal"][0]["action"]
        hello(b, 1, t1)
        send(b, {"type": "action", "state_id": 0, "action": cell})
        assert receive_until(b, of_type("error"))["code"] == "not_your_turn"
        send(a, {"type": "action", "state_id": 0, "action": cell})
        receive_until(b, of_type("state"))
        before = _snapshot(client, b, tid)
        send(b, {"type": "action", "state_id": 1, "action": cell, "ref": "x"})
        error = receive_until(b, of_type("error"))
        assert error["code"] == "illegal_action" and "taken" in error["message"]
        assert error["ref"] == "x"
        assert _snapshot(client, b, tid) == before


@pytest.mark.parametrize(
    ("code", "frame"),
    [
        ("not_authenticated", {"type": "action", "state_id": 0, "action": 3}),
        ("not_authenticated", {"type": "sync"}),
        ("bad_token", {"type": "hello", "seat": 1, "token": "TOKEN0"}),
        ("bad_token", {"type": "hello", "seat": 0}),
        ("bad_seat", {"type": "hello", "seat": 5, "token": "TOKEN0"}),
    ],
)
def test_errors_before_hello(client: TestClient, code: str, frame: dict[str, Any]) -> None:
    tid, t0, _, _ = two_humans(client)
    frame = {k: (t0 if v == "TOKEN0" else v) for k, v in frame.items()}
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        send(ws, frame)
        error = ws.receive_json()
        assert error["code"] == code and error["state_id"] is None
        state = hello(ws, 0, t0)  # the connection is still usable
    assert state["state_id"] == 0 and state["your_turn"]


def test_spectator_cannot_act(client: TestClient) -> None:
    tid, _, _, _ = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws)
        send(ws, {"type": "action", "state_id": 0, "action": 3})
        assert receive_until(ws, of_type("error"))["code"] == "spectator"
    assert client.get(f"/api/tables/{tid}").json()["table"]["decision"] == 0


def test_waiting_table_refuses_actions(client: TestClient) -> None:
    made = create(client, [HUMAN, HUMAN], join=0)
    with client.websocket_connect(f"/ws/tables/{made['table']['id']}") as ws:
        state = hello(ws, 0, made["token"])
        assert state["status"] == "waiting" and not state["your_turn"]
        send(ws, {"type": "action", "state_id": 0, "action": 3})
        assert receive_until(ws, of_type("error"))["code"] == "not_playing"


def test_unknown_table_closes_with_4404(client: TestClient) -> None:
    with client.websocket_connect("/ws/tables/nope") as ws:
        assert ws.receive_json()["code"] == "table_not_found"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4404


def test_rate_limit_refuses_the_excess_and_changes_nothing(tmp_path: Path) -> None:
    config = make_config(tmp_path, rate_burst=5, rate_per_s=0.5)
    with open_client(config, tmp_path) as client:
        tid, t0, _, _ = two_humans(client)
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws, 0, t0)  # uses one token of the burst
            for _ in range(4):
                send(ws, {"type": "ping"})
            send(ws, {"type": "action", "state_id": 0, "action": 3})
            replies = [receive_until(ws, lambda m: m["type"] != "table") for _ in range(5)]
    assert [m["type"] for m in replies] == ["pong"] * 4 + ["error"]
    assert replies[-1]["code"] == "rate_limited"
    with open_client(config, tmp_path) as client:
        assert client.get(f"/api/tables/{tid}").json()["table"]["decision"] == 0


def test_a_too_long_action_is_named_as_such(client: TestClient) -> None:
    tid, t0, _, _ = two_humans(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws, 0, t0)
        send(ws, {"type": "action", "state_id": 0, "action": "x" * 201})
        error = receive_until(ws, of_type("error"))
        assert "at most 200 characters" in error["message"]
