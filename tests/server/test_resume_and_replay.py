"""Resuming stored tables, replay files and `boardbots replay`, and the settings loader."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from boardbots.cli import app as cli_app
from boardbots.server.config import load_config
from boardbots.server.store import Store
from boardbots.server.table import Table
from boardbots.server.tokens import hash_token
from tests.server.conftest import (
    HUMAN,
    create,
    hello,
    make_config,
    my_turn_state,
    open_client,
    send,
    two_humans,
    wait_for,
)


def test_a_bot_whose_turn_it_was_moves_after_a_restart(tmp_path: Path) -> None:
    config = make_config(tmp_path)
    store = Store(config.db_path)
    row = {"id": "t1", "game": "y", "options": {"size": 5, "swap": False}, "seed": 3}
    row |= {"status": "playing", "version": 0, "owner_hash": hash_token("o"), "created_at": 1.0}
    seats = [
        {"seat": 0, "kind": "bot", "name": "Easy bot", "bot": "easy"},
        {"seat": 1, "kind": "human", "name": "Ann", "token_hash": hash_token("tok")},
    ]
    store.create(row, seats)
    store.close()
    with open_client(config, tmp_path) as client:
        wait_for(lambda: client.get("/api/tables/t1").json()["table"]["decision"] == 1)
        with client.websocket_connect("/ws/tables/t1") as ws:
            state = hello(ws, 1, "tok")
    assert state["your_turn"] and state["last"]["seat"] == 0


def _finished_replay(tmp_path: Path) -> dict[str, object]:
    with open_client(make_config(tmp_path), tmp_path) as client:
        made = create(client, [HUMAN, {"kind": "bot", "bot": "easy"}], join=0)
        tid = made["table"]["id"]
        with client.websocket_connect(f"/ws/tables/{tid}") as ws:
            state = hello(ws, 0, made["token"])
            for _ in range(20):
                if state["status"] != "playing":
                    break
                move = state["legal"][-1]["action"]
                send(ws, {"type": "action", "state_id": state["state_id"], "action": move})
                state = my_turn_state(ws)
        replay: dict[str, object] = client.get(f"/api/tables/{tid}/replay").json()
    assert replay["status"] == "finished"
    return replay


def test_lists_after_a_restart_summarise_ended_tables_without_replaying_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    finished = _finished_replay(tmp_path)["table"]
    with open_client(make_config(tmp_path), tmp_path) as client:
        tid, _, _, owner = two_humans(client)
        closed = client.post(f"/api/tables/{tid}/close", json={"owner_token": owner})
        assert closed.status_code == 200, closed.text
        playing = two_humans(client)[0]
    with open_client(make_config(tmp_path), tmp_path) as client:
        hub = client.app.state.hub
        assert set(hub.tables) == {playing}  # the restart rebuilt only the unfinished one

        def no_replay(self: Table) -> None:
            raise AssertionError(f"table {self.id} was replayed for a list")

        with monkeypatch.context() as patched:
            patched.setattr(Table, "replayed_safely", no_replay)
            lists = {
                which: client.get(f"/api/tables?status={which}").json()["tables"]
                for which in ("finished", "all")
            }
        assert [t["id"] for t in lists["finished"]] == [tid, finished]
        assert [t["id"] for t in lists["all"]] == [playing, tid, finished]
        rebuilt = [hub.get(i).summary() for i in (playing, tid, finished)]
        assert lists["all"] == rebuilt
        assert rebuilt[2]["decision"] > 0 and rebuilt[1]["status"] == "closed"


def test_replay_cli_reruns_the_game_and_checks_the_result(tmp_path: Path) -> None:
    replay = _finished_replay(tmp_path)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(replay))
    ok = CliRunner().invoke(cli_app, ["replay", str(path), "--quiet"])
    assert ok.exit_code == 0, ok.output
    assert f"{replay['result']}" in ok.output
    actions = replay["actions"]
    assert isinstance(actions, list)
    actions[0]["action"] = actions[1]["action"]  # tamper: a different first move
    path.write_text(json.dumps(replay))
    bad = CliRunner().invoke(cli_app, ["replay", str(path)])
    assert bad.exit_code == 1 and "replay failed" in bad.output


def test_settings_priority_file_then_env_then_flags(tmp_path: Path) -> None:
    file = tmp_path / "bb.toml"
    file.write_text("port = 8100\n[server]\nmin_think_ms = 100\nbudget_ms = {hard = 700}\n")
    env = {"BOARDBOTS_PORT": "8200", "BOARDBOTS_BUDGET_MS": "hard=800,default=150"}
    config = load_config(file, env=env, overrides={"port": 8300, "host": None})
    assert config.port == 8300 and config.host == "127.0.0.1"
    assert config.min_think_ms == 100 and config.budget_for("hard") == 800
    assert config.budget_for("medium") == 150
    assert config.wait_limit_s(900) == pytest.approx(3.3)
    with pytest.raises(ValueError, match="unknown setting"):
        load_config(file, env={}, overrides={"colour": "red"})
    with pytest.raises(ValueError, match="bad value"):
        load_config(None, env={"BOARDBOTS_PORT": "eighty"})
