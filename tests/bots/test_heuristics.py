"""Game heuristics: the fast paths agree with their plain definitions."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from boardbots.games import get_game
from boardbots.games.domination import heuristics as dh
from boardbots.games.domination.zones import tables
from boardbots.games.y.board import board
from boardbots.games.y.heuristics import side_distances, threats, winning_cells, y_distance
from tests.bots.test_ladder import reach


@given(seed=st.integers(0, 10**6), steps=st.integers(0, 200))
def test_rollout_buy_choice_matches_buy_value(seed: int, steps: int) -> None:
    game = get_game("domination")
    state = reach(game, 3, seed, steps, {"kingdom": "random"})
    if game.is_over(state) or state["pending"]["kind"] != "buy":
        return
    t = tables(state)
    options = [a for a in game.legal_actions(state) if str(a) != "treasures"]
    cards = dh.deck_of(state, state["cur"])
    d, size, left = dh.density(t, cards), len(cards), dh.rounds_left(state, t)
    values = {
        a: dh.buy_value(t, state, str(a)[4:], d, size, left)
        for a in options
        if str(a).startswith("buy:")
    }
    best = dh._best_gain(state, t, options)
    top = max(values.values(), default=0.0)
    assert (values.get(best, 0.0) if best != "end" else 0.0) >= max(top, 0.0) - 1e-9


@given(seed=st.integers(0, 10**6), steps=st.integers(0, 20))
def test_y_distance_is_zero_only_for_a_winner(seed: int, steps: int) -> None:
    game = get_game("y")
    state = reach(game, 2, seed, steps, {"size": 6})
    b = board(6)
    black, white = state["stones"]
    for me, (own, other) in enumerate(((black, white), (white, black))):
        whole = int(y_distance(b, own, other) + 0.5)
        assert (whole == 0) == (state["winner"] == me)
        if state["winner"] is None:
            assert (whole == 1) == bool(winning_cells(b, own, other))


def test_side_distance_counts_empty_cells() -> None:
    b = board(4)
    dist = side_distances(b, 0, b.full, b.side_a)
    assert dist[b.index(3, 0)] == 1 and dist[b.index(3, 3)] == 4


def test_threats_see_a_one_move_win() -> None:
    game = get_game("y")
    state = game.new_state(2, 0, {"size": 4})
    b = board(4)
    for cell in [(0, 0), (1, 0), (2, 0)]:
        state["stones"][0] |= 1 << b.index(*cell)
    win, lose = threats(state)
    assert win == (1 << b.index(3, 0)) | (1 << b.index(3, 1)) and lose == 0
