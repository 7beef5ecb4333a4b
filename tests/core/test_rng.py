"""Rng: seeded, forkable, and decision seeds that do not collide."""

from __future__ import annotations

from boardbots.core.rng import Rng, decision_seed, mix_pair, mix_seed, permutation


def test_same_seed_same_stream() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.random() for _ in range(5)] == [b.random() for _ in range(5)]


def test_fork_is_independent_of_later_parent_draws() -> None:
    parent = Rng(1)
    child = parent.fork()
    first = [child.randrange(1000) for _ in range(5)]
    again = Rng(1).fork()
    Rng(1).random()
    assert [again.randrange(1000) for _ in range(5)] == first
    assert child.seed != parent.seed


def test_decision_seeds_differ_and_repeat() -> None:
    seeds = {decision_seed(7, n) for n in range(1000)}
    assert len(seeds) == 1000
    assert decision_seed(7, 3) == decision_seed(7, 3)
    assert decision_seed(7, 3) != decision_seed(8, 3)
    assert 0 <= mix_seed("x") < 2**63


def test_weighted_follows_weights() -> None:
    rng = Rng(3)
    picks = [rng.weighted(["a", "b"], [1.0, 3.0]) for _ in range(4000)]
    assert 0.7 < picks.count("b") / 4000 < 0.8
    assert rng.weighted(["only"], [0.0]) == "only"


def test_choice_and_shuffle_draw_exactly_as_the_standard_generator() -> None:
    """Rng writes both out for speed; games replay only if the draws stay the same."""
    import random

    for seed in range(40):
        for n in (1, 2, 3, 7, 8, 9, 17, 64):
            ours, theirs = Rng(seed), random.Random(seed)
            a, b = list(range(n)), list(range(n))
            ours.shuffle(a)
            theirs.shuffle(b)
            assert a == b
            assert [ours.choice(a) for _ in range(6)] == [b[theirs.randrange(n)] for _ in range(6)]


def test_mix_pair_is_mix_seed_of_two_ints() -> None:
    pairs = [(0, 0), (7, 3), (2**62 + 5, 91), (123456789, 0), (-4, 12)]
    assert all(mix_pair(a, b) == mix_seed(a, b) for a, b in pairs)


def test_a_permutation_is_the_shuffle_it_stands_for() -> None:
    for seed in range(40):
        for size in (0, 1, 2, 5, 17, 64, 256, 257, 300):
            items = [f"card{i}" for i in range(size)]
            shuffled = list(items)
            Rng(seed * 7919).shuffle(shuffled)
            perm = permutation(seed * 7919, size)
            assert [items[i] for i in perm] == shuffled
