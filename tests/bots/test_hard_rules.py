"""Hard's rule for leaving a game's favourite: only for an arm that beats it world by world."""

from __future__ import annotations

from boardbots.bots.hard import Arm, clearly_better


def _arm(rewards: list[float]) -> Arm:
    return Arm("x", len(rewards), sum(rewards), rewards)


def test_a_steady_paired_advantage_is_clear() -> None:
    favourite = _arm([0.2, 0.9, 0.4, 0.7] * 10)
    better = _arm([r + 0.1 for r in favourite.rewards])
    better.rewards[0] += 0.05  # not perfectly constant, so the spread is not zero
    assert clearly_better(better, favourite, 2.0)


def test_a_lead_inside_the_noise_is_not() -> None:
    favourite = _arm([1.0, 0.0] * 20)
    luckier = _arm([1.0, 0.0] * 19 + [1.0, 1.0])  # one world in 40 went its way
    assert luckier.total > favourite.total
    assert not clearly_better(luckier, favourite, 2.0)
    assert clearly_better(luckier, favourite, 0.0)


def test_only_worlds_both_arms_played_are_compared() -> None:
    favourite = _arm([0.5])
    assert not clearly_better(_arm([1.0] * 30), favourite, 2.0)  # one shared world
    assert clearly_better(favourite, favourite, 2.0)  # the favourite is its own best
