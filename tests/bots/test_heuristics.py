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


def _binomial_share(hand: int, others: int, clashing: int) -> float:
    """E[1/(1+X)], X ~ Binomial(hand - 1, clashing / others), summed term by term."""
    from math import comb

    q = clashing / others
    m = hand - 1
    return sum(comb(m, k) * q**k * (1 - q) ** (m - k) / (k + 1) for k in range(m + 1))


@given(others=st.integers(1, 60), clashing=st.integers(-3, 60))
def test_play_share_is_the_expected_share_of_plays(others: int, clashing: int) -> None:
    clashing = min(clashing, others)
    share = dh.play_share(5, others, clashing)
    if clashing <= 0:
        assert share == 1.0
    else:
        assert abs(share - _binomial_share(5, others, clashing)) < 1e-9
        assert 0.2 - 1e-9 <= share < 1.0


def _first_game_buy(extra: list[str]) -> tuple[dict, object]:
    game = get_game("domination")
    state = game.new_state(4, 3, {"kingdom": "first-game"})
    state["players"][state["cur"]]["discard"] += extra
    return state, tables(state)


def test_rollouts_stop_buying_terminals_that_would_clash() -> None:
    options = ["buy:Militia", "buy:Silver", "end"]
    state, t = _first_game_buy([])
    assert dh._best_gain(state, t, options, True) == "buy:Militia"
    state, t = _first_game_buy(["Smithy", "Smithy", "Militia"])
    assert dh._best_gain(state, t, options, False) == "buy:Militia"  # count-blind (Medium)
    assert dh._best_gain(state, t, options, True) == "buy:Silver"
    state, t = _first_game_buy(["Smithy", "Smithy", "Militia", "Village", "Village", "Village"])
    assert dh._best_gain(state, t, options, True) == "buy:Militia"  # villages make room


def test_hards_outlook_counts_only_playable_actions() -> None:
    state, t = _first_game_buy([])
    me = state["cur"]
    hand = state["players"][me]["hand"]
    hand[:] = ["Smithy", "Smithy", "Copper", "Copper", "Copper"]
    state["phase"], state["actions"] = "action", 1
    d = dh.density(t, dh.deck_of(state, me))
    one_smithy = 3 + dh.card_money(t, "Smithy", d)
    assert abs(dh._live_coins(t, state, me, d) - one_smithy) < 1e-9
    hand[0] = "Village"
    both = 3 + dh.card_money(t, "Smithy", d) + dh.card_money(t, "Village", d)
    assert abs(dh._live_coins(t, state, me, d) - both) < 1e-9
    state["phase"] = "buy"
    assert dh._live_coins(t, state, me, d) == 3.0  # too late to play any Action
