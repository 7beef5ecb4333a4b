"""The HTTP half of the protocol: config, stats, tables, joining, seats and replays."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from boardbots.bots import hard, registry
from boardbots.bots.heuristics import heuristics_for
from boardbots.core.bounds import Int
from boardbots.core.contract import Game
from boardbots.games import all_games, get_game
from boardbots.server import lobby
from boardbots.server.browser_assets import browser_config
from boardbots.server.config import ServerConfig
from boardbots.server.errors import Code, ServerError
from boardbots.server.game_web import web_info
from boardbots.server.hub import Hub
from boardbots.server.player_options import allowed_options
from boardbots.server.protocol import client_json
from boardbots.server.replay import replay_of
from boardbots.server.table import OVER, UNFINISHED, Status

Endpoint = Callable[[Request], Awaitable[Response]]
LIST_LIMIT = 200


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def error_response(exc: ServerError) -> JSONResponse:
    body = {"error": {"code": exc.code.value, "message": exc.message}}
    return JSONResponse(body, status_code=exc.http_status)


def api(handler: Callable[[Request], Awaitable[Any]], status: int = 200) -> Endpoint:
    """Turn a handler's dict into JSON and its ServerError into the documented error body."""

    async def endpoint(request: Request) -> Response:
        try:
            return JSONResponse(await handler(request), status_code=status)
        except ServerError as exc:
            return error_response(exc)

    return endpoint


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > 64 * 1024:
        raise ServerError(Code.BAD_REQUEST, "the request body is too large")
    try:
        body = client_json(raw or b"{}")
    except ValueError as exc:
        raise ServerError(Code.BAD_REQUEST, f"the body is not valid JSON: {exc}") from None
    if not isinstance(body, dict):
        raise ServerError(Code.BAD_REQUEST, "the body must be a JSON object")
    return body


def _easy_per_game(game_name: str) -> dict[str, Any]:
    """Easy's numbers that a game's heuristics set: its random-move rate, and the
    weights of its own greedy pick if it has one. Read from the heuristics at request time."""
    try:
        heur = heuristics_for(game_name)
    except ImportError:
        return {}
    out: dict[str, Any] = {"random_rate": float(heur.easy_random_rate)}
    out.update(heur.easy_weights())
    return out


def _bot_info(name: str, game_names: list[str]) -> dict[str, Any]:
    games = registry.bot_games(name)
    info: dict[str, Any] = {
        "defaults": registry.bot_defaults(name),
        "games": [g for g in game_names if games is None or g in games],
    }
    if name == "easy":
        info["per_game"] = {g: _easy_per_game(g) for g in game_names}
    if name == "medium":
        info["per_game"] = {g: _medium_per_game(g) for g in game_names}
    if name == "hard":
        info["per_game"] = {g: _hard_per_game(g) for g in game_names}
    return info


def _medium_per_game(game_name: str) -> dict[str, Any]:
    """Medium's outlook weight in this game at its smallest table (`medium_beta`)."""
    try:
        game, heur = get_game(game_name), heuristics_for(game_name)
    except ImportError:
        return {}
    return {"beta": heur.medium_beta(game.new_state(game.meta.min_players, 0))}


def _hard_per_game(game_name: str) -> dict[str, Any]:
    """Hard's iteration cap and candidate count in this game, at its smallest table
    (a game sets its own, and Domination's differ from 3 players on), with any figures
    the game's own page steps quote (`hard_page_numbers`)."""
    try:
        iterations, top_k = hard.game_limits(game_name)
        extra = heuristics_for(game_name).hard_page_numbers()
    except ImportError:
        return {}
    return {"iterations": iterations, "top_k": top_k, **extra}


def _option_ranges(game: Game) -> dict[str, dict[str, Any]]:
    """The whole-number options a player may set, as {"x": {"min", "max"}}, read from
    the bounds the game's rules declare (a board size, say)."""
    rules = type(game.default_rules())
    out: dict[str, dict[str, Any]] = {}
    for name in sorted(rules.PLAYER_OPTIONS):
        bound = rules.BOUNDS.get(name)
        if isinstance(bound, Int):
            out[name] = {"min": bound.low, "max": bound.high}
    return out


