"""Attacks on the server's state (issue 18): each leaves the table as it was, answers
with a documented error code, and every other table keeps being served.

Covers: rule options a player cannot set, engine exceptions, client-chosen seeds,
the ended-table cache, and a failing or locked database.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from boardbots.games import get_game
from boardbots.server import app as app_module
from boardbots.server.hub import Hub
from boardbots.server.lobby import table_seed
from boardbots.server.lru import Lru
from boardbots.server.store import Store
from boardbots.server.tokens import hash_token
from tests.server.conftest import (
    HUMAN,
    create,
    fixed_entropy,
    hello,
    make_config,
    of_type,
    open_client,
    receive_until,
    send,
    two_humans,
    wait_for,
)

Msg = dict[str, Any]
EASY: Msg = {"kind": "bot", "bot": "easy"}
ATTACK = json.dumps(  # the request, 159 bytes as sent (json.dumps spacing)
    {
        "game": "domination",
        "options": {"starting_deck": {"Copper": 2000000, "Estate": 3}},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "easy"}],
        "join": 0,
    }
).encode()


class FlakyStore(Store):
    """A store whose writes fail while `failing` is set, as a locked or broken disk would;
    `fail_appends` fails only the writes of decisions."""

    failing = False
    fail_appends = False

    def _tx(self, statements: list[tuple[str, tuple[Any, ...]]]) -> None:
        appending = statements[0][0].startswith("INSERT INTO actions")
        if self.failing or (self.fail_appends and appending):
            raise sqlite3.OperationalError("database is locked")
        super()._tx(statements)


@pytest.fixture
def flaky(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setattr(app_module, "Store", FlakyStore)
    with open_client(make_config(tmp_path), tmp_path) as client:
        yield client


def hub_of(client: TestClient) -> Hub:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


def all_tables(client: TestClient) -> list[Msg]:
    tables: list[Msg] = client.get("/api/tables?status=all").json()["tables"]
    return tables


def still_served(client: TestClient, table_id: str) -> None:
    """Another table answers over HTTP and over its socket."""
    assert client.get(f"/api/tables/{table_id}").status_code == 200
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        hello(ws)
        send(ws, {"type": "ping", "ref": 1})
        assert receive_until(ws, of_type("pong"))["ref"] == 1


def error_code(response: Any) -> str:
    code: str = response.json()["error"]["code"]
    return code


# --- options a player cannot set ---------------------------------------------------


def test_the_159_byte_request_is_refused_before_any_game_is_dealt(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The freeze was dealing two million Coppers; counting deals, not seconds, shows the
    # refusal comes first on any machine, however loaded.
    other = create(client, [HUMAN, HUMAN])["table"]["id"]
    before = all_tables(client)
    game = get_game("domination")
    deals: list[dict[str, Any] | None] = []
    real = game.new_state

    def counted(players: int, seed: int, options: dict[str, Any] | None = None) -> Any:
        deals.append(options)
        return real(players, seed, options)

    monkeypatch.setattr(game, "new_state", counted)
    r = client.post("/api/tables", content=ATTACK, headers={"content-type": "application/json"})
    assert len(ATTACK) == 159
    assert r.status_code == 400 and error_code(r) == "bad_options"
    assert "starting_deck" in r.json()["error"]["message"]
    assert "\n" not in r.json()["error"]["message"]
    assert deals == [], "the options reached the engine"
    assert all_tables(client) == before
    still_served(client, other)


@pytest.mark.parametrize(
    ("game", "options", "named"),
    [
        ("domination", {"hand_size": 10_000_000}, "hand_size"),
        ("domination", {"hand_size": -1}, "hand_size"),
        ("domination", {"turn_limit": -3}, "turn_limit"),
        ("domination", {"turn_limit": 0}, "turn_limit"),
        ("domination", {"turn_limit": 10**9}, "turn_limit"),
        ("domination", {"turn_limit": "5"}, "turn_limit"),
        ("domination", {"log_length": -1}, "log_length"),
        ("domination", {"piles_to_end": 0}, "piles_to_end"),
        ("domination", {"end_pile": "Copper"}, "end_pile"),
        ("domination", {"cards": {"Village": {"cost": 3}}}, "cards"),
        ("y", {"turn_limit": 50}, "turn_limit"),
        ("y", {"size": 99}, "size"),
    ],
)
def test_options_a_player_cannot_set_are_refused(
    client: TestClient, game: str, options: Msg, named: str
) -> None:
    seats = [HUMAN, EASY]
    r = client.post("/api/tables", json={"game": game, "options": options, "seats": seats})
    assert r.status_code == 400 and error_code(r) == "bad_options"
    assert named in r.json()["error"]["message"]
    assert all_tables(client) == []


def test_config_lists_the_options_a_player_can_set(client: TestClient) -> None:
    games = {g["name"]: g for g in client.get("/api/config").json()["games"]}
    assert games["y"]["player_options"] == ["size", "swap"]
    assert games["domination"]["player_options"] == ["kingdom", "turn_limit"]


def test_the_options_the_app_offers_are_accepted(client: TestClient) -> None:
    seats = [HUMAN, EASY]
    for game, options in [
        ("domination", {"kingdom": "first-game", "turn_limit": 40}),
        ("domination", {"kingdom": "random", "turn_limit": None}),
        ("y", {"size": 7, "swap": True}),
    ]:
        r = client.post("/api/tables", json={"game": game, "options": options, "seats": seats})
        assert r.status_code == 201, r.text
        assert r.json()["table"]["options"] == options


# --- engine exceptions --------------------------------------------------------------


class Brittle:
    """Makes the Y engine raise KeyError (as a card without its parameters did) when
    applying a move for `seat`, once armed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, seat: int) -> None:
        self.game = get_game("y")
        self.original = self.game.applied
        self.seat, self.armed = seat, False
        monkeypatch.setattr(self.game, "applied", self.applied)

    def applied(self, state: Any, action: Any) -> Any:
        if self.armed and state["to_move"] == self.seat:
            raise KeyError("hand_to")
        return self.original(state, action)


