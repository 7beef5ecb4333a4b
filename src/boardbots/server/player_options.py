"""Which rule options a player may set on a table the server runs.

The lab and the CLI may change any rule (a deck of two million Coppers, cards
without their parameters); a public server must not, because one such table
can hold the event loop for seconds or make the engine raise in the middle of
a game. Each game's rules class declares what the app offers a player
(`PLAYER_OPTIONS`) and the bounds of every field; `core.rules` checks both, and
this module only turns its verdict into the server's error.
"""

from __future__ import annotations

from typing import Any

from boardbots.core.rules import check_player_options as check_rules
from boardbots.games import get_game
from boardbots.server.errors import Code, ServerError


def allowed_options(game_name: str) -> tuple[str, ...]:
    """The option names a server table of this game accepts, in a stable order."""
    rules = type(get_game(game_name).default_rules())
    return tuple(sorted(rules.PLAYER_OPTIONS))


def check_player_options(game_name: str, options: dict[str, Any]) -> None:
    """Refuse, naming the option, anything a player could not have chosen in the app.

    Runs before a table is made, so a refused request costs nothing.
    """
    rules = type(get_game(game_name).default_rules())
    try:
        check_rules(rules, options)
    except ValueError as exc:
        raise ServerError(Code.BAD_OPTIONS, str(exc)) from None
