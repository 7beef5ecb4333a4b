"""Y Hard's tree search (`games/y/rave.py`, `YHeuristics.hard_tree`)."""

from __future__ import annotations

import pytest

from boardbots.bots.base import BotContext
from boardbots.bots.hard import HardBot
from boardbots.core.contract import State
from boardbots.core.rng import Rng
from boardbots.games.y import heuristics
from boardbots.games.y.board import board
from boardbots.games.y.engine import GAME
from boardbots.games.y.rave import RaveTree
from tests.y.positions import lone_block


def _tree(state: State, count: int, seed: int) -> RaveTree:
    b = board(state["rules"]["size"])
    occupied = state["stones"][0] | state["stones"][1]
    cells = [i for i in b.cells if not occupied >> i & 1]
    stones = (state["stones"][0], state["stones"][1])
    tree = RaveTree(b, stones, state["to_move"], cells, 0.1, 500.0)
    rng = Rng(seed)
    for _ in range(count):
        tree.simulate(rng)
    return tree


def test_the_tree_finds_the_only_block() -> None:
    state, block = lone_block()
    root = _tree(state, 600, 4).root
    best = root.visits.index(max(root.visits))
    assert root.moves[best] == block
    assert root.visits[best] > 0.5 * sum(root.visits)
    # Every other cell loses at once to black's c2: their means stay low.
    stats = zip(root.wins, root.visits, root.moves, strict=True)
    others = [w / v for w, v, m in stats if v and m != block]
    assert root.wins[best] / root.visits[best] > max(others)


def test_amaf_counts_cover_own_visits_and_nodes_below_list_every_empty_cell() -> None:
    state, block = lone_block()
    root = _tree(state, 300, 5).root
    # A child played on the way owns its cell at the end, so its AMAF visits include its own.
    assert all(a >= v for a, v in zip(root.amaf_visits, root.visits, strict=True))
    assert sum(root.visits) == 300
    below = root.kids[root.moves.index(block)]
    assert below is not None and below.winner == -1
    occupied = state["stones"][0] | state["stones"][1] | 1 << block
    b = board(5)
    assert below.moves == [i for i in b.cells if not occupied >> i & 1]


def test_same_seed_same_tree() -> None:
    state, _ = lone_block()
    one, two = _tree(state, 200, 9).root, _tree(state, 200, 9).root
    assert (one.visits, one.wins, one.amaf_wins) == (two.visits, two.wins, two.amaf_wins)


def _view() -> State:
    state = GAME.new_state(2, 3, {"size": 7})
    for cell in (0, 22, 30):
        GAME.apply(state, cell)
    return GAME.player_view(state, state["to_move"])


def test_hard_searches_the_tree_when_the_game_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(heuristics.HEURISTICS, "tree", "always")
    view = _view()
    first, again = BotContext(Rng(6)), BotContext(Rng(6))
    action = HardBot(iterations=300, early_stop=False).decide(view, first)
    assert HardBot(iterations=300, early_stop=False).decide(view, again) == action
    assert again.notes == first.notes
    assert first.notes["iterations"] == 300
    candidates = first.notes["candidates"]
    assert candidates[0]["action"] == action
    assert sum(c["visits"] for c in candidates) == 300


def test_the_tree_stops_when_the_budget_is_spent(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(heuristics.HEURISTICS, "tree", "always")
    ticks = iter(range(0, 10**6, 1))  # every clock read is a second later
    ctx = BotContext(Rng(6), time_budget_ms=1000.0, now=lambda: float(next(ticks)))
    HardBot(iterations=5000).decide(_view(), ctx)
    assert 0 < ctx.notes["iterations"] < 5000


def test_the_tree_is_freed_when_the_next_search_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Freeing a big tree takes tens of milliseconds; done after the last budget check,
    it would make the player wait past the budget, so the next search does it."""
    heur = heuristics.HEURISTICS
    monkeypatch.setattr(heur, "tree", "always")
    HardBot(iterations=200, early_stop=False).decide(_view(), BotContext(Rng(6)))
    assert heur._last_tree is not None and heur._last_tree.root.n == 201
    heur.hard_new_search()
    assert heur._last_tree is None


@pytest.mark.parametrize(
    ("setting", "seat", "tree"),
    [
        ("off", 0, False),
        ("always", 1, True),
        ("first", 0, True),
        ("first", 1, False),
    ],
)
def test_the_tree_setting_says_which_seat_searches_the_tree(
    setting: str, seat: int, tree: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(heuristics.HEURISTICS, "tree", setting)
    state = GAME.new_state(2, 3, {"size": 7})
    for cell in (0, 22, 30, 8)[: 4 if seat == 0 else 3]:
        GAME.apply(state, cell)
    assert state["to_move"] == seat
    ctx = BotContext(Rng(2))
    HardBot(iterations=64, early_stop=False).decide(GAME.player_view(state, seat), ctx)
    cells = len(board(7).cells)
    assert heuristics.HEURISTICS.hard_limits(state) == ((20_000, cells) if tree else (10_000, 24))
    # The flat search fills the reply table; the tree leaves it alone.
    assert bool(heuristics.HEURISTICS.reply_table.nodes) is not tree


def test_the_swap_offer_keeps_the_flat_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # The swap move is not a cell, so the tree cannot weigh it: the second player's first
    # decision under the pie rule goes to the flat search, with that search's limits.
    monkeypatch.setattr(heuristics.HEURISTICS, "tree", "always")
    state = GAME.new_state(2, 3, {"size": 7, "swap": True})
    GAME.apply(state, 22)
    assert GAME.swap_allowed(state)
    assert heuristics.HEURISTICS.hard_limits(state) == (10_000, 24)
    ctx = BotContext(Rng(2))
    HardBot(iterations=64, early_stop=False).decide(GAME.player_view(state, 1), ctx)
    assert heuristics.HEURISTICS.reply_table.nodes
    GAME.apply(state, 30)
    assert heuristics.HEURISTICS.hard_limits(state) == (20_000, len(board(7).cells))
