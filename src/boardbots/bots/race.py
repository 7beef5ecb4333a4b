"""Hard's search when a game names a favourite: the rivals race it on shared worlds.

UCB1 spends its visits to earn reward while it searches; Hard only needs to
pick the right move at the end, and where a favourite leads, to know whether
a rival truly beats it. So every round plays the favourite and each
surviving rival on the same worlds, the worse half of the rivals drops out
after each round, and the last rival meets the favourite on every world
either has seen (sequential halving, with the favourite never dropped).
The rival that reaches the end has far more paired worlds against the
favourite than UCB1 would give it, so a real edge clears the `sure` test
more often and a lucky one less often.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from boardbots.core import portable


class RaceArm(Protocol):
    """What the race reads of a candidate: its visits, summed and per-world rewards."""

    visits: int
    total: float
    rewards: list[float]


A = TypeVar("A", bound=RaceArm)


def rounds(rivals: int) -> int:
    """Halving rounds until one rival is left, plus the final round against the favourite."""
    count = 1
    while rivals > 1:
        rivals = (rivals + 1) // 2
        count += 1
    return count


def race(arms: list[A], limit: int, play: Callable[[A], None], stop: Callable[[int], bool]) -> int:
    """Spend up to `limit` playouts and return how many were made. arms[0] is the
    favourite; `play(arm)` plays `arm` on the shared world numbered by its visits so far
    and records the reward; `stop(done)` says the time budget is spent."""
    favourite, rivals = arms[0], arms[1:]
    share = limit // rounds(len(rivals))
    done = 0
    while True:
        field = [favourite, *rivals]
        last = len(rivals) <= 1
        quota = limit - done if last else share
        for _ in range(max(1, quota // len(field))):
            for arm in field:
                if done >= limit or stop(done):
                    return done
                play(arm)
                done += 1
        if last:
            return done
        # Equal visits, so the higher total is the better mean; ties keep Medium's order.
        rivals = sorted(rivals, key=lambda arm: arm.total, reverse=True)[: (len(rivals) + 1) // 2]


def challenger(arms: list[A]) -> A:
    """The rival with the best paired mean over the favourite arms[0] (the race's last
    survivor, or the leader when the budget cut a round short)."""
    favourite = arms[0]

    def edge(arm: A) -> float:
        pairs = list(zip(arm.rewards, favourite.rewards, strict=False))
        return portable.fsum(a - b for a, b in pairs) / len(pairs) if pairs else float("-inf")

    most = max(arm.visits for arm in arms[1:])
    return max((arm for arm in arms[1:] if arm.visits >= most - 1), key=edge)
