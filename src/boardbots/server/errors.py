"""Error codes shared by the HTTP API and the WebSocket protocol, each with its HTTP status."""

from __future__ import annotations

from enum import StrEnum


class Code(StrEnum):
    """Every error a client can receive; docs/server.md explains each one."""

    BAD_JSON = "bad_json"
    BAD_MESSAGE = "bad_message"
    UNKNOWN_TYPE = "unknown_type"
    TOO_LARGE = "too_large"
    RATE_LIMITED = "rate_limited"
    NOT_AUTHENTICATED = "not_authenticated"
    ALREADY_AUTHENTICATED = "already_authenticated"
    BAD_SEAT = "bad_seat"
    BAD_TOKEN = "bad_token"
    SPECTATOR = "spectator"
    WRONG_SEAT = "wrong_seat"
    NOT_YOUR_TURN = "not_your_turn"
    STALE_STATE = "stale_state"
    ILLEGAL_ACTION = "illegal_action"
    UNDO_NOT_ALLOWED = "undo_not_allowed"
    NOT_PLAYING = "not_playing"
    TABLE_NOT_FOUND = "table_not_found"
    BAD_REQUEST = "bad_request"
    UNKNOWN_GAME = "unknown_game"
    BAD_SEATS = "bad_seats"
    BAD_OPTIONS = "bad_options"
    BAD_OWNER_TOKEN = "bad_owner_token"
    SEAT_NOT_FOUND = "seat_not_found"
    SEAT_TAKEN = "seat_taken"
    NO_FREE_SEAT = "no_free_seat"
    NOT_HUMAN_SEAT = "not_human_seat"
    SEAT_CONNECTED = "seat_connected"
    GRACE_TIME = "grace_time"
    NOT_FINISHED = "not_finished"
    TABLE_OVER = "table_over"
    TOO_MANY_TABLES = "too_many_tables"
    SEED_NOT_ALLOWED = "seed_not_allowed"
    ENGINE_ERROR = "engine_error"
    TABLE_ERRORED = "table_errored"
    STORAGE_ERROR = "storage_error"
    TOO_MANY_CREATED = "too_many_created"
    TOO_MANY_OPEN_TABLES = "too_many_open_tables"
    TOO_MANY_CONNECTIONS = "too_many_connections"
    HELLO_TIMEOUT = "hello_timeout"
    BODY_TOO_LARGE = "body_too_large"


_STATUS = {
    Code.BAD_OWNER_TOKEN: 403,
    Code.TABLE_NOT_FOUND: 404,
    Code.SEAT_NOT_FOUND: 404,
    Code.SEAT_TAKEN: 409,
    Code.NO_FREE_SEAT: 409,
    Code.NOT_HUMAN_SEAT: 409,
    Code.SEAT_CONNECTED: 409,
    Code.GRACE_TIME: 409,
    Code.NOT_FINISHED: 409,
    Code.TABLE_OVER: 409,
    Code.TOO_MANY_TABLES: 503,
    Code.ENGINE_ERROR: 500,
    Code.TABLE_ERRORED: 409,
    Code.STORAGE_ERROR: 503,
    Code.TOO_MANY_CREATED: 429,
    Code.TOO_MANY_OPEN_TABLES: 429,
    Code.TOO_MANY_CONNECTIONS: 429,
    Code.BODY_TOO_LARGE: 413,
}


class ServerError(Exception):
    """A refusal with a code and a sentence a player can act on; nothing was changed."""

    def __init__(self, code: Code, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    @property
    def http_status(self) -> int:
        return _STATUS.get(self.code, 400)
