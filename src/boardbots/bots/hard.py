"""The Hard level: determinized flat Monte Carlo with UCB1 at the root (spec 000).

Flat means the bandit lives only at the root: each iteration draws a fresh
determinization of the view (so no imagined hidden card is trusted twice),
plays one candidate, lets every player follow the epsilon-greedy quick
policy to the horizon, and scores the end with a reward in [0, 1]. The
answer is the most visited candidate, since a rarely tried one may only
have been lucky.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

from boardbots.bots import medium
from boardbots.bots.base import BotContext
from boardbots.bots.heuristics import (
    World,
    describe_all,
    imagine,
    player_count,
    standard_rollout,
)
from boardbots.core.contract import Action, View
from boardbots.core.rng import Rng

CHECK_EVERY = 16
"""Iterations between clock reads: reading the clock costs more than it is worth each time."""


@dataclasses.dataclass(frozen=True)
class HardParams:
    """Spec defaults; horizon_turns None means one turn per seat (until our next turn)."""

    iterations: int = 1500
    top_k: int = 24
    c: float = 0.4
    epsilon: float = 0.1
    horizon_turns: int | None = None
    alpha: float = medium.DEFAULTS.alpha
    beta: float = medium.DEFAULTS.beta


DEFAULTS = HardParams()


@dataclasses.dataclass(slots=True)
class Arm:
    """One root candidate's bandit statistics."""

    action: Action
    visits: int = 0
    total: float = 0.0


class HardBot:
    level = "hard"

    def __init__(self, **params: Any) -> None:
        self.params = HardParams(**params)
        if self.params.iterations < 1 or self.params.top_k < 1:
            raise ValueError("iterations and top_k must be at least 1")

    def decide(self, view: View, ctx: BotContext) -> Action:
        world = imagine(view, ctx.rng)
        ctx.notes["level"] = self.level
        arms = self._candidates(world, ctx.rng)
        if len(arms) == 1:
            ctx.notes.update({"candidates": [], "iterations": 0})
            return arms[0].action
        done = search(view, world, arms, ctx, self.params)
        best = max(arms, key=lambda arm: (arm.visits, arm.total))
        _note(world, arms, done, ctx)
        return best.action

    def _candidates(self, world: World, rng: Rng) -> list[Arm]:
        """Top-K by Medium's value; one safe move needs no search at all."""
        pool = medium.candidates(world)
        if len(pool) == 1:
            return [Arm(pool[0])]
        if len(pool) > self.params.top_k:
            mp = medium.MediumParams(self.params.alpha, self.params.beta)
            pool = [a for a, _ in medium.rank(world, rng, mp)[: self.params.top_k]]
        return [Arm(a) for a in pool]


def search(view: View, world: World, arms: list[Arm], ctx: BotContext, p: HardParams) -> int:
    """Run UCB1 over `arms` until the iteration cap or the time budget; returns iterations."""
    game, heur, _, _, me = world
    limit = p.iterations if ctx.max_iterations is None else min(p.iterations, ctx.max_iterations)
    budget = ctx.time_budget_ms
    start = ctx.now()
    until = game.clock(world.state)[1] + (p.horizon_turns or player_count(world.state))
    worlds = ctx.rng.fork()  # determinizations draw from here
    play = ctx.rng.fork()  # rollouts draw from here
    for i in range(limit):
        if (
            budget is not None
            and i % CHECK_EVERY == 0
            and i
            and (ctx.now() - start) * 1000 >= budget
        ):
            return i
        arm = arms[i] if i < len(arms) else _ucb_pick(arms, p.c * p.c * math.log(i))
        state = game.determinize(view, worlds)
        game.apply(state, arm.action)
        r = heur.playout(state, me, play)
        if r is None:
            r = standard_rollout(game, heur, state, me, play, p.epsilon, until)
        arm.visits += 1
        arm.total += r
    return limit


def _ucb_pick(arms: list[Arm], c2_log: float) -> Arm:
    """argmax of mean + c * sqrt(ln i / n); c and ln i come in pre-squared as c2_log."""
    best = arms[0]
    best_score = -1.0
    for arm in arms:
        score = arm.total / arm.visits + math.sqrt(c2_log / arm.visits)
        if score > best_score:
            best, best_score = arm, score
    return best


def _note(world: World, arms: list[Arm], done: int, ctx: BotContext) -> None:
    """Leave each candidate's visits and mean reward for the explanation page."""
    items = [
        {
            "action": a.action,
            "visits": a.visits,
            "mean": round(a.total / a.visits, 4) if a.visits else None,
        }
        for a in sorted(arms, key=lambda arm: (arm.visits, arm.total), reverse=True)
    ]
    describe_all(world.game, world.state, items)
    ctx.notes.update({"candidates": items, "iterations": done})


def params_dict() -> dict[str, Any]:
    return dataclasses.asdict(DEFAULTS)
