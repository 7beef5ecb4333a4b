"""Run any bot under a budget and fall back to Easy so a game never gets stuck.

The server runs bots in worker processes and owns real timeouts; this is
the in-process guard used there and by the lab: an exception, an illegal
answer or an answer far past its budget all give Easy's move instead.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from boardbots.bots.base import Bot, BotContext
from boardbots.bots.easy import EasyBot
from boardbots.bots.heuristics import imagine
from boardbots.core.contract import Action, View
from boardbots.core.rng import Rng

log = logging.getLogger(__name__)

GRACE_S = 1.5
"""Extra seconds past twice the budget before an answer counts as late (spec 000)."""


def _no_clock() -> float:
    return 0.0


def decide_with_fallback(
    bot: Bot,
    view: View,
    seed: int,
    budget_ms: float | None = None,
    now: Callable[[], float] = _no_clock,
    max_iterations: int | None = None,
) -> tuple[Action, BotContext]:
    """The bot's legal answer, or Easy's; the context returned says which (notes["fallback"])."""
    ctx = BotContext(Rng(seed), now, budget_ms, max_iterations)
    start = now()
    try:
        action = bot.decide(view, ctx)
        problem = _problem(view, action, seed)
        if problem is None and budget_ms is not None:
            late = now() - start > budget_ms / 1000 * 2 + GRACE_S
            problem = "answered too late" if late else None
    except Exception as exc:  # any failure of a bot must not stop the game
        log.exception("bot %s failed; falling back to Easy", getattr(bot, "level", bot))
        problem = f"{type(exc).__name__}: {exc}"
    if problem is None:
        return action, ctx
    return easy_answer(view, seed, problem)


def easy_answer(view: View, seed: int, reason: str) -> tuple[Action, BotContext]:
    """Easy's move for `view`, with a fresh context noting why it was needed."""
    ctx = BotContext(Rng(seed))
    action = EasyBot().decide(view, ctx)
    ctx.notes["fallback"] = reason
    return action, ctx


def _problem(view: View, action: Action, seed: int) -> str | None:
    """Why `action` cannot be played from `view`, or None when it can."""
    legal = imagine(view, Rng(seed)).actions
    return None if action in legal else f"illegal answer {action!r}"
