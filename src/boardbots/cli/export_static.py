"""`boardbots export-static DIR`: write the app as a static site (solo tables only)."""

from __future__ import annotations

from pathlib import Path

import typer

from boardbots.cli.errors import fail


def export_static(
    folder: str = typer.Argument(
        ..., help="Where to write the site: a new or empty folder, or an earlier export."
    ),
) -> None:
    """Write the web app, Pyodide and the code bundle as plain files. Any static file
    host can serve them: every table is solo and every bot runs in the browser.
    Needs the Pyodide cache (`boardbots fetch-pyodide`)."""
    from boardbots.browser.static_site import export_static as write_site

    if not folder.strip():
        fail("give the folder to write the site to")
    try:
        files = write_site(Path(folder))
    except ValueError as exc:
        fail(f"cannot export: {exc}")
    except OSError as exc:
        fail(f"cannot write {folder}: {exc.strerror or exc}")
    size = sum(p.stat().st_size for p in files)
    typer.echo(f"wrote {len(files)} files ({size / 1e6:.1f} MB) to {folder}")
    typer.echo(f"try it: python3 -m http.server -d {folder} 8080")


def register(app: typer.Typer) -> None:
    app.command("export-static")(export_static)
