"""`serve --bots ray`: decisions on a local Ray instance, with every guarantee of the pool."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from starlette.testclient import TestClient

from boardbots.games import get_game
from boardbots.server.ray_bots import RayBotPool
from tests.server.conftest import make_config, open_client, seed_of
from tests.server.test_faults import _easy_move, _first_bot_reply, _log

REQUEST_KEYS = {"request_id", "view", "bot", "seed", "budget_ms", "max_iterations"}


@pytest.fixture
def on_ray(ray_instance: ModuleType, tmp_path: Path) -> Iterator[TestClient]:
    config = make_config(tmp_path, bots="ray", bot_workers=2, kill_grace_s=1.5)
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
