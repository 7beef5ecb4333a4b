"""Undo: own last decision only, nobody acted since, nothing hidden revealed."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from boardbots.core.rng import Rng
from boardbots.games import get_game
from boardbots.server.undo import reveal_rule
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
    wait_for,
)


def test_undo_own_move_restores_the_position_and_the_store(tmp_path: Path) -> None:
    config = make_config(tmp_path)
    with open_client(config, tmp_path) as client:
        tid, t0, _, _ = two_humans(client)
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            start = hello(ws, 0, t0)
            send(ws, {"type": "action", "state_id": 0, "action": start["legal"][2]["action"]})
            moved = receive_until(ws, of_type("state"))
            assert moved["can_undo"]
            send(ws, {"type": "undo", "state_id": 1, "ref": "u"})
            back = receive_until(ws, of_type("state"))
            assert receive_until(ws, of_type("accepted"))["state_id"] == 2
    assert back["state_id"] == 2 and back["decision"] == 0 and back["your_turn"]
    assert back["view"] == start["view"] and back["legal"] == start["legal"]
    with open_client(config, tmp_path) as client:  # the undo reached SQLite
        assert client.get(f"/api/tables/{tid}").json()["table"]["decision"] == 0


def test_no_undo_after_someone_else_acted(client: TestClient) -> None:
    tid, t0, t1, _ = two_humans(client)
    url = f"/ws/tables/{tid}"
    with client.websocket_connect(url) as a, client.websocket_connect(url) as b:
        legal = [e["action"] for e in hello(a, 0, t0)["legal"]]
        hello(b, 1, t1)
        send(a, {"type": "action", "state_id": 0, "action": legal[0]})
        receive_until(b, of_type("state"))
        send(b, {"type": "undo", "state_id": 1})
        assert receive_until(b, of_type("error"))["code"] == "undo_not_allowed"
        send(b, {"type": "action", "state_id": 1, "action": legal[1]})
        mine = receive_until(a, lambda m: m["type"] == "state" and m["state_id"] == 2)
        assert not mine["can_undo"]
        send(a, {"type": "undo", "state_id": 2})
        error = receive_until(a, of_type("error"))
    assert error["code"] == "undo_not_allowed" and "not yours" in error["message"]


def test_undo_while_the_bot_is_thinking_discards_its_answer(tmp_path: Path) -> None:
    """Event-driven: the bot has answered and its move waits out the display time (a
    minute, far longer than the test) when the undo comes; the pending move is dropped."""
    config = make_config(tmp_path, min_think_ms=60_000.0)
    with open_client(config, tmp_path) as client:
        made = create(client, [HUMAN, {"kind": "bot", "bot": "easy"}], join=0)
        tid = made["table"]["id"]

        def stat(name: str) -> int:
            value: int = client.get("/api/stats").json()[name]
            return value

        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            start = hello(ws, 0, made["token"])
            send(ws, {"type": "action", "state_id": 0, "action": start["legal"][0]["action"]})
            receive_until(ws, of_type("thinking"))
            wait_for(lambda: stat("bot_decisions") == 1)  # answered, held for display
            send(ws, {"type": "undo", "state_id": 1})
            back = receive_until(ws, of_type("state"))
            assert back["decision"] == 0 and back["your_turn"]
            wait_for(lambda: stat("late_discarded") == 1)  # the held move was dropped
            send(ws, {"type": "sync"})
            later = receive_until(ws, of_type("state"))
    assert later["state_id"] == back["state_id"] and later["decision"] == 0


def test_domination_undo_rule_allows_buys_and_refuses_draws() -> None:
    game = get_game("domination")
    rule = reveal_rule(game)
    rng = Rng(5)
    state = game.new_state(2, 11)
    seen = {"buy": 0, "end_buy": 0}
    for _ in range(600):
        if game.is_over(state):
            break
        actor, phase = game.pending(state)["player"], state["phase"]
        action = rng.choice(game.legal_actions(state))
        after = game.applied(state, action)
        turn_goes_on = after["cur"] == actor and after["phase"] == "buy"
        if phase == "buy" and action != "end" and turn_goes_on:  # treasures and buys
            assert not rule(state, after, actor)
            seen["buy"] += 1
        if phase == "buy" and not turn_goes_on and not game.is_over(after):
            assert rule(state, after, actor)  # clean-up drew a new hand
            seen["end_buy"] += 1
        state = after
    assert seen["buy"] > 5 and seen["end_buy"] > 5


def test_y_never_reveals() -> None:
    y = get_game("y")
    assert not reveal_rule(y)({}, {}, 0)
    assert not y.reveals(y.new_state(2, 1), y.applied(y.new_state(2, 1), 0), 0)
