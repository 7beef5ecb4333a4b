"""The HTTP API: config, tables, joining, replacing a departed player, closing, replays."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from boardbots.bots import easy, hard, medium
from boardbots.bots.heuristics import heuristics_for
from boardbots.bots.registry import player_bots
from boardbots.games import all_plugins
from boardbots.games.domination.heuristics import CODED_PLAN_PLAYOUTS
from boardbots.games.y import heuristics as y_heuristics
from boardbots.games.y import rules as y_rules
from tests.server.conftest import (
    HUMAN,
    create,
    hello,
    make_config,
    my_turn_state,
    of_type,
    open_client,
    receive_until,
    seed_of,
    send,
    two_humans,
)


def test_config_reads_the_running_settings(tmp_path: Path) -> None:
    config = make_config(tmp_path, budget_ms={"hard": 900.0, "default": 200.0}, min_think_ms=600)
    with open_client(config, tmp_path) as client:
        body = client.get("/api/config").json()
    assert body["budgets_ms"]["hard"] == 900.0 and body["budgets_ms"]["easy"] == 200.0
    assert set(body["budgets_ms"]) == set(player_bots())  # only bots a table takes
    assert body["min_think_ms"] == 600 and body["timeout"] == {"factor": 2.0, "extra_s": 0.3}
    y = next(g for g in body["games"] if g["name"] == "y")
    assert y["default_options"]["size"] == 11 and y["max_players"] == 2
    assert body["bots"]["sleepy"]["defaults"] == {"seconds": 1.0}
    assert y["option_ranges"]["size"] == {"min": y_rules.MIN_SIZE, "max": y_rules.MAX_SIZE}


def test_config_has_the_bots_own_constants(client: TestClient) -> None:
    """The bot page's numbers, read live from the bot modules and game heuristics."""
    bots = client.get("/api/config").json()["bots"]
    hard_now = hard.params_dict()
    for key in ("iterations", "top_k", "c", "epsilon"):
        assert bots["hard"]["defaults"][key] == hard_now[key], key
    assert bots["medium"]["defaults"]["alpha"] == medium.DEFAULTS.alpha
    assert bots["medium"]["defaults"]["beta"] is None  # the game's, per position
    medium_beta = bots["medium"]["per_game"]
    assert (medium_beta["y"], medium_beta["domination"]) == ({"beta": 0.5}, {"beta": 0.8})
    assert bots["easy"]["defaults"] == easy.params_dict()
    per_game = bots["easy"]["per_game"]
    for game in ("y", "domination"):
        assert per_game[game]["random_rate"] == heuristics_for(game).easy_random_rate
    assert (per_game["y"]["link"], per_game["y"]["side"], per_game["y"]["block"]) == (
        y_heuristics.LINK,
        y_heuristics.SIDE,
        y_heuristics.BLOCK,
    )
    # Hard's iteration cap is the game's own where the bot code leaves it open.
    # In Y the shared steps describe the flat search kept for the swap offer; the tree's cap is
    # quoted by the game's own step.
    y_hard = y_heuristics.YHeuristics
    assert bots["hard"]["per_game"]["y"]["iterations"] == y_hard.hard_iterations
    assert bots["hard"]["per_game"]["y"]["tree_iterations"] == y_hard.tree_iterations
    # Domination's smallest table (2 players) plays out by script: fewer iterations and arms;
    # on its default kingdom, First Game, Hard opens as the First Game engine, whose longer
    # playouts get 200 (800 for a buy list).
    assert bots["hard"]["per_game"]["domination"]["iterations"] == CODED_PLAN_PLAYOUTS == 200
    assert bots["hard"]["per_game"]["domination"]["top_k"] == 6
    assert bots["hard"]["per_game"]["y"]["top_k"] == 24
    assert bots["bigmoney"]["games"] == ["domination"]
    with_heuristics = {p.name for p in all_plugins() if p.heuristics is not None}
    assert set(bots["hard"]["games"]) == with_heuristics >= {"y", "domination"}


