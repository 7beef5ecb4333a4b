"""Counters the operator and the load test read from GET /api/stats."""

from __future__ import annotations

import collections
import dataclasses
from typing import Any


def percentile(values: list[float], q: float) -> float | None:
    """Nearest-rank percentile; None when nothing was measured yet."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(q / 100.0 * len(ordered) + 0.5) - 1))
    return ordered[rank]


@dataclasses.dataclass
class Stats:
    decisions: int = 0
    bot_decisions: int = 0
    fallbacks: int = 0
    late_discarded: int = 0
    cancelled: int = 0
    tables_expired: int = 0
    fallback_reasons: collections.Counter[str] = dataclasses.field(
        default_factory=collections.Counter
    )
    bot_ms: collections.deque[float] = dataclasses.field(
        default_factory=lambda: collections.deque(maxlen=20_000)
    )

    def to_dict(self) -> dict[str, Any]:
        ms = list(self.bot_ms)
        p50, p95 = percentile(ms, 50), percentile(ms, 95)
        return {
            "decisions": self.decisions,
            "bot_decisions": self.bot_decisions,
            "fallbacks": self.fallbacks,
            "fallback_reasons": dict(self.fallback_reasons),
            "late_discarded": self.late_discarded,
            "cancelled": self.cancelled,
            "tables_expired": self.tables_expired,
            "bot_ms_p50": None if p50 is None else round(p50, 1),
            "bot_ms_p95": None if p95 is None else round(p95, 1),
        }
