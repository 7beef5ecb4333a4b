"""Client -> server messages: size check, JSON parsing and field validation.

Parsing is separate from acting so every refusal happens before anything
touches a table; docs/server.md is the human-readable form of this file.
"""

from __future__ import annotations

import json
import re
from typing import Any

from boardbots.server.errors import Code, ServerError

CLIENT_TYPES = ("hello", "action", "undo", "sync", "ping", "leave")
MAX_REF = 64
MAX_ACTION_TEXT = 200

Message = dict[str, Any]

_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


def client_json(raw: bytes) -> Any:
    """A client's JSON, refused (ValueError) when it is not JSON or not text.

    JSON may spell half of a UTF-16 pair alone (`"\\ud800"`); Python reads it
    into a string that no reply, log line or database write can encode, so it
    would fail later, after the request had started to change things. Only a
    frame holding such an escape pays for the check. Arrays or objects nested
    some thousand deep exhaust the reader's recursion: 3 KB of brackets gave an
    HTTP 500 and closed a WebSocket.
    """
    try:
        value = json.loads(raw)
        if _SURROGATE_ESCAPE.search(raw):
            try:
                json.dumps(value, ensure_ascii=False).encode()
            except UnicodeEncodeError:
                raise ValueError("it holds a lone UTF-16 surrogate, which is not text") from None
    except RecursionError:
        raise ValueError("it nests arrays or objects too deeply") from None
    return value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _require_int(msg: Message, key: str, optional: bool = False) -> None:
    value = msg.get(key)
    if value is None and optional:
        return
    if not _is_int(value):
        raise ServerError(Code.BAD_MESSAGE, f"{msg['type']}: {key!r} must be an integer")


def _check_fields(msg: Message) -> None:
    kind = msg["type"]
    if kind == "hello":
        _require_int(msg, "seat", optional=True)
        token = msg.get("token")
        if token is not None and not isinstance(token, str):
            raise ServerError(Code.BAD_MESSAGE, "hello: 'token' must be a string")
    elif kind == "action":
        _require_int(msg, "state_id")
        _require_int(msg, "seat", optional=True)
        action = msg.get("action")
        valid = _is_int(action) or (isinstance(action, str) and len(action) <= MAX_ACTION_TEXT)
        if not valid:
            raise ServerError(
                Code.BAD_MESSAGE,
                f"action: 'action' must be an integer or a string of at most {MAX_ACTION_TEXT} "
                "characters",
            )
    elif kind == "undo":
        _require_int(msg, "state_id")


def parse(frame: str | bytes | None, max_bytes: int) -> Message:
    """A validated client message, or a ServerError saying what is wrong with the frame."""
    raw = frame.encode() if isinstance(frame, str) else (frame or b"")
    if len(raw) > max_bytes:
        raise ServerError(Code.TOO_LARGE, f"messages are limited to {max_bytes} bytes")
    try:
        msg = client_json(raw)
    except ValueError as exc:
        raise ServerError(Code.BAD_JSON, f"the message is not valid JSON: {exc}") from None
    if not isinstance(msg, dict):
        raise ServerError(Code.BAD_JSON, "a message must be a JSON object")
    ref = msg.get("ref")
    if ref is not None and (not (_is_int(ref) or isinstance(ref, str)) or len(str(ref)) > MAX_REF):
        raise ServerError(Code.BAD_MESSAGE, f"'ref' must be a string or integer of {MAX_REF} chars")
    kind = msg.get("type")
    if not isinstance(kind, str):
        raise ServerError(Code.BAD_MESSAGE, "every message needs a string 'type'")
    if kind not in CLIENT_TYPES:
        raise ServerError(
            Code.UNKNOWN_TYPE, f"unknown message type {kind!r}; known: {', '.join(CLIENT_TYPES)}"
        )
    _check_fields(msg)
    return msg


def safe_ref(frame: str | bytes | None) -> Any:
    """The client's ref from a frame that failed later checks, when it can be read at all."""
    try:
        msg = client_json(frame.encode() if isinstance(frame, str) else frame or b"")
    except ValueError:
        return None
    ref = msg.get("ref") if isinstance(msg, dict) else None
    return ref if (_is_int(ref) or isinstance(ref, str)) and len(str(ref)) <= MAX_REF else None
