"""The time budget's stop rule (`bots/deadline.py`), on a simulated clock."""

from __future__ import annotations

from boardbots.bots.deadline import Deadline


def _run(cost_ms: float, budget_ms: float, before_ms: float = 0.0) -> tuple[float, int, int]:
    """Iterations of a fixed cost until the deadline says stop: (time, iterations, reads)."""
    clock = {"ms": before_ms, "reads": 0}

    def now() -> float:
        clock["reads"] += 1
        return clock["ms"] / 1000

    deadline = Deadline(now, budget_ms, 0.0, 16)
    done = 0
    while not deadline.spent(done):
        clock["ms"] += cost_ms
        done += 1
    return clock["ms"], done, int(clock["reads"])


def test_slow_iterations_stop_at_most_one_iteration_past_the_budget() -> None:
    elapsed, done, _ = _run(cost_ms=8.0, budget_ms=900.0)
    assert 900.0 <= elapsed < 908.0
    assert done == 113


def test_cheap_iterations_read_the_clock_about_once_a_batch() -> None:
    elapsed, done, reads = _run(cost_ms=0.05, budget_ms=900.0)
    assert 900.0 <= elapsed < 900.05 + 1e-6
    assert reads < done / 16 + 20  # every 16th, then every one for the last batch


def test_the_budget_counts_what_was_spent_before_the_search() -> None:
    elapsed, done, _ = _run(cost_ms=8.0, budget_ms=900.0, before_ms=300.0)
    assert 900.0 <= elapsed < 908.0
    assert done == 75


def test_no_budget_never_stops() -> None:
    deadline = Deadline(lambda: 1e9, None, 0.0, 16)
    assert not any(deadline.spent(i) for i in range(1000))
