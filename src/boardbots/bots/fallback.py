"""The one fallback path: the move played when a bot fails, used by the lab and the server.

A bot that raises, answers an illegal action or answers far past its budget must
never stop a game. The lab's harness, the server's bot pool and
`decide_with_fallback` all end here: the fallback bot's answer (Easy unless
configured otherwise), or a seeded random legal move if even that fails.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from boardbots.bots.base import Bot, BotContext
from boardbots.bots.heuristics import imagine
from boardbots.bots.registry import make_bot
from boardbots.core.contract import Action, View
from boardbots.core.rng import Rng

log = logging.getLogger(__name__)

GRACE_S = 1.5
"""Extra seconds past twice the budget before an answer counts as late (spec 000)."""

FALLBACK_CODE = "easy"
"""The fallback bot unless a caller (the server's config) names another."""


def _no_clock() -> float:
    return 0.0


def fallback_move(
    view: View,
    seed: int,
    reason: str,
    code: str = FALLBACK_CODE,
    legal: list[Action] | None = None,
    budget: tuple[Callable[[], float], float | None, int | None] = (_no_clock, None, None),
) -> tuple[Action, BotContext, str]:
    """(action, context, code that chose it) for a bot that failed for `reason`.

    `legal` is the decision's legal list when the caller has it (else it is read
    from the view); `budget` is the clock, time budget and iteration cap the
    fallback bot gets. The context's notes say why the fallback was needed.
    """
    legal = imagine(view, Rng(seed)).actions if legal is None else legal
    now, budget_ms, iterations = budget
    ctx = BotContext(Rng(seed), now, budget_ms, iterations)
    try:
        action = make_bot(code, view["game"]).decide(view, ctx)
        if action in legal:
            ctx.notes["fallback"] = reason
            return action, ctx, code
        log.warning("the fallback bot %s answered an illegal %r", code, action)
    except Exception:  # the fallback failing too must still give a move
        log.exception("the fallback bot %s failed too", code)
    ctx = BotContext(Rng(seed))
    ctx.notes["fallback"] = reason
    return Rng(seed).choice(legal), ctx, "random"


def decide_with_fallback(
    bot: Bot,
    view: View,
    seed: int,
    budget_ms: float | None = None,
    now: Callable[[], float] = _no_clock,
    max_iterations: int | None = None,
    fallback: str = FALLBACK_CODE,
) -> tuple[Action, BotContext]:
    """The bot's legal answer, or the `fallback` bot's; the context returned says which
    (notes["fallback"])."""
    ctx = BotContext(Rng(seed), now, budget_ms, max_iterations)
    start = now()
    try:
        action = bot.decide(view, ctx)
        problem = _problem(view, action, seed)
        if problem is None and budget_ms is not None:
            late = now() - start > budget_ms / 1000 * 2 + GRACE_S
            problem = "answered too late" if late else None
    except Exception as exc:  # any failure of a bot must not stop the game
        log.exception("bot %s failed; falling back to %s", bot.level, fallback)
        problem = f"{type(exc).__name__}: {exc}"
    if problem is None:
        return action, ctx
    action, ctx, _ = fallback_move(view, seed, problem, fallback)
    return action, ctx


def _problem(view: View, action: Action, seed: int) -> str | None:
    """Why `action` cannot be played from `view`, or None when it can."""
    legal = imagine(view, Rng(seed)).actions
    return None if action in legal else f"illegal answer {action!r}"
