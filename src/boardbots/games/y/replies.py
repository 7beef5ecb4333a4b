"""The answers in Y Hard's rollouts, chosen by bandits that learn the best ones.

Hard's search is flat: each iteration plays one candidate of ours, then the
rollout. With a fixed quick policy answering, a candidate's mean is its value
against an average answer, and a plain UCT search that finds the one answer
that refutes it beats us. Here every position after one of our candidates
keeps its own UCB1 over the opponent's few most promising answers (the cells
on or nearest to both players' cheapest trees), rewarding the opponent, so
the visits, and with them our candidate's mean, go to the answer that hurts
us most: a two-ply search inside the flat one, and deeper when the
heuristics nest the bandits (`reply_depth`). The statistics live for one
search only (`ReplyTable.reset`, called when Hard starts a search), so every
decision still follows from its seed alone.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable

from boardbots.core import portable
from boardbots.core.contract import State
from boardbots.games.y.board import Bitboard


@dataclasses.dataclass(slots=True)
class ReplyNode:
    """The opponent's choice at one position. `settled` is the reward of the player who
    made the candidate when the position is decided whatever the answer, else None."""

    cells: tuple[int, ...]
    settled: float | None = None
    visits: list[int] = dataclasses.field(default_factory=list)
    totals: list[float] = dataclasses.field(default_factory=list)  # the opponent's rewards
    n: int = 0

    def pick(self, c: float) -> int:
        """The answer to try: each once in rank order, then UCB1 on the opponent's reward."""
        if self.n < len(self.cells):
            return self.n
        scale = c * math.sqrt(portable.log_count(self.n))
        scores = [
            t / v + scale / math.sqrt(v) for t, v in zip(self.totals, self.visits, strict=True)
        ]
        return scores.index(max(scores))

    def record(self, j: int, reward_for_candidate: float) -> None:
        self.visits[j] += 1
        self.totals[j] += 1.0 - reward_for_candidate
        self.n += 1


class ReplyTable:
    """One search's reply nodes, by position (stones and the player to move)."""

    def __init__(self) -> None:
        self.nodes: dict[tuple[Bitboard, Bitboard, int], ReplyNode] = {}

    def reset(self) -> None:
        self.nodes.clear()

    def node(self, state: State, make: Callable[[State], ReplyNode]) -> tuple[ReplyNode, bool]:
        """The position's node, made by `make` the first time the search meets it, and
        whether it was made just now."""
        black, white = state["stones"]
        key = (black, white, state["to_move"])
        found = self.nodes.get(key)
        if found is not None:
            return found, False
        found = self.nodes[key] = make(state)
        return found, True
