"""The grace time before a bot may take the seat of a player who left a game in play.

Time is the hub's injected clock; the creator may skip the wait by asking.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient, WebSocketTestSession

from boardbots.server.sessions import OUTBOX_SIZE
from tests.server.conftest import (
    hello,
    make_config,
    open_client,
    receive_until,
    send,
    two_humans,
)
from tests.server.test_expiry import fake_clock

Msg = dict[str, Any]


def _gone(seat: int) -> Any:
    """The table message that shows `seat`'s player no longer connected."""
    return lambda m: m["type"] == "table" and not m["table"]["seats"][seat]["connected"]


class Game:
    """Two humans at a Y table in play; seat 1's player leaves whenever the test says."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        _, self.clock = fake_clock(client)  # first: joining starts an absence too
        self.tid, self.t0, self.t1, self.owner = two_humans(client)

    def leave(self, a: WebSocketTestSession) -> None:
        with self.client.websocket_connect(f"/ws/tables/{self.tid}") as b:
            hello(b, 1, self.t1)
            send(b, {"type": "leave"})
        receive_until(a, _gone(1))

    def replace(self, **extra: Any) -> Msg:
        body = {"owner_token": self.owner, **extra}
        out: Msg = self.client.post(f"/api/tables/{self.tid}/seats/1/replace", json=body).json()
        return out

    def seat(self) -> Msg:
        table = self.client.get(f"/api/tables/{self.tid}").json()["table"]
        seat: Msg = table["seats"][1]
        return seat


@pytest.fixture
def game(client: TestClient) -> Iterator[tuple[Game, WebSocketTestSession]]:
    g = Game(client)
    with client.websocket_connect(f"/ws/tables/{g.tid}") as a:
        hello(a, 0, g.t0)
        yield g, a


def test_a_bot_may_take_a_seat_only_after_the_grace_time(
    game: tuple[Game, WebSocketTestSession],
) -> None:
    g, a = game
    g.leave(a)
    g.clock.now += 59.0
    early = g.replace()
    assert early["error"]["code"] == "grace_time"
    message = early["error"]["message"]
    assert "\n" not in message and "59 s ago" in message and "after 60 s" in message
    assert g.seat() == {**g.seat(), "kind": "human", "connected": False, "away_s": 59.0}
    g.clock.now += 1.0
    done = g.replace()
    assert done["table"]["seats"][1]["kind"] == "bot"


def test_the_creator_may_ask_before_the_grace_time(game: tuple[Game, WebSocketTestSession]) -> None:
    g, a = game
    g.leave(a)
    assert g.replace(ask="yes")["error"]["code"] == "bad_request"
    assert g.seat()["kind"] == "human"  # nothing changed
    done = g.replace(ask=True)
    assert done["table"]["seats"][1]["kind"] == "bot"


def test_coming_back_starts_the_grace_time_again(game: tuple[Game, WebSocketTestSession]) -> None:
    g, a = game
    g.leave(a)
    g.clock.now += 50.0
    g.leave(a)  # back, then gone again
    g.clock.now += 30.0
    assert g.replace()["error"]["code"] == "grace_time"
    assert g.seat()["away_s"] == 30.0
    g.clock.now += 30.0
    assert g.replace()["table"]["seats"][1]["kind"] == "bot"


def test_the_grace_time_is_a_server_setting(tmp_path: Path) -> None:
    with open_client(make_config(tmp_path, replace_grace_s=5.0), tmp_path) as client:
        assert client.get("/api/config").json()["replace_grace_s"] == 5.0
        g = Game(client)
        with client.websocket_connect(f"/ws/tables/{g.tid}") as a:
            hello(a, 0, g.t0)
            g.leave(a)
            g.clock.now += 4.0
            assert g.replace()["error"]["code"] == "grace_time"
            g.clock.now += 1.0
            assert g.replace()["table"]["seats"][1]["kind"] == "bot"


def test_a_player_who_joined_but_never_connected_is_away_from_joining(client: TestClient) -> None:
    g = Game(client)
    assert g.seat()["away_s"] == 0.0 and not g.seat()["connected"]
    g.clock.now += 60.0
    assert g.replace()["table"]["seats"][1]["kind"] == "bot"


def test_a_player_dropped_for_falling_behind_is_gone(
    game: tuple[Game, WebSocketTestSession],
) -> None:
    """A client that stops reading is cut off when its outbox fills; that closed the
    session before the hub detached it, so the seat stayed connected for good: never
    replaceable, and the table never abandoned."""
    g, a = game
    hub = g.client.app.state.hub  # type: ignore[attr-defined]
    with g.client.websocket_connect(f"/ws/tables/{g.tid}") as b:
        hello(b, 1, g.t1)
        receive_until(a, lambda m: m["type"] == "table" and m["table"]["seats"][1]["connected"])
        [slow] = [s for s in hub.sessions[g.tid] if s.seat == 1]

        def flood() -> None:
            for _ in range(OUTBOX_SIZE + 1):
                slow.push({"type": "pong", "ref": None})

        g.client.portal.call(flood)  # type: ignore[union-attr]
        assert not slow.open
    assert not g.seat()["connected"]  # the socket's handler has ended
    g.clock.now += 60.0
    assert g.replace()["table"]["seats"][1]["kind"] == "bot"


@pytest.mark.parametrize("bot", ["", False, 0, [], {}])
def test_a_bot_that_is_no_code_is_refused_not_made_easy(
    game: tuple[Game, WebSocketTestSession], bot: Any
) -> None:
    g, a = game
    g.leave(a)
    assert g.replace(ask=True, bot=bot)["error"]["code"] == "bad_seats"
    assert g.seat()["kind"] == "human"  # nothing changed
    assert g.replace(ask=True, bot=None)["table"]["seats"][1]["bot"] == "easy"
