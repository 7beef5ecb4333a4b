"""`boardbots sim`, `accept` and `tune`: the simulation lab from the command line."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.live import Live
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table

from boardbots.bots.registry import make_bot, split_seats
from boardbots.cli.pace import Pace
from boardbots.sim import acceptance, report
from boardbots.sim.harness import GameRecord, MatchSpec, run
from boardbots.sim.journal import Journal, code_hash
from boardbots.sim.metrics import win_shares
from boardbots.sim.tune import parse_grid, tune

console = Console(stderr=True)


def _options(text: str | None) -> dict[str, Any]:
    if not text:
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise typer.BadParameter(f"--options must be a JSON object: {exc}") from None
    if not isinstance(value, dict):
        raise typer.BadParameter("--options must be a JSON object, e.g. '{\"size\": 9}'")
    return value


def _progress() -> Progress:
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),  # speed and time left (cli/pace.py)
        console=console,
    )


PLAIN_EVERY_S = 60.0  # with no terminal, a line at least this often on a slow run
_last_line: dict[str, float] = {}
_clock = time.monotonic  # replaced in tests


def _plain_progress(name: str, done: int, total: int, rate: str = "") -> None:
    """A line at every tenth of the work, and at least once a minute, when no terminal
    shows the live bar (CI logs, output sent to a file), so a long run never looks stuck."""
    if console.is_terminal:
        return
    now = _clock()
    tenth = done == total or done % max(1, total // 10) == 0
    if not tenth and now - _last_line.setdefault(name, now) < PLAIN_EVERY_S:
        return
    _last_line[name] = now
    console.print(f"{name}: {done}/{total} {rate}".rstrip(), highlight=False)


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
        spec = MatchSpec(game, tuple(split_seats(seats)), _options(options))
        for code in spec.seats:
            make_bot(code)
        book = Journal(journal, spec, seed) if journal else None
        kept = book.begin(resume, games) if book else {}
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    records: list[GameRecord] = list(kept.values())
    bar = _progress()
    task = bar.add_task(f"{game} {seats}", total=games, completed=len(records), rate="")
    start = _clock()
    pace = Pace(len(records), start)
    with Live(console=console, refresh_per_second=4) as live:

        def on_game(rec: GameRecord) -> None:
            records.append(rec)
            if book:
                book.append(rec)
            rate = pace.text(len(records), games, _clock())
            bar.update(task, advance=1, rate=rate)
            live.update(_grid(bar, records))
            _plain_progress(f"{game} {seats}", len(records), games, rate)

        try:
            final = run(spec, games, seed, workers, on_game, kept)
        except ValueError as exc:
            raise typer.BadParameter(str(exc)) from None
    elapsed = _clock() - start
    data = report.run_report(
        spec, seed, final, {"elapsed_s": round(elapsed, 2), "workers": workers}
    )
    if out:
        report.dump(data, out)
        console.print(f"report written to {out}")


def _grid(bar: Progress, records: list[GameRecord]) -> Table:
    grid = Table.grid()
    grid.add_row(bar)
    if records:
        grid.add_row(_share_table(records))
    return grid


def accept(
    game: str = typer.Option(..., help="Game name: y or domination."),
    full: bool = typer.Option(False, help="Run the full experiments (2,000+ games each)."),
    seed: int = typer.Option(2026, help="Seed for the whole suite."),
    workers: int = typer.Option(os.cpu_count() or 1, min=1, help="Worker processes."),
    out: Path = typer.Option(
        Path("artifacts/acceptance"), help="Folder for the JSON, Markdown and SVG report."
    ),
    only: list[str] = typer.Option(None, help="Run only the experiment(s) with this name."),
    ci: bool = typer.Option(
        False, help="Skip (and list) experiments the data marks too long for CI, with why."
    ),
    resume: bool = typer.Option(
        False,
        help="Reuse the games already played (journals in OUT/journal) and play the rest.",
    ),
    status: bool = typer.Option(
        False,
        help="Play nothing: show each experiment's figure over the games its journal "
        "holds so far (judged only once every game is in).",
    ),
) -> None:
    """Run a game's acceptance experiments and judge each against its target.

    Every finished game is kept in OUT/journal/GAME/ as it ends, so a long
    (--full) run that stops can continue with --resume; --status shows how
    far a run has got, and its figures so far, while it plays elsewhere.
    """
    try:
        suite = acceptance.load_experiments(game)
        acceptance.check_names(suite, only)
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    timed = {e["name"] for e in suite["experiments"] if e["measure"] == "decision_p95_ms"}
    if status:
        rows = acceptance.suite_status(game, full, seed, out / "journal", only or None)
        console.print(_acceptance_table(f"journals: {game} ({'full' if full else 'small'})", rows))
        return
    bar = _progress()
    tasks: dict[str, Any] = {}
    paces: dict[str, Pace] = {}

    def progress(name: str, done: int, total: int) -> None:
        now = _clock()
        if name not in tasks:  # the first call is the experiment's start
            tasks[name] = bar.add_task(name, total=total, rate="")
            paces[name] = Pace(done, now, "game" if name not in timed else "position")
        rate = paces[name].text(done, total, now)
        bar.update(tasks[name], completed=done, rate=rate)
        _plain_progress(name, done, total, rate)

    with bar:
        try:
            rows = acceptance.run_suite(
                game, full, seed, workers, progress, only or None, ci, out / "journal", resume
            )
        except ValueError as exc:
            raise typer.BadParameter(str(exc)) from None
    order = [e["name"] for e in suite["experiments"]]
    _write_acceptance(game, full, seed, rows, out, order if only else None)
    failed = [r["name"] for r in rows if r["passed"] is False and not r.get("report_only")]
    if failed:
        console.print(f"[red]FAILED[/]: {', '.join(failed)}")
        raise typer.Exit(1)
    skipped = [r["name"] for r in rows if r.get("skipped")]
    if skipped:
        console.print(f"[yellow]not run here[/]: {', '.join(skipped)} (see the reasons above)")
    console.print("[green]every strength target that ran was met[/]")


def _acceptance_table(title: str, rows: list[dict[str, Any]]) -> Table:
    table = Table(title=title)
    for col in ("experiment", "target", "measured", "95% interval", "n", "result"):
        table.add_column(col)
    for r in rows:
        unjudged = r.get("skipped") or r["passed"] is None
        colour = "[yellow]" if unjudged else "[green]" if r["passed"] else "[red]"
        table.add_row(
            r["name"],
            r["target_text"],
            r["value_text"],
            r.get("interval_text", ""),
            report.games_text(r),
            colour + report.verdict(r),
        )
    return table


def _read_report(path: Path) -> dict[str, Any] | None:
    try:
        data = json.loads(path.read_text())
    except (OSError, ValueError):
        return None  # none yet, or unreadable: the new one replaces it
    return data if isinstance(data, dict) else None


def _write_acceptance(
    game: str,
    full: bool,
    seed: int,
    rows: list[dict[str, Any]],
    out: Path,
    merge_order: list[str] | None = None,
) -> None:
    """Print the table and write the report; with `merge_order` (an `--only` run) the
    rows join the suite's earlier report where it is of the same seed and code."""
    console.print(_acceptance_table(f"acceptance: {game} ({'full' if full else 'small'})", rows))
    for r in rows:
        if r.get("ci_note"):
            console.print(f"{r['name']}: {r['ci_note']}")
    stem = out / f"{game}-{'full' if full else 'small'}"
    data: dict[str, Any] = {
        "game": game,
        "full": full,
        "seed": seed,
        "code": code_hash(),
        "rows": rows,
    }
    if merge_order is not None:
        data, kept = report.merge_rows(_read_report(stem.with_suffix(".json")), data, merge_order)
        if kept:
            console.print(f"kept from the earlier report (same seed and code): {', '.join(kept)}")
        else:
            console.print("the report holds only the experiments run now")
    report.dump(data, stem.with_suffix(".json"))
    svg = report.interval_chart(
        [r for r in data["rows"] if r.get("value") is not None], f"{game}: measured vs target"
    )
    stem.with_suffix(".svg").write_text(svg)
    table_md = report.markdown_table(data["rows"])
    page = (
        f"# Acceptance: {game}\n\nSeed {seed}, bots code {data['code']}.\n\n"
        f"{table_md}\n\n![chart]({stem.name}.svg)\n"
    )
    stem.with_suffix(".md").write_text(page)
    console.print(f"report written to {stem}.json, .md and .svg")


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
            _options(options),
        )
    except ValueError as exc:
        raise typer.BadParameter(str(exc)) from None
    table = Table(title=f"tuning {bot} on {game} ({games} games each)")
    for col in ("candidate", "win share", "95% interval"):
        table.add_column(col)
    for r in rows:
        s = r["win_share"]
        table.add_row(r["code"], f"{s['mean']:.1%}", f"{s['low']:.1%} - {s['high']:.1%}")
    console.print(table)
    console.print(f"best: {rows[0]['code']}")


def register(app: typer.Typer) -> None:
    app.command("sim")(sim)
    app.command("accept")(accept)
    app.command("tune")(tune_cmd)
