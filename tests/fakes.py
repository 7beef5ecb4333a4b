"""Misbehaving bots shared by the tests of every layer that must survive them."""

from __future__ import annotations

from boardbots.bots.base import BotContext
from boardbots.core.contract import Action, View


class Broken:
    """Raises, as a bot with a bug would."""

    level = "broken"

    def decide(self, view: View, ctx: BotContext) -> Action:
        raise RuntimeError("boom")


class Cheater:
    """Answers with an action no game offers."""

    level = "illegal"

    def decide(self, view: View, ctx: BotContext) -> Action:
        return "buy:Everything"
