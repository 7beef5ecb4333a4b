"""`boardbots compile`: the optional native build of the engines and Hard's inner loop.

Without it everything runs as Python, the same games move for move; with it
the lab and the server's bots run about 1.5x faster. `--status` says which
one this process would use, `--off` removes the builds.
"""

from __future__ import annotations

import shutil

import typer

from boardbots.cli.errors import fail


def compile_native(
    status: bool = typer.Option(False, help="Only say whether a native build is in use."),
    off: bool = typer.Option(False, help="Delete this Python's native builds."),
) -> None:
    """Compile the hot modules with mypyc into the user's cache (about a minute, once per
    source change). Needs mypy (the dev extra), a C compiler and Python's C headers."""
    from boardbots.native import build, finder, modules

    if status:
        typer.echo(finder.state())
        return
    if off:
        shutil.rmtree(modules.store(), ignore_errors=True)
        typer.echo(f"removed {modules.store()}: the next process runs plain Python")
        return
    try:
        folder = build.build(typer.echo)
    except build.BuildError as exc:
        fail(str(exc))
    except OSError as exc:  # the store is not writable: BOARDBOTS_NATIVE_DIR, a full disk
        where = exc.filename or modules.store()
        fail(f"cannot write the build at {where}: {exc.strerror or exc}")
    typer.echo(f"new processes now load {len(modules.MODULES)} compiled modules from {folder}")


def register(app: typer.Typer) -> None:
    app.command("compile")(compile_native)
