"""The first player is drawn from the game seed, as the rules draw them at random."""

from __future__ import annotations

from collections import Counter

from boardbots.games.domination.engine import GAME, turns_taken
from tests.domination.helpers import make

SEEDS = range(400)


def test_every_seat_starts_in_some_games_and_about_equally_often() -> None:
    for players in (2, 3, 4):
        starts = Counter(GAME.new_state(players, seed)["first"] for seed in SEEDS)
        assert set(starts) == set(range(players))
        share = len(SEEDS) / players
        assert all(abs(k - share) < 0.25 * share for k in starts.values()), starts


def test_the_same_seed_gives_the_same_first_player_who_takes_the_first_turn() -> None:
    for seed in range(40):
        state = GAME.new_state(3, seed)
        assert state["cur"] == state["first"] == GAME.new_state(3, seed)["first"]
        assert GAME.pending(state)["player"] == state["first"]


def test_views_show_who_started() -> None:
    state = next(s for seed in SEEDS if (s := GAME.new_state(2, seed))["first"] == 1)
    for seat in (0, 1, None):
        view = GAME.player_view(state, seat)
        assert view["first"] == 1 and view["cur"] == 1


def test_turns_are_counted_from_the_first_player() -> None:
    """With P1 starting, after three turns P1 has had two and P0 one, so a tie goes to P0."""
    state = make([], ["Copper"] * 5)
    state["first"], state["turn"] = 1, 3
    assert [turns_taken(state, 0), turns_taken(state, 1)] == [1, 2]


def test_a_tie_goes_to_the_seat_that_had_fewer_turns_counting_from_the_first() -> None:
    """Equal VP, P1 started and ended the game on its second turn: P0 had one turn fewer."""
    state = make([], ["Copper"] * 3 + ["Estate"] * 2, deck=["Copper"] * 5)
    state.update(first=1, turn=3, phase="over", pending=None)
    assert GAME.scores(state) == [2.0, 2.0]
    assert GAME.result(state) == [1.0, 0.0]
