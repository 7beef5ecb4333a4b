"""Creating, joining and managing tables: checks the request, then hands the hub a Table.

Everything here answers with a ServerError naming the bad field, because the
first person to meet these messages is a front-end developer.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from boardbots.core.contract import Game
from boardbots.core.rng import mix_seed
from boardbots.games import all_plugins, get_game
from boardbots.server.errors import Code, ServerError
from boardbots.server.hub import Hub
from boardbots.server.player_options import check_player_options
from boardbots.server.seats import bot_code, bot_seat, humans, parse_seats, seat_name
from boardbots.server.table import OVER, Seat, SeatKind, Status, Table
from boardbots.server.tokens import hash_token, new_table_id, new_token, token_matches

MAX_SEED = 2**63
SECRET_BYTES = 16


def table_seed(client_seed: int | None, secret: bytes) -> int:
    """The game seed: the server's secret, mixed with the creator's seed if one was given.

    The secret is what keeps the creator from searching seeds offline for a good
    deal; the creator's number still changes the game, so two tables created
    with different numbers differ even if the secrets were equal.
    """
    if client_seed is None:
        return mix_seed("table", secret.hex())
    return mix_seed("table", client_seed, secret.hex())


def _client_seed(value: Any, game: Game, humans: int, lab: bool) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < MAX_SEED:
        raise ServerError(Code.BAD_REQUEST, "seed must be an integer from 0 to 2^63-1")
    if game.meta.hidden_information and humans > 1 and not lab:
        raise ServerError(
            Code.SEED_NOT_ALLOWED,
            f"{game.meta.title} hides cards, so a table with {humans} people cannot be given "
            "a seed: one player could look up the others' cards",
        )
    return value


def _game(name: Any) -> Game:
    if name is None:
        known = ", ".join(p.name for p in all_plugins())
        raise ServerError(Code.UNKNOWN_GAME, f"the body must name a 'game': one of {known}")
    try:
        return get_game(str(name))
    except ValueError as exc:
        raise ServerError(Code.UNKNOWN_GAME, str(exc)) from None


def _options(game: Game, options: Any, lab: bool) -> dict[str, Any]:
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ServerError(Code.BAD_OPTIONS, "options must be an object of rule settings")
    if not lab:
        check_player_options(game.meta.name, options)
    return options


def new_table(body: dict[str, Any], secret: bytes, lab: bool = False) -> tuple[Table, str]:
    """A validated table (not yet stored) and its owner token; `secret` is server entropy.
    `lab` (the `lab_mode` setting) takes any option and uses the client's seed as given."""
    game = _game(body.get("game"))
    options = _options(game, body.get("options"), lab)
    client_seed = _client_seed(body.get("seed"), game, humans(body.get("seats")), lab)
    seats = parse_seats(body.get("seats"), game, lab)
    seed = client_seed if lab and client_seed is not None else table_seed(client_seed, secret)
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


async def create(hub: Hub, body: dict[str, Any]) -> dict[str, Any]:
    table, owner = new_table(body, hub.entropy(SECRET_BYTES), hub.config.lab_mode)
    join_at = body.get("join")
    token = None
    if join_at is not None:
        token = new_token()
        seat = _joined(table, join_at, body.get("name"), token, hub.clock())
        table.seats[seat.index] = seat
        table.start_if_ready()
    await hub.add(table)
    hub.kick(table)
    out: dict[str, Any] = {"table": table.summary(hub.clock()), "owner_token": owner}
    if token is not None:
        out |= {"seat": join_at, "token": token}
    return out


def _joined(table: Table, seat: Any, name: Any, token: str, now: float) -> Seat:
    """The seat once this player holds it; raises when it cannot be taken. Changes nothing.
    The player counts as away from `now` until their page connects."""
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise ServerError(Code.BAD_REQUEST, "seat must be an integer")
    if not 0 <= seat < len(table.seats):
        raise ServerError(Code.SEAT_NOT_FOUND, f"seats are 0 to {len(table.seats) - 1}")
    target = table.seats[seat]
    if target.kind is not SeatKind.HUMAN:
        raise ServerError(Code.NOT_HUMAN_SEAT, f"seat {seat} is a bot seat")
    if target.joined:
        raise ServerError(Code.SEAT_TAKEN, f"seat {seat} already has a player")
    name = seat_name(name, target.name)
    return dataclasses.replace(
        target, name=name, token_hash=hash_token(token), connections=0, left_at=now
    )


