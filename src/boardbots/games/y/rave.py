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

    __slots__ = (
        "amaf_mean",
        "amaf_visits",
        "amaf_wins",
        "beta",
        "kids",
        "moves",
        "n",
        "own_part",
        "visits",
        "winner",
        "wins",
    )

    def __init__(self, winner: int) -> None:
        self.winner = winner
        self.n = 0
        self.moves: list[int] = []
        self.kids: list[Node | None] = []
        self.wins: list[float] = []
        self.visits: list[int] = []
        self.amaf_wins: list[float] = []
        self.amaf_visits: list[int] = []
        # Kept up to date as the statistics change, so `pick` need not recompute them
        # for every child at every visit: the AMAF mean, the RAVE weight and the
        # child's own weighted mean, each exactly the expression `pick` once computed.
        self.amaf_mean: list[float] = []
        self.beta: list[float] = []
        self.own_part: list[float] = []

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
        self.amaf_mean = [0.5] * size
        self.beta = [0.0] * size
        self.own_part = [0.0] * size

    def pick(self, c2: float) -> int:
        """The child with the best blend of its mean and AMAF mean plus UCB1's bonus.

        A visited child's bonus is at most sqrt(c2 ln n), so a child whose blend plus
        that much cannot pass the best score so far is skipped before the square root;
        the choice is the same as scoring every child (rounding is monotone)."""
        c2_log = c2 * portable.log_count(self.n)
        most = math.sqrt(c2_log)
        bonus_unseen = most + FIRST_PLAY
        best = 0
        best_score = -1.0
        amaf_mean, beta, own_part = self.amaf_mean, self.beta, self.own_part
        for i, v in enumerate(self.visits):
            amaf = amaf_mean[i]
            if v:
                blend = own_part[i] + beta[i] * amaf
                if blend + most <= best_score:
                    continue
                score = blend + math.sqrt(c2_log / v)
            else:
                score = amaf + bonus_unseen
            if score > best_score:
                best, best_score = i, score
        return best

    def credit(self, i: int, won: bool, k: float) -> None:
        """One more visit of child i, and its weights for `pick`."""
        v = self.visits[i] = self.visits[i] + 1
        if won:
            self.wins[i] += 1.0
        b = self.beta[i] = math.sqrt(k / (3 * v + k))
        self.own_part[i] = (1 - b) * self.wins[i] / v


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
        self.nbytes = (b.full.bit_length() + 7) // 8

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
            i = node.pick(self.c2)
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
        # Each player's cells as bytes: a byte lookup per child is far cheaper than
        # shifting a 121-bit int for every child of every node on the path.
        size = self.nbytes
        owned_by = (black.to_bytes(size, "little"), (covered & ~black).to_bytes(size, "little"))
        for parent, i, mover in path:
            parent.n += 1
            won = winner == mover
            parent.credit(i, won, self.k)
            owned = owned_by[mover]
            amaf_visits, amaf_wins = parent.amaf_visits, parent.amaf_wins
            amaf_mean = parent.amaf_mean
            for j, cell in enumerate(parent.moves):
                if owned[cell >> 3] >> (cell & 7) & 1:
                    a = amaf_visits[j] = amaf_visits[j] + 1
                    if won:
                        amaf_wins[j] += 1.0
                    amaf_mean[j] = amaf_wins[j] / a
