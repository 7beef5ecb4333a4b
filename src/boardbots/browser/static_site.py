"""`boardbots export-static DIR`: the app as plain files, solo tables only.

The folder holds the web app, the pinned Pyodide files, the code bundle and a
fixed `api/config` (the default server settings, marked `static`), so any
static file host can serve it: the page finds everything by relative address
and every bot runs in the player's browser.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from boardbots.browser import pyodide_cache
from boardbots.browser.bundle import current_bundle

STATIC_DIR = Path(__file__).resolve().parents[1] / "web" / "static"
HEADERS = """/*
  Content-Security-Policy: {csp}
  X-Content-Type-Options: nosniff
/pyodide/*
  Cache-Control: public, max-age=31536000, immutable
/bundle/*
  Cache-Control: public, max-age=31536000, immutable
"""
"""A `_headers` file, read by hosts that take one (Netlify, Cloudflare Pages); others
ignore it and need the same headers set their own way (docs/web.md)."""


def static_config() -> dict[str, Any]:
    """What /api/config would say with default settings, pointing at relative files."""
    from boardbots.server.config import ServerConfig
    from boardbots.server.http_api import public_config

    config = public_config(ServerConfig())
    release = pyodide_cache.pin()
    config["static"] = True
    config["browser"].update(
        available=True,
        reason=None,
        pyodide_url=f"pyodide/{release.version}/",
        bundle_url=f"bundle/{current_bundle().name}",
    )
    return config


def export_static(dest: Path) -> list[Path]:
    """Write the site into `dest` (created, or emptied of our own folders); returns the
    files written. Raises ValueError without the Pyodide cache."""
    reason = pyodide_cache.unavailable_reason()
    if reason is not None:
        raise ValueError(reason)
    from boardbots.server.browser_assets import CSP, app_files
    from boardbots.server.game_web import web_files

    shutil.copytree(STATIC_DIR, dest, dirs_exist_ok=True)
    for address, path in web_files():  # each game's renderer, at the address /api/config gives
        (dest / address).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, dest / address)
    release = pyodide_cache.pin()
    runtime = dest / "pyodide" / release.version
    runtime.mkdir(parents=True, exist_ok=True)
    for name in release.files:
        shutil.copyfile(pyodide_cache.release_dir() / name, runtime / name)
    bundle = current_bundle()
    (dest / "bundle").mkdir(exist_ok=True)
    (dest / "bundle" / bundle.name).write_bytes(bundle.data)
    (dest / "api").mkdir(exist_ok=True)
    (dest / "api" / "config").write_text(json.dumps(static_config()))
    (dest / "_headers").write_text(HEADERS.format(csp=CSP))
    (dest / "app-files.json").write_text(json.dumps(app_files(STATIC_DIR)))
    return sorted(p for p in dest.rglob("*") if p.is_file())
