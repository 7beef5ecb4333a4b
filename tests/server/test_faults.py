"""Fault injection: slow, failing and dying bot workers; the game always goes on with Easy."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from boardbots.bots.base import BotContext
from boardbots.bots.registry import make_bot
from boardbots.core.rng import Rng, decision_seed
from boardbots.games import get_game
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
)

Msg = dict[str, Any]


SHORT_WAIT_S = 0.3  # the sleeper sleeps 0.9 s, so the server must give up first
LONG_WAIT_S = 10.0  # other faults must be seen as what they are, even on a loaded machine


@pytest.fixture
def pooled(tmp_path: Path) -> Iterator[TestClient]:
    """One worker process, so a killed or hung worker must be replaced for play to go on."""
    with _pooled(tmp_path, LONG_WAIT_S) as client:
        yield client


def _pooled(tmp_path: Path, wait_s: float) -> TestClient:
    config = make_config(tmp_path, bot_workers=1, kill_grace_s=1.5, timeout_extra_s=wait_s)
    return open_client(config, tmp_path)


def _first_bot_reply(client: TestClient, code: str) -> tuple[str, str, Msg, Msg]:
    """Human plays seat 0's first legal move; returns (table, owner token, before, after)."""
    made = create(client, [HUMAN, {"kind": "bot", "bot": code}], join=0)
    tid = made["table"]["id"]
    with client.websocket_connect(f"/ws/tables/{tid}") as ws:
        start = hello(ws, 0, made["token"])
        send(ws, {"type": "action", "state_id": 0, "action": start["legal"][0]["action"]})
        receive_until(ws, of_type("thinking"))
        after = my_turn_state(ws)
    return tid, made["owner_token"], start, after


def _easy_move(first_action: Any, seed: int) -> Any:
    """What Easy plays for seat 1 after `first_action`, with the seed the server uses."""
    game = get_game("y")
    state = game.applied(game.new_state(2, seed, {"size": 5}), first_action)
    ctx = BotContext(rng=Rng(decision_seed(seed, 1)), now=time.perf_counter, time_budget_ms=50)
    return make_bot("easy").decide(game.player_view(state, 1), ctx)


def _log(client: TestClient, tid: str, owner: str) -> list[Msg]:
    client.post(f"/api/tables/{tid}/close", json={"owner_token": owner})
    actions: list[Msg] = client.get(f"/api/tables/{tid}/replay").json()["actions"]
    return actions


@pytest.mark.parametrize(
    ("code", "reason"),
    [("sleepy:seconds=0.9", "timeout"), ("boom", "error"), ("cheat", "illegal")],
)
def test_failing_bot_is_replaced_by_easy(tmp_path: Path, code: str, reason: str) -> None:
    """Only the timeout case waits briefly: with a short wait on a busy machine, an error or
    an illegal move could arrive after the server gave up and be logged as a timeout."""
    wait_s = SHORT_WAIT_S if reason == "timeout" else LONG_WAIT_S
    with _pooled(tmp_path, wait_s) as pooled:
        _check_fallback(pooled, code, reason)


def _check_fallback(pooled: TestClient, code: str, reason: str) -> None:
    tid, owner, start, after = _first_bot_reply(pooled, code)
    assert after["decision"] == 2 and after["last"]["by"] == "fallback"
    if reason == "timeout":  # the sleeper's task is stopped: it can never answer late
        stats = pooled.get("/api/stats").json()
        assert stats["cancelled"] == 1 and stats["late_discarded"] == 0
        table = pooled.get(f"/api/tables/{tid}").json()["table"]
        assert table["state_id"] == after["state_id"] and table["decision"] == 2
    entry = _log(pooled, tid, owner)[1]
    assert entry["by"] == "fallback" and entry["reason"] == reason and entry["bot"] == "easy"
    assert entry["action"] == _easy_move(start["legal"][0]["action"], seed_of(pooled, tid))
    stats = pooled.get("/api/stats").json()
    assert stats["fallbacks"] == 1 and stats["fallback_reasons"] == {reason: 1}


def test_killed_worker_falls_back_and_the_game_goes_on(pooled: TestClient) -> None:
    tid, owner, start, _ = _first_bot_reply(pooled, "suicide")
    entry = _log(pooled, tid, owner)[1]
    assert entry["by"] == "fallback" and entry["reason"] == "crashed"
    assert entry["action"] == _easy_move(start["legal"][0]["action"], seed_of(pooled, tid))
    _table_answered_by_worker(pooled)  # a new worker took the dead one's place


def _table_answered_by_worker(client: TestClient, tries: int = 10) -> tuple[str, str]:
    """A new table whose bot reply came from a worker (a fresh pool may still be starting)."""
    for _ in range(tries):
        tid, owner, _, after = _first_bot_reply(client, "notes")
        if after["last"]["by"] == "bot":
            return tid, owner
    raise AssertionError(f"no worker answered in {tries} tables")


def test_hung_worker_is_killed_and_replaced(tmp_path: Path) -> None:
    """The hung task is cancelled when the server stops waiting (not `kill_grace_s` later),
    and the next request waits for the replacement worker instead of timing out while it
    starts: so the second bot move comes from a worker however slow the machine is."""
    config = make_config(tmp_path, bot_workers=1, timeout_extra_s=2.0, kill_grace_s=60.0)
    bys, stats = moves_after_a_hang(config, tmp_path)
    assert bys == ["fallback", "bot"]
    assert stats["cancelled"] == 1 and stats["fallback_reasons"] == {"timeout": 1}


def moves_after_a_hang(config: Any, tmp_path: Path) -> tuple[list[str], Msg]:
    """Two human moves against a bot that hangs on its first answer: who made each reply
    (`last.by`), and the server's stats after them."""
    with open_client(config, tmp_path) as client:
        made = create(client, [HUMAN, {"kind": "bot", "bot": "hangonce"}], join=0)
        bys = []
        with client.websocket_connect(f"/ws/tables/{made['table']['id']}") as ws:
            state = hello(ws, 0, made["token"])
            for _ in range(2):
                action = state["legal"][0]["action"]
                send(ws, {"type": "action", "state_id": state["state_id"], "action": action})
                state = my_turn_state(ws)
                bys.append(state["last"]["by"])
        stats: Msg = client.get("/api/stats").json()
    return bys, stats


def test_notes_reach_the_log(pooled: TestClient) -> None:
    tid, owner = _table_answered_by_worker(pooled)
    entry = _log(pooled, tid, owner)[1]
    assert entry["by"] == "bot" and entry["bot"] == "notes"
    assert entry["notes"]["candidates"] == [{"action": entry["action"], "value": 0.5}]
    assert entry["seed"] == decision_seed(seed_of(pooled, tid), 1) and entry["ms"] >= 0
