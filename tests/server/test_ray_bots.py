"""`serve --bots ray`: decisions on a local Ray instance, with every guarantee of the pool."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from starlette.testclient import TestClient

from boardbots.games import get_game
from boardbots.server.ray_bots import RayBotPool, WorkerLost
from tests.server.conftest import (
    make_config,
    open_client,
    seed_of,
)
from tests.server.test_faults import _easy_move, _first_bot_reply, _log, moves_after_a_hang

WAIT_S = 3.0
"""The server's wait for a Ray task beyond the budget: a loaded CI machine must not turn
an answer into a timeout (only the hanging bots should reach it)."""
HANG_WAIT_S = 12.0
"""The wait when a worker must be replaced between two requests (see its test)."""
REQUEST_KEYS = {"request_id", "view", "bot", "seed", "budget_ms", "max_iterations"}


@pytest.fixture
def on_ray(ray_instance: ModuleType, tmp_path: Path) -> Iterator[TestClient]:
    config = make_config(tmp_path, bots="ray", bot_workers=2, timeout_extra_s=WAIT_S)
    with open_client(config, tmp_path) as client:
        yield client


def test_a_bot_thinks_in_a_ray_worker(on_ray: TestClient) -> None:
    tid, owner, _, after = _first_bot_reply(on_ray, "notes")
    assert after["last"]["by"] == "bot"
    entry = _log(on_ray, tid, owner)[1]
    assert entry["bot"] == "notes" and entry["notes"]["pid"] != os.getpid()


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        ("sleepy:seconds=30", "timeout"),
        ("boom", "error"),
        ("cheat", "illegal"),
        ("suicide", "crashed"),
    ],
)
def test_a_failing_bot_on_ray_is_replaced_by_easy(
    on_ray: TestClient, code: str, reason: str
) -> None:
    tid, owner, start, after = _first_bot_reply(on_ray, code)
    assert after["last"]["by"] == "fallback"
    entry = _log(on_ray, tid, owner)[1]
    assert entry["reason"] == reason and entry["bot"] == "easy"
    assert entry["action"] == _easy_move(start["legal"][0]["action"], seed_of(on_ray, tid))
    stats = on_ray.get("/api/stats").json()
    assert stats["fallback_reasons"] == {reason: 1}
    if reason == "timeout":  # the hung task was cancelled: no answer can come late
        assert stats["cancelled"] == 1 and stats["late_discarded"] == 0


def test_only_the_bots_view_goes_to_ray(
    on_ray: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: list[tuple[Any, ...]] = []
    schedule = RayBotPool.schedule

    def spy(self: RayBotPool, fn: Any, args: tuple[Any, ...] = (), timeout: Any = None) -> Any:
        sent.append(args)
        return schedule(self, fn, args, timeout)

    monkeypatch.setattr(RayBotPool, "schedule", spy)
    tid, _, start, _ = _first_bot_reply(on_ray, "notes")
    requests = [a[0] for a in sent if a and isinstance(a[0], dict)]
    assert len(requests) == 1 and set(requests[0]) == REQUEST_KEYS
    game = get_game("y")
    state = game.applied(
        game.new_state(2, seed_of(on_ray, tid), {"size": 5}), start["legal"][0]["action"]
    )
    assert requests[0]["view"] == game.player_view(state, 1)


def test_a_hung_bot_on_ray_costs_one_move_and_the_next_comes_from_ray(
    ray_instance: ModuleType, tmp_path: Path
) -> None:
    """The hung task is killed when the server stops waiting, and its CPU serves the
    next request: the second bot move is the bot's own. That request may need a fresh
    Ray worker process, whose start (imports included) took over 3 s in CI beside a lab
    run, so the wait here is HANG_WAIT_S; the hung first request still times out."""
    config = make_config(tmp_path, bots="ray", bot_workers=2, timeout_extra_s=HANG_WAIT_S)
    bys, stats = moves_after_a_hang(config, tmp_path)
    assert bys == ["fallback", "bot"]
    assert stats["cancelled"] == 1 and stats["fallback_reasons"] == {"timeout": 1}


def _hold(marker: str) -> None:
    """A task that leaves its worker's pid, then would run for ten minutes. The pid is
    written aside and renamed into place, so the marker never exists empty (the test
    once read it between its creation and the write)."""
    Path(marker + ".part").write_text(str(os.getpid()))
    os.replace(marker + ".part", marker)
    time.sleep(600)


def _wait_for(check: Callable[[], bool], what: str) -> None:
    for _ in range(600):  # at most 30 s on a busy machine
        if check():
            return
        time.sleep(0.05)
    raise AssertionError(f"gave up waiting for {what}")


@pytest.mark.parametrize("how", ["timeout", "cancel"])
def test_the_ray_pool_kills_a_task_nobody_waits_for(
    ray_instance: ModuleType, tmp_path: Path, how: str
) -> None:
    """Past its timeout, or cancelled by the server: the worker running it is stopped."""
    pool = RayBotPool(None, 2, [])
    # A worker up first, and a timeout (counted from scheduling) long enough for the
    # task to start even on a second, cold worker of a loaded machine: a task stopped
    # before it starts leaves no pid to check (3 s was too short under CI's load).
    pool.schedule(os.getpid, ()).result(timeout=60)
    marker = tmp_path / "pid"
    task = pool.schedule(_hold, (str(marker),), timeout=15.0 if how == "timeout" else None)
    _wait_for(marker.exists, "the task to start")
    if how == "timeout":
        with pytest.raises(TimeoutError):
            task.result(timeout=60)
    else:
        assert task.cancel()
    pid = int(marker.read_text())
    _wait_for(lambda: not Path(f"/proc/{pid}").exists(), "the worker to be stopped")


def test_a_dead_ray_worker_is_a_lost_worker(ray_instance: ModuleType) -> None:
    pool = RayBotPool(None, 2, [])
    with pytest.raises(WorkerLost):
        pool.schedule(os._exit, (3,)).result(timeout=60)
