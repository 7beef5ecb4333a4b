"""The Starlette app: routes, static files, and a lifespan that opens the store and the pool."""

from __future__ import annotations

import contextlib
import importlib
import logging
from collections.abc import AsyncIterator
from pathlib import Path

from starlette.applications import Starlette
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from boardbots.bots.registry import bot_names
from boardbots.server import http_api as h
from boardbots.server.botpool import BotService
from boardbots.server.config import ServerConfig
from boardbots.server.hub import Hub
from boardbots.server.stats import Stats
from boardbots.server.store import Store
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


def routes() -> list[Route | WebSocketRoute | Mount]:
    return [
        Route("/api/config", h.api(h.get_config)),
        Route("/api/stats", h.api(h.get_stats)),
        Route("/api/tables", h.api(h.list_tables)),
        Route("/api/tables", h.api(h.create_table, 201), methods=["POST"]),
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


def create_app(config: ServerConfig, static_dir: Path | None = None) -> Starlette:
    """A server for `config`; nothing opens until the lifespan starts."""

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
        log.info("resumed %d unfinished tables from %s", hub.resume(), config.db_path)
        hub.start_sweeper()
        try:
            yield
        finally:
            await hub.shutdown()
            bots.stop()
            store.close()

    static = ensure_static(static_dir or STATIC_DIR)
    all_routes = [*routes(), Mount("/", StaticFiles(directory=static, html=True))]
    return Starlette(routes=all_routes, lifespan=lifespan)
