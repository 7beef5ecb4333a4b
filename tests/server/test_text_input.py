"""Text a client sends that is not text a reply can carry: each is refused with one line
before it reaches a table, the database or a socket's reply, and nothing changes.

JSON may escape half of a UTF-16 pair on its own (`\\ud800`). Before these checks such
a name failed in the database write after the table was built (HTTP 500), and a ping
whose ref held one killed the socket when the pong could not be encoded.
"""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from boardbots.server import ws as ws_module
from tests.server.conftest import (
    HUMAN,
    create,
    hello,
    of_type,
    receive_until,
    send,
    wait_for,
)

LONE = "\\ud800"  # the six characters of the escape, as a client would send them


def _lone(template: str) -> str:
    """JSON text with the escape where the template has `@`."""
    return template.replace("@", LONE)


def _post(client: TestClient, path: str, text: str) -> Any:
    return client.post(path, content=text.encode(), headers={"content-type": "application/json"})


def _one_line_error(response: Any, status: int = 400) -> str:
    assert response.status_code == status, response.text
    message: str = response.json()["error"]["message"]
    assert "\n" not in message
    return message


def _tables(client: TestClient) -> list[str]:
    listed = client.get("/api/tables", params={"status": "all"}).json()["tables"]
    return [t["id"] for t in listed]


@pytest.mark.parametrize(
    "body",
    [
        '{"game": "y", "seats": [{"kind": "human", "name": "a@b"}, {"kind": "human"}]}',
        '{"game": "y", "options": {"@": 1}, "seats": [{"kind": "human"}, {"kind": "human"}]}',
        '{"game": "@"}',
    ],
)
def test_a_lone_surrogate_in_a_new_table_is_refused(client: TestClient, body: str) -> None:
    before = _tables(client)
    message = _one_line_error(_post(client, "/api/tables", _lone(body)))
    assert "not valid JSON" in message and "surrogate" in message
    assert _tables(client) == before


def test_a_lone_surrogate_in_a_join_leaves_the_seat_free(client: TestClient) -> None:
    tid = create(client, [HUMAN, HUMAN])["table"]["id"]
    body = _lone('{"seat": 0, "name": "x@"}')
    assert "surrogate" in _one_line_error(_post(client, f"/api/tables/{tid}/join", body))
    table = client.get(f"/api/tables/{tid}").json()["table"]
    assert table["open_seats"] == [0, 1]
    joined = client.post(f"/api/tables/{tid}/join", json={"seat": 0, "name": "Ploy"})
    assert joined.status_code == 200, joined.text


CONTROL_NAMES = ["a\u0000b", "tab\there", "two\nlines", "evil\u202egnp.exe", "x\u2028y", "\u2066z"]
INVISIBLE_NAMES = ["\u200b", "\u00ad\u00ad", " \ufeff ", "\u2060", "\u0301"]
"""Zero-width and soft-hyphen characters are format characters, not controls: a name of
nothing else showed as an empty seat."""


@pytest.mark.parametrize("name", [*CONTROL_NAMES, *INVISIBLE_NAMES])
def test_a_name_with_control_or_only_invisible_characters_is_refused(
    client: TestClient, name: str
) -> None:
    before = _tables(client)
    seats = [{"kind": "human", "name": name}, HUMAN]
    r = client.post("/api/tables", json={"game": "y", "seats": seats})
    assert "printable text" in _one_line_error(r)
    assert _tables(client) == before


@pytest.mark.parametrize("name", ["สมชาย", "Zoë", "👩‍👩‍👧 family", "名前", "می\u200cخواهم"])
def test_names_in_any_script_are_kept(client: TestClient, name: str) -> None:
    made = create(client, [{"kind": "human", "name": name}, HUMAN])
    assert made["table"]["seats"][0]["name"] == name


def test_a_body_without_a_game_says_so(client: TestClient) -> None:
    message = _one_line_error(_post(client, "/api/tables", ""))
    assert "'game'" in message and "y" in message


@pytest.mark.parametrize(
    ("frame", "why"),
    [
        (_lone('{"type": "ping", "ref": "r@"}'), "surrogate"),
        ("[" * 1500 + "]" * 1500, "deep"),  # deeper than the JSON reader recurses
    ],
)
def test_a_frame_json_cannot_hold_is_an_error_and_the_socket_stays(
    client: TestClient, frame: str, why: str
) -> None:
    tid = create(client, [HUMAN, HUMAN])["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws)
        send(ws, frame)
        error = receive_until(ws, of_type("error"))
        assert error["code"] == "bad_json" and why in error["message"]
        assert error["ref"] is None
        send(ws, {"type": "ping", "ref": 2})
        assert receive_until(ws, of_type("pong"))["ref"] == 2


def test_a_reply_that_cannot_be_encoded_closes_the_socket(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Should some other reply ever fail to encode, the client sees the socket close
    (and reconnects) instead of waiting on a socket that no longer sends."""
    tid = create(client, [HUMAN, HUMAN])["table"]["id"]
    # The test client hands text over without encoding it, so a lone surrogate would pass
    # here; a value JSON cannot hold fails the same way on every transport.
    monkeypatch.setitem(ws_module.HANDLERS, "ping", lambda hub, s, m: s.push({"x": object()}))
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        hello(ws)
        send(ws, {"type": "ping", "ref": 1})
        # Wait on the server's side first: with the bug the client would wait forever.
        sessions = client.app.state.hub.sessions[tid]
        wait_for(lambda: not sessions or all(not s.open for s in sessions))
        with pytest.raises(WebSocketDisconnect) as closed:
            receive_until(ws, of_type("pong"))
        assert closed.value.code == 1011
    assert client.get(f"/api/tables/{tid}").status_code == 200


DEEP = "[" * 3000 + "]" * 3000  # deeper than Python's JSON reader can recurse


def test_json_nested_too_deeply_in_a_new_table_is_refused(client: TestClient) -> None:
    before = _tables(client)
    message = _one_line_error(_post(client, "/api/tables", DEEP))
    assert "not valid JSON" in message and "deep" in message
    assert _tables(client) == before
