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
from boardbots.bots.deadline import Deadline
from boardbots.bots.heuristics import (
    World,
    describe_all,
    heuristics_for,
    imagine,
    player_count,
    standard_rollout,
)
from boardbots.bots.params import Param
from boardbots.bots.race import challenger, race
from boardbots.core import portable
from boardbots.core.contract import Action, View
from boardbots.core.rng import Rng
from boardbots.games import get_game

CHECK_EVERY = 16
"""Iterations between clock reads while the budget is far off (`deadline.Deadline`)."""

NEAR_TIE = 0.9
"""Paired search: Medium's favourite is kept unless another arm got more than 1/0.9 of its
visits. Paired worlds make equal moves tie exactly, and the visits of tied arms are then
a coin toss (a Militia victim discarding Silver rather than a Curse when the rollout buys
the same card with either hand)."""


@dataclasses.dataclass(frozen=True)
class HardParams:
    """Spec defaults; iterations and top_k None mean the game's (`hard_limits`). horizon_turns
    None means one turn per seat (until our next turn), or the game's
    `hard_horizon_turns` if its heuristics have one. paired None means the game's
    `paired_worlds` (False when it has none): see `search`. early_stop ends the search
    once the remaining iterations cannot change the answer (`settled`): the same
    decision as running them all, for less time. sure: a game's favourite
    (`hard_favourite`) gives way only to an arm whose paired advantage over it is this
    many standard errors; None means the game's `hard_sure`."""

    iterations: int | None = None
    top_k: int | None = None
    c: float = 0.4
    epsilon: float = 0.1
    horizon_turns: int | None = None
    paired: bool | None = None
    early_stop: bool = True
    sure: float | None = None
    alpha: float = medium.DEFAULTS.alpha
    beta: float = medium.SPEC_BETA


DEFAULTS = HardParams()
PARAMS = (
    Param("iterations", int, 1, 1_000_000, optional=True),
    Param("top_k", int, 1, 1000, optional=True),
    Param("c", float, 0.0, 10.0),
    Param("epsilon", float, 0.0, 1.0),
    Param("horizon_turns", int, 1, 1000, optional=True),
    Param("paired", bool, optional=True),
    Param("early_stop", bool),
    Param("sure", float, 0.0, 10.0, optional=True),
    *medium.PARAMS,
)
"""What a bot code may set (see `bots.params`), in step with `HardParams`."""


@dataclasses.dataclass(slots=True)
class Arm:
    """One root candidate's bandit statistics; `rewards` in visit order, which paired
    search needs to compare two arms world by world."""

    action: Action
    visits: int = 0
    total: float = 0.0
    rewards: list[float] = dataclasses.field(default_factory=list)


class HardBot:
    level = "hard"

    def __init__(self, **params: Any) -> None:
        self.params = HardParams(**params)
        few = self.params.iterations is not None and self.params.iterations < 1
        if few or (self.params.top_k is not None and self.params.top_k < 1):
            raise ValueError("iterations and top_k must be at least 1")

    def decide(self, view: View, ctx: BotContext) -> Action:
        started = ctx.now()  # the budget is the whole decision's, not the search's alone
        world = imagine(view, ctx.rng)
        ctx.notes["level"] = self.level
        arms, favoured = self._candidates(world, ctx.rng)
        if len(arms) == 1:
            ctx.notes.update({"candidates": [], "iterations": 0})
            return arms[0].action
        params = self.params
        done = search(view, world, arms, ctx, params, favoured, started)
        best = max(arms, key=lambda arm: (arm.visits, arm.total))
        if favoured and _paired(world, params):
            rival = challenger(arms)
            best = rival if clearly_better(rival, arms[0], margin(world, params)) else arms[0]
        elif _paired(world, params) and arms[0].visits >= NEAR_TIE * best.visits:
            best = arms[0]  # the search cannot tell them apart: Medium's favourite
        _note(world, arms, done, ctx)
        return best.action

    def _candidates(self, world: World, rng: Rng) -> tuple[list[Arm], bool]:
        """Top-K by Medium's value (all of them in Medium's order when paired), led by the
        game's `hard_favourite` when it names one. One safe move needs no search at all,
        nor does an obvious answer where the game says its
        obvious answers are never worse than the alternatives (`hard_trusts_obvious`), nor
        a move the game trusts its own plan with (`hard_unsearched`)."""
        pool = medium.candidates(world)
        if len(pool) == 1:
            return [Arm(pool[0])], False
        if world.heur.hard_trusts_obvious:
            sure = world.heur.obvious_answer(world.state, pool)
            if sure is not None:
                return [Arm(sure)], False
        plain = world.heur.hard_unsearched(world.state, pool)
        if plain is not None:
            return [Arm(plain)], False
        favourite = world.heur.hard_favourite(world.state, pool)
        top_k = self.params.top_k or world.heur.hard_limits(world.state)[1]
        if len(pool) > top_k or _paired(world, self.params):
            mp = medium.MediumParams(self.params.alpha, self.params.beta)
            pool = [a for a, _ in medium.rank(world, rng, mp)[:top_k]]
        if favourite is not None:
            # The game's favourite leads (paired search keeps arms[0] on a near tie).
            pool = [favourite, *(a for a in pool if a != favourite)][:top_k]
        return [Arm(a) for a in pool], favourite is not None


