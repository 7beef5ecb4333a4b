"""Bots by name, so the CLI, the lab and the server can build them from a string.

A bot code is a name with optional parameters: `hard:iterations=800,c=0.5`.
"""

from __future__ import annotations

import dataclasses
import inspect
import sys
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
    from boardbots.games.y.uct import UctBot

    register_bot("random", RandomBot)
    register_bot("easy", EasyBot)
    register_bot("medium", MediumBot)
    register_bot("hard", HardBot)
    register_bot("bigmoney", BigMoneyBot)
    register_bot("uct", UctBot)  # the lab's Y reference, never offered to players


def bot_names() -> list[str]:
    _load_builtin()
    return sorted(_BOTS)


def bot_factory(name: str) -> BotFactory:
    """The registered constructor of bot `name` (a bare name, no parameters)."""
    _load_builtin()
    try:
        return _BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(sorted(_BOTS))}") from None


def bot_defaults(name: str) -> dict[str, Any]:
    """The bot's default parameters as plain data, read live (never copied).

    A bot module with `params_dict()` (easy, medium, hard) answers for itself;
    otherwise the constructor's keyword defaults that are plain values.
    """
    factory = bot_factory(name)
    module = sys.modules.get(getattr(factory, "__module__", ""))
    own = getattr(module, "params_dict", None)
    if callable(own):
        found = own()
        if isinstance(found, dict):
            return dict(found)
    defaults = getattr(module, "DEFAULTS", None)
    if dataclasses.is_dataclass(defaults) and not isinstance(defaults, type):
        return dataclasses.asdict(defaults)
    try:
        params = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):
        return {}
    plain = (int, float, str, bool)
    return {
        p.name: p.default
        for p in params
        if p.default is not inspect.Parameter.empty and isinstance(p.default, plain)
    }


def bot_games(name: str) -> list[str] | None:
    """The games bot `name` can play, or None for every game.

    A factory may say so itself (a `games` attribute); a bot defined inside a
    game's package (`boardbots.games.<game>....`, like Big Money) plays only that game.
    """
    factory = bot_factory(name)
    own = getattr(factory, "games", None)
    if isinstance(own, list | tuple) and all(isinstance(g, str) for g in own):
        return list(own)
    parts = str(getattr(factory, "__module__", "")).split(".")
    if len(parts) >= 3 and parts[:2] == ["boardbots", "games"]:
        return [parts[2]]
    return None


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


def split_seats(text: str) -> list[str]:
    """Split a comma-separated line-up where bot codes may hold commas too.

    "hard:iterations=300,c=0.5,medium" is two seats: a part with "=" but no
    ":" continues the previous bot's parameters.
    """
    seats: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            raise ValueError(f"empty seat in {text!r}")
        if "=" in part and ":" not in part and seats:
            seats[-1] += f",{part}"
        else:
            seats.append(part)
    return seats


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
