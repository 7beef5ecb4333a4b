"""A game's web files live in its own folder, so adding a game changes no file of the app.

A game's plug-in declares the folder of its renderer, styles and strings
(`GamePlugin.web`; `games/<name>/web/` for the games shipped here). The server
serves them under `games/<name>/web/` and /api/config lists their addresses; the
app loads them from there (docs/web.md, "Game renderers"). Addresses are relative
so `boardbots export-static` can copy the same files to the same places.
"""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, Response
from starlette.routing import Route

from boardbots.core.contract import Game
from boardbots.games import all_games, get_game, plugin_for

RENDERER = "renderer.js"
STYLES = "game.css"
MEDIA_TYPES = {
    ".js": "text/javascript",
    ".css": "text/css",
    ".json": "application/json",
    ".svg": "image/svg+xml",
}


def web_dir(game: Game) -> Path | None:
    """The game's web folder (its plug-in's declared `web`), or None for a game without
    a renderer."""
    folder = plugin_for(game.meta.name).web
    return folder if folder is not None and (folder / RENDERER).is_file() else None


def web_prefix(name: str) -> str:
    return f"games/{name}/web/"


def web_info(game: Game) -> dict[str, object] | None:
    """What /api/config tells the app about a game's web files (relative addresses)."""
    folder = web_dir(game)
    if folder is None:
        return None
    prefix = web_prefix(game.meta.name)
    strings = sorted((folder / "i18n").glob("*.json"))
    return {
        "module": prefix + RENDERER,
        "styles": [prefix + STYLES] if (folder / STYLES).is_file() else [],
        "i18n": {p.stem: f"{prefix}i18n/{p.name}" for p in strings},
    }


def web_files() -> list[tuple[str, Path]]:
    """Every game's web files as (address, file): for the offline list and the export."""
    out: list[tuple[str, Path]] = []
    for game in all_games():
        folder = web_dir(game)
        if folder is None:
            continue
        prefix = web_prefix(game.meta.name)
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.suffix in MEDIA_TYPES:
                out.append((prefix + path.relative_to(folder).as_posix(), path))
    return out


async def game_file(request: Request) -> Response:
    """One file of a game's web folder; nothing outside it, whatever the path says."""
    try:
        folder = web_dir(get_game(request.path_params["name"]))
    except ValueError:
        folder = None
    if folder is None:
        return PlainTextResponse("not found", status_code=404)
    path = (folder / request.path_params["path"]).resolve()
    root = folder.resolve()
    if root not in path.parents or not path.is_file() or path.suffix not in MEDIA_TYPES:
        return PlainTextResponse("not found", status_code=404)
    return FileResponse(path, media_type=MEDIA_TYPES[path.suffix])


def routes() -> list[Route]:
    return [Route("/games/{name}/web/{path:path}", game_file)]
