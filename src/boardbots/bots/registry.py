"""Bots by name, so the CLI, the lab and the server can build them from a string.

A bot code is a name with optional parameters: `hard:iterations=800,c=0.5`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardbots.bots.base import Bot

BotFactory = Callable[..., Bot]

_BOTS: dict[str, BotFactory] = {}
_LOADED: list[bool] = []


def register_bot(name: str, factory: BotFactory) -> None:
    _BOTS[name] = factory


def _load_builtin() -> None:
    # A flag, not "is the dict empty": tests may register their own bots first.
    if _LOADED:
        return
    _LOADED.append(True)
    from boardbots.bots.easy import EasyBot
    from boardbots.bots.hard import HardBot
    from boardbots.bots.medium import MediumBot
    from boardbots.bots.random import RandomBot
    from boardbots.games.domination.strategies import BigMoneyBot

    register_bot("random", RandomBot)
    register_bot("easy", EasyBot)
    register_bot("medium", MediumBot)
    register_bot("hard", HardBot)
    register_bot("bigmoney", BigMoneyBot)


def bot_names() -> list[str]:
    _load_builtin()
    return sorted(_BOTS)


def parse_code(code: str) -> tuple[str, dict[str, Any]]:
    """Split `name:key=value,...` into the name and typed parameters."""
    name, _, rest = code.strip().partition(":")
    params: dict[str, Any] = {}
    for part in filter(None, rest.split(",")):
        key, sep, raw = part.partition("=")
        if not sep:
            raise ValueError(f"bad bot parameter {part!r} in {code!r}: expected key=value")
        params[key.strip()] = _parse_value(raw.strip())
    return name.strip().lower(), params


def _parse_value(raw: str) -> Any:
    for cast in (int, float):
        try:
            return cast(raw)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(raw.lower(), raw)


def make_bot(code: str) -> Bot:
    """Build a bot from its code; a clear ValueError names what went wrong."""
    _load_builtin()
    name, params = parse_code(code)
    if name not in _BOTS:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(sorted(_BOTS))}")
    try:
        return _BOTS[name](**params)
    except TypeError as exc:
        raise ValueError(f"bad parameters for bot {name!r}: {exc}") from None
