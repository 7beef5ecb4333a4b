"""`boardbots tune`: grid search over a bot's parameters on one fixed set of games."""

from __future__ import annotations

import os
from pathlib import Path
from typing import NoReturn

import typer
from rich.table import Table

from boardbots.bots.registry import split_seats
from boardbots.cli import checks, progress
from boardbots.cli.backend import (
    ADDRESS_OPTION,
    BACKEND_OPTION,
    MAX_WORKERS,
    WORKERS_HELP,
    checked,
)
from boardbots.cli.errors import fail
from boardbots.sim.stopping import stop_on_signals
from boardbots.sim.tune import lineups, parse_grid, tune


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
    workers: int = typer.Option(os.cpu_count() or 1, min=1, max=MAX_WORKERS, help=WORKERS_HELP),
    journal: Path = typer.Option(
        None, help="Folder keeping every candidate's finished games, one file each."
    ),
    resume: bool = typer.Option(
        False, help="Continue the run in --journal: play only what it lacks."
    ),
    backend: str = BACKEND_OPTION,
    address: str | None = ADDRESS_OPTION,
) -> None:
    """Grid-search bot parameters on a fixed seed set; best setting first."""
    if resume and journal is None:
        fail("--resume needs --journal: the folder of the run to continue")
    checks.seed(seed)
    opts = checks.options(options)
    try:
        values = parse_grid(grid)
        seats = split_seats(lineup)
        for candidate in lineups(bot, values, seats):
            checks.lineup(game, list(candidate), opts)
    except ValueError as exc:
        fail(str(exc))
    if journal is not None:
        checks.writable_folder(journal, "--journal")
    where = checked(backend, address, workers)
    with stop_on_signals():
        try:
            rows = tune(
                game, bot, values, seats, games, seed, workers, opts, None, journal, resume, where
            )
        except ValueError as exc:
            fail(str(exc))
        except KeyboardInterrupt as exc:
            _stopped(exc, journal)
    table = Table(title=f"tuning {bot} on {game} ({games} games each)")
    for col in ("candidate", "win share", "95% interval"):
        table.add_column(col)
    for r in rows:
        s = r["win_share"]
        table.add_row(r["code"], f"{s['mean']:.1%}", f"{s['low']:.1%} - {s['high']:.1%}")
    progress.console.print(table)
    progress.console.print(f"best: {rows[0]['code']}")


def _stopped(exc: KeyboardInterrupt, journal: Path | None) -> NoReturn:
    if journal is None:
        progress.stop_run(
            exc, "; no games were kept. Run with --journal FOLDER to be able to --resume."
        )
    progress.stop_run(
        exc,
        f": the finished games are kept in {journal}. To continue, run the same "
        "command again with --resume.",
    )


def register(app: typer.Typer) -> None:
    app.command("tune")(tune_cmd)