def public_config(config: ServerConfig) -> dict[str, Any]:
    # Only bots a table takes: lab bots (Random, the gauntlet) would be refused, except
    # with `lab_mode`.
    names = registry.bot_names() if config.lab_mode else registry.player_bots()
    games = all_games()
    game_names = [g.meta.name for g in games]
    return {
        "budgets_ms": {name: config.budget_for(name) for name in names},
        "default_budget_ms": config.budget_for("default"),
        "timeout": {"factor": config.timeout_factor, "extra_s": config.timeout_extra_s},
        "min_think_ms": config.min_think_ms,
        "replace_grace_s": config.replace_grace_s,
        "max_iterations": {name: config.max_iterations.get(name) for name in names},
        "fallback_bot": config.fallback_bot,
        "bots": {name: _bot_info(name, game_names) for name in names},
        "games": [_game_info(g) for g in games],
        "browser": browser_config(),
        "limits": {
            "max_message_bytes": config.max_message_bytes,
            "rate_per_s": config.rate_per_s,
            "rate_burst": config.rate_burst,
        },
    }


def _game_info(game: Any) -> dict[str, Any]:
    m = game.meta
    return {
        "name": m.name,
        "title": m.title,
        "min_players": m.min_players,
        "max_players": m.max_players,
        "hidden_information": m.hidden_information,
        "chance": m.chance,
        "default_options": game.default_rules().to_dict(),
        "option_ranges": _option_ranges(game),
        "player_options": list(allowed_options(m.name)),
        "web": web_info(game),
    }


async def get_config(request: Request) -> dict[str, Any]:
    return public_config(_hub(request).config)


async def get_stats(request: Request) -> dict[str, Any]:
    hub = _hub(request)
    return {"tables_active": hub.unfinished_count(), **hub.stats.to_dict()}


async def create_table(request: Request) -> dict[str, Any]:
    return await lobby.create(_hub(request), await _body(request))


_LISTS = {
    "open": (Status.WAITING.value,),
    "active": UNFINISHED,
    "finished": (Status.FINISHED.value, Status.CLOSED.value),
    "all": tuple(s.value for s in Status),
}


async def list_tables(request: Request) -> dict[str, Any]:
    which = request.query_params.get("status", "open")
    if which not in _LISTS:
        raise ServerError(Code.BAD_REQUEST, f"status must be one of {', '.join(_LISTS)}")
    hub = _hub(request)
    ids = hub.store.recent(_LISTS[which], LIST_LIMIT)
    if which == "open":  # waiting tables are always in memory
        return {"tables": [t.summary() for t in map(hub.get, ids) if t.open_seats()]}
    return {"tables": [hub.listed(i) for i in ids]}


async def get_table(request: Request) -> dict[str, Any]:
    return {
        "table": _hub(request).get(request.path_params["table_id"]).summary(_hub(request).clock())
    }


async def join_table(request: Request) -> dict[str, Any]:
    return await lobby.join(_hub(request), request.path_params["table_id"], await _body(request))


async def replace_seat(request: Request) -> dict[str, Any]:
    p = request.path_params
    return await lobby.replace(_hub(request), p["table_id"], p["seat"], await _body(request))


async def close_table(request: Request) -> dict[str, Any]:
    return await lobby.close(_hub(request), request.path_params["table_id"], await _body(request))


async def get_replay(request: Request) -> dict[str, Any]:
    """The replay of an ended table; the only message that carries the game's seed."""
    hub = _hub(request)
    table = hub.get(request.path_params["table_id"])
    if table.status not in OVER:
        raise ServerError(Code.NOT_FINISHED, "a replay is available once the game has ended")
    key = (table.id, table.version)
    replay = hub.replays.get(key)
    if replay is None:
        # Rebuilding every position takes a moment in a long game: off the event loop.
        replay = await run_in_threadpool(replay_of, table, True)
        hub.replays.put(key, replay)
    return replay
