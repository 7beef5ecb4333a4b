"""`boardbots sim`: bots against each other, seats rotating, with a live win-share table."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import typer
from rich.live import Live
from rich.progress import Progress
from rich.table import Table

from boardbots.bots.registry import make_bot, split_seats
from boardbots.cli import progress
from boardbots.cli.progress import Pace
from boardbots.sim import report
from boardbots.sim.harness import GameRecord, MatchSpec, run
from boardbots.sim.journal import Journal
from boardbots.sim.metrics import win_shares


def game_options(text: str | None) -> dict[str, Any]:
    if not text:
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise typer.BadParameter(f"--options must be a JSON object: {exc}") from None
    if not isinstance(value, dict):
        raise typer.BadParameter("--options must be a JSON object, e.g. '{\"size\": 9}'")
    return value


def _share_table(records: list[GameRecord]) -> Table:
    table = Table(title="win share so far")
    for col in ("bot", "share", "95% interval", "baseline"):
        table.add_column(col)
    for code, s in win_shares(records).items():
        table.add_row(
            code, f"{s['mean']:.1%}", f"{s['low']:.1%} - {s['high']:.1%}", f"{s['baseline']:.0%}"
        )
    return table


def sim(
    game: str = typer.Option(..., help="Game name: y or domination."),
    seats: str = typer.Option(..., help="Bot code per seat, e.g. hard,medium,medium,medium."),
    games: int = typer.Option(100, min=1, help="Number of games."),
    seed: int = typer.Option(1, help="Run seed; game i uses a seed derived from it."),
    options: str = typer.Option(None, help="Game options as JSON, e.g. '{\"size\": 9}'."),
    out: Path = typer.Option(None, help="Write the JSON report here (schema in docs/sim.md)."),
    workers: int = typer.Option(os.cpu_count() or 1, min=1, help="Worker processes."),
    journal: Path = typer.Option(
        None, help="Keep every finished game in this file (JSON lines) as it ends."
    ),
    resume: bool = typer.Option(
        False, help="Continue the run in --journal: play only the games it lacks."
    ),
) -> None:
    """Play bots against each other; seats rotate every game."""
    if resume and journal is None:
        raise typer.BadParameter("--resume needs --journal: the file of the run to continue")
    try:
        spec = MatchSpec(game, tuple(split_seats(seats)), game_options(options))
        for code in spec.seats:
            make_bot(code)
        book = Journal(journal, spec, seed) if journal else None
        kept = book.begin(resume, games) if book else {}
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    records: list[GameRecord] = list(kept.values())
    bar = progress.bar()
    task = bar.add_task(f"{game} {seats}", total=games, completed=len(records), rate="")
    start = progress.clock()
    pace = Pace(len(records), start)
    with Live(console=progress.console, refresh_per_second=4) as live:

        def on_game(rec: GameRecord) -> None:
            records.append(rec)
            if book:
                book.append(rec)
            rate = pace.text(len(records), games, progress.clock())
            bar.update(task, advance=1, rate=rate)
            live.update(_grid(bar, records))
            progress.plain_line(f"{game} {seats}", len(records), games, rate)

        try:
            final = run(spec, games, seed, workers, on_game, kept)
        except ValueError as exc:
            raise typer.BadParameter(str(exc)) from None
    elapsed = progress.clock() - start
    data = report.run_report(
        spec, seed, final, {"elapsed_s": round(elapsed, 2), "workers": workers}
    )
    if out:
        report.dump(data, out)
        progress.console.print(f"report written to {out}")


def _grid(bar: Progress, records: list[GameRecord]) -> Table:
    grid = Table.grid()
    grid.add_row(bar)
    if records:
        grid.add_row(_share_table(records))
    return grid


def register(app: typer.Typer) -> None:
    app.command("sim")(sim)
