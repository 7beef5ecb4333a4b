"""`boardbots journal RUN [OTHER]`: a run's figures from its journal, or two runs paired."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from boardbots.cli.errors import fail

if TYPE_CHECKING:
    from boardbots.sim.harness import GameRecord
    from boardbots.sim.journal_figures import Figures


def journal(
    run: Path = typer.Argument(..., help="A journal from `sim --journal` or `accept`."),
    other: Path | None = typer.Argument(
        None, help="A second journal of the same games (other code), to pair with the first."
    ),
    bot: str | None = typer.Option(None, help="The bot to report on (default: the first seat)."),
    games: str | None = typer.Option(
        None, help="Only games START:STOP by index, either end open (e.g. 56: or :532)."
    ),
    budget_ms: float = typer.Option(900.0, min=0.0, help="Count decisions slower than this."),
) -> None:
    """Figures of a long run from its journal, the way docs/acceptance.md quotes them.

    One journal: the bot's win share with its 95% interval, points in each seat,
    turns, turn caps, fallbacks, and how long its searched decisions took (those
    over 1 ms; instant answers are left out), with the games where one ran over
    the budget. Two journals of the same games (same game, options, seats and
    seed, typically before and after a change): the bot's share in each on the
    games both hold and the difference game by game, with its 95% interval.
    """
    from boardbots.sim import journal_figures as jf

    header, records = _load(run)
    seats = header.get("seats")
    if bot is None and not (isinstance(seats, list) and seats):
        fail(f"{run} names no seats: say which bot with --bot")
    who = bot if bot is not None else str(header["seats"][0])
    start, stop = _range(games)
    chosen = jf.select(records, start, stop)
    if not chosen:
        fail(f"{run} holds no games{'' if games is None else ' in ' + games}")
    pair: dict[str, float] | None = None
    try:  # everything is checked before anything is printed
        figs = jf.figures(chosen, who, budget_ms)
        if other is not None:
            other_header, other_records = _load(other)
            jf.same_games(header, other_header)
            theirs = {r.index: r for r in jf.select(other_records, start, stop)}
            pair = jf.paired({r.index: r for r in chosen}, theirs, who)
    except ValueError as exc:
        fail(str(exc))
    typer.echo(
        f"{run}: {who}, {len(chosen)} games (seed {header.get('seed')}, code {header.get('code')})"
    )
    _print_figures(figs, budget_ms)
    if pair is not None:
        typer.echo(
            f"paired on {pair['n']:g} games: {pair['a']:.1%} against {pair['b']:.1%} "
            f"(code {other_header.get('code')}), {100 * pair['diff']:+.1f} points "
            f"({100 * pair['low']:+.1f} to {100 * pair['high']:+.1f}); "
            f"{pair['differ']:g} games ended differently for {who}"
        )


def _print_figures(figs: Figures, budget_ms: float) -> None:
    share = figs.share
    typer.echo(
        f"win share {share['mean']:.1%} ({share['low']:.1%} - {share['high']:.1%}); "
        + ", ".join(f"seat {k + 1}: {won:g} of {n}" for k, (won, n) in enumerate(figs.by_seat) if n)
    )
    typer.echo(
        f"{figs.turns:.1f} turns a game; {figs.capped} games hit the turn cap; "
        f"{figs.fallbacks} fallbacks"
    )
    t = figs.times
    if not t:
        typer.echo("no decision took over 1 ms")
        return
    where = ", ".join(map(str, figs.over_games[:20])) + (
        " ..." if len(figs.over_games) > 20 else ""
    )
    typer.echo(
        f"decisions over 1 ms: {t['n']}, median {t['median']:.0f} ms, p95 {t['p95']:.0f} ms, "
        f"slowest {t['max']:.0f} ms; {figs.over_budget} over {budget_ms:g} ms"
        + (f", in games {where}" if figs.over_games else "")
    )


def _load(path: Path) -> tuple[dict[str, Any], dict[int, GameRecord]]:
    from boardbots.sim.journal import is_header, read

    if not path.exists():
        fail(f"no journal at {path}")
    try:
        header, records = read(path)
    except (ValueError, TypeError, OSError) as exc:
        fail(f"{path}: {exc}")
    if not is_header(header):
        fail(f"{path} is not a game journal")
    return header, records


def _range(text: str | None) -> tuple[int | None, int | None]:
    if text is None:
        return None, None
    start, colon, stop = text.partition(":")
    try:
        if not colon:
            raise ValueError
        lo = int(start) if start.strip() else None
        hi = int(stop) if stop.strip() else None
    except ValueError:
        fail(f"--games wants START:STOP (game indexes, either may be left out), not {text!r}")
    if (lo is not None and lo < 0) or (hi is not None and hi <= (lo or 0)):
        fail(f"--games {text!r} selects no game: START must be 0 or more and below STOP")
    return lo, hi


def register(app: typer.Typer) -> None:
    app.command()(journal)
