"""Summaries of a run: win shares with confidence intervals, pairwise wins, seats, times.

Intervals are over games, not over seats or pairs within a game, because
results inside one game are not independent.
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from boardbots.sim.harness import GameRecord

Z95 = 1.959964


def mean_interval(values: Sequence[float]) -> dict[str, float]:
    """Mean of per-game values in [0, 1] with a 95% interval; n counts games.

    The wider of the normal interval (sample variance) and the Wilson score
    interval, so a run with no losses still shows its uncertainty instead of
    a zero-width interval at 100%.
    """
    n = len(values)
    if n == 0:
        return {"mean": math.nan, "low": math.nan, "high": math.nan, "n": 0}
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(n) if n > 1 else 1.0
    w_low, w_high = wilson(mean, n)
    low = max(0.0, min(mean - half, w_low))
    high = min(1.0, max(mean + half, w_high))
    return {"mean": mean, "low": low, "high": high, "n": n}


def paired_difference(a: Sequence[float], b: Sequence[float]) -> dict[str, float]:
    """Mean of a[i] - b[i] with a normal 95% interval: two players judged on the same
    games, so the luck they share cancels and the interval is much narrower than the
    two separate intervals suggest."""
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = statistics.fmean(diffs)
    half = Z95 * statistics.stdev(diffs) / math.sqrt(len(diffs))
    return {"mean": mean, "low": mean - half, "high": mean + half, "n": len(diffs)}


def wilson(p: float, n: int) -> tuple[float, float]:
    """The Wilson score interval for a proportion p observed over n trials."""
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return centre - half, centre + half


def win_shares(records: Sequence[GameRecord]) -> dict[str, dict[str, float]]:
    """Each bot's average share per game it sat in, per seat it held.

    A bot filling k seats of a game gets the mean of those seats' shares,
    so its baseline is always 1/seats.
    """
    per_bot: dict[str, list[float]] = defaultdict(list)
    for rec in records:
        by_bot: dict[str, list[float]] = defaultdict(list)
        for code, share in zip(rec.seats, rec.shares, strict=True):
            by_bot[code].append(share)
        for code, shares in by_bot.items():
            per_bot[code].append(statistics.fmean(shares))
    seats = len(records[0].seats) if records else 1
    return {
        code: {**mean_interval(vals), "baseline": 1.0 / seats}
        for code, vals in sorted(per_bot.items())
    }


def _pair_outcome(rec: GameRecord, i: int, j: int) -> float:
    """1 if seat i beat seat j, 0.5 for a tie, by score then by win share."""
    a, b = (rec.scores[i], rec.shares[i]), (rec.scores[j], rec.shares[j])
    return 1.0 if a > b else 0.0 if a < b else 0.5


def pairwise(records: Sequence[GameRecord]) -> dict[str, dict[str, float]]:
    """For each ordered pair of different bots, how often the first beat the second."""
    per_game: dict[tuple[str, str], list[float]] = defaultdict(list)
    for rec in records:
        outcomes: dict[tuple[str, str], list[float]] = defaultdict(list)
        for i, a in enumerate(rec.seats):
            for j, b in enumerate(rec.seats):
                if a != b:
                    outcomes[(a, b)].append(_pair_outcome(rec, i, j))
        for key, vals in outcomes.items():
            per_game[key].append(statistics.fmean(vals))
    return {f"{a} vs {b}": mean_interval(v) for (a, b), v in sorted(per_game.items())}


def seat_shares(records: Sequence[GameRecord]) -> list[dict[str, float]]:
    """Share by seat position, whoever sat there: the first-player advantage."""
    if not records:
        return []
    seats = len(records[0].seats)
    return [mean_interval([r.shares[s] for r in records]) for s in range(seats)]


def _percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1))
    return ordered[k]


def spread(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {}
    return {
        "median": statistics.median(values),
        "p95": _percentile(values, 0.95),
        "max": max(values),
        "n": len(values),
    }


def decision_times(records: Sequence[GameRecord]) -> dict[str, dict[str, Any]]:
    """Milliseconds per decision by bot, plus Hard's iterations where it reports them."""
    times: dict[str, list[float]] = defaultdict(list)
    iters: dict[str, list[int]] = defaultdict(list)
    for rec in records:
        for code, ms in rec.timing.items():
            times[code] += ms
        for code, its in rec.iterations.items():
            iters[code] += its
    out: dict[str, dict[str, Any]] = {}
    for code in sorted(times):
        out[code] = {"ms": spread(times[code])}
        if iters.get(code):
            out[code]["iterations"] = spread([float(i) for i in iters[code]])
    return out


def summary(records: Sequence[GameRecord]) -> dict[str, Any]:
    """Every clock-free metric of a run, for the JSON report."""
    fallbacks: dict[str, int] = defaultdict(int)
    for rec in records:
        for code, k in rec.fallbacks.items():
            fallbacks[code] += k
    return {
        "games": len(records),
        "win_share": win_shares(records),
        "pairwise": pairwise(records),
        "seat_share": seat_shares(records),
        "length": {
            "turns": spread([float(r.turns) for r in records]),
            "decisions": spread([float(r.decisions) for r in records]),
        },
        "capped": sum(r.capped for r in records),
        "fallbacks": dict(sorted(fallbacks.items())),
    }
