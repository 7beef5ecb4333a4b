"""The Medium level: greedy lookahead to the next scoring point, opponents passive.

Each candidate is played in a copy of an imagined world; everyone then
plays the neutral action until the game's scoring point, and the move is
worth our gain, minus alpha times the best opponent's gain, plus beta times
our outlook. The same function answers every decision, sub-decisions
included. Obvious disasters are dropped first (Medium "avoids obvious
damage"), unless every move is one.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from boardbots.bots.base import BotContext
from boardbots.bots.heuristics import World, describe_all, imagine, jitter
from boardbots.bots.params import Param
from boardbots.core.contract import Action, State, Stop, View
from boardbots.core.rng import Rng

SPEC_BETA = 0.5
"""Spec 000's outlook weight: games start from it (`medium_beta`), and Hard prunes with it."""


@dataclasses.dataclass(frozen=True)
class MediumParams:
    """alpha weighs the best opponent's gain (spec default), beta our outlook: None means
    the game's `medium_beta` for the position."""

    alpha: float = 0.2
    beta: float | None = None


DEFAULTS = MediumParams()
PARAMS = (Param("alpha", float, 0.0, 10.0), Param("beta", float, 0.0, 10.0, optional=True))
"""What a bot code may set (see `bots.params`), in step with `MediumParams`."""


class MediumBot:
    level = "medium"

    def __init__(self, alpha: float = DEFAULTS.alpha, beta: float | None = DEFAULTS.beta) -> None:
        self.params = MediumParams(float(alpha), None if beta is None else float(beta))

    def decide(self, view: View, ctx: BotContext) -> Action:
        world = imagine(view, ctx.rng)
        if len(world.actions) == 1:
            ctx.notes.update({"level": self.level, "candidates": []})
            return world.actions[0]
        ranked = rank(world, ctx.rng, self.params)
        notes = [{"action": a, "value": round(v, 4)} for a, v in ranked]
        describe_all(world.game, world.state, notes)
        ctx.notes.update({"level": self.level, "candidates": notes})
        return ranked[0][0]


def candidates(world: World) -> list[Action]:
    """The legal actions minus obvious disasters (all of them if every move is one)."""
    bad = world.heur.disasters(world.state, world.actions)
    if not bad:
        return list(world.actions)
    return [a for a in world.actions if a not in bad] or list(world.actions)


def rank(world: World, rng: Rng, params: MediumParams) -> list[tuple[Action, float]]:
    """Every candidate with its Medium value, best first (ties broken by the rng)."""
    before = world.heur.points(world.state)
    scored = [(a, value(world, a, before, params) + jitter(rng)) for a in candidates(world)]
    scored.sort(key=lambda item: item[1], reverse=True)
    return scored


def value(world: World, action: Action, before: list[float], params: MediumParams) -> float:
    """Spec 000's Medium value of one action, from the points before it."""
    game, heur, state, _, me = world
    after_state: State = game.clone(state)
    game.apply(after_state, action)
    _to_scoring_point(world, after_state)
    after = heur.points(after_state)
    gain = after[me] - before[me]
    rival = max(after[p] - before[p] for p in range(len(after)) if p != me)
    beta = heur.medium_beta(state) if params.beta is None else params.beta
    return gain - params.alpha * rival + beta * heur.outlook(after_state, me)


def _to_scoring_point(world: World, after: State) -> None:
    """Neutral play until the game's scoring point, unless the action already passed it."""
    game, heur, state, _, _ = world
    horizon = heur.medium_horizon(state)
    if horizon is None or game.is_over(after):
        return
    which = 0 if horizon is Stop.ROUND else 1
    if game.clock(after)[which] == game.clock(state)[which]:
        game.advance(after, horizon, heur.neutral_action)


def params_dict() -> dict[str, Any]:
    return dataclasses.asdict(DEFAULTS)
