"""`boardbots sim`: bots against each other, seats rotating, with a live win-share table."""

from __future__ import annotations

import os
import shlex
from pathlib import Path
from typing import NoReturn

import typer
from rich.live import Live
from rich.progress import Progress
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
from boardbots.cli.progress import Pace
from boardbots.sim import report
from boardbots.sim.harness import GameRecord, MatchSpec, run
from boardbots.sim.journal import Journal
from boardbots.sim.metrics import win_shares
from boardbots.sim.pools import Backend, CodeMismatch
from boardbots.sim.stopping import stop_on_signals


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
    game: str = typer.Option(..., help="Game name (see `boardbots games`)."),
    seats: str = typer.Option(..., help="Bot code per seat, e.g. hard,medium,medium,medium."),
    games: int = typer.Option(100, min=1, help="Number of games."),
    seed: int = typer.Option(1, help="Run seed; game i uses a seed derived from it."),
    options: str = typer.Option(None, help="Game options as JSON, e.g. '{\"size\": 9}'."),
    out: Path = typer.Option(None, help="Write the JSON report here (schema in docs/sim.md)."),
    workers: int = typer.Option(os.cpu_count() or 1, min=1, max=MAX_WORKERS, help=WORKERS_HELP),
    journal: Path = typer.Option(
        None, help="Keep every finished game in this file (JSON lines) as it ends."
    ),
    resume: bool = typer.Option(
        False, help="Continue the run in --journal: play only the games it lacks."
    ),
    backend: str = BACKEND_OPTION,
    address: str | None = ADDRESS_OPTION,
) -> None:
    """Play bots against each other; seats rotate every game."""
    spec, book, kept = _prepare(game, seats, games, seed, options, out, journal, resume)
    where = checked(backend, address, workers)
    records: list[GameRecord] = list(kept.values())
    start = progress.clock()
    with stop_on_signals():
        try:
            final = _play(spec, games, seed, workers, book, records, where)
        except CodeMismatch as exc:
            fail(str(exc))
        except KeyboardInterrupt as exc:
            _stopped(exc, spec, games, seed, options, journal, len(records))
    elapsed = progress.clock() - start
    data = report.run_report(
        spec, seed, final, {"elapsed_s": round(elapsed, 2), "workers": workers, "backend": backend}
    )
    if out:
        report.dump(data, out)
        progress.console.print(f"report written to {out}")


def _prepare(
    game: str,
    seats: str,
    games: int,
    seed: int,
    options: str | None,
    out: Path | None,
    journal: Path | None,
    resume: bool,
) -> tuple[MatchSpec, Journal | None, dict[int, GameRecord]]:
    """Every check of the run's input, then the journal opened: nothing is played yet."""
    if resume and journal is None:
        fail("--resume needs --journal: the file of the run to continue")
    checks.seed(seed)
    try:
        codes = split_seats(seats)
    except ValueError as exc:
        fail(f"--seats: {exc}")
    spec = MatchSpec(game, tuple(codes), checks.options(options))
    checks.lineup(game, codes, spec.options)
    if out is not None:
        checks.writable_file(out, "--out")
    if journal is None:
        return spec, None, {}
    checks.writable_file(journal, "--journal")
    book = Journal(journal, spec, seed)
    try:
        return spec, book, book.begin(resume, games)
    except (OSError, ValueError) as exc:
        fail(f"--journal {journal}: {exc}")


def _play(
    spec: MatchSpec,
    games: int,
    seed: int,
    workers: int,
    book: Journal | None,
    records: list[GameRecord],
    backend: Backend,
) -> list[GameRecord]:
    """The run with its live bar; `records` grows as games end (a stop keeps them)."""
    label = f"{spec.game} {','.join(spec.seats)}"
    kept = {r.index: r for r in records}
    bar = progress.bar()
    task = bar.add_task(label, total=games, completed=len(records), rate="")
    pace = Pace(len(records), progress.clock())
    with Live(console=progress.console, refresh_per_second=4) as live:

        def on_game(rec: GameRecord) -> None:
            records.append(rec)
            if book:
                book.append(rec)
            rate = pace.text(len(records), games, progress.clock())
            bar.update(task, advance=1, rate=rate)
            live.update(_grid(bar, records))
            progress.plain_line(label, len(records), games, rate)

        return run(spec, games, seed, workers, on_game, kept, backend)


def _stopped(
    exc: KeyboardInterrupt,
    spec: MatchSpec,
    games: int,
    seed: int,
    options: str | None,
    journal: Path | None,
    finished: int,
) -> NoReturn:
    """Say what a stopped run kept and the command that continues it."""
    if journal is None:
        progress.stop_run(
            exc,
            f" after {finished} of {games} games; none were kept. "
            "Run with --journal FILE to be able to --resume a stopped run.",
        )
    again = [
        "boardbots sim", f"--game {spec.game}", f"--seats {shlex.quote(','.join(spec.seats))}",
        f"--games {games}", f"--seed {seed}",
    ]  # fmt: skip
    if options:
        again.append(f"--options {shlex.quote(options)}")
    again += [f"--journal {shlex.quote(str(journal))}", "--resume"]
    progress.stop_run(
        exc,
        f": {finished} of {games} games are kept in {journal}. To continue:\n" + " ".join(again),
    )


def _grid(bar: Progress, records: list[GameRecord]) -> Table:
    grid = Table.grid()
    grid.add_row(bar)
    if records:
        grid.add_row(_share_table(records))
    return grid


def register(app: typer.Typer) -> None:
    app.command("sim")(sim)
