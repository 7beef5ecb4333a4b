"""What every bot receives and returns; defined in `core.bot` so game folders can use it."""

from boardbots.core.bot import Bot, BotContext

__all__ = ["Bot", "BotContext"]