def test_an_engine_error_on_a_human_move_marks_the_table_errored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    brittle = Brittle(monkeypatch, seat=0)
    config = make_config(tmp_path)
    with open_client(config, tmp_path) as client:
        tid, t0, t1, owner = two_humans(client)
        other = create(client, [HUMAN, HUMAN])["table"]["id"]
        with (
            client.websocket_connect(f"/ws/tables/{tid}") as a,
            client.websocket_connect(f"/ws/tables/{tid}") as b,
        ):
            start = hello(a, 0, t0)
            hello(b, 1, t1)
            brittle.armed = True
            move = start["legal"][0]["action"]
            send(a, {"type": "action", "state_id": 0, "action": move, "ref": "x"})
            mine = receive_until(a, lambda m: m["type"] == "error" and m["ref"] == "x")
            assert mine["code"] == "engine_error"
            told = receive_until(b, of_type("error"))
            assert told["code"] == "engine_error"
            assert receive_until(b, of_type("table"))["table"]["status"] == "errored"
            send(a, {"type": "ping", "ref": 2})  # the socket stays open
            assert receive_until(a, of_type("pong"))["ref"] == 2
        table = client.get(f"/api/tables/{tid}").json()["table"]
        assert table["status"] == "errored" and table["decision"] == 0
        assert error_code(client.post(f"/api/tables/{tid}/join", json={})) == "table_errored"
        assert error_code(client.get(f"/api/tables/{tid}/replay")) == "not_finished"
        still_served(client, other)
        disk = Store(config.db_path)
        wait_for(lambda: disk.load(tid)[0]["status"] == "errored")  # type: ignore[index]
        disk.close()
    brittle.armed = False
    with open_client(config, tmp_path) as client:  # a restart leaves it errored
        assert client.get(f"/api/tables/{tid}").json()["table"]["status"] == "errored"
        closed = client.post(f"/api/tables/{tid}/close", json={"owner_token": owner})
        assert closed.status_code == 200 and closed.json()["table"]["status"] == "closed"


