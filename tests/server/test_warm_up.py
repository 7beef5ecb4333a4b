"""The bot pool's warm-up waits for every worker, not just the quickest one."""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Callable
from typing import Any

import pytest

from boardbots.server import botpool
from boardbots.server.botpool import BotService
from boardbots.server.config import ServerConfig
from boardbots.server.stats import Stats


class SlowStartPool:
    """Answers pings at once, from worker 1 only until `cold_rounds` rounds have passed."""

    def __init__(self, cold_rounds: int) -> None:
        self.cold_rounds = cold_rounds
        self.pings = 0

    def schedule(
        self, fn: Callable[..., Any], args: tuple[Any, ...]
    ) -> concurrent.futures.Future[int]:
        self.pings += 1
        done: concurrent.futures.Future[int] = concurrent.futures.Future()
        started = self.pings > 2 * self.cold_rounds
        done.set_result(2 if started and self.pings % 2 == 0 else 1)
        return done


def _warm(pool: SlowStartPool) -> BotService:
    service = BotService(ServerConfig(bot_workers=2), Stats())
    service.pool = pool  # type: ignore[assignment]
    asyncio.run(service.warm_up(limit_s=5))
    return service


def test_a_worker_that_starts_late_is_waited_for(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level("INFO")
    pool = SlowStartPool(cold_rounds=3)
    _warm(pool)
    assert pool.pings == 8  # three rounds answered by worker 1 alone, then both
    assert "2 of 2 workers" in caplog.text


def test_a_worker_that_never_starts_costs_a_bounded_wait(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(botpool, "COLD_WAIT_S", 0.2)
    caplog.set_level("INFO")
    _warm(SlowStartPool(cold_rounds=10**9))
    assert "1 of 2 workers" in caplog.text
