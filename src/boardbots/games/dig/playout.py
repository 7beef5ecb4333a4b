"""Hard's rollouts in Dig: the quick rule for every seat, then `me` against each rival.

Dig is judged seat against seat (the lab's pairwise measure, and a player's
own sense of a good game: beating three rivals is better than beating one).
Scoring a rollout only against the leader made Hard a pure winner-chaser, so
it took risks that lost to the seats it was already ahead of. Each rival
counts alike here. Near the end the rollouts run to the last round, where a
score either beats a rival's or does not; a seat behind then learns to dig
deeper and a seat ahead to haul sooner, which a mean-maximizer cannot.
docs/dig.md has the measurements.
"""

from __future__ import annotations

from collections.abc import Callable

from boardbots.core import portable
from boardbots.core.contract import Action, State
from boardbots.core.heuristics import squash
from boardbots.games.dig.engine import GAME, OVER, STAKE

ROUNDS_TO_END = 2
"""Rollouts run to the game's end once it is this many rounds away or fewer, else to the
round's end (where hauls and the bonus are scored). Whole-game rollouts from the start
cost four times as much and measured no better."""

EPSILON = 0.1
"""Share of random moves in the rollouts, as in the generic rollout."""

WIN_WEIGHT = 0.8
"""At the game's end, the share of the reward that is rivals beaten; the rest is the
squashed margin, which separates candidates that beat the same rivals."""


def play(
    state: State,
    me: int,
    policy: Callable[[State], Action],
    standing: Callable[[State], list[float]],
    scale: float,
) -> float:
    """`me`'s reward in [0, 1] after every seat plays `policy` to the stop point; a round's
    end is judged by `standing`, points as the bots count them."""
    to_end = state["rounds"] - state["round"] <= ROUNDS_TO_END
    while state["phase"] != OVER:
        if not to_end and state["phase"] == STAKE and not state["done"]:
            break  # a new round has begun: the one decided on is scored
        GAME.apply(state, policy(state))
    if state["phase"] != OVER:
        return _mean_against(standing(state), me, lambda d: squash(d, scale))
    scores = GAME.scores(state)
    beaten = _mean_against(scores, me, lambda d: 1.0 if d > 0 else 0.0 if d < 0 else 0.5)
    margin = _mean_against(scores, me, lambda d: squash(d, scale))
    return WIN_WEIGHT * beaten + (1.0 - WIN_WEIGHT) * margin


def _mean_against(values: list[float], me: int, judge: Callable[[float], float]) -> float:
    """The mean of `judge(my value - theirs)` over every rival."""
    mine = values[me]
    others = (judge(mine - v) for p, v in enumerate(values) if p != me)
    return portable.fsum(others) / (len(values) - 1)
