"""A clock that moves only when a test says so; safe to drive from the test's thread."""

from __future__ import annotations

import asyncio
import threading


class ManualClock:
    def __init__(self) -> None:
        self.time = 0.0
        self._lock = threading.Lock()
        self._sleepers: list[tuple[float, asyncio.Future[None], asyncio.AbstractEventLoop]] = []

    def now(self) -> float:
        return self.time

    async def sleep(self, seconds: float) -> None:
        loop = asyncio.get_running_loop()
        entry = (self.time + seconds, loop.create_future(), loop)
        with self._lock:
            self._sleepers.append(entry)
        try:
            await entry[1]
        finally:
            with self._lock:
                self._sleepers.remove(entry)

    @property
    def sleepers(self) -> int:
        with self._lock:
            return len(self._sleepers)

    def advance(self, seconds: float) -> None:
        """Move time on and wake every sleeper whose time has come, on its own loop."""
        with self._lock:
            self.time += seconds
            due = [(f, loop) for at, f, loop in self._sleepers if at <= self.time]
        for future, loop in due:
            loop.call_soon_threadsafe(_wake, future)


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)
