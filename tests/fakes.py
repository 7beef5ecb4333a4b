"""Shared test doubles: misbehaving bots, and a walker for hunting keys in JSON."""

from __future__ import annotations

from typing import Any

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


def json_keys(value: Any) -> set[str]:
    """Every dict key anywhere inside a JSON value, to check what a message may carry."""
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in json_keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in json_keys(v)}
    return set()
