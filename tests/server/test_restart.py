"""Restart: a real server process killed with SIGKILL resumes every unfinished table exactly."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from boardbots.server.replay import rerun

Msg = dict[str, Any]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def server(tmp_path: Path, port: int) -> Iterator[subprocess.Popen[bytes]]:
    env = {**os.environ, "BOARDBOTS_MIN_THINK_MS": "0", "BOARDBOTS_BUDGET_MS": "default=50"}
    cmd = [sys.executable, "-m", "boardbots.cli", "serve", "--port", str(port)]
    cmd += ["--data", str(tmp_path / "data"), "--workers", "1", "--log-level", "warning"]
    with (tmp_path / "server.log").open("ab") as out:
        proc = subprocess.Popen(cmd, cwd=tmp_path, env=env, stdout=out, stderr=out)
    try:
        _wait_ready(port, proc)
        yield proc
    finally:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(timeout=15)


def _wait_ready(port: int, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        assert proc.poll() is None, "the server exited during start-up"
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/config", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise AssertionError("the server did not start within 30 s")


def _my_turn(ws: ClientConnection) -> Msg:
    for _ in range(100):
        msg: Msg = json.loads(ws.recv(timeout=10))
        if msg["type"] == "state" and (msg["your_turn"] or msg["status"] != "playing"):
            return msg
    raise AssertionError("no turn came")


def _hello(ws: ClientConnection, token: str) -> Msg:
    ws.send(json.dumps({"type": "hello", "seat": 0, "token": token}))
    return _my_turn(ws)


def _play(ws: ClientConnection, state: Msg) -> Msg:
    move = state["legal"][len(state["legal"]) // 2]["action"]
    ws.send(json.dumps({"type": "action", "state_id": state["state_id"], "action": move}))
    return _my_turn(ws)


def test_kill_9_then_resume_and_finish(tmp_path: Path) -> None:
    port = _free_port()
    base, ws_url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}/ws/tables/"
    with server(tmp_path, port) as proc:
        seats = [{"kind": "human"}, {"kind": "bot", "bot": "easy"}]
        body = {"game": "y", "options": {"size": 5}, "seed": 99, "seats": seats, "join": 0}
        made = httpx.post(f"{base}/api/tables", json=body).json()
        tid, token = made["table"]["id"], made["token"]
        with connect(ws_url + tid) as ws:
            state = _play(ws, _play(ws, _hello(ws, token)))
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
    with server(tmp_path, port), connect(ws_url + tid) as ws:
        resumed = _hello(ws, token)
        assert (resumed["state_id"], resumed["view"]) == (state["state_id"], state["view"])
        for _ in range(20):
            if resumed["status"] != "playing":
                break
            resumed = _play(ws, resumed)
        assert resumed["status"] == "finished"
        replay = httpx.get(f"{base}/api/tables/{tid}/replay").json()
    assert rerun(replay).result == replay["result"] == resumed["result"]
    assert len(replay["actions"]) == resumed["decision"] > state["decision"]
