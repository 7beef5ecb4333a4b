"""What runs inside a bot worker process (and, for the fallback, in a thread of the server).

A request holds only the bot's view, its code, a seed and a budget: a worker
never sees a full state, so a bot cannot cheat even if it wanted to.
"""

from __future__ import annotations

import importlib
import json
import os
import time
from typing import Any

from boardbots.bots.base import BotContext
from boardbots.bots.registry import bot_names, make_bot
from boardbots.core.rng import Rng

Request = dict[str, Any]
Reply = dict[str, Any]


def init_worker(plugins: list[str]) -> None:
    """Import plugin modules so the bots (and games) they register exist in this process."""
    bot_names()  # load the built-in bots first: the registry skips them once it is non-empty
    for name in plugins:
        importlib.import_module(name)


def ping(hold_s: float) -> int:
    """A warm-up task: holding briefly lets each worker of the pool take one."""
    time.sleep(hold_s)
    return os.getpid()


def decide(request: Request) -> Reply:
    """Run one bot decision; exceptions travel back to the server, which falls back."""
    bot = make_bot(request["bot"])
    ctx = BotContext(
        rng=Rng(request["seed"]),
        now=time.perf_counter,
        time_budget_ms=request["budget_ms"],
        max_iterations=request.get("max_iterations"),
    )
    start = time.perf_counter()
    action = bot.decide(request["view"], ctx)
    return {
        "request_id": request["request_id"],
        "action": action,
        "ms": (time.perf_counter() - start) * 1000.0,
        "notes": json_safe(ctx.notes),
    }


def json_safe(value: Any) -> Any:
    """Notes go to SQLite and browsers as JSON; anything exotic is kept as its text."""
    return json.loads(json.dumps(value, default=str))
