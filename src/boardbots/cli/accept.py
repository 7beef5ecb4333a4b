"""`boardbots accept`: a game's acceptance experiments, judged and written as a report."""

from __future__ import annotations

import json
import os
import shlex
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.table import Table

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
from boardbots.sim import acceptance, output, report
from boardbots.sim.journal import code_hash
from boardbots.sim.stopping import stop_on_signals


def accept(
    game: str = typer.Option(..., help="Game name (see `boardbots games`)."),
    full: bool = typer.Option(False, help="Run the full experiments (2,000+ games each)."),
    seed: int = typer.Option(2026, help="Seed for the whole suite."),
    workers: int = typer.Option(os.cpu_count() or 1, min=1, max=MAX_WORKERS, help=WORKERS_HELP),
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
    backend: str = BACKEND_OPTION,
    address: str | None = ADDRESS_OPTION,
) -> None:
    """Run a game's acceptance experiments and judge each against its target.

    Every finished game is kept in OUT/journal/GAME/ as it ends, so a long
    (--full) run that stops can continue with --resume; --status shows how
    far a run has got, and its figures so far, while it plays elsewhere.
    """
    checks.seed(seed)
    try:
        suite = acceptance.load_experiments(game)
        acceptance.check_names(suite, only)
    except ValueError as exc:
        fail(str(exc))
    timed = {e["name"] for e in suite["experiments"] if e["measure"] == "decision_p95_ms"}
    if status:
        rows = acceptance.suite_status(game, full, seed, out / "journal", only or None)
        progress.console.print(
            _acceptance_table(f"journals: {game} ({'full' if full else 'small'})", rows)
        )
        if not (out / "journal" / game).is_dir():
            # A mistyped --out would otherwise read as a run that lost its games.
            progress.console.print(f"(no journals in {out / 'journal' / game}: nothing run there)")
        return
    checks.writable_folder(out / "journal" / game, "--out")
    where = checked(backend, address, workers)
    bar = progress.bar()
    tasks: dict[str, Any] = {}
    paces: dict[str, Pace] = {}

    def on_progress(name: str, done: int, total: int) -> None:
        now = progress.clock()
        if name not in tasks:  # the first call is the experiment's start
            tasks[name] = bar.add_task(name, total=total, rate="")
            paces[name] = Pace(done, now, "game" if name not in timed else "position")
        rate = paces[name].text(done, total, now)
        bar.update(tasks[name], completed=done, rate=rate)
        progress.plain_line(name, done, total, rate)

    with bar, stop_on_signals():
        try:
            rows = acceptance.run_suite(
                game,
                full,
                seed,
                workers,
                on_progress,
                only or None,
                ci,
                out / "journal",
                resume,
                where,
            )
        except ValueError as exc:
            fail(str(exc))
        except KeyboardInterrupt as exc:
            _stopped(exc, game, full, seed, out, only, ci)
    order = [e["name"] for e in suite["experiments"]]
    _write_acceptance(game, full, seed, rows, out, order if only else None)
    failed = [r["name"] for r in rows if r["passed"] is False and not r.get("report_only")]
    if failed:
        progress.console.print(f"[red]FAILED[/]: {', '.join(failed)}")
        raise typer.Exit(1)
    skipped = [r["name"] for r in rows if r.get("skipped")]
    if skipped:
        progress.console.print(
            f"[yellow]not run here[/]: {', '.join(skipped)} (see the reasons above)"
        )
    progress.console.print("[green]every strength target that ran was met[/]")


def _stopped(
    exc: KeyboardInterrupt,
    game: str,
    full: bool,
    seed: int,
    out: Path,
    only: list[str] | None,
    ci: bool,
) -> NoReturn:
    """Every finished game is in the journals: say so, and how to continue."""
    again = ["boardbots accept", f"--game {game}", f"--seed {seed}"]
    again += ["--full"] if full else []
    again += ["--ci"] if ci else []
    again += [f"--only {shlex.quote(name)}" for name in only or []]
    again += [f"--out {shlex.quote(str(out))}", "--resume"]
    kept = out / "journal" / game
    progress.stop_run(
        exc, f": the finished games are kept in {kept}. To continue:\n" + " ".join(again)
    )


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
    progress.console.print(
        _acceptance_table(f"acceptance: {game} ({'full' if full else 'small'})", rows)
    )
    for r in rows:
        if r.get("ci_note"):
            rule = f" (CI verdict: {r['ci_rule']} the target)" if r.get("ci_rule") else ""
            progress.console.print(f"{r['name']}: {r['ci_note']}{rule}")
        if r.get("open"):
            progress.console.print(f"{r['name']}: target not met yet, reported only: {r['open']}")
    stem = out / f"{game}-{'full' if full else 'small'}"
    data: dict[str, Any] = {
        "game": game,
        "full": full,
        "seed": seed,
        "code": code_hash(game),
        "rows": rows,
    }
    if merge_order is not None:
        data, kept = report.merge_rows(_read_report(stem.with_suffix(".json")), data, merge_order)
        if kept:
            progress.console.print(
                f"kept from the earlier report (same seed and code): {', '.join(kept)}"
            )
        else:
            progress.console.print("the report holds only the experiments run now")
    report.dump(data, stem.with_suffix(".json"))
    svg = report.interval_chart(
        [r for r in data["rows"] if r.get("value") is not None], f"{game}: measured vs target"
    )
    output.write_text(stem.with_suffix(".svg"), svg)
    table_md = report.markdown_table(data["rows"])
    page = (
        f"# Acceptance: {game}\n\nSeed {seed}, bots code {data['code']}.\n\n"
        f"{table_md}\n\n![chart]({stem.name}.svg)\n"
    )
    output.write_text(stem.with_suffix(".md"), page)
    progress.console.print(f"report written to {stem}.json, .md and .svg")


def register(app: typer.Typer) -> None:
    app.command("accept")(accept)