def _not_ended(table: Table) -> None:
    if table.status in OVER:
        raise ServerError(Code.TABLE_OVER, f"the table is {table.status.value}")
    if table.status is Status.ERRORED:
        raise ServerError(Code.TABLE_ERRORED, "the table stopped after an engine error")


async def join(hub: Hub, table_id: str, body: dict[str, Any]) -> dict[str, Any]:
    table = hub.get(table_id)
    token = new_token()

    def make(table: Table) -> Seat:
        _not_ended(table)
        seat = body.get("seat")
        if seat is None:
            free = table.open_seats()
            if not free:
                raise ServerError(Code.NO_FREE_SEAT, "every human seat is taken")
            seat = free[0]
        return _joined(table, seat, body.get("name"), token, hub.clock())

    await hub.change_seat(table, make)
    seat = next(s.index for s in table.seats if token_matches(token, s.token_hash))
    return {"table": table.summary(hub.clock()), "seat": seat, "token": token}


def _owner_check(body: dict[str, Any], errored_ok: bool) -> Callable[[Table], None]:
    def check(table: Table) -> None:
        if not token_matches(body.get("owner_token"), table.owner_hash):
            raise ServerError(Code.BAD_OWNER_TOKEN, "only the table's creator may do that")
        if not (errored_ok and table.status is Status.ERRORED):
            _not_ended(table)

    return check


async def replace(hub: Hub, table_id: str, seat: int, body: dict[str, Any]) -> dict[str, Any]:
    """The creator hands a departed human's seat to a bot so the others can finish: once
    the player has been gone for the grace time, or sooner when the creator asks."""
    table = hub.get(table_id)
    code = body.get("bot")
    if code is None:  # absent or null; "", false or 0 is a mistake, not a wish for Easy
        code = "easy"
    asked = body.get("ask", False)
    if not isinstance(asked, bool):
        raise ServerError(Code.BAD_REQUEST, "ask must be true or false")

    def make(table: Table) -> Seat:
        _owner_check(body, errored_ok=False)(table)
        if not 0 <= seat < len(table.seats):
            raise ServerError(Code.SEAT_NOT_FOUND, f"seats are 0 to {len(table.seats) - 1}")
        old = table.seats[seat]
        if old.kind is not SeatKind.HUMAN:
            raise ServerError(Code.NOT_HUMAN_SEAT, f"seat {seat} is already a bot")
        if old.connections > 0:
            raise ServerError(Code.SEAT_CONNECTED, f"seat {seat}'s player is still connected")
        if not asked:
            _check_grace(old, hub.clock(), hub.config.replace_grace_s)
        return bot_seat(seat, bot_code(code, table.game_name))

    await hub.change_seat(table, make)
    return {"table": table.summary(hub.clock())}


def _check_grace(seat: Seat, now: float, grace: float) -> None:
    """Refuse to replace a player who left less than `grace` seconds ago (an invited seat
    nobody took is not an absence: the creator opened its control on purpose)."""
    away = seat.away_for(now)
    if seat.joined and away is not None and away < grace:
        raise ServerError(
            Code.GRACE_TIME,
            f"seat {seat.index}'s player left {away:.0f} s ago; a bot may take the seat"
            f' after {grace:.0f} s, or now if you ask (send "ask": true)',
        )


async def close(hub: Hub, table_id: str, body: dict[str, Any]) -> dict[str, Any]:
    """The creator ends an unfinished table, or one the engine stopped (errored)."""
    table = hub.get(table_id)
    await hub.close(table, _owner_check(body, errored_ok=True))
    return {"table": table.summary(hub.clock())}
