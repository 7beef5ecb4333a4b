"""`boardbots serve`: run the game server (HTTP + WebSocket) with uvicorn."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import typer
from rich.console import Console

console = Console()

_HELP = """Start the game server: tables, bots in worker processes, SQLite persistence.

Settings are read, in increasing priority, from defaults, a TOML file
(--config, or BOARDBOTS_CONFIG, or ./boardbots.toml if it exists), environment
variables BOARDBOTS_<KEY> (e.g. BOARDBOTS_PORT=9000,
BOARDBOTS_BUDGET_MS="hard=900,default=200", BOARDBOTS_BOT_WORKERS=2) and the
options below. docs/server.md lists every key.
"""


def serve(
    host: str = typer.Option(None, help="Address to listen on.", show_default="127.0.0.1"),
    port: int = typer.Option(None, help="Port to listen on.", show_default="8000"),
    data: Path = typer.Option(
        None, help="Folder for the SQLite file boardbots.sqlite3.", show_default="./data"
    ),
    config: Path = typer.Option(None, help="TOML file with server settings."),
    workers: int = typer.Option(
        None, help="Bot worker processes; 0 runs bots in the server.", show_default="2"
    ),
    log_level: str = typer.Option(None, help="debug, info, warning or error.", show_default="info"),
) -> None:
    import uvicorn

    from boardbots.server.app import create_app
    from boardbots.server.config import load_config

    overrides = {"host": host, "port": port, "data": data, "bot_workers": workers}
    overrides["log_level"] = log_level
    try:
        settings = load_config(config or os.environ.get("BOARDBOTS_CONFIG"), overrides=overrides)
    except (OSError, ValueError) as exc:
        raise typer.BadParameter(str(exc)) from None
    logging.basicConfig(
        level=settings.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    console.print(f"boardbots server: open [bold]http://{settings.host}:{settings.port}/[/]")
    console.print(f"data: {settings.db_path}  (Ctrl+C to stop)")
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        log_level=settings.log_level,
        ws_max_size=max(65536, settings.max_message_bytes * 4),
    )


def register(app: typer.Typer) -> None:
    app.command("serve", help=_HELP)(serve)
