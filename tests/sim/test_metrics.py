"""Metrics on hand-made records, so every figure can be checked by hand."""

from __future__ import annotations

import pytest

from boardbots.sim.harness import GameRecord
from boardbots.sim.metrics import (
    mean_interval,
    paired_difference,
    pairwise,
    seat_shares,
    spread,
    win_shares,
)


def _rec(seats: list[str], scores: list[float], shares: list[float]) -> GameRecord:
    return GameRecord(0, 0, seats, shares, scores, 10, 10, False, {}, {}, {})


def test_win_share_averages_a_bots_seats_per_game() -> None:
    recs = [
        _rec(["a", "b", "a", "b"], [5, 3, 1, 0], [1, 0, 0, 0]),
        _rec(["b", "a", "b", "a"], [5, 3, 1, 0], [1, 0, 0, 0]),
    ]
    shares = win_shares(recs)
    assert shares["a"]["mean"] == pytest.approx(0.25)
    assert shares["b"]["mean"] == pytest.approx(0.25)
    assert shares["a"]["baseline"] == 0.25


def test_pairwise_counts_every_cross_pair_and_ties_as_half() -> None:
    recs = [_rec(["a", "b", "a", "b"], [4, 3, 2, 2], [1, 0, 0, 0])]
    # a0 beats b1 and b3; a2 loses to b1, ties b3 (equal score and share)
    assert pairwise(recs)["a vs b"]["mean"] == pytest.approx((1 + 1 + 0 + 0.5) / 4)
    assert pairwise(recs)["b vs a"]["mean"] == pytest.approx((0 + 1 + 0 + 0.5) / 4)


def test_interval_narrows_with_more_games() -> None:
    small = mean_interval([1, 0] * 10)
    large = mean_interval([1, 0] * 1000)
    assert small["mean"] == large["mean"] == 0.5
    assert large["high"] - large["low"] < small["high"] - small["low"]
    assert large["low"] == pytest.approx(0.5 - 1.96 * 0.5 / 2000**0.5, abs=1e-3)


def test_a_paired_difference_is_judged_game_by_game() -> None:
    # Two players who win and lose the same games differ by nothing, however lucky
    # the games; one who turns a quarter of the losses into wins gains 12.5 points.
    a = [1.0, 0.0] * 100
    assert paired_difference(a, a) == {"mean": 0.0, "low": 0.0, "high": 0.0, "n": 200}
    b = [1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0] * 25
    edge = paired_difference(b, a)
    assert edge["mean"] == pytest.approx(0.125)
    half = 1.96 * (0.125 * 0.875 * 200 / 199) ** 0.5 / 200**0.5
    assert edge["low"] == pytest.approx(0.125 - half, abs=1e-3)
    assert edge["high"] == pytest.approx(0.125 + half, abs=1e-3)


def test_seat_shares_and_spread() -> None:
    recs = [_rec(["a", "b"], [1, 0], [1, 0]), _rec(["b", "a"], [1, 0], [1, 0])]
    assert seat_shares(recs)[0]["mean"] == 1.0
    s = spread([float(x) for x in range(1, 101)])
    assert s["median"] == 50.5 and s["p95"] == 95 and s["max"] == 100


def test_perfect_record_still_has_an_interval() -> None:
    iv = mean_interval([1.0] * 200)
    assert iv["mean"] == 1.0 and iv["high"] == 1.0
    assert 0.97 < iv["low"] < 0.99  # Wilson: about 0.981 for 200 of 200