def test_an_engine_error_on_a_bot_move_stops_the_bot_loop(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    brittle = Brittle(monkeypatch, seat=1)
    made = create(client, [HUMAN, EASY], join=0)
    tid = made["table"]["id"]
    other = create(client, [HUMAN, HUMAN])["table"]["id"]
    hub = hub_of(client)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        start = hello(ws, 0, made["token"])
        brittle.armed = True
        send(ws, {"type": "action", "state_id": 0, "action": start["legal"][0]["action"]})
        assert receive_until(ws, of_type("error"))["code"] == "engine_error"
    wait_for(lambda: tid not in hub.drivers or hub.drivers[tid].done())
    table = client.get(f"/api/tables/{tid}").json()["table"]
    assert table["status"] == "errored" and table["decision"] == 1
    still_served(client, other)
    closed = client.post(f"/api/tables/{tid}/close", json={"owner_token": made["owner_token"]})
    assert closed.json()["table"]["status"] == "closed"


def _stored(config_db: Path, options: Msg, log: list[Msg]) -> None:
    """A playing Y or Domination table written straight into SQLite, bot (seat 0) to move."""
    store = Store(config_db)
    game = "y" if "size" in options else "domination"
    row = {"id": "bad", "game": game, "options": options, "seed": 3, "status": "playing"}
    row |= {"version": len(log), "owner_hash": hash_token("o"), "created_at": 1.0}
    seats = [
        {"seat": 0, "kind": "bot", "name": "Easy bot", "bot": "easy"},
        {"seat": 1, "kind": "human", "name": "Ann", "token_hash": hash_token("tok")},
    ]
    store.create(row, seats)
    for n, entry in enumerate(log):
        head = {"version": n + 1, "status": "playing", "result": None}
        store.append("bad", n, entry, head)
    store.close()


@pytest.mark.parametrize(
    ("options", "log"),
    [
        ({"size": 5}, [{"seat": 0, "action": 9999, "by": "bot", "text": "?"}]),
        ({"starting_deck": {"Copper": 2_000_000, "Estate": 3}}, []),
    ],
    ids=["log-the-engine-refuses", "options-stored-before-the-check"],
)
def test_a_table_that_cannot_be_rebuilt_is_loaded_errored(
    tmp_path: Path, options: Msg, log: list[Msg]
) -> None:
    config = make_config(tmp_path)
    _stored(config.db_path, options, log)
    for _ in range(2):  # and a second restart does not loop on it either
        with open_client(config, tmp_path) as client:
            hub = hub_of(client)
            assert client.get("/api/tables/bad").json()["table"]["status"] == "errored"
            assert "bad" not in hub.drivers
            other = create(client, [HUMAN, HUMAN])["table"]["id"]
            still_served(client, other)
            with client.websocket_connect("/ws/tables/bad") as ws:
                assert hello(ws, 1, "tok")["status"] == "errored"
    with open_client(config, tmp_path) as client:
        closed = client.post("/api/tables/bad/close", json={"owner_token": "o"})
        assert closed.json()["table"]["status"] == "closed"


# --- seeds ----------------------------------------------------------------------------


def test_a_seed_is_refused_for_domination_with_two_people(client: TestClient) -> None:
    seats = [HUMAN, EASY, HUMAN]
    r = client.post("/api/tables", json={"game": "domination", "seed": 5, "seats": seats})
    assert r.status_code == 400 and error_code(r) == "seed_not_allowed"
    assert all_tables(client) == []
    ok = client.post("/api/tables", json={"game": "domination", "seats": seats})
    assert ok.status_code == 201


def _decks(state: Msg) -> list[list[str]]:
    return [pl["deck"] + pl["hand"] for pl in state["players"]]


def test_the_creators_seed_alone_does_not_give_the_deal(client: TestClient) -> None:
    seed = 1234
    made = create(client, [HUMAN, EASY], game="domination", seed=seed, join=0)
    table = hub_of(client).get(made["table"]["id"])
    assert table.seed == table_seed(seed, fixed_entropy(16)) != seed
    predicted = get_game("domination").new_state(2, seed, {})
    assert _decks(table.state) != _decks(predicted)
    hub_of(client).entropy = lambda n: b"\xff" * n  # another secret, the same client seed
    again = create(client, [HUMAN, EASY], game="domination", seed=seed, join=0)
    assert hub_of(client).get(again["table"]["id"]).seed != table.seed


def test_no_message_carries_the_seed_before_the_end(client: TestClient) -> None:
    made = create(client, [HUMAN, EASY], seed=99, join=0)
    tid = made["table"]["id"]
    seed = hub_of(client).get(tid).seed
    texts = [json.dumps(made), client.get(f"/api/tables/{tid}").text]
    texts.append(client.get("/api/tables?status=all").text)
    early = client.get(f"/api/tables/{tid}/replay")
    texts.append(early.text)
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        send(ws, {"type": "hello", "seat": 0, "token": made["token"]})
        state: Msg = {"status": "playing"}
        for _ in range(300):
            msg = ws.receive_json()
            texts.append(json.dumps(msg))
            if msg["type"] == "state":
                state = msg
            if state["status"] != "playing":
                break
            if msg["type"] == "state" and msg["your_turn"]:
                move = msg["legal"][-1]["action"]
                send(ws, {"type": "action", "state_id": msg["state_id"], "action": move})
    assert state["status"] == "finished" and early.status_code == 409
    assert not [t for t in texts if str(seed) in t or '"seed"' in t]
    replay = client.get(f"/api/tables/{tid}/replay").json()
    assert replay["seed"] == seed != 99


# --- ended tables ---------------------------------------------------------------------


def test_an_ended_table_is_not_reloaded_on_every_access(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    tid, t0, _, owner = two_humans(client)
    client.post(f"/api/tables/{tid}/close", json={"owner_token": owner})
    hub = hub_of(client)
    loads: list[str] = []
    original = hub.store.load

    def counted(table_id: str) -> Any:
        loads.append(table_id)
        return original(table_id)

    monkeypatch.setattr(hub.store, "load", counted)
    for _ in range(3):
        assert client.get(f"/api/tables/{tid}").json()["table"]["status"] == "closed"
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            hello(ws, 0, t0)
            for _ in range(3):
                send(ws, {"type": "sync"})
                assert receive_until(ws, of_type("state"))["status"] == "closed"
        client.get(f"/api/tables/{tid}/replay")
    assert loads == []
    assert tid in hub.ended and len(hub.replays) == 1


def test_the_ended_table_cache_is_bounded() -> None:
    cache: Lru[str, int] = Lru(2)
    cache.put("a", 1)
    cache.put("b", 2)
    assert cache.get("a") == 1  # now "b" is the least recently used
    cache.put("c", 3)
    assert "b" not in cache and cache.get("a") == 1 and cache.get("c") == 3 and len(cache) == 2


# --- a failing or locked database -------------------------------------------------------


def test_a_failed_join_leaves_the_seat_free(flaky: TestClient) -> None:
    made = create(flaky, [HUMAN, HUMAN], join=0)
    tid = made["table"]["id"]
    other = create(flaky, [HUMAN, HUMAN])["table"]["id"]
    store = hub_of(flaky).store
    assert isinstance(store, FlakyStore)
    store.failing = True
    r = flaky.post(f"/api/tables/{tid}/join", json={"seat": 1})
    assert r.status_code == 503 and error_code(r) == "storage_error"
    table = flaky.get(f"/api/tables/{tid}").json()["table"]
    assert table["open_seats"] == [1] and table["status"] == "waiting"
    still_served(flaky, other)
    store.failing = False
    assert store.load(tid)[1][1]["token_hash"] is None  # type: ignore[index]
    assert flaky.post(f"/api/tables/{tid}/join", json={"seat": 1}).status_code == 200


def test_a_failed_close_leaves_the_table_open(flaky: TestClient) -> None:
    tid, _, _, owner = two_humans(flaky)
    other = create(flaky, [HUMAN, HUMAN])["table"]["id"]
    store = hub_of(flaky).store
    assert isinstance(store, FlakyStore)
    store.failing = True
    r = flaky.post(f"/api/tables/{tid}/close", json={"owner_token": owner})
    assert r.status_code == 503 and error_code(r) == "storage_error"
    assert flaky.get(f"/api/tables/{tid}").json()["table"]["status"] == "playing"
    failed_create = flaky.post("/api/tables", json={"game": "y", "seats": [HUMAN, HUMAN]})
    assert error_code(failed_create) == "storage_error"
    assert hub_of(flaky).unfinished_count() == 2
    still_served(flaky, other)
    store.failing = False
    assert store.load(tid)[0]["status"] == "playing"  # type: ignore[index]


def test_a_failed_human_move_sends_an_error_and_keeps_the_socket(flaky: TestClient) -> None:
    tid, t0, _, _ = two_humans(flaky)
    other = create(flaky, [HUMAN, HUMAN])["table"]["id"]
    store = hub_of(flaky).store
    assert isinstance(store, FlakyStore)
    with flaky.websocket_connect(f"/ws/tables/{tid}") as ws:
        start = hello(ws, 0, t0)
        move = start["legal"][0]["action"]
        store.failing = True
        send(ws, {"type": "action", "state_id": 0, "action": move, "ref": 5})
        error = receive_until(ws, of_type("error"))
        assert error["code"] == "storage_error" and error["ref"] == 5 and error["state_id"] == 0
        assert hub_of(flaky).get(tid).version == 0 and hub_of(flaky).get(tid).log == []
        still_served(flaky, other)
        store.failing = False
        assert store.load(tid)[2] == []  # type: ignore[index]
        send(ws, {"type": "action", "state_id": 0, "action": move, "ref": 6})
        assert receive_until(ws, of_type("accepted"))["state_id"] == 1


def test_a_failed_undo_keeps_the_move(flaky: TestClient) -> None:
    tid, t0, _, _ = two_humans(flaky)
    store = hub_of(flaky).store
    assert isinstance(store, FlakyStore)
    with flaky.websocket_connect(f"/ws/tables/{tid}") as ws:
        start = hello(ws, 0, t0)
        send(ws, {"type": "action", "state_id": 0, "action": start["legal"][0]["action"]})
        assert receive_until(ws, of_type("accepted"))["state_id"] == 1
        store.failing = True
        send(ws, {"type": "undo", "state_id": 1, "ref": "u"})
        error = receive_until(ws, of_type("error"))
        assert error["code"] == "storage_error" and error["state_id"] == 1
        table = hub_of(flaky).get(tid)
        assert table.version == 1 and len(table.log) == 1
        store.failing = False
        assert len(store.load(tid)[2]) == 1  # type: ignore[index]
        send(ws, {"type": "undo", "state_id": 1})
        assert receive_until(ws, of_type("accepted"))["state_id"] == 2


def test_a_bot_loop_resumes_when_storage_is_back(flaky: TestClient) -> None:
    hub = hub_of(flaky)
    store = hub.store
    assert isinstance(store, FlakyStore)
    waits: list[float] = []

    async def fake_sleep(seconds: float) -> None:
        waits.append(seconds)
        if len(waits) == 3:
            store.fail_appends = False
        await asyncio.sleep(0)

    hub.sleep = fake_sleep
    store.fail_appends = True
    made = create(flaky, [EASY, HUMAN], join=1)  # the bot moves first, and cannot save
    tid = made["table"]["id"]
    wait_for(lambda: len(hub.get(tid).log) == 1)
    assert waits == [0.25, 0.5, 1.0]
    assert len(store.load(tid)[2]) == 1  # type: ignore[index]
    with flaky.websocket_connect(f"/ws/tables/{tid}") as ws:
        assert hello(ws, 1, made["token"])["your_turn"]


class LockedStore(Store):
    """Writes wait (as on a database another process has locked) until released."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.hold = False
        self.entered = threading.Event()
        self.release = threading.Event()
        self.gave_up = False

    def _tx(self, statements: list[tuple[str, tuple[Any, ...]]]) -> None:
        if self.hold:
            self.entered.set()
            self.gave_up = not self.release.wait(5.0)
        super()._tx(statements)


def test_a_locked_database_does_not_stop_other_tables(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app_module, "Store", LockedStore)
    with open_client(make_config(tmp_path), tmp_path) as client:
        made = create(client, [HUMAN, HUMAN], join=0)
        tid = made["table"]["id"]
        other = create(client, [HUMAN, HUMAN])["table"]["id"]
        store = hub_of(client).store
        assert isinstance(store, LockedStore)
        store.hold = True
        answers: list[int] = []
        joiner = threading.Thread(
            target=lambda: answers.append(
                client.post(f"/api/tables/{tid}/join", json={}).status_code
            )
        )
        joiner.start()
        assert store.entered.wait(5.0)
        assert client.get(f"/api/tables/{other}").status_code == 200  # while the write waits
        with client.websocket_connect(f"/ws/tables/{other}") as ws:
            assert hello(ws)["status"] == "waiting"
        store.release.set()
        joiner.join(10.0)
        assert answers == [200] and not store.gave_up


def test_lab_mode_takes_any_option_and_the_seed_as_given(tmp_path: Path) -> None:
    """For tests and local experiments only (the browser tests deal a chosen hand)."""
    with open_client(make_config(tmp_path, lab_mode=True), tmp_path) as client:
        options = {"starting_deck": {"Copper": 7, "Militia": 3}}
        made = create(client, [HUMAN, EASY, HUMAN], game="domination", options=options, seed=5)
        assert hub_of(client).get(made["table"]["id"]).seed == 5