def search(
    view: View,
    world: World,
    arms: list[Arm],
    ctx: BotContext,
    p: HardParams,
    favoured: bool,
    started: float | None = None,
) -> int:
    """Run UCB1 over `arms` (or, when the game's favourite leads paired worlds, the `race`;
    or the game's own tree, `hard_tree`) until the iteration cap or the time budget,
    counted from `started` (default: now); returns iterations."""
    game, heur, _, _, me = world
    cap = iterations(world, p)
    limit = cap if ctx.max_iterations is None else min(cap, ctx.max_iterations)
    budget = ctx.time_budget_ms
    start = ctx.now() if started is None else started
    until = game.clock(world.state)[1] + horizon(world, p)
    heur.hard_new_search()  # a game that keeps statistics across iterations starts anew
    worlds = ctx.rng.fork()  # determinizations draw from here
    play = ctx.rng.fork()  # rollouts draw from here
    paired = _paired(world, p)
    seeds: list[int] = []  # paired: the seed of every arm's k-th world and rollout

    def visit(arm: Arm) -> None:
        if paired:
            while len(seeds) <= arm.visits:
                seeds.append(worlds.getrandbits(63))
            # One stream per world: determinize draws the same amount from it for every
            # arm, so the rollouts that follow start from the same point too.
            wrng = prng = Rng(seeds[arm.visits])
        else:
            wrng, prng = worlds, play
        state = game.determinize(view, wrng)
        game.apply(state, arm.action)
        r = heur.playout(state, me, prng)
        if r is None:
            r = standard_rollout(game, heur, state, me, prng, p.epsilon, until)
        arm.visits += 1
        arm.total += r
        arm.rewards.append(r)

    spent = Deadline(ctx.now, budget, start, CHECK_EVERY).spent

    tree = heur.hard_tree(world.state, [arm.action for arm in arms], me, play, limit, spent)
    if tree is not None:
        done, stats = tree
        for arm, (visits, total) in zip(arms, stats, strict=True):
            arm.visits, arm.total = visits, total
        return done
    if favoured and paired:
        return race(arms, limit, visit, spent)
    for i in range(limit):
        if spent(i):
            return i
        check = p.early_stop and i % CHECK_EVERY == 0 and i >= len(arms)
        if check and settled(arms, limit - i, paired):
            return i
        visit(arms[i] if i < len(arms) else _ucb_pick(arms, p.c * p.c * portable.log_count(i)))
    return limit


def settled(arms: list[Arm], left: int, paired: bool) -> bool:
    """Whether `left` more iterations, however UCB1 spends them, leave the answer as it is.

    The answer goes to the most visited arm (ties to the higher total, which
    the future could change, so only a strict lead counts). Paired search also
    keeps Medium's favourite `arms[0]` when it has NEAR_TIE of the leader's
    visits, so that rule must be out of reach of the future too.
    """
    ranked = sorted(arms, key=lambda arm: arm.visits, reverse=True)
    lead, runner = ranked[0], ranked[1]
    if lead.visits <= runner.visits + left:
        return False
    if not paired:
        return True
    first = arms[0]
    if lead is first:
        return True
    # The leader stays the leader; the favourite must be sure to miss NEAR_TIE of it, or
    # sure to reach it.
    return first.visits + left < NEAR_TIE * lead.visits or first.visits >= NEAR_TIE * (
        lead.visits + left
    )


def clearly_better(arm: Arm, favourite: Arm, sure: float) -> bool:
    """Whether `arm` beats `favourite` by `sure` standard errors of their paired differences
    (the k-th visits of both arms played the same world and rollout seed)."""
    if arm is favourite:
        return True
    diffs = [a - b for a, b in zip(arm.rewards, favourite.rewards, strict=False)]
    n = len(diffs)
    if n < 2:
        return False
    mean = portable.fsum(diffs) / n
    var = portable.fsum((d - mean) * (d - mean) for d in diffs) / (n - 1)
    return mean > 0 and mean * mean * n > sure * sure * var


def margin(world: World, p: HardParams) -> float:
    """The standard errors a rival must lead the favourite by: the bot code's `sure`, else
    the game's for this kind of decision (`hard_sure`)."""
    return world.heur.hard_sure(world.state) if p.sure is None else p.sure


def _paired(world: World, p: HardParams) -> bool:
    """Whether arms share worlds: the bot code's choice, else the game's (off by default)."""
    if p.paired is not None:
        return p.paired
    return world.heur.paired_worlds


def iterations(world: World, p: HardParams) -> int:
    """The iteration cap: the bot code's, else the game's (`hard_limits`)."""
    return p.iterations if p.iterations is not None else world.heur.hard_limits(world.state)[0]


def game_limits(game_name: str) -> tuple[int, int]:
    """A game's `hard_limits` (iterations, top_k) at its smallest table, for the
    explanation page."""
    game = get_game(game_name)
    state = game.new_state(game.meta.min_players, 0)
    return heuristics_for(game_name).hard_limits(state)


def horizon(world: World, p: HardParams) -> int:
    """Turns the rollout plays past the decision's turn: the bot code's, else the game's,
    else one per seat."""
    if p.horizon_turns:
        return p.horizon_turns
    found = world.heur.hard_horizon_turns(world.state)
    return found if found else player_count(world.state)


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
