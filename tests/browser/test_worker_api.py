"""The engine Worker's Python entry points, run here in CPython: the same frames as a
server table, bots given only their own view, stale answers refused, exact replays."""

from __future__ import annotations

import json
from typing import Any

from boardbots.browser import worker_api as w
from boardbots.games import get_game
from boardbots.server.replay import rerun

BUDGETS = json.dumps({"hard": 900, "default": 50})


def new_y(table_id: str, bot: str = "easy", human: int = 0) -> dict[str, Any]:
    seats: list[dict[str, Any]] = [{"kind": "bot", "bot": bot}]
    seats.insert(human, {"kind": "human"})
    spec = {"id": table_id, "game": "y", "options": {"size": 4}, "seats": seats}
    out: dict[str, Any] = json.loads(w.create(json.dumps(spec | {"human": human, "seed": 99})))
    return out


def frames(text: str) -> list[dict[str, Any]]:
    return [json.loads(f) for f in json.loads(text)["frames"]]


def first_legal(table_id: str, human: int) -> tuple[int, Any]:
    state = json.loads(w.state(table_id, human))
    return state["state_id"], state["legal"][0]["action"]


def human_move(table_id: str, human: int = 0) -> list[dict[str, Any]]:
    state_id, action = first_legal(table_id, human)
    msg = {"type": "action", "state_id": state_id, "action": action, "ref": 5}
    return frames(w.handle(table_id, human, json.dumps(msg)))


def bot_move(table_id: str, human: int = 0) -> dict[str, Any]:
    turn = json.loads(w.bot_turn(table_id, BUDGETS))
    reply = w.decide(turn["request"])
    meta = json.dumps({"by": "bot", "bot": turn["bot"], "ms": 1.0})
    out: dict[str, Any] = json.loads(w.bot_commit(table_id, human, turn["version"], reply, meta))
    return out


def test_a_human_action_gets_the_servers_state_and_accepted_frames() -> None:
    new_y("t-act")
    sent = human_move("t-act")
    assert [f["type"] for f in sent] == ["state", "accepted"]
    assert sent[1] == {"type": "accepted", "ref": 5, "state_id": 1}
    assert sent[0]["view"]["viewer"] == 0 and not sent[0]["your_turn"]


def test_the_bot_request_holds_only_the_bots_view_and_its_budget() -> None:
    new_y("t-view", bot="hard")
    human_move("t-view")
    turn = json.loads(w.bot_turn("t-view", BUDGETS))
    request = json.loads(turn["request"])
    assert set(request) == {"view", "bot", "seed", "budget_ms", "request_id"}
    assert request["view"]["viewer"] == 1 and request["budget_ms"] == 900
    assert json.loads(turn["thinking"])["type"] == "thinking"


def test_an_answer_after_an_undo_is_refused_as_stale() -> None:
    new_y("t-undo", bot="hard")
    human_move("t-undo")
    turn = json.loads(w.bot_turn("t-undo", BUDGETS))
    undo = {"type": "undo", "state_id": 1, "ref": 6}
    assert [f["type"] for f in frames(w.handle("t-undo", 0, json.dumps(undo)))] == [
        "state",
        "accepted",
    ]
    reply = w.decide(turn["request"])
    meta = json.dumps({"by": "bot", "bot": "hard", "ms": 1.0})
    assert json.loads(w.bot_commit("t-undo", 0, turn["version"], reply, meta)) == {"stale": True}
    assert json.loads(w.state("t-undo", 0))["decision"] == 0


def test_a_solo_takeback_after_the_bots_reply_survives_a_resume() -> None:
    new_y("t-back")
    human_move("t-back")
    bot_move("t-back")
    undo = {"type": "undo", "state_id": 2, "ref": 7}
    back = frames(w.handle("t-back", 0, json.dumps(undo)))[0]
    assert back["decision"] == 0 and back["your_turn"] and back["undo_why"] == "nothing"
    human_move("t-back")
    bot_move("t-back")
    human_move("t-back")
    bot_move("t-back")
    again = {"type": "undo", "state_id": json.loads(w.state("t-back", 0))["state_id"], "ref": 8}
    assert frames(w.handle("t-back", 0, json.dumps(again)))[0]["decision"] == 2
    record = json.loads(w.record("t-back", 0))
    assert [t["at"] for t in record["takebacks"]] == [0, 2]
    w.resume(json.dumps(record | {"table": "t-back2"}))
    assert json.loads(w.state("t-back2", 0))["undo_why"] == "acted"  # one step, even resumed


