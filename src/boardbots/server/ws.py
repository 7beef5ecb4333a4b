"""The table WebSocket: one session per connection, moving through explicit roles.

Each frame is checked (rate, size, JSON, fields, role) before the hub sees
it; every refusal is an `error` message and leaves the table untouched.
Replies go through the session's outbox, so they keep their order with
broadcasts.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from boardbots.server import messages, protocol
from boardbots.server.capacity import Limits, client_key
from boardbots.server.errors import Code, ServerError
from boardbots.server.hub import Hub
from boardbots.server.ratelimit import TokenBucket
from boardbots.server.sessions import Role, Session
from boardbots.server.table import SeatKind
from boardbots.server.tokens import token_matches

Handler = Callable[[Hub, Session, dict[str, Any]], None]
AsyncHandler = Callable[[Hub, Session, dict[str, Any]], Awaitable[None]]
log = logging.getLogger(__name__)
HELLO_TIMEOUT_CLOSE = 4408
TRY_AGAIN_LATER_CLOSE = 1013
INTERNAL_ERROR_CLOSE = 1011


def _welcome(hub: Hub, session: Session) -> dict[str, Any]:
    c = hub.config
    return {
        "type": "welcome",
        "table": hub.get(session.table_id).summary(hub.clock()),
        "you": {"seat": session.seat, "role": session.role.value},
        "min_think_ms": c.min_think_ms,
        "limits": {
            "max_message_bytes": c.max_message_bytes,
            "rate_per_s": c.rate_per_s,
            "rate_burst": c.rate_burst,
        },
    }


def on_hello(hub: Hub, session: Session, msg: dict[str, Any]) -> None:
    if session.role is not Role.AWAITING_HELLO:
        raise ServerError(Code.ALREADY_AUTHENTICATED, "this connection already said hello")
    table = hub.get(session.table_id)
    seat = msg.get("seat")
    if seat is not None:
        if not 0 <= seat < len(table.seats) or table.seats[seat].kind is not SeatKind.HUMAN:
            raise ServerError(Code.BAD_SEAT, f"seat {seat} is not a human seat at this table")
        if not token_matches(msg.get("token"), table.seats[seat].token_hash):
            raise ServerError(Code.BAD_TOKEN, f"that token does not belong to seat {seat}")
    session.seat = seat
    session.role = Role.SPECTATOR if seat is None else Role.PLAYER
    session.push(_welcome(hub, session))
    session.push(messages.state_message(table, seat))
    hub.attach(session)


def _player(session: Session, msg: dict[str, Any]) -> None:
    """Only a seated player may act, and only for their own seat."""
    if session.role is Role.AWAITING_HELLO:
        raise ServerError(Code.NOT_AUTHENTICATED, "say hello with your seat and token first")
    if session.role is Role.SPECTATOR:
        raise ServerError(Code.SPECTATOR, "spectators cannot act")
    seat = msg.get("seat")
    if seat is not None and seat != session.seat:
        raise ServerError(Code.WRONG_SEAT, f"this connection plays seat {session.seat}, not {seat}")


async def on_action(hub: Hub, session: Session, msg: dict[str, Any]) -> None:
    _player(session, msg)
    state_id = await hub.act(session, msg["state_id"], msg["action"])
    session.push({"type": "accepted", "ref": msg.get("ref"), "state_id": state_id})


async def on_undo(hub: Hub, session: Session, msg: dict[str, Any]) -> None:
    _player(session, msg)
    state_id = await hub.undo(session, msg["state_id"])
    session.push({"type": "accepted", "ref": msg.get("ref"), "state_id": state_id})


def _authenticated(session: Session) -> None:
    if session.role is Role.AWAITING_HELLO:
        raise ServerError(Code.NOT_AUTHENTICATED, "say hello first")


def on_sync(hub: Hub, session: Session, msg: dict[str, Any]) -> None:
    _authenticated(session)
    session.push(messages.state_message(hub.get(session.table_id), session.seat))


def on_ping(hub: Hub, session: Session, msg: dict[str, Any]) -> None:
    session.push({"type": "pong", "ref": msg.get("ref")})


def on_leave(hub: Hub, session: Session, msg: dict[str, Any]) -> None:
    _authenticated(session)
    hub.detach(session)


HANDLERS: dict[str, Handler] = {
    "hello": on_hello,
    "sync": on_sync,
    "ping": on_ping,
    "leave": on_leave,
}
DECISIONS: dict[str, AsyncHandler] = {"action": on_action, "undo": on_undo}
"""Handlers that store a change and so await the database writer."""


async def handle_frame(
    hub: Hub, session: Session, bucket: TokenBucket, frame: str | bytes | None
) -> None:
    """Check and run one frame; any refusal becomes an error message to this client only."""
    msg: dict[str, Any] | None = None
    try:
        if not bucket.allow():
            raise ServerError(Code.RATE_LIMITED, "too many messages; slow down")
        msg = protocol.parse(frame, hub.config.max_message_bytes)
        if msg["type"] in DECISIONS:
            await DECISIONS[msg["type"]](hub, session, msg)
        else:
            HANDLERS[msg["type"]](hub, session, msg)
    except ServerError as exc:
        ref = msg.get("ref") if msg else None
        if msg is None and exc.code is not Code.TOO_LARGE:
            ref = protocol.safe_ref(frame)
        state_id = None
        if session.role is not Role.AWAITING_HELLO:
            state_id = hub.get(session.table_id).version
        session.push(messages.error(exc.code, exc.message, ref, state_id))


async def _send_loop(websocket: WebSocket, session: Session) -> None:
    while (message := await session.outbox.get()) is not None:
        try:
            await websocket.send_json(message)
        except (WebSocketDisconnect, RuntimeError, OSError):
            break
        except (TypeError, ValueError):
            # A message that cannot be encoded is our bug. The client must see the socket
            # close (and reconnect, then sync), not wait on one that no longer sends.
            log.exception("a message for table %s could not be encoded", session.table_id)
            session.close(INTERNAL_ERROR_CLOSE, "internal error")
            break
    with contextlib.suppress(Exception):
        await websocket.close(session.close_code, session.close_reason)


async def _hello_watchdog(limits: Limits, session: Session) -> None:
    """Close a connection that never says hello: it would hold a socket slot for nothing."""
    timeout = limits.config.hello_timeout_s
    await limits.clock.sleep(timeout)
    if session.role is Role.AWAITING_HELLO:
        text = f"no hello within {timeout:g} s"
        session.close(HELLO_TIMEOUT_CLOSE, text, messages.error(Code.HELLO_TIMEOUT, text))


async def _refuse(websocket: WebSocket, exc: ServerError, close_code: int) -> None:
    await websocket.send_json(messages.error(exc.code, exc.message))
    await websocket.close(close_code, exc.message[:120])


async def table_socket(websocket: WebSocket) -> None:
    hub: Hub = websocket.app.state.hub
    limits: Limits = websocket.app.state.limits
    client = client_key(websocket)
    await websocket.accept()
    try:
        limits.sockets.acquire(client)
    except ServerError as exc:
        await _refuse(websocket, exc, TRY_AGAIN_LATER_CLOSE)
        return
    try:
        await _serve(websocket, hub, limits)
    finally:
        limits.sockets.release(client)


async def _serve(websocket: WebSocket, hub: Hub, limits: Limits) -> None:
    table_id = websocket.path_params["table_id"]
    try:
        hub.get(table_id)
    except ServerError as exc:
        await _refuse(websocket, exc, 4404)
        return
    session = Session(table_id)
    bucket = TokenBucket(hub.config.rate_per_s, hub.config.rate_burst)
    sender = asyncio.create_task(_send_loop(websocket, session))
    watchdog = asyncio.create_task(_hello_watchdog(limits, session))
    try:
        while session.open:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            await handle_frame(hub, session, bucket, frame.get("text") or frame.get("bytes"))
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        watchdog.cancel()
        hub.detach(session)
        await sender
