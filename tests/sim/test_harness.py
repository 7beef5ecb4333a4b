"""The harness: reproducible across worker counts, rotating seats, surviving bad bots."""

from __future__ import annotations

import json

import pytest

from boardbots.bots.registry import register_bot
from boardbots.sim import harness
from boardbots.sim.harness import MAX_CHUNK, MatchSpec, chunk_size, play_game, run, seats_for
from boardbots.sim.pools import Backend, TaskPool
from boardbots.sim.report import run_report
from tests.fakes import Broken, Cheater

register_bot("test-crashing", Broken)
register_bot("test-illegal", Cheater)

SPEC = MatchSpec("y", ("random", "easy"), {"size": 7})


def _without_timing(records: list) -> str:
    data = run_report(SPEC, 5, records, {})
    data.pop("timing")
    return json.dumps(data, sort_keys=True)


def test_one_and_two_workers_give_identical_results() -> None:
    one = run(SPEC, 12, seed=5, workers=1)
    two = run(SPEC, 12, seed=5, workers=2)
    assert _without_timing(one) == _without_timing(two)
    assert [r.index for r in two] == list(range(12))


def test_a_pool_has_no_more_workers_than_games_left(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each local worker is a process started up front, so asking for more workers than
    games must not start the extra ones."""
    sizes: list[int] = []
    real = harness.open_pool

    def counted(backend: Backend, workers: int) -> TaskPool:
        sizes.append(workers)
        return real(backend, min(workers, 2))  # the test only counts what was asked

    monkeypatch.setattr(harness, "open_pool", counted)
    assert len(run(SPEC, 3, seed=5, workers=64)) == 3
    assert sizes == [3]
    assert len(run(SPEC, 1, seed=5, workers=64)) == 1
    assert sizes == [3]  # one game: played here, no pool at all


def test_tasks_grow_with_fast_games_and_the_results_do_not_change() -> None:
    """Fast games go to workers in chunks sized from their speed so far (one by one
    at first); the chunking must not touch the results, and no game may be lost
    or played twice as the sizes change."""
    one = run(SPEC, 150, seed=9, workers=1)
    delivered: list[int] = []
    two = run(SPEC, 150, seed=9, workers=2, on_game=lambda r: delivered.append(r.index))
    assert _without_timing(one) == _without_timing(two)
    assert sorted(delivered) == list(range(150))


def test_slow_games_go_one_at_a_time_and_fast_ones_in_bulk() -> None:
    assert chunk_size(None) == 1  # nothing played yet: the speed is unknown
    assert chunk_size(8.0) == 1  # a Hard game: progress and journal follow each one
    assert chunk_size(0.1) == 2
    assert chunk_size(0.0005) == chunk_size(0.0) == MAX_CHUNK


def test_different_seeds_give_different_games() -> None:
    a = run(SPEC, 6, seed=1)
    b = run(SPEC, 6, seed=2)
    assert [r.seed for r in a] != [r.seed for r in b]


def test_seats_rotate_every_game() -> None:
    spec = MatchSpec("domination", ("hard", "medium", "medium", "medium"))
    firsts = [seats_for(spec, i)[0] for i in range(4)]
    assert firsts == ["hard", "medium", "medium", "medium"]
    assert [seats_for(spec, i).index("hard") for i in range(4)] == [0, 3, 2, 1]


@pytest.mark.parametrize("code", ["test-crashing", "test-illegal"])
def test_failing_bot_falls_back_and_the_game_finishes(code: str) -> None:
    rec = play_game(MatchSpec("y", (code, "random"), {"size": 5}), seed=3, index=0)
    assert not rec.capped
    assert rec.fallbacks[code] > 0
    assert sum(rec.shares) == pytest.approx(1.0)


def test_record_counts_decisions_and_turns() -> None:
    rec = play_game(SPEC, seed=9, index=1)
    assert rec.decisions == rec.turns  # Y: one decision per turn
    assert sum(len(v) for v in rec.timing.values()) == rec.decisions
    assert rec.seats == ["easy", "random"]
