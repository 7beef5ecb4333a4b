"""What the browser needs to run bots itself: the pinned Pyodide files, the code
bundle, the page's Content-Security-Policy, and the `browser` part of /api/config.

Pyodide is served from the local cache only (`boardbots fetch-pyodide` fills it);
when it is missing, /api/config says why and the app keeps bots on the server.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from boardbots.browser import pyodide_cache
from boardbots.browser.bundle import current_bundle

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self' 'wasm-unsafe-eval'",  # Pyodide compiles its WebAssembly
        "worker-src 'self'",
        "connect-src 'self'",
        "img-src 'self' data: blob:",
        "style-src 'self' 'unsafe-inline'",
        "object-src 'none'",
        "base-uri 'self'",
        "frame-ancestors 'none'",
    ]
)
MEDIA_TYPES = {
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".json": "application/json",
}
IMMUTABLE = "public, max-age=31536000, immutable"
"""Both addresses name their content (a version, a digest), so browsers may keep them."""
PYODIDE_PREFIX = "/pyodide/"
BUNDLE_PREFIX = "/bundle/"
APP_FILES = "/app-files.json"


def browser_config() -> dict[str, Any]:
    """Whether Workers can run bots here, and where their files are."""
    release = pyodide_cache.pin()
    reason = pyodide_cache.unavailable_reason()
    return {
        "available": reason is None,
        "reason": reason,
        "pyodide_version": release.version,
        "pyodide_url": f"{PYODIDE_PREFIX}{release.version}/",
        "bundle_url": BUNDLE_PREFIX + current_bundle().name,
        "pyodide_files": list(release.files),
    }


def app_files(static_dir: Path) -> list[str]:
    """Every file of the web app, relative to it: what the service worker keeps for
    offline use when it installs."""
    from boardbots.server.game_web import web_files

    files = [p.relative_to(static_dir).as_posix() for p in static_dir.rglob("*") if p.is_file()]
    files += [address for address, _ in web_files()]  # each game's renderer, styles, strings
    return ["./", "api/config", *sorted(files)]


async def pyodide_file(request: Request) -> Response:
    release = pyodide_cache.pin()
    name = request.path_params["name"]
    if request.path_params["version"] != release.version or name not in release.files:
        return PlainTextResponse("not found", status_code=404)
    if pyodide_cache.unavailable_reason() is not None:
        return PlainTextResponse("Pyodide is not available on this server", status_code=404)
    path = pyodide_cache.release_dir() / name
    media = MEDIA_TYPES[path.suffix]
    headers = {"Cache-Control": IMMUTABLE, "Vary": "Accept-Encoding"}
    packed = path.with_name(name + ".gz")
    if "gzip" in request.headers.get("accept-encoding", "") and packed.is_file():
        return FileResponse(
            packed, media_type=media, headers=headers | {"Content-Encoding": "gzip"}
        )
    return FileResponse(path, media_type=media, headers=headers)


async def bundle_file(request: Request) -> Response:
    bundle = current_bundle()
    if request.path_params["name"] != bundle.name:
        return PlainTextResponse("not found (the bundle has a new name)", status_code=404)
    headers = {"Cache-Control": IMMUTABLE}
    return Response(bundle.data, media_type="application/zip", headers=headers)


def routes(static_dir: Path) -> list[Route]:
    async def listing(request: Request) -> Response:
        return JSONResponse(app_files(static_dir))

    return [
        Route(APP_FILES, listing),
        Route(PYODIDE_PREFIX + "{version}/{name}", pyodide_file),
        Route(BUNDLE_PREFIX + "{name}", bundle_file),
    ]


class SecurityHeaders:
    """Adds the CSP (and nosniff, so a wrong type is never guessed) to every HTTP reply."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers.append((b"content-security-policy", CSP.encode()))
                headers.append((b"x-content-type-options", b"nosniff"))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, with_headers)
