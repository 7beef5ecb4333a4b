"""Test-only bots that misbehave on purpose, registered through the bot registry.

The server imports this module in each worker (config `plugins`), so the bots
exist wherever a decision may run.
"""

from __future__ import annotations

import os
import signal
import time

from boardbots.bots.base import BotContext
from boardbots.bots.params import Param
from boardbots.bots.registry import bot_names, register_bot
from boardbots.core.contract import Action, View
from boardbots.games import get_game
from tests.fakes import Broken, Cheater


def _last_legal(view: View, ctx: BotContext) -> Action:
    """A move Easy would rarely pick, so tests can tell whose move was played."""
    game = get_game(view["game"])
    return game.legal_actions(game.determinize(view, ctx.rng))[-1]


class SleepyBot:
    """Answers, but only after `seconds`: a late answer the server must discard."""

    level = "sleepy"

    def __init__(self, seconds: float = 1.0) -> None:
        self.seconds = seconds

    def decide(self, view: View, ctx: BotContext) -> Action:
        time.sleep(self.seconds)
        return _last_legal(view, ctx)


class SuicideBot:
    """Kills its own worker process, as a segfault in an extension would."""

    level = "suicide"

    def decide(self, view: View, ctx: BotContext) -> Action:
        os.kill(os.getpid(), signal.SIGKILL)
        raise AssertionError("unreachable")


class HangOnceBot:
    """Hangs on the first decision of a game (empty board), then plays normally."""

    level = "hangonce"

    def decide(self, view: View, ctx: BotContext) -> Action:
        if view.get("ply", 0) <= 1:
            time.sleep(3600)
        return _last_legal(view, ctx)


class NotesBot:
    """Plays normally and records notes, to check that notes reach the log."""

    level = "notes"

    def decide(self, view: View, ctx: BotContext) -> Action:
        action = _last_legal(view, ctx)
        ctx.notes.update({"candidates": [{"action": action, "value": 0.5}], "pid": os.getpid()})
        return action


bot_names()  # built-in bots first, so registering ours never hides them
register_bot(
    "sleepy",
    SleepyBot,
    params=(Param("seconds", float, 0.0, 3600.0),),
    defaults=lambda: {"seconds": 1.0},
)
for _bot in (SuicideBot, HangOnceBot, NotesBot):
    register_bot(_bot.level, _bot)
register_bot("boom", Broken)  # raises
register_bot("cheat", Cheater)  # answers with no legal action
