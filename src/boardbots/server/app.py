"""The Starlette app: routes, static files, and a lifespan that opens the store and the pool."""

from __future__ import annotations

import contextlib
import importlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from boardbots.bots.registry import bot_names
from boardbots.server import browser_assets, game_web
from boardbots.server import http_api as h
from boardbots.server.bodylimit import BodyLimit
from boardbots.server.botpool import BotService
from boardbots.server.capacity import Limits, client_key
from boardbots.server.clock import Clock, RealClock
from boardbots.server.config import ServerConfig
from boardbots.server.hub import Hub
from boardbots.server.stats import Stats
from boardbots.server.store import Store
from boardbots.server.table import UNFINISHED
from boardbots.server.ws import table_socket

log = logging.getLogger(__name__)

STATIC_DIR = Path(__file__).resolve().parents[1] / "web" / "static"
_PLACEHOLDER = """<!doctype html>
<meta charset="utf-8"><title>boardbots</title>
<p>The boardbots server is running. The web app is not built yet; see docs/server.md.</p>
"""


def ensure_static(folder: Path) -> Path:
    """The web app's folder; a placeholder page only when the folder has no index yet."""
    folder.mkdir(parents=True, exist_ok=True)
    index = folder / "index.html"
    if not index.exists():
        index.write_text(_PLACEHOLDER)
    return folder


Handler = Callable[[Request], Awaitable[dict[str, Any]]]


def quota_checked(handler: Handler) -> Handler:
    """Table creation through the client's quota: checked before, counted after success."""

    async def checked(request: Request) -> dict[str, Any]:
        limits: Limits = request.app.state.limits
        hub: Hub = request.app.state.hub
        client = client_key(request)

        def is_open(table_id: str) -> bool:
            table = hub.tables.get(table_id)
            return table is not None and table.status.value in UNFINISHED

        limits.tables.check(client, is_open)
        out = await handler(request)
        limits.tables.record(client, out["table"]["id"])
        return out

    return checked


def routes() -> list[Route | WebSocketRoute | Mount]:
    return [
        Route("/api/config", h.api(h.get_config)),
        Route("/api/stats", h.api(h.get_stats)),
        Route("/api/tables", h.api(h.list_tables)),
        Route("/api/tables", h.api(quota_checked(h.create_table), 201), methods=["POST"]),
        Route("/api/tables/{table_id}", h.api(h.get_table)),
        Route("/api/tables/{table_id}/join", h.api(h.join_table), methods=["POST"]),
        Route(
            "/api/tables/{table_id}/seats/{seat:int}/replace",
            h.api(h.replace_seat),
            methods=["POST"],
        ),
        Route("/api/tables/{table_id}/close", h.api(h.close_table), methods=["POST"]),
        Route("/api/tables/{table_id}/replay", h.api(h.get_replay)),
        WebSocketRoute("/ws/tables/{table_id}", table_socket),
    ]


def create_app(
    config: ServerConfig, static_dir: Path | None = None, clock: Clock | None = None
) -> Starlette:
    """A server for `config`; nothing opens until the lifespan starts. `clock` drives the
    capacity limits and the hello timeout (tests pass one they can move by hand)."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        bot_names()
        for name in config.plugins:
            importlib.import_module(name)
        store = Store(config.db_path, config.sqlite_synchronous)
        stats = Stats()
        bots = BotService(config, stats)
        bots.start()
        await bots.warm_up()
        hub = Hub(config, store, bots, stats)
        app.state.hub = hub
        app.state.limits = Limits(config, clock or RealClock())
        log.info("resumed %d unfinished tables from %s", hub.resume(), config.db_path)
        hub.start_sweeper()
        try:
            yield
        finally:
            await hub.shutdown()
            bots.stop()
            store.close()

    static = ensure_static(static_dir or STATIC_DIR)
    all_routes = [
        *routes(),
        *browser_assets.routes(static),
        *game_web.routes(),
        Mount("/", StaticFiles(directory=static, html=True)),
    ]
    middleware = [
        Middleware(browser_assets.SecurityHeaders),
        Middleware(BodyLimit, limit=config.max_body_bytes),
    ]
    return Starlette(routes=all_routes, lifespan=lifespan, middleware=middleware)
