"""Request bodies are limited while they arrive, not after: a huge POST costs at most the limit.

Starlette's `request.body()` gathers the whole body before anyone can look at
its length. This middleware sits in front: it refuses a declared length over
the limit without reading anything, and otherwise reads chunk by chunk and
stops at the first byte over the limit. Bodies within the limit are handed on
unchanged.
"""

from __future__ import annotations

import json

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from boardbots.server.errors import Code

BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class BodyLimit:
    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") not in BODY_METHODS:
            await self.app(scope, receive, send)
            return
        if _declared_length(scope) > self.limit:
            await self._refuse(send)
            return
        body = await self._read(receive)
        if body is None:
            await self._refuse(send)
            return
        await self.app(scope, _replay(body, receive), send)

    async def _read(self, receive: Receive) -> bytes | None:
        """The whole body, or None as soon as it passes the limit (the rest stays unread)."""
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return b"".join(chunks)  # the client left; the app will see the disconnect
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)

    async def _refuse(self, send: Send) -> None:
        text = f"the request body is larger than {self.limit} bytes"
        payload = json.dumps({"error": {"code": Code.BODY_TOO_LARGE.value, "message": text}})
        headers = [(b"content-type", b"application/json"), (b"connection", b"close")]
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": payload.encode()})


def _declared_length(scope: Scope) -> int:
    for name, value in scope.get("headers", []):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return 0
    return 0


def _replay(body: bytes, receive: Receive) -> Receive:
    """The body again as one message, then whatever the client sends next (a disconnect)."""
    sent = False

    async def replayed() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replayed
