"""Y Hard's tree search: full width below its candidates, sped up by what the fills show.

The reply bandits (`replies.py`) look only at the few answers the quick
policy ranks first, and a plain UCT search that looks at all of them beat
Hard. Here one tree grows from the position Hard decides in: its children
are Hard's candidates, and every position below considers every empty cell.
That is affordable because of one fact about Y: a finished board says who
owns each cell, and a cell that ended up with the winner usually helped
whoever played it, whenever they played it. So each fill updates, at every
node it passed, "all moves as first" (AMAF) statistics of every child whose
cell the mover owned at the end, not only of the child it went through. A
child's value blends its own mean with its AMAF mean, leaning on AMAF while
its own visits are few (weight sqrt(k / (3n + k)), the usual RAVE schedule).

The tree lives for one search, so a decision follows from its seed alone.
Rewards are wins: 1 when the player who moved into a node wins the fill.
"""

from __future__ import annotations

import math

from boardbots.core import portable
from boardbots.core.rng import Rng
from boardbots.games.y.board import Bitboard, Board

FIRST_PLAY = 0.1
"""Added to an untried child's score, so children with no visits of their own are tried
before a visited child of the same AMAF value is tried again."""


class Node:
    """One position; the statistics of its children live in lists parallel to `moves`.
    `winner` is the player whose last stone connected the sides, or -1."""

    __slots__ = ("amaf_visits", "amaf_wins", "kids", "moves", "n", "visits", "winner", "wins")

    def __init__(self, winner: int) -> None:
        self.winner = winner
        self.n = 0
        self.moves: list[int] = []
        self.kids: list[Node | None] = []
        self.wins: list[float] = []
        self.visits: list[int] = []
        self.amaf_wins: list[float] = []
        self.amaf_visits: list[int] = []

    def open(self, moves: list[int]) -> None:
        """List the children: every empty cell below the root, made on a node's second
        visit (its first is scored by a fill alone)."""
        self.moves = moves
        size = len(self.moves)
        self.kids = [None] * size
        self.wins = [0.0] * size
        self.visits = [0] * size
        self.amaf_wins = [0.0] * size
        self.amaf_visits = [0] * size

    def pick(self, c2: float, k: float) -> int:
        """The child with the best blend of its mean and AMAF mean plus UCB1's bonus."""
        c2_log = c2 * portable.log_count(self.n)
        bonus_unseen = math.sqrt(c2_log) + FIRST_PLAY
        best = 0
        best_score = -1.0
        amaf_wins, amaf_visits, wins = self.amaf_wins, self.amaf_visits, self.wins
        for i, v in enumerate(self.visits):
            a = amaf_visits[i]
            amaf = amaf_wins[i] / a if a else 0.5
            if v:
                beta = math.sqrt(k / (3 * v + k))
                score = (1 - beta) * wins[i] / v + beta * amaf + math.sqrt(c2_log / v)
            else:
                score = amaf + bonus_unseen
            if score > best_score:
                best, best_score = i, score
        return best


class RaveTree:
    """One search's tree, rooted at the position Hard decides in, whose children are
    Hard's candidates (Medium's best cells); every node below lists every empty cell."""

    def __init__(
        self,
        b: Board,
        stones: tuple[Bitboard, Bitboard],
        to_move: int,
        moves: list[int],
        c: float,
        k: float,
    ) -> None:
        self.b = b
        self.stones = stones
        self.to_move = to_move
        self.c2 = c * c
        self.k = k
        self.root = Node(-1)
        self.root.open(moves)
        self.root.n = 1  # opened already: the first simulation goes through a candidate

    def simulate(self, rng: Rng) -> None:
        """Walk down by the blended scores, add one node, fill the rest of the board at
        random, and credit every node on the way (its own and its AMAF statistics)."""
        b = self.b
        own = [self.stones[0], self.stones[1]]
        p = self.to_move
        node = self.root
        path: list[tuple[Node, int, int]] = []  # (node, child index, player who moved)
        while node.winner < 0 and node.n > 0:
            if not node.moves:
                occupied = own[0] | own[1]
                node.open([i for i in b.cells if not occupied >> i & 1])
            i = node.pick(self.c2, self.k)
            bit = 1 << node.moves[i]
            own[p] |= bit
            path.append((node, i, p))
            kid = node.kids[i]
            if kid is None:
                kid = node.kids[i] = Node(p if b.connects(own[p], bit) else -1)
            node = kid
            p = 1 - p
        node.n += 1
        if node.winner >= 0:
            winner = node.winner
            black = own[0]
            covered = own[0] | own[1]
        else:
            black, white = own
            empty = b.full & ~(black | white)
            mine = rng.bit_subset(empty, (empty.bit_count() + 1) // 2)
            black |= mine if p == 0 else empty & ~mine
            winner = b.full_board_winner(black)
            covered = b.full
        for parent, i, mover in path:
            parent.n += 1
            parent.visits[i] += 1
            won = winner == mover
            if won:
                parent.wins[i] += 1.0
            owned = black if mover == 0 else covered & ~black
            amaf_visits, amaf_wins = parent.amaf_visits, parent.amaf_wins
            for j, cell in enumerate(parent.moves):
                if owned >> cell & 1:
                    amaf_visits[j] += 1
                    if won:
                        amaf_wins[j] += 1.0
