"""`boardbots replay FILE`: re-run a saved game exactly and print how it went and ended."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.console import Console

from boardbots.cli.errors import fail

console = Console()


def replay(
    file: Path = typer.Argument(..., help="A replay JSON from GET /api/tables/{id}/replay."),
    quiet: bool = typer.Option(False, help="Print only the result."),
) -> None:
    """Rebuild the game from its seed and re-apply every decision with full rule checks.

    Exits with status 1 if an action is illegal or the result differs from the
    file's, and 2 if the file is not a replay at all.
    """
    from boardbots.games import get_game
    from boardbots.server.replay import ReplayError, rerun

    data = _load(file)
    try:
        run = rerun(data)
    except ReplayError as exc:
        typer.echo(f"error: replay failed: {exc}", err=True)
        raise typer.Exit(1) from None
    except (ValueError, TypeError, KeyError, OverflowError) as exc:
        # A value of the wrong kind where an action should be, caught by the engine.
        fail(f"{file} holds an action this game cannot read: {exc}")
    if not quiet:
        for line in run.lines:
            console.print(line, highlight=False)
        console.print(get_game(data["game"]).render(run.state), highlight=False)
    if run.result is None:
        console.print(f"unfinished after {len(run.lines)} decisions ({data.get('status')})")
    else:
        console.print(f"result after {len(run.lines)} decisions: {run.result}")


def _load(file: Path) -> dict[str, Any]:
    """The file as a replay's JSON object, or a one-line error saying why it is not one."""
    if file.exists() and not file.is_dir() and not file.is_file():
        fail(f"{file} is not a replay: it is not a regular file")  # /dev/zero never ends
    try:
        data = json.loads(file.read_bytes().decode("utf-8"))
    except OSError as exc:
        fail(f"cannot read {file}: {exc.strerror or exc}")
    except UnicodeDecodeError:
        fail(f"{file} is not a replay: it is not text")
    except json.JSONDecodeError as exc:
        fail(f"{file} is not a replay: not JSON ({exc})")
    except RecursionError:
        fail(f"{file} is not a replay: its JSON nests too deeply")
    if not isinstance(data, dict):
        fail(f"{file} is not a replay: it holds a JSON {type(data).__name__}, not an object")
    from boardbots.server.replay import FORMAT

    if data.get("format") != FORMAT:
        named = data.get("format")
        why = "it names no format" if named is None else f"its format is {named!r}"
        fail(f"{file} is not a replay: {why}, not {FORMAT!r}")
    actions = data.get("actions", [])
    if not isinstance(actions, list) or not all(isinstance(a, dict) for a in actions):
        fail(f"{file} is not a replay: 'actions' must be a list of objects")
    missing = next((n for n, a in enumerate(actions) if "action" not in a), None)
    if missing is not None:
        fail(f"{file} is not a replay: decision {missing} has no 'action'")
    return data


def register(app: typer.Typer) -> None:
    app.command("replay")(replay)
