"""`boardbots replay FILE`: re-run a saved game exactly and print how it went and ended."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console

console = Console()


def replay(
    file: Path = typer.Argument(..., help="A replay JSON from GET /api/tables/{id}/replay."),
    quiet: bool = typer.Option(False, help="Print only the result."),
) -> None:
    """Rebuild the game from its seed and re-apply every decision with full rule checks.

    Exits with status 1 if an action is illegal or the result differs from the file's.
    """
    from boardbots.games import get_game
    from boardbots.server.replay import ReplayError, rerun

    try:
        data = json.loads(file.read_text())
        run = rerun(data)
    except (OSError, json.JSONDecodeError, ReplayError) as exc:
        console.print(f"[red]replay failed:[/] {exc}")
        raise typer.Exit(1) from None
    if not quiet:
        for line in run.lines:
            console.print(line, highlight=False)
        console.print(get_game(data["game"]).render(run.state), highlight=False)
    if run.result is None:
        console.print(f"unfinished after {len(run.lines)} decisions ({data.get('status')})")
    else:
        console.print(f"result after {len(run.lines)} decisions: {run.result}")


def register(app: typer.Typer) -> None:
    app.command("replay")(replay)
