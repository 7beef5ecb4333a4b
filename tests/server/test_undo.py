"""Takeback: your last decision with the bot replies after it, while you and every other
human have not acted since and nothing hidden has been shown."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from boardbots.core.rng import Rng
from boardbots.games import get_game
from boardbots.server.table import Seat, SeatKind, Status, Table
from boardbots.server.undo import Refusal, reveal_rule, take_back, undo_refusal
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
    assert error["code"] == "undo_not_allowed" and "another player" in error["message"]
    assert mine["undo_why"] == "other_human"


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


BOT: dict[str, Any] = {"kind": "bot", "bot": "easy"}


def test_takeback_after_the_bot_replied_removes_both_and_the_bot_waits(tmp_path: Path) -> None:
    config = make_config(tmp_path)
    with open_client(config, tmp_path) as client:
        made = create(client, [HUMAN, BOT], join=0)
        tid = made["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            start = hello(ws, 0, made["token"])
            send(ws, {"type": "action", "state_id": 0, "action": start["legal"][3]["action"]})
            replied = receive_until(ws, lambda m: m["type"] == "state" and m["decision"] == 2)
            assert replied["your_turn"] and replied["can_undo"] and replied["undo_why"] is None
            send(ws, {"type": "undo", "state_id": replied["state_id"]})
            back = receive_until(ws, of_type("state"))
            send(ws, {"type": "sync"})  # the bot must not answer again: it is your move
            later = receive_until(ws, of_type("state"))
        replay = client.get(f"/api/tables/{tid}").json()
    assert back["decision"] == 0 and back["your_turn"] and back["view"] == start["view"]
    assert later["decision"] == 0 and later["state_id"] == back["state_id"]
    assert not back["can_undo"] and back["undo_why"] == "nothing"
    assert replay["table"]["decision"] == 0


def test_the_replay_records_the_takeback_and_a_restart_keeps_it(tmp_path: Path) -> None:
    config = make_config(tmp_path)
    with open_client(config, tmp_path) as client:
        made = create(client, [HUMAN, BOT], join=0)
        tid = made["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            start = hello(ws, 0, made["token"])
            send(ws, {"type": "action", "state_id": 0, "action": start["legal"][3]["action"]})
            replied = receive_until(ws, lambda m: m["type"] == "state" and m["decision"] == 2)
            send(ws, {"type": "undo", "state_id": replied["state_id"]})
            receive_until(ws, of_type("accepted"))
    with open_client(config, tmp_path) as client:  # a restart: rebuilt from SQLite
        owner = {"owner_token": made["owner_token"]}
        assert client.post(f"/api/tables/{tid}/close", json=owner).status_code == 200
        replay = client.get(f"/api/tables/{tid}/replay").json()
    assert replay["actions"] == []
    [record] = replay["takebacks"]
    assert record["at"] == 0 and record["seat"] == 0
    assert [(e["seat"], e["by"] == "human") for e in record["undone"]] == [(0, True), (1, False)]
    assert record["undone"][0]["action"] == start["legal"][3]["action"]


def _table(game: str, kinds: list[SeatKind], options: dict[str, Any]) -> Table:
    seats = [
        Seat(i, kind, f"p{i}", "easy" if kind is SeatKind.BOT else None)
        for i, kind in enumerate(kinds)
    ]
    table = Table("t", game, options, 3, seats, "owner", status=Status.PLAYING)
    table.state = table.replayed([])
    return table


def _play(table: Table, action: Any) -> None:
    seat = table.pending_seat()
    assert seat is not None
    by = "human" if table.seats[seat].kind is SeatKind.HUMAN else "easy"
    entry = {"seat": seat, "action": action, "by": by, "text": ""}
    table.commit(entry, table.game.applied(table.state, action), None)


def _back(table: Table, seat: int) -> None:
    outcome = take_back(table, seat)
    assert not isinstance(outcome, Refusal), outcome
    before, record = outcome
    table.take_back(record, before)


def _why(table: Table, seat: int) -> str | None:
    refusal = undo_refusal(table, seat)
    return None if refusal is None else refusal.code


def test_one_step_only_acting_again_closes_the_earlier_takeback() -> None:
    table = _table("y", [SeatKind.HUMAN, SeatKind.BOT], {"size": 5})
    for _ in range(4):  # human, bot, human, bot
        _play(table, table.game.legal_actions(table.state)[0])
    assert _why(table, 0) is None
    _back(table, 0)
    assert len(table.log) == 2  # the first move and its reply stay
    assert _why(table, 0) == "acted"  # the earlier move was followed by an act of yours
    _play(table, table.game.legal_actions(table.state)[0])
    assert _why(table, 0) is None  # a new move opens a new takeback


def test_no_takeback_after_another_humans_takeback() -> None:
    table = _table("y", [SeatKind.HUMAN, SeatKind.HUMAN], {"size": 5})
    _play(table, table.game.legal_actions(table.state)[0])
    _play(table, table.game.legal_actions(table.state)[0])
    _back(table, 1)
    assert _why(table, 0) == "other_human"
    assert _why(table, 1) == "nothing"  # its only move is gone


def test_no_takeback_after_a_draw_across_the_bots_turn() -> None:
    """Ending your Domination turn draws a new hand: that decision, and with it the
    bot's whole turn after it, can no longer be taken back."""
    table = _table("domination", [SeatKind.HUMAN, SeatKind.BOT], {})
    game = table.game
    while table.pending_seat() == 1:  # the bot may start
        _play(table, game.legal_actions(table.state)[-1])
    while table.pending_seat() == 0:
        _play(table, game.legal_actions(table.state)[-1])
        if table.pending_seat() == 0:
            assert _why(table, 0) is None  # within your turn nothing was drawn yet
    while table.pending_seat() == 1:
        _play(table, game.legal_actions(table.state)[-1])
    assert table.log[-1]["by"] == "easy" and _why(table, 0) == "revealed"


def test_the_takeback_rule_on_a_finished_table_or_a_bot_seat() -> None:
    table = _table("y", [SeatKind.HUMAN, SeatKind.BOT], {"size": 5})
    assert _why(table, 0) == "nothing" and _why(table, 1) == "bot_seat"
    _play(table, table.game.legal_actions(table.state)[0])
    table.status = Status.FINISHED
    assert _why(table, 0) == "not_playing"


def test_the_remembered_reveal_check_agrees_with_a_fresh_one() -> None:
    """The rule remembers how far it checked; through plays, bot turns and takebacks it
    must answer exactly as a table that checks from scratch."""
    table = _table("domination", [SeatKind.HUMAN, SeatKind.BOT], {})
    rng = Rng(8)
    seen = set()
    for _ in range(120):
        if table.game.is_over(table.state):
            break
        why = _why(table, 0)
        assert why == _why(dataclasses.replace(table, reveal_memo={}), 0)
        seen.add(why)
        if why is None and rng.random() < 0.3:
            _back(table, 0)
        else:
            _play(table, rng.choice(table.game.legal_actions(table.state)))
    assert {None, "revealed", "acted"} <= seen