def test_config_follows_tuned_bot_defaults(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A changed default flows through without touching the server."""
    tuned = dataclasses.replace(hard.DEFAULTS, top_k=7, c=0.9)
    monkeypatch.setattr(hard, "DEFAULTS", tuned)
    body = client.get("/api/config").json()
    assert body["bots"]["hard"]["defaults"]["top_k"] == 7
    assert body["bots"]["hard"]["defaults"]["c"] == 0.9


def test_static_index_is_served(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200 and "html" in r.headers["content-type"]


BAD_CREATES: list[tuple[int, str, dict[str, Any]]] = [
    (400, "unknown_game", {"game": "chess", "seats": [HUMAN, HUMAN]}),
    (400, "bad_seats", {"game": "y", "seats": [HUMAN]}),
    (400, "bad_seats", {"game": "y", "seats": [HUMAN, {"kind": "alien"}]}),
    (400, "bad_seats", {"game": "y", "seats": [HUMAN, {"kind": "bot", "bot": "grandmaster"}]}),
    (400, "bad_options", {"game": "y", "options": {"size": 99}, "seats": [HUMAN, HUMAN]}),
    (400, "bad_request", {"game": "y", "seed": -1, "seats": [HUMAN, HUMAN]}),
    (400, "bad_request", {"game": "y", "seats": [{"kind": "human", "name": ""}, HUMAN]}),
]


@pytest.mark.parametrize(("status", "code", "body"), BAD_CREATES)
def test_bad_creates_are_refused(
    client: TestClient, status: int, code: str, body: dict[str, Any]
) -> None:
    r = client.post("/api/tables", json=body)
    assert r.status_code == status and r.json()["error"]["code"] == code
    assert client.get("/api/tables?status=all").json()["tables"] == []


def test_body_must_be_a_json_object(client: TestClient) -> None:
    r = client.post("/api/tables", content=b"{oops")
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request"


def test_open_tables_list_and_join(client: TestClient) -> None:
    made = create(client, [HUMAN, HUMAN], join=0, name="Ann")
    tid = made["table"]["id"]
    assert made["table"]["status"] == "waiting" and made["table"]["open_seats"] == [1]
    assert "seed" not in made["table"]
    listed = client.get("/api/tables").json()["tables"]
    assert [t["id"] for t in listed] == [tid]
    joined = client.post(f"/api/tables/{tid}/join", json={"name": "Bob"}).json()
    assert joined["seat"] == 1 and joined["table"]["status"] == "playing"
    assert joined["table"]["seats"][1]["name"] == "Bob"
    assert client.get("/api/tables").json()["tables"] == []
    assert [t["id"] for t in client.get("/api/tables?status=active").json()["tables"]] == [tid]
    again = client.post(f"/api/tables/{tid}/join", json={})
    assert again.status_code == 409 and again.json()["error"]["code"] == "no_free_seat"


@pytest.mark.parametrize(
    ("seat", "status", "code"),
    [(0, 409, "seat_taken"), (1, 409, "not_human_seat"), (7, 404, "seat_not_found")],
)
def test_join_errors(client: TestClient, seat: int, status: int, code: str) -> None:
    made = create(client, [HUMAN, {"kind": "bot", "bot": "easy"}], join=0)
    r = client.post(f"/api/tables/{made['table']['id']}/join", json={"seat": seat})
    assert r.status_code == status and r.json()["error"]["code"] == code


def test_unknown_table_is_404(client: TestClient) -> None:
    for url in ("/api/tables/zz", "/api/tables/zz/replay"):
        r = client.get(url)
        assert r.status_code == 404 and r.json()["error"]["code"] == "table_not_found"


def test_creator_replaces_a_departed_player_with_a_bot(client: TestClient) -> None:
    tid, t0, t1, owner = two_humans(client)
    url = f"/api/tables/{tid}/seats/1/replace"
    with (
        client.websocket_connect(f"/ws/tables/{tid}") as a,
        client.websocket_connect(f"/ws/tables/{tid}") as b,
    ):
        state = hello(a, 0, t0)
        hello(b, 1, t1)
        busy = client.post(url, json={"owner_token": owner})
        assert busy.json()["error"]["code"] == "seat_connected"
        send(b, {"type": "leave"})
        wrong = client.post(url, json={"owner_token": t0})
        assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "bad_owner_token"
        send(a, {"type": "action", "state_id": 0, "action": state["legal"][0]["action"]})
        receive_until(a, of_type("accepted"))
        # The creator asks: no grace time to wait (tests/server/test_grace.py).
        done = client.post(url, json={"owner_token": owner, "ask": True}).json()
        assert done["table"]["seats"][1]["kind"] == "bot"
        assert done["table"]["seats"][1]["bot"] == "easy"
        after = my_turn_state(a)  # the new bot moved at once, as it was its turn
    assert after["decision"] == 2 and after["last"]["seat"] == 1
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        send(ws, {"type": "hello", "seat": 1, "token": t1})
        assert ws.receive_json()["code"] == "bad_seat"


def test_close_then_replay(client: TestClient) -> None:
    tid, _, _, owner = two_humans(client)
    early = client.get(f"/api/tables/{tid}/replay")
    assert early.status_code == 409 and early.json()["error"]["code"] == "not_finished"
    closed = client.post(f"/api/tables/{tid}/close", json={"owner_token": owner}).json()
    assert closed["table"]["status"] == "closed"
    replay = client.get(f"/api/tables/{tid}/replay").json()
    assert replay["seed"] == seed_of(client, tid) != 7  # the server's secret is mixed in
    assert replay["actions"] == [] and replay["status"] == "closed"
    assert "token" not in str(replay) and "owner" not in str(replay)
    twice = client.post(f"/api/tables/{tid}/close", json={"owner_token": owner})
    assert twice.json()["error"]["code"] == "table_over"
