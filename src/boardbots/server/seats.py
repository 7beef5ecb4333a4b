"""Who sits at a new table: seat specs from a request, checked (shared by the server's
lobby and the browser's solo tables, so both refuse the same seats the same way)."""

from __future__ import annotations

import unicodedata
from typing import Any

from boardbots.bots.registry import check_bot, parse_code
from boardbots.core.contract import Game
from boardbots.server.errors import Code, ServerError
from boardbots.server.table import Seat, SeatKind

MAX_NAME = 40
HIDDEN = ("Cc", "Cs", "Zl", "Zp")
"""Unicode categories a name may not hold: controls, lone surrogates, line and paragraph
separators."""

EMBEDDINGS = ("LRE", "RLE", "PDF", "LRO", "RLO", "LRI", "RLI", "FSI", "PDI")
"""Bidirectional controls: they would turn the text shown after a name around."""

UNSEEN = ("Cf", "Mn", "Me", "Zs")
"""Categories that draw nothing on their own (zero-width joiners and spaces, soft
hyphens, combining marks): allowed inside a name, as scripts and emoji need them, but a
name must have something else."""


def _hidden(ch: str) -> bool:
    return unicodedata.category(ch) in HIDDEN or unicodedata.bidirectional(ch) in EMBEDDINGS


def seat_name(value: Any, default: str) -> str:
    """A player's name as the other players will see it: printable text only, so a name
    cannot hide itself, reorder what is shown beside it, or break a log line."""
    if value is None:
        return default
    if (
        not isinstance(value, str)
        or not value.strip()
        or len(value) > MAX_NAME
        or any(_hidden(ch) for ch in value)
        or all(unicodedata.category(ch) in UNSEEN for ch in value)
    ):
        raise ServerError(
            Code.BAD_REQUEST,
            f"a name is 1 to {MAX_NAME} characters of printable text (no control characters)",
        )
    return value.strip()


def bot_code(code: Any, game_name: str, lab: bool = False) -> str:
    """A bot code players may seat at a table of this game (any bot of it with `lab`),
    or BAD_SEATS saying why not."""
    if not isinstance(code, str) or not code.strip():
        raise ServerError(Code.BAD_SEATS, "a bot seat needs a bot code such as 'easy'")
    try:
        check_bot(code, game_name, players=not lab)
    except ValueError as exc:
        raise ServerError(Code.BAD_SEATS, str(exc)) from None
    return code.strip()


def bot_seat(index: int, code: str) -> Seat:
    level = parse_code(code)[0]
    return Seat(index, SeatKind.BOT, f"{level.capitalize()} bot", bot=code)


def parse_seats(specs: Any, game: Game, lab: bool = False) -> list[Seat]:
    min_players, max_players = game.meta.min_players, game.meta.max_players
    if not isinstance(specs, list) or not min_players <= len(specs) <= max_players:
        want = f"{min_players}" if min_players == max_players else f"{min_players} to {max_players}"
        raise ServerError(Code.BAD_SEATS, f"this game needs a list of {want} seats")
    seats = []
    for i, spec in enumerate(specs):
        kind = spec.get("kind") if isinstance(spec, dict) else None
        if kind == SeatKind.HUMAN.value:
            seats.append(Seat(i, SeatKind.HUMAN, seat_name(spec.get("name"), f"Player {i + 1}")))
        elif kind == SeatKind.BOT.value:
            seats.append(bot_seat(i, bot_code(spec.get("bot"), game.meta.name, lab)))
        else:
            raise ServerError(Code.BAD_SEATS, f"seat {i}: kind must be 'human' or 'bot'")
    return seats


def humans(specs: Any) -> int:
    if not isinstance(specs, list):
        return 0
    return sum(1 for s in specs if isinstance(s, dict) and s.get("kind") == SeatKind.HUMAN.value)
