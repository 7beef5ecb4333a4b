"""`boardbots tune`: grid search over a bot's parameters on one fixed set of games."""

from __future__ import annotations

import os

import typer
from rich.table import Table

from boardbots.bots.registry import split_seats
from boardbots.cli import progress
from boardbots.cli.sim import game_options
from boardbots.sim.tune import parse_grid, tune


def tune_cmd(
    game: str = typer.Option(..., help="Game name."),
    bot: str = typer.Option(..., help="Bot to tune, e.g. hard or hard:iterations=400."),
    grid: list[str] = typer.Option(
        ..., help="A parameter and its values: c=0.2,0.4,0.8 (repeatable)."
    ),
    lineup: str = typer.Option("*,medium", help="Seats, with * where the candidate sits."),
    games: int = typer.Option(100, min=1, help="Games per candidate (the same seeds for all)."),
    seed: int = typer.Option(1, help="Seed of the shared game set."),
    options: str = typer.Option(None, help="Game options as JSON."),
    workers: int = typer.Option(os.cpu_count() or 1, min=1, help="Worker processes."),
) -> None:
    """Grid-search bot parameters on a fixed seed set; best setting first."""
    try:
        rows = tune(
            game,
            bot,
            parse_grid(grid),
            split_seats(lineup),
            games,
            seed,
            workers,
            game_options(options),
        )
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    table = Table(title=f"tuning {bot} on {game} ({games} games each)")
    for col in ("candidate", "win share", "95% interval"):
        table.add_column(col)
    for r in rows:
        s = r["win_share"]
        table.add_row(r["code"], f"{s['mean']:.1%}", f"{s['low']:.1%} - {s['high']:.1%}")
    progress.console.print(table)
    progress.console.print(f"best: {rows[0]['code']}")


def register(app: typer.Typer) -> None:
    app.command("tune")(tune_cmd)
