"""`boardbots fetch-pyodide`: put the pinned Pyodide release in the local cache, once.

`./dev start` and the dev check's install step call it; a failure is not fatal
for the app, which then keeps bots on the server and says why.
"""

from __future__ import annotations

import urllib.error
from pathlib import Path

import typer

from boardbots.cli.errors import fail


def fetch_pyodide(
    cache: Path = typer.Option(
        None,
        help="Cache folder.",
        show_default="$BOARDBOTS_PYODIDE_CACHE or ~/.cache/boardbots/pyodide",
    ),
    quiet: bool = typer.Option(False, help="Print nothing when the cache is already complete."),
) -> None:
    """Download the pinned Pyodide tarball from the npm registry, check its sha512 and
    keep only the files the app serves. Does nothing when the cache is complete."""
    from boardbots.browser import pyodide_cache

    ready = pyodide_cache.unavailable_reason(cache) is None
    try:
        folder = pyodide_cache.fetch(cache)
    except (OSError, urllib.error.URLError, ValueError) as exc:
        why = str(exc)
        if isinstance(exc, OSError) and exc.filename:  # the cache, not the network
            why = f"cannot write {exc.filename}: {exc.strerror}"
        fail(f"cannot fetch Pyodide {pyodide_cache.pin().version}: {why}")
    if not (ready and quiet):
        typer.echo(f"Pyodide {pyodide_cache.pin().version} is in {folder}")


def register(app: typer.Typer) -> None:
    app.command("fetch-pyodide")(fetch_pyodide)
