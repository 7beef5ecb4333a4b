"""The shortcuts in shuffling and drawing give exactly what the plain steps give: a kept
shuffle is the game stream's shuffle, and a draw through a reshuffle takes the cards
one by one in the same order."""

from __future__ import annotations

from boardbots.core.rng import Rng, mix_seed
from boardbots.games.domination import zones


def _plain_shuffle(seed: int, n: int, cards: list[str]) -> list[str]:
    out = list(cards)
    Rng(mix_seed(seed, n)).shuffle(out)
    return out


def test_a_kept_shuffle_is_the_stream_shuffle_for_every_size() -> None:
    zones._PERMUTATIONS.clear()
    for seed in (0, 17, 2**60 + 3):
        for n in range(4):
            # Two sizes for one (seed, n): the kept permutation must not serve both.
            for size in (7, 12, 7, 12):
                cards = [f"card{i}" for i in range(size)]
                state = {"seed": seed, "shuffles": n}
                got = list(cards)
                zones.shuffle(state, got)
                assert got == _plain_shuffle(seed, n, cards)
                assert state["shuffles"] == n + 1


def test_shuffles_stay_right_when_the_store_starts_afresh() -> None:
    zones._PERMUTATIONS.clear()
    kept = zones.PERMUTATIONS_KEPT
    try:
        zones.PERMUTATIONS_KEPT = 3
        for n in range(10):
            cards = [f"c{i}" for i in range(9)]
            got = list(cards)
            zones.shuffle({"seed": 5, "shuffles": n}, got)
            assert got == _plain_shuffle(5, n, cards)
            assert len(zones._PERMUTATIONS) <= 3
    finally:
        zones.PERMUTATIONS_KEPT = kept


def _one_by_one(state: dict[str, object], pl: zones.Player, n: int) -> None:
    for _ in range(n):
        card = zones.pop_top(state, pl)
        if card is None:
            return
        pl["hand"].append(card)


def test_a_draw_through_a_reshuffle_takes_the_cards_in_pop_order() -> None:
    # A deck that holds enough is sliced off in deck order instead (the older fast path).
    for deck_size, discard_size, n in [(2, 6, 5), (0, 6, 5), (3, 1, 5), (0, 0, 3), (4, 9, 6)]:
        deck = [f"d{i}" for i in range(deck_size)]
        discard = [f"x{i}" for i in range(discard_size)]
        a = zones.new_player(list(deck))
        a["discard"] = list(discard)
        b = zones.new_player(list(deck))
        b["discard"] = list(discard)
        sa: dict[str, object] = {"seed": 9, "shuffles": 2}
        sb: dict[str, object] = {"seed": 9, "shuffles": 2}
        zones.draw(sa, a, n)
        _one_by_one(sb, b, n)
        assert a == b and sa == sb
