"""Every ladder level answers legally, and the same view and seed give the same answer."""

from __future__ import annotations

from boardbots.bots.base import BotContext
from boardbots.bots.registry import make_bot
from boardbots.core.contract import Game
from boardbots.core.rng import Rng
from boardbots.testing.play import player_counts, walk
from boardbots.testing.report import expect

LADDER = ("random", "easy", "medium", "hard:iterations=20")
"""The levels checked by default; Hard's iterations are few, as legality needs no strength."""

EVERY = 25
"""Steps between the positions the bots are asked about along each random game."""


def check_ladder(game: Game, codes: tuple[str, ...] = LADDER) -> None:
    """Ask each level for a move in positions along seeded random games of every size."""
    bots = [make_bot(code, game.meta.name) for code in codes]
    for players in player_counts(game):
        for step, (state, legal) in enumerate(walk(game, 41, players, steps=300)):
            if step % EVERY:
                continue
            pending = game.pending(state)
            assert pending is not None
            view = game.player_view(state, pending["player"])
            for code, bot in zip(codes, bots, strict=True):
                seed = 1000 * players + step
                action = bot.decide(view, BotContext(Rng(seed)))
                where = f"{players}p, step {step}"
                expect(action in legal, f"{code} answered {action!r}, not a legal action ({where})")
                again = bot.decide(view, BotContext(Rng(seed)))
                expect(again == action, f"{code} answered differently with the same seed ({where})")