def test_an_illegal_answer_is_refused_and_easy_answers_instead() -> None:
    new_y("t-illegal")
    human_move("t-illegal")
    turn = json.loads(w.bot_turn("t-illegal", BUDGETS))
    meta = json.dumps({"by": "bot", "bot": "easy", "ms": 1.0})
    bad = json.dumps({"action": 999})
    assert json.loads(w.bot_commit("t-illegal", 0, turn["version"], bad, meta)) == {"illegal": True}
    reply = w.fallback("t-illegal", "illegal")
    meta = json.dumps({"by": "fallback", "bot": "easy", "ms": 1.0, "reason": "illegal"})
    done = json.loads(w.bot_commit("t-illegal", 0, turn["version"], reply, meta))
    last = json.loads(done["frames"][0])["last"]
    assert last["by"] == "fallback" and last["seat"] == 1


def test_the_fallback_is_the_sites_fallback_bot() -> None:
    """The page passes the site's `fallback_bot`; the reply names who chose the move."""
    new_y("t-fallback-bot")
    human_move("t-fallback-bot")
    turn = json.loads(w.bot_turn("t-fallback-bot", BUDGETS))
    reply = json.loads(w.fallback("t-fallback-bot", "timeout", "medium"))
    assert reply["bot"] == "medium" and reply["notes"]["fallback"] == "timeout"
    unknown = json.loads(w.fallback("t-fallback-bot", "timeout", "nosuch"))
    assert unknown["bot"] == "random"  # even a broken setting still gives a move
    legal = [entry["action"] for entry in json.loads(w.state("t-fallback-bot", 0))["legal"]]
    assert turn["seat"] == 1 and not legal  # the human waits; the bot's cells are the rest
    meta = json.dumps({"by": "fallback", "bot": reply["bot"], "ms": 1.0, "reason": "timeout"})
    done = json.loads(w.bot_commit("t-fallback-bot", 0, turn["version"], json.dumps(reply), meta))
    last = json.loads(done["frames"][0])["last"]
    assert last["by"] == "fallback"


def play_out(table_id: str, human: int = 0) -> None:
    for _ in range(60):
        state = json.loads(w.state(table_id, human))
        if state["status"] != "playing":
            return
        if state["your_turn"]:
            human_move(table_id, human)
        else:
            bot_move(table_id, human)
    raise AssertionError("the game did not end in 60 decisions")


def test_a_finished_game_replays_in_the_servers_replay_code_and_resumes() -> None:
    new_y("t-replay", bot="medium", human=1)
    play_out("t-replay", human=1)
    replay = json.loads(w.replay("t-replay"))
    assert replay["format"] == "boardbots-replay/1" and len(replay["views"]) > 1
    assert rerun(replay).result == replay["result"]
    before = w.state("t-replay", 1)
    w.resume(w.record("t-replay", 1))
    assert w.state("t-replay", 1) == before


def test_no_replay_before_the_end() -> None:
    new_y("t-early")
    assert json.loads(w.replay("t-early"))["code"] == "not_finished"


def test_domination_frames_carry_only_the_humans_view() -> None:
    """Every state frame's view is exactly player_view(truth, human): no other hand."""
    game = get_game("domination")
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "easy"}] * 2
    spec = {"id": "t-dom", "game": "domination", "options": {"turn_limit": 2}, "seats": seats}
    w.create(json.dumps(spec | {"human": 0, "seed": 5}))
    for _ in range(200):
        state = json.loads(w.state("t-dom", 0))
        truth = w._tables["t-dom"].state
        assert state["view"] == json.loads(json.dumps(game.player_view(truth, 0)))
        assert all(p["hand"] is None for p in state["view"]["players"][1:])
        if state["status"] != "playing":
            break
        if state["your_turn"]:
            human_move("t-dom")
        else:
            bot_move("t-dom")
    assert json.loads(w.state("t-dom", 0))["status"] == "finished"
