"""Which rule options a player may set on a table the server runs, and their bounds.

The lab and the CLI may change any rule (a deck of two million Coppers, cards
without their parameters); a public server must not, because one such table
can hold the event loop for seconds or make the engine raise in the middle of
a game. The server therefore accepts only what the app offers a player.

`check_player_options` is the one place that decides; it prefers what a game's
rules module declares (`PLAYER_OPTIONS`, `MIN_X`/`MAX_X`) and otherwise uses
the table below.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from boardbots.server.errors import Code, ServerError

_ALLOWED: dict[str, tuple[str, ...]] = {
    "y": ("size", "swap"),
    "domination": ("kingdom", "turn_limit"),
}
"""Options a player can set in the app, for games whose rules module declares none."""

_BOUNDS: dict[tuple[str, str], tuple[int, int]] = {
    ("y", "size"): (3, 19),
    ("domination", "turn_limit"): (1, 1000),
}
"""Whole-number options and their inclusive range, when the rules module has no MIN_/MAX_."""


def _rules_module(game_name: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"boardbots.games.{game_name}.rules")
    except ImportError:
        return None


def allowed_options(game_name: str) -> tuple[str, ...]:
    """The option names a server table of this game accepts (none for an unknown game)."""
    rules = _rules_module(game_name)
    declared = getattr(rules, "PLAYER_OPTIONS", None) if rules is not None else None
    if declared is not None:
        return tuple(str(name) for name in declared)
    return _ALLOWED.get(game_name, ())


def option_bounds(game_name: str, option: str) -> tuple[int, int] | None:
    rules = _rules_module(game_name)
    key = option.upper()
    low = getattr(rules, f"MIN_{key}", None) if rules is not None else None
    high = getattr(rules, f"MAX_{key}", None) if rules is not None else None
    if isinstance(low, int) and isinstance(high, int):
        return low, high
    return _BOUNDS.get((game_name, option))


def check_player_options(game_name: str, options: dict[str, Any]) -> None:
    """Refuse, naming the option, anything a player could not have chosen in the app.

    Runs before the game sees the options, so a refused request costs nothing.
    `null` keeps the game's default; the game itself checks the rest of each value.
    """
    allowed = allowed_options(game_name)
    for name, value in options.items():
        if name not in allowed:
            can = ", ".join(allowed) or "none"
            raise ServerError(
                Code.BAD_OPTIONS,
                f"option {name!r} cannot be set on a server table (allowed: {can})",
            )
        bounds = option_bounds(game_name, name)
        if bounds is None or value is None:
            continue
        low, high = bounds
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ServerError(
                Code.BAD_OPTIONS, f"option {name!r} must be a whole number from {low} to {high}"
            )
