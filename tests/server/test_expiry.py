"""Abandoned tables: no human connected for `abandon_after_s` closes an unfinished table,
which then stops counting toward `max_tables`. Time is the hub's injected clock."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from boardbots.server.config import load_config
from boardbots.server.hub import Hub
from tests.server.conftest import (
    HUMAN,
    create,
    hello,
    make_config,
    open_client,
    receive_until,
    send,
    two_humans,
    wait_for,
)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def fake_clock(client: TestClient) -> tuple[Hub, Clock]:
    """The running hub with a clock the test moves; the sweeper is left alone (1 h period)."""
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    clock = Clock()
    hub.clock = clock
    for table_id in list(hub.alone_since):
        hub.alone_since[table_id] = clock.now
    return hub, clock


def status(client: TestClient, table_id: str) -> str:
    value: str = client.get(f"/api/tables/{table_id}").json()["table"]["status"]
    return value


def test_an_abandoned_table_is_closed_and_frees_its_slot(tmp_path: Path) -> None:
    config = make_config(tmp_path, max_tables=1, abandon_after_s=60.0, abandon_check_s=3600.0)
    with open_client(config, tmp_path) as client:
        hub, clock = fake_clock(client)
        made = create(client, [HUMAN, HUMAN], join=0)
        tid = made["table"]["id"]
        full = client.post("/api/tables", json={"game": "y", "seats": [HUMAN, HUMAN]})
        assert full.status_code == 503 and full.json()["error"]["code"] == "too_many_tables"
        clock.now += 59.0
        assert client.portal.call(hub.expire_abandoned) == [] and status(client, tid) == "waiting"
        clock.now += 1.0
        assert client.portal.call(hub.expire_abandoned) == [tid]
        assert status(client, tid) == "closed"
        stats = client.get("/api/stats").json()
        assert stats["tables_expired"] == 1 and stats["tables_active"] == 0
        create(client, [HUMAN, HUMAN])  # the slot is free again
        replay = client.get(f"/api/tables/{tid}/replay")
        assert replay.status_code == 200 and replay.json()["status"] == "closed"


def test_a_connected_player_keeps_the_table_and_leaving_restarts_the_clock(
    tmp_path: Path,
) -> None:
    config = make_config(tmp_path, abandon_after_s=60.0, abandon_check_s=3600.0)
    with open_client(config, tmp_path) as client:
        hub, clock = fake_clock(client)
        tid, t0, _, _ = two_humans(client)
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws, 0, t0)
            clock.now += 500.0
            assert client.portal.call(hub.expire_abandoned) == []
            with client.websocket_connect(f"/ws/tables/{tid}") as spectator:
                hello(spectator)
                send(ws, {"type": "leave"})
                wait_for(lambda: not hub.humans_connected(hub.get(tid)))
                # Only a spectator is left: that does not keep the table alive.
                clock.now += 59.0
                assert client.portal.call(hub.expire_abandoned) == []
                clock.now += 1.0
                assert client.portal.call(hub.expire_abandoned) == [tid]
                closed = receive_until(spectator, lambda m: m["type"] == "state")
                assert closed["status"] == "closed"
        assert status(client, tid) == "closed"


def test_the_sweeper_runs_by_itself(tmp_path: Path) -> None:
    config = make_config(tmp_path, abandon_after_s=0.2, abandon_check_s=0.05)
    with open_client(config, tmp_path) as client:
        tid = create(client, [HUMAN, HUMAN], join=0)["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{tid}") as spectator:
            hello(spectator)
            msg = receive_until(
                spectator, lambda m: m["type"] == "table" and m["table"]["status"] == "closed"
            )
        assert msg["table"]["id"] == tid and status(client, tid) == "closed"


def test_expiry_can_be_turned_off(tmp_path: Path) -> None:
    config = make_config(tmp_path, abandon_after_s=0.0)
    with open_client(config, tmp_path) as client:
        hub, clock = fake_clock(client)
        tid = create(client, [HUMAN, HUMAN])["table"]["id"]
        clock.now += 10**9
        assert client.portal.call(hub.expire_abandoned) == [] and hub.sweeper is None
        assert status(client, tid) == "waiting"


def test_the_setting_comes_from_the_environment() -> None:
    env = {"BOARDBOTS_ABANDON_AFTER_S": "3600", "BOARDBOTS_ABANDON_CHECK_S": "5"}
    config = load_config(env=env)
    assert config.abandon_after_s == 3600.0 and config.abandon_check_s == 5.0
    assert load_config(env={}).abandon_after_s == 24 * 3600
