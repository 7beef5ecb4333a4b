"""`boardbots serve`: run the game server (HTTP + WebSocket) with uvicorn."""

from __future__ import annotations

import importlib
import logging
import os
import socket
import tomllib
from pathlib import Path
from typing import Any

import typer
from rich.console import Console

from boardbots import ray_cluster
from boardbots.bots.registry import BotCodeError, bot_names, check_bot
from boardbots.cli import checks
from boardbots.cli.errors import fail
from boardbots.server.config import DEFAULT_CONFIG_FILE, ServerConfig, load_config

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
        None,
        help="Bot worker processes; 0: no pool, every bot move is the fallback bot's.",
        show_default="2",
    ),
    log_level: str = typer.Option(
        None, help="debug, info, warning, error or critical.", show_default="info"
    ),
    bots: str = typer.Option(
        None, help="Where bots think: local (worker processes) or ray.", show_default="local"
    ),
    address: str = typer.Option(
        None, help="With --bots ray: the Ray cluster to join (default: a local Ray instance)."
    ),
) -> None:
    import uvicorn

    from boardbots.server.app import create_app
    from boardbots.server.conn_guard import guard_for, guarded_protocol

    overrides = {"host": host, "port": port, "data": data, "bot_workers": workers}
    overrides |= {"log_level": log_level, "bots": bots, "ray_address": address}
    settings = _settings(config, overrides)
    sock = _listen(settings.host, settings.port)
    logging.basicConfig(
        level=settings.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    bound = sock.getsockname()[1]
    guard = guard_for(settings)
    console.print(f"boardbots server: open [bold]http://{settings.host}:{bound}/[/]")
    console.print(f"data: {settings.db_path}  (Ctrl+C to stop)")
    if guard.total < settings.max_connections:
        console.print(
            f"note: at most {guard.total} connections, not max_connections "
            f"{settings.max_connections}: the open-file limit (ulimit -n) allows no more"
        )
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(settings),
            http=guarded_protocol(guard),
            log_level=settings.log_level,
            ws_max_size=max(65536, settings.max_message_bytes * 4),
        )
    )
    server.run(sockets=[sock])


def _settings(file: Path | None, overrides: dict[str, Any]) -> ServerConfig:
    """The merged settings, each checked before anything starts."""
    path = file or os.environ.get("BOARDBOTS_CONFIG")
    shown = path or DEFAULT_CONFIG_FILE
    try:
        settings = load_config(path, overrides=overrides)
    except tomllib.TOMLDecodeError as exc:
        fail(f"config file {shown} is not valid TOML: {exc}")
    except OSError as exc:
        fail(f"cannot read config file {shown}: {exc.strerror or exc}")
    except ValueError as exc:
        fail(str(exc))
    checks.writable_folder(Path(settings.data), "data folder")
    _check_plugins(settings.plugins)
    _check_bot_names(settings)
    _check_bots(settings)
    return settings


def _check_plugins(names: list[str]) -> None:
    """Import the plug-ins now, as the server would once started: a misspelt module was a
    traceback from the app's start-up, after the line inviting people to open the page."""
    for name in names:
        try:
            importlib.import_module(name)
        except (ImportError, TypeError, ValueError) as exc:  # also ".x", a relative name
            fail(f"setting 'plugins': cannot import {name!r}: {exc}")


def _check_bot_names(settings: ServerConfig) -> None:
    """Settings keyed by bot name must name a bot, once the plug-ins have brought theirs:
    `budget_ms = {hrad = 700}` was accepted and left Hard on the default budget."""
    known = bot_names()
    named = {
        "budget_ms": [k for k in settings.budget_ms if k != "default"],
        "max_iterations": list(settings.max_iterations),
    }
    for setting, names in named.items():
        for name in names:
            if name not in known:
                fail(f"setting {setting!r} names no bot {name!r}; the bots are {', '.join(known)}")
    try:
        check_bot(settings.fallback_bot)
    except BotCodeError as exc:
        fail(f"setting 'fallback_bot': {exc}")


def _check_bots(settings: ServerConfig) -> None:
    """With Ray, join the cluster now: a missing extra or a wrong address is one line
    here, not a server whose every bot move falls back to Easy."""
    if settings.bots not in ("local", "ray"):
        fail(f"--bots must be local or ray, not {settings.bots!r}")
    if settings.bots == "local":
        if settings.ray_address:
            fail("--address needs --bots ray: it names the Ray cluster for the bots")
        return
    try:
        ray_cluster.connect(settings.ray_address or None, settings.bot_workers or None)
    except ray_cluster.RayMissing as exc:
        fail(str(exc))
    except Exception as exc:  # Ray's errors for a bad address vary by version
        fail(f"could not start or join the Ray cluster for the bots: {exc}")


def _listen(host: str, port: int) -> socket.socket:
    """The server's socket, bound before anything is printed: a port in use is an error
    on its own, not after an invitation to open a page that is not there."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
    except (socket.gaierror, UnicodeError) as exc:
        fail(f"cannot listen on {host!r}: {exc}")
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as exc:
        sock.close()
        fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")
    return sock


def register(app: typer.Typer) -> None:
    app.command("serve", help=_HELP)(serve)
