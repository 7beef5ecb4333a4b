"""The UCT reference bot: legal, reproducible, sees a win, and is a real player."""

from __future__ import annotations

import pytest

from boardbots.bots.base import BotContext
from boardbots.bots.registry import bot_games, make_bot
from boardbots.core.rng import Rng
from boardbots.games.y.board import board
from boardbots.games.y.engine import GAME
from boardbots.games.y.uct import fill_winner
from boardbots.sim.harness import MatchSpec, play_game


def _position(seed: int, stones: int, size: int = 7) -> dict:
    rng = Rng(seed)
    state = GAME.new_state(2, seed, {"size": size})
    for _ in range(stones):
        if GAME.is_over(state):
            break
        GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    return state


@pytest.mark.parametrize("seed", range(6))
def test_uct_answers_legally_and_the_same_from_the_same_seed(seed: int) -> None:
    state = _position(seed, 3 * seed)
    if GAME.is_over(state):
        return
    bot = make_bot("uct:simulations=300")
    view = GAME.player_view(state, state["to_move"])
    first = bot.decide(view, BotContext(Rng(seed)))
    GAME.check(state, first)
    assert bot.decide(view, BotContext(Rng(seed))) == first


def test_uct_takes_an_immediate_win() -> None:
    # Black holds the left and right edges' column pair on size 5, one gap from joining
    # them across row c; c2 connects all three sides.
    state = GAME.new_state(2, 0, {"size": 5})
    b = board(5)
    black = [(0, 0), (1, 0), (1, 1), (3, 1), (4, 1)]
    white = [(4, 0), (3, 0), (2, 0), (4, 3), (3, 3)]
    for (br, bc), (wr, wc) in zip(black, white, strict=True):
        GAME.apply(state, b.index(br, bc))
        GAME.apply(state, b.index(wr, wc))
    winning = b.index(2, 1)
    assert GAME.preview(state, winning)["wins"]
    assert not GAME.is_over(state)
    for seed in range(3):
        bot = make_bot("uct:simulations=400")
        assert bot.decide(GAME.player_view(state, 0), BotContext(Rng(seed))) == winning


def test_fill_winner_matches_random_play_on_average() -> None:
    # The same outcome distribution as uniform random moves to the end.
    b = board(5)
    state = _position(3, 4, size=5)
    rng = Rng(11)
    fills = sum(
        fill_winner(b, list(state["stones"]), state["to_move"], rng) == 0 for _ in range(4000)
    )
    played = 0
    for _i in range(4000):
        s = GAME.clone(state)
        while not GAME.is_over(s):
            GAME.apply(s, rng.choice(GAME.legal_actions(s)))
        played += s["winner"] == 0
    assert abs(fills - played) / 4000 < 0.04


def test_uct_is_a_lab_bot_for_y_that_beats_random() -> None:
    assert bot_games("uct") == ["y"]
    spec = MatchSpec("y", ("uct:simulations=200", "random"), {"size": 7})
    wins = sum(play_game(spec, 7, i).shares[i % 2] for i in range(10))
    assert wins >= 9
