"""Fair turns for bot work: no more tasks in the pool than it has workers.

Without this, every table's request went straight into the pool's queue and
the wait limit ran while it queued, so twenty busy all-bot tables made nearly
every decision, on every table, time out. Here a request first waits for a
slot. Slots go to tables where a human is connected first (someone is
watching the clock), then in arrival order; since a table asks for one
decision at a time, arrival order is round-robin over the tables. The
server's wait limit starts only once the task holds a slot, so queueing slows
busy all-bot tables down instead of making them fall back.
"""

from __future__ import annotations

import asyncio
import collections


class FairScheduler:
    """`slots` permits, granted to urgent waiters first, then first come first served."""

    def __init__(self, slots: int) -> None:
        self.free = slots
        self.urgent: collections.deque[asyncio.Future[None]] = collections.deque()
        self.normal: collections.deque[asyncio.Future[None]] = collections.deque()

    @property
    def waiting(self) -> int:
        return sum(1 for f in (*self.urgent, *self.normal) if not f.done())

    async def acquire(self, urgent: bool) -> None:
        """Wait for a slot. Cancelled while waiting, the request simply leaves the queue."""
        if self.free > 0 and not self.waiting:
            self.free -= 1
            return
        granted = asyncio.get_running_loop().create_future()
        queue = self.urgent if urgent else self.normal
        queue.append(granted)
        try:
            await granted
        except asyncio.CancelledError:
            if granted.done() and not granted.cancelled():
                self.release()  # granted in the same tick we were cancelled: pass it on
            elif granted in queue:
                queue.remove(granted)
            raise

    def release(self) -> None:
        """A slot came back: hand it to the next waiter still waiting, or keep it."""
        for queue in (self.urgent, self.normal):
            while queue:
                waiter = queue.popleft()
                if not waiter.done():
                    waiter.set_result(None)
                    return
        self.free += 1
