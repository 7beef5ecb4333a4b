"""The race Hard runs when a game names a favourite (`bots/race.py`)."""

from __future__ import annotations

from collections.abc import Callable

from boardbots.bots.hard import Arm
from boardbots.bots.race import challenger, race, rounds
from boardbots.core.rng import Rng


def _field(values: list[float]) -> tuple[list[Arm], dict[str, float]]:
    arms = [Arm(f"a{i}") for i in range(len(values))]
    return arms, {str(arm.action): v for arm, v in zip(arms, values, strict=True)}


def _player(
    value: dict[str, float], worlds: list[float], log: list[tuple[str, int]]
) -> Callable[[Arm], None]:
    """World k adds the same luck to every arm, as paired worlds do."""

    def play(arm: Arm) -> None:
        log.append((str(arm.action), arm.visits))
        r = value[str(arm.action)] + worlds[arm.visits]
        arm.visits += 1
        arm.total += r
        arm.rewards.append(r)

    return play


def test_rounds_halve_the_rivals_down_to_one() -> None:
    assert [rounds(n) for n in (1, 2, 3, 5, 6, 12)] == [1, 2, 3, 4, 4, 5]


def test_the_budget_is_spent_exactly_and_the_favourite_plays_every_world() -> None:
    arms, value = _field([0.5, 0.4, 0.45, 0.3, 0.2, 0.55, 0.1])
    rng = Rng(3)
    worlds = [rng.random() - 0.5 for _ in range(1000)]
    log: list[tuple[str, int]] = []
    done = race(arms, 800, _player(value, worlds, log), lambda _: False)
    assert done == 800 == len(log)
    fav = arms[0]
    assert all(arm.visits <= fav.visits for arm in arms)
    # every rival's k-th visit was on world k, so its rewards pair with the favourite's
    assert all(k == i for i, (_, k) in enumerate(x for x in log if x[0] == "a5"))


def test_the_best_rival_survives_and_gets_the_most_paired_worlds() -> None:
    arms, value = _field([0.5, 0.4, 0.45, 0.3, 0.2, 0.55, 0.1])
    rng = Rng(4)
    worlds = [rng.random() - 0.5 for _ in range(1000)]
    race(arms, 800, _player(value, worlds, []), lambda _: False)
    best = challenger(arms)
    assert best.action == "a5"
    others = [a.visits for a in arms if a not in (best, arms[0])]
    assert best.visits == arms[0].visits > max(others)
    assert min(others) < best.visits / 5  # the worst went out after the first round


def test_a_spent_budget_stops_mid_round_and_the_leader_is_still_named() -> None:
    arms, value = _field([0.5, 0.6, 0.4])
    log: list[tuple[str, int]] = []
    done = race(arms, 800, _player(value, [0.0] * 1000, log), lambda i: i >= 100)
    assert done == 100 == len(log)
    assert challenger(arms).action == "a1"
