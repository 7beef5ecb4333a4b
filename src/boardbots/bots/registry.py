"""Bots by name, so the CLI, the lab and the server can build them from a string.

A bot code is a name with optional parameters: `hard:iterations=800,c=0.5`.
Codes come from people, so `check_bot` is the one place that checks them
against what each bot declared when it registered: its games, whether
players may pick it, and its parameters' types and ranges.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from boardbots.bots.base import Bot
from boardbots.bots.params import Param, check_params
from boardbots.core.plugin import BotSpec
from boardbots.games import all_plugins

BotFactory = Callable[..., Bot]


class BotCodeError(ValueError):
    """A bot code that cannot be used here; the message is one line for a person."""


@dataclasses.dataclass(frozen=True)
class BotEntry:
    """A registered bot: how to build it and what the registry promises about it.

    `games` None means every game; `lab` bots (Random, Big Money) are baselines
    for the lab and are never offered to players; `params` declares every
    parameter a code may set.
    """

    factory: BotFactory
    games: tuple[str, ...] | None = None
    lab: bool = False
    params: tuple[Param, ...] = ()
    defaults: Callable[[], dict[str, Any]] | None = None


@dataclasses.dataclass(frozen=True)
class BotCode:
    """A checked code: the bot's name and its typed parameters."""

    name: str
    params: dict[str, Any]


_BOTS: dict[str, BotEntry] = {}
_LOADED: list[bool] = []
_SEEN: set[str] = set()


def register_bot(
    name: str,
    factory: BotFactory,
    *,
    games: tuple[str, ...] | None = None,
    lab: bool = False,
    params: tuple[Param, ...] = (),
    defaults: Callable[[], dict[str, Any]] | None = None,
) -> None:
    """Make `name` a bot code. A bot that takes parameters declares them in `params`:
    a code may set only those, each checked against its type and range. `defaults`
    reports its default parameters as data, and a bot with parameters must give it."""
    if params and defaults is None:
        raise ValueError(f"bot {name!r} declares parameters but no function reporting defaults")
    found = tuple(games) if games is not None else None
    _BOTS[name] = BotEntry(factory, found, lab, params, defaults)


def _load_builtin() -> None:
    """The levels once, then the bots of every game plug-in not seen yet (a game may be
    registered after the first lookup)."""
    # A flag, not "is the dict empty": tests may register their own bots first.
    if not _LOADED:
        _LOADED.append(True)
        from boardbots.bots import easy, hard, medium
        from boardbots.bots.random import RandomBot

        register_bot("random", RandomBot, lab=True)
        register_bot("easy", easy.EasyBot, params=easy.PARAMS, defaults=easy.params_dict)
        register_bot("medium", medium.MediumBot, params=medium.PARAMS, defaults=medium.params_dict)
        register_bot("hard", hard.HardBot, params=hard.PARAMS, defaults=hard.params_dict)
    for plugin in all_plugins():
        if plugin.name not in _SEEN:
            _SEEN.add(plugin.name)
            for spec in plugin.bots():
                register_spec(spec, plugin.name)


def register_spec(spec: BotSpec, game: str) -> None:
    """Register a bot a game's plug-in declared; it plays that game unless it says more."""
    games = spec.games if spec.games is not None else (game,)
    register_bot(
        spec.code,
        spec.factory,
        games=games,
        lab=spec.lab,
        params=spec.params,
        defaults=spec.defaults,
    )


def bot_names() -> list[str]:
    _load_builtin()
    return sorted(_BOTS)


def player_bots() -> list[str]:
    """The bots a player may pick at a table (every bot but the lab's)."""
    _load_builtin()
    return sorted(name for name, entry in _BOTS.items() if not entry.lab)


def is_lab(name: str) -> bool:
    return _entry(name).lab


def _entry(name: str) -> BotEntry:
    _load_builtin()
    try:
        return _BOTS[name]
    except KeyError:
        known = ", ".join(sorted(_BOTS))
        raise BotCodeError(f"unknown bot {name!r}; known bots: {known}") from None


def bot_factory(name: str) -> BotFactory:
    """The registered constructor of bot `name` (a bare name, no parameters)."""
    return _entry(name).factory


def bot_defaults(name: str) -> dict[str, Any]:
    """The bot's default parameters as plain data, read live (never copied) from what its
    registration's `defaults` reports; none when it declared none.

    Declared, not read off the constructor's signature: a class compiled by the
    native build has no signature to read, so a page would change with the build."""
    entry = _entry(name)
    return {} if entry.defaults is None else dict(entry.defaults())


def bot_params(name: str) -> tuple[Param, ...]:
    """The parameters bot `name` declared, the only ones a code may set."""
    return _entry(name).params


def bot_games(name: str) -> list[str] | None:
    """The games bot `name` declared it plays, or None for every game."""
    games = _entry(name).games
    return None if games is None else list(games)


def _split_code(code: str) -> tuple[str, dict[str, str]]:
    """`name:key=value,...` as the bare name and the raw text of each parameter."""
    name, _, rest = code.strip().partition(":")
    raw: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = part.partition("=")
        key = key.strip()
        if not sep or not key:
            raise BotCodeError(f"bad bot parameter {part!r} in {code!r}: expected key=value")
        if key in raw:
            raise BotCodeError(f"parameter {key!r} is given twice in {code!r}")
        raw[key] = value.strip()
    return name.strip().lower(), raw


def parse_code(code: str) -> tuple[str, dict[str, Any]]:
    """Split `name:key=value,...` into the name and parameters typed by their look
    (use `check_bot` to type them by the bot's declaration)."""
    name, raw = _split_code(code)
    return name, {key: _parse_value(value) for key, value in raw.items()}


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


def check_bot(code: str, game: str | None = None, *, players: bool = False) -> BotCode:
    """The one check of a bot code, wherever it comes from: the bot exists, plays `game`
    (when given), is offered to players (with `players`), and every parameter is
    declared and valid. A BotCodeError's message is one line naming what is wrong."""
    if not isinstance(code, str) or not code.strip():
        raise BotCodeError("a bot code is a bot name such as 'easy', maybe with parameters")
    name, raw = _split_code(code)
    entry = _entry(name)
    if game is not None and entry.games is not None and game not in entry.games:
        raise BotCodeError(f"bot {name!r} does not play {game} (it plays {', '.join(entry.games)})")
    if players and entry.lab:
        offered = ", ".join(player_bots())
        raise BotCodeError(f"bot {name!r} is for the lab only; players can choose: {offered}")
    try:
        params = check_params(name, entry.params, raw)
    except ValueError as exc:
        raise BotCodeError(str(exc)) from None
    return BotCode(name, params)


def make_bot(code: str, game: str | None = None) -> Bot:
    """Build a bot from its code, checked by `check_bot`; a BotCodeError says what is wrong."""
    checked = check_bot(code, game)
    try:
        return _entry(checked.name).factory(**checked.params)
    except (TypeError, ValueError) as exc:
        raise BotCodeError(f"bot {checked.name!r} refused its parameters: {exc}") from None
