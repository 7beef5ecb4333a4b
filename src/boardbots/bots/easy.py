"""The Easy level: random play with guardrails, the spec's pseudo-code.

Its mistakes must look like short-sightedness, not like a broken bot, so
it takes any obvious answer, then plays a random move a fixed share of the
time, and otherwise draws among moves with a positive immediate result
and no obvious disaster, weighted by 1 + that result.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from boardbots.bots.base import BotContext
from boardbots.bots.heuristics import World, imagine
from boardbots.bots.params import Param
from boardbots.core.contract import Action, View
from boardbots.core.rng import Rng


@dataclasses.dataclass(frozen=True)
class EasyParams:
    """Easy's one tunable. None means the game's default (0.25; 0 for Y, whose
    Easy is the greedy bot of spec 003 and has no random-move step)."""

    random_rate: float | None = None


DEFAULTS = EasyParams()
PARAMS = (Param("random_rate", float, 0.0, 1.0, optional=True),)
"""What a bot code may set (see `bots.params`), in step with `EasyParams`."""


class EasyBot:
    """Spec 000's Easy; a game may replace the weighted draw with its own pick."""

    level = "easy"

    def __init__(self, random_rate: float | None = None) -> None:
        if random_rate is not None and not 0.0 <= random_rate <= 1.0:
            raise ValueError("random_rate must be between 0 and 1")
        self.params = EasyParams(random_rate)

    def decide(self, view: View, ctx: BotContext) -> Action:
        world = imagine(view, ctx.rng)
        action, why = choose(world, ctx.rng, self.params)
        ctx.notes.update({"level": self.level, "reason": why})
        return action


def choose(world: World, rng: Rng, params: EasyParams) -> tuple[Action, str]:
    """Easy's choice in an already imagined world, with a word on why (for notes)."""
    _, heur, state, actions, _ = world
    if len(actions) == 1:
        return actions[0], "only move"
    obvious = heur.obvious_answer(state, actions)
    if obvious is not None:
        return obvious, "obvious answer"
    rate = heur.easy_random_rate if params.random_rate is None else params.random_rate
    if rng.random() < rate:
        return rng.choice(actions), "random move"
    own = heur.easy_pick(state, actions, rng)
    if own is not None:
        return own, "game's easy pick"
    return _weighted(world, rng), "weighted draw"


def _weighted(world: World, rng: Rng) -> Action:
    """Draw among helpful, safe moves, weight 1 + immediate result.

    When nothing helps, the draw is among safe moves rather than all of them,
    so Easy does not keep buying Curses just because nothing else is good.
    """
    _, heur, state, actions, _ = world
    bad = heur.disasters(state, actions)
    safe = [a for a in actions if a not in bad] or actions
    good: list[Action] = []
    weights: list[float] = []
    for action in safe:
        score = heur.immediate(state, action)
        if score > 0:
            good.append(action)
            weights.append(1.0 + score)
    if not good:
        return rng.choice(safe)
    return rng.weighted(good, weights)


def params_dict() -> dict[str, Any]:
    """The defaults as plain data, for pages that explain the levels."""
    return dataclasses.asdict(DEFAULTS)
