"""The Random level: a uniformly random legal action.

Not offered to players. It is the baseline every level must beat and a
fuzzer that walks engines into corners nobody thought of.
"""

from __future__ import annotations

from boardbots.bots.base import BotContext
from boardbots.core.contract import Action, View
from boardbots.games import get_game


class RandomBot:
    level = "random"

    def decide(self, view: View, ctx: BotContext) -> Action:
        game = get_game(view["game"])
        world = game.determinize(view, ctx.rng.fork())
        return ctx.rng.choice(game.legal_actions(world))
