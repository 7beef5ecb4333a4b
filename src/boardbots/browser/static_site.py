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


MARKER = ".boardbots-site"
"""Written into every export, so a later export knows the folder is one of ours."""

OWN_FOLDERS = ("pyodide", "bundle")
"""Folders whose old contents a new export replaces: their file names carry versions,
so without emptying them every export would leave the last one's files behind."""


def export_static(dest: Path) -> list[Path]:
    """Write the site into `dest` (new, empty, or an earlier export, whose versioned
    folders are emptied first); returns the files written. Raises ValueError without
    the Pyodide cache, or when `dest` holds anything else, so that no one's files are
    overwritten by a mistyped path."""
    reason = pyodide_cache.unavailable_reason()
    if reason is not None:
        raise ValueError(reason)
    _check_destination(dest)
    from boardbots.server.browser_assets import CSP, app_files
    from boardbots.server.game_web import web_files

    for name in OWN_FOLDERS:
        shutil.rmtree(dest / name, ignore_errors=True)
    written = [dest / f.relative_to(STATIC_DIR) for f in STATIC_DIR.rglob("*") if f.is_file()]
    shutil.copytree(STATIC_DIR, dest, dirs_exist_ok=True)
    for address, path in web_files():  # each game's renderer, at the address /api/config gives
        (dest / address).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, dest / address)
        written.append(dest / address)
    release = pyodide_cache.pin()
    runtime = dest / "pyodide" / release.version
    runtime.mkdir(parents=True, exist_ok=True)
    for name in release.files:
        shutil.copyfile(pyodide_cache.release_dir() / name, runtime / name)
        written.append(runtime / name)
    bundle = current_bundle()
    (dest / "bundle").mkdir(exist_ok=True)
    texts: dict[str, str | bytes] = {
        f"bundle/{bundle.name}": bundle.data,
        "api/config": json.dumps(static_config()),
        "_headers": HEADERS.format(csp=CSP),
        "app-files.json": json.dumps(app_files(STATIC_DIR)),
        MARKER: "Written by boardbots export-static; a new export replaces this folder's.\n",
    }
    (dest / "api").mkdir(exist_ok=True)
    for address, content in texts.items():
        path = dest / address
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content)
        written.append(path)
    return sorted(set(written))


def _check_destination(dest: Path) -> None:
    if dest.exists() and not dest.is_dir():
        raise ValueError(f"{dest} is a file, not a folder")
    if dest.is_dir() and any(dest.iterdir()) and not (dest / MARKER).is_file():
        raise ValueError(
            f"{dest} already holds files that are not an earlier export; give a new or empty folder"
        )
