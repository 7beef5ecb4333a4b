"""When a search on a time budget must stop.

The clock is read every `every` iterations, as reading it costs more than a cheap
iteration (a Y playout is tens of microseconds). But a playout of a plan written
as code (Domination's First Game engine) costs several milliseconds in plain
Python, and sixteen of them ran up to 190 ms past a 900 ms budget
(`boardbots bench firstgame --budget 900`). So once the next batch at the pace so
far would cross the budget, the clock is read at every iteration, and the search
ends at most one iteration late.
"""

from __future__ import annotations

from collections.abc import Callable


class Deadline:
    """A budget counted from `start` on the `now` clock (seconds), in ms."""

    def __init__(
        self, now: Callable[[], float], budget_ms: float | None, start: float, every: int
    ) -> None:
        self._now = now
        self._budget = budget_ms
        self._start = start
        self._every = every
        self._close = False

    def spent(self, done: int) -> bool:
        """Whether the budget is used up after `done` iterations (never without one)."""
        budget = self._budget
        if budget is None or done == 0 or (done % self._every and not self._close):
            return False
        elapsed = (self._now() - self._start) * 1000
        self._close = elapsed + elapsed / done * self._every >= budget
        return elapsed >= budget
