"""Creating, joining and managing tables: checks the request, then hands the hub a Table.

Everything here answers with a ServerError naming the bad field, because the
first person to meet these messages is a front-end developer.
"""

from __future__ import annotations

import secrets
from typing import Any

from boardbots.bots.registry import check_bot, parse_code
from boardbots.games import get_game
from boardbots.server.errors import Code, ServerError
from boardbots.server.hub import Hub
from boardbots.server.table import Seat, SeatKind, Status, Table
from boardbots.server.tokens import hash_token, new_table_id, new_token, token_matches

MAX_NAME = 40
MAX_SEED = 2**63


def _name(value: Any, default: str) -> str:
    if value is None:
        return default
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_NAME:
        raise ServerError(Code.BAD_REQUEST, f"a name is 1 to {MAX_NAME} characters of text")
    return value.strip()


def _bot_code(code: Any) -> str:
    if not isinstance(code, str) or not code.strip():
        raise ServerError(Code.BAD_SEATS, "a bot seat needs a bot code such as 'easy'")
    try:
        check_bot(code, players=True)
    except ValueError as exc:
        raise ServerError(Code.BAD_SEATS, str(exc)) from None
    return code.strip()


def bot_seat(index: int, code: str) -> Seat:
    level = parse_code(code)[0]
    return Seat(index, SeatKind.BOT, f"{level.capitalize()} bot", bot=code)


def parse_seats(specs: Any, min_players: int, max_players: int) -> list[Seat]:
    if not isinstance(specs, list) or not min_players <= len(specs) <= max_players:
        want = f"{min_players}" if min_players == max_players else f"{min_players} to {max_players}"
        raise ServerError(Code.BAD_SEATS, f"this game needs a list of {want} seats")
    seats = []
    for i, spec in enumerate(specs):
        kind = spec.get("kind") if isinstance(spec, dict) else None
        if kind == SeatKind.HUMAN.value:
            seats.append(Seat(i, SeatKind.HUMAN, _name(spec.get("name"), f"Player {i + 1}")))
        elif kind == SeatKind.BOT.value:
            seats.append(bot_seat(i, _bot_code(spec.get("bot"))))
        else:
            raise ServerError(Code.BAD_SEATS, f"seat {i}: kind must be 'human' or 'bot'")
    return seats


def _seed(value: Any) -> int:
    if value is None:
        return secrets.randbits(63)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < MAX_SEED:
        raise ServerError(Code.BAD_REQUEST, "seed must be an integer from 0 to 2^63-1")
    return value


def new_table(body: dict[str, Any]) -> tuple[Table, str]:
    """A validated table (not yet stored) and its owner token."""
    try:
        game = get_game(str(body.get("game")))
    except ValueError as exc:
        raise ServerError(Code.UNKNOWN_GAME, str(exc)) from None
    options = body.get("options") or {}
    if not isinstance(options, dict):
        raise ServerError(Code.BAD_OPTIONS, "options must be an object of rule settings")
    seats = parse_seats(body.get("seats"), game.meta.min_players, game.meta.max_players)
    seed = _seed(body.get("seed"))
    try:
        state = game.new_state(len(seats), seed, options)
    except (ValueError, TypeError, KeyError) as exc:
        raise ServerError(Code.BAD_OPTIONS, f"the game refused the options: {exc}") from None
    owner = new_token()
    # Kept exactly as given: a state rebuilt after a restart must equal the original,
    # and some games record their options inside the state.
    table = Table(
        new_table_id(), game.meta.name, options, seed, seats, hash_token(owner), state=state
    )
    table.start_if_ready()
    return table, owner


def create(hub: Hub, body: dict[str, Any]) -> dict[str, Any]:
    table, owner = new_table(body)
    join_at = body.get("join")
    token = None
    if join_at is not None:
        token = _take_seat(table, join_at, body.get("name"))
        table.start_if_ready()
    hub.add(table)
    hub.kick(table)
    out: dict[str, Any] = {"table": table.summary(), "owner_token": owner}
    if token is not None:
        out |= {"seat": join_at, "token": token}
    return out


def _take_seat(table: Table, seat: Any, name: Any) -> str:
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise ServerError(Code.BAD_REQUEST, "seat must be an integer")
    if not 0 <= seat < len(table.seats):
        raise ServerError(Code.SEAT_NOT_FOUND, f"seats are 0 to {len(table.seats) - 1}")
    target = table.seats[seat]
    if target.kind is not SeatKind.HUMAN:
        raise ServerError(Code.NOT_HUMAN_SEAT, f"seat {seat} is a bot seat")
    if target.joined:
        raise ServerError(Code.SEAT_TAKEN, f"seat {seat} already has a player")
    token = new_token()
    target.token_hash = hash_token(token)
    target.name = _name(name, target.name)
    return token


def join(hub: Hub, table_id: str, body: dict[str, Any]) -> dict[str, Any]:
    table = hub.get(table_id)
    if table.status in (Status.FINISHED, Status.CLOSED):
        raise ServerError(Code.TABLE_OVER, f"the table is {table.status.value}")
    seat = body.get("seat")
    if seat is None:
        free = table.open_seats()
        if not free:
            raise ServerError(Code.NO_FREE_SEAT, "every human seat is taken")
        seat = free[0]
    token = _take_seat(table, seat, body.get("name"))
    hub.seat_changed(table, seat)
    return {"table": table.summary(), "seat": seat, "token": token}


def _owned(hub: Hub, table_id: str, body: dict[str, Any]) -> Table:
    table = hub.get(table_id)
    if not token_matches(body.get("owner_token"), table.owner_hash):
        raise ServerError(Code.BAD_OWNER_TOKEN, "only the table's creator may do that")
    if table.status in (Status.FINISHED, Status.CLOSED):
        raise ServerError(Code.TABLE_OVER, f"the table is {table.status.value}")
    return table


def replace(hub: Hub, table_id: str, seat: int, body: dict[str, Any]) -> dict[str, Any]:
    """The creator hands a departed human's seat to a bot so the others can finish."""
    table = _owned(hub, table_id, body)
    if not 0 <= seat < len(table.seats):
        raise ServerError(Code.SEAT_NOT_FOUND, f"seats are 0 to {len(table.seats) - 1}")
    old = table.seats[seat]
    if old.kind is not SeatKind.HUMAN:
        raise ServerError(Code.NOT_HUMAN_SEAT, f"seat {seat} is already a bot")
    if old.connections > 0:
        raise ServerError(Code.SEAT_CONNECTED, f"seat {seat}'s player is still connected")
    table.seats[seat] = bot_seat(seat, _bot_code(body.get("bot") or "easy"))
    hub.seat_changed(table, seat)
    return {"table": table.summary()}


def close(hub: Hub, table_id: str, body: dict[str, Any]) -> dict[str, Any]:
    table = _owned(hub, table_id, body)
    hub.close(table)
    return {"table": table.summary()}
