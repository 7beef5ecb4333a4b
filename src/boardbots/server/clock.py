"""The server's sense of time, injected so limits and timeouts can be tested without waiting."""

from __future__ import annotations

import asyncio
import time
from typing import Protocol


class Clock(Protocol):
    """Seconds from an arbitrary origin, and a way to wait for some of them to pass."""

    def now(self) -> float: ...

    async def sleep(self, seconds: float) -> None: ...


class RealClock:
    """The monotonic clock and the event loop's sleep: what a running server uses."""

    def now(self) -> float:
        return time.monotonic()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)
