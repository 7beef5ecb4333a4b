"""A plain UCT search with random rollouts: the lab's reference opponent for Y Hard.

Never offered to players. It knows nothing about Y beyond the rules: every
node's children are tried once in random order, then UCB1 picks among them;
a rollout is the engine's fill playout, which has the same outcome
distribution as uniformly random moves to the end. Its strength therefore
depends only on `simulations`, which makes it a yardstick that anyone can
rebuild. Speed comes from bitboards on ints, per-node lists of statistics
(one list comprehension scores all children) and a table of 1/sqrt(n).
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

from boardbots.core import portable
from boardbots.core.bot import BotContext
from boardbots.core.contract import Action, View
from boardbots.core.rng import Rng
from boardbots.games.y.board import Bitboard, Board, board

CHECK_EVERY = 256
"""Simulations between clock reads (the lab gives no budget; a server would)."""


@dataclasses.dataclass(frozen=True)
class UctParams:
    """`c` is UCB1's exploration weight for rewards in [0, 1] (sqrt(2) in the textbook
    bound; 0.5 here, see docs/bots.md)."""

    simulations: int = 50_000
    c: float = 0.5


DEFAULTS = UctParams()


class Node:
    """One position in the tree. The statistics of the children live here, in lists
    parallel to `kids`: wins count for the player who moved into the child."""

    __slots__ = ("empty", "kids", "moves", "n", "untried", "visits", "winner", "wins")

    def __init__(self, winner: int) -> None:
        self.winner = winner  # -1 while the game goes on
        self.n = 0
        self.kids: list[Node] = []
        self.moves: list[int] = []
        self.wins: list[float] = []
        self.visits: list[int] = []
        self.empty: list[int] | None = None  # made the first time a child is added
        self.untried: list[int] | None = None


class Search:
    """One decision's tree over a position of two bitboards and the player to move."""

    def __init__(
        self, b: Board, stones: tuple[Bitboard, Bitboard], to_move: int, c: float, capacity: int
    ) -> None:
        self.b = b
        self.stones = stones
        self.to_move = to_move
        self.c2 = c * c
        self.root = Node(-1)
        occupied = stones[0] | stones[1]
        self.root.empty = [i for i in b.cells if not occupied >> i & 1]
        # No visit count can pass the number of simulations.
        self.inv_sqrt = [0.0] + [1 / math.sqrt(v) for v in range(1, capacity + 2)]

    def run(self, count: int, rng: Rng) -> None:
        for _ in range(count):
            self.simulate(rng)

    def simulate(self, rng: Rng) -> None:
        """Select by UCB1, add one child, fill the board at random, back the result up."""
        b, inv_sqrt, c2 = self.b, self.inv_sqrt, self.c2
        stones = list(self.stones)
        p = self.to_move
        node = self.root
        path: list[tuple[Node, int, int]] = []  # (node, child index, player who moved)
        while node.winner < 0:
            if node.untried is None:
                node.untried = list(_empty_of(node, path))
            if node.untried:
                node = _expand(b, node, stones, p, rng, path)
                p = 1 - p
                break
            scale = math.sqrt(c2 * portable.log_count(node.n))
            scores = [
                w / v + scale * inv_sqrt[v] for w, v in zip(node.wins, node.visits, strict=True)
            ]
            i = scores.index(max(scores))
            stones[p] |= 1 << node.moves[i]
            path.append((node, i, p))
            node = node.kids[i]
            p = 1 - p
        winner = node.winner if node.winner >= 0 else fill_winner(b, stones, p, rng)
        for parent, i, mover in path:
            parent.n += 1
            parent.visits[i] += 1
            if winner == mover:
                parent.wins[i] += 1.0


def _empty_of(node: Node, path: list[tuple[Node, int, int]]) -> list[int]:
    """The node's empty cells: its parent's less the move that led here (made once)."""
    if node.empty is None:
        parent, i, _ = path[-1]
        assert parent.empty is not None
        node.empty = parent.empty.copy()
        node.empty.remove(parent.moves[i])
    return node.empty


def _expand(
    b: Board,
    node: Node,
    stones: list[Bitboard],
    p: int,
    rng: Rng,
    path: list[tuple[Node, int, int]],
) -> Node:
    """Add a child for a random untried move of player `p`, which is played on `stones`."""
    untried = node.untried
    assert untried is not None
    j = rng.randrange(len(untried))
    move = untried[j]
    untried[j] = untried[-1]
    untried.pop()
    bit = 1 << move
    stones[p] |= bit
    child = Node(p if b.connects(stones[p], bit) else -1)
    node.kids.append(child)
    node.moves.append(move)
    node.wins.append(0.0)
    node.visits.append(0)
    path.append((node, len(node.kids) - 1, p))
    return child


def fill_winner(b: Board, stones: list[Bitboard], p: int, rng: Rng) -> int:
    """The engine's fill playout: player `p` gets a uniform ceil(e/2) of the e empty cells."""
    black, white = stones
    empty = b.full & ~(black | white)
    mine = rng.bit_subset(empty, (empty.bit_count() + 1) // 2)
    first = black | (mine if p == 0 else empty & ~mine)
    return b.full_board_winner(first)


class UctBot:
    """Lab reference: `uct:simulations=50000`. Decides from its view's stones only."""

    level = "uct"

    def __init__(self, **params: Any) -> None:
        self.params = UctParams(**params)
        if self.params.simulations < 1:
            raise ValueError("simulations must be at least 1")

    def decide(self, view: View, ctx: BotContext) -> Action:
        b = board(view["rules"]["size"])
        black, white = view["stones"]
        limit = self.params.simulations
        if ctx.max_iterations is not None:
            limit = min(limit, ctx.max_iterations)
        search = Search(b, (black, white), view["to_move"], self.params.c, limit)
        done = _run(search, limit, ctx)
        root = search.root
        i = root.visits.index(max(root.visits))
        ctx.notes.update({"level": self.level, "iterations": done, "candidates": _top(root)})
        return root.moves[i]


def _run(search: Search, limit: int, ctx: BotContext) -> int:
    """Simulate up to `limit` times, reading the clock every CHECK_EVERY against the budget."""
    start = ctx.now()
    done = 0
    while done < limit:
        step = min(CHECK_EVERY, limit - done)
        search.run(step, ctx.rng)
        done += step
        budget = ctx.time_budget_ms
        if budget is not None and (ctx.now() - start) * 1000 >= budget:
            break
    return done


def _top(root: Node, count: int = 5) -> list[dict[str, Any]]:
    """The most visited root moves with their visits and win rates, for the notes."""
    order = sorted(range(len(root.kids)), key=lambda i: root.visits[i], reverse=True)
    return [
        {
            "action": root.moves[i],
            "visits": root.visits[i],
            "mean": round(root.wins[i] / root.visits[i], 4) if root.visits[i] else None,
        }
        for i in order[:count]
    ]


def params_dict() -> dict[str, Any]:
    return dataclasses.asdict(DEFAULTS)
