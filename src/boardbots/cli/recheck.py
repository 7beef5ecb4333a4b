"""`boardbots recheck JOURNAL`: carry a long run over to new code when its games replay the same."""

from __future__ import annotations

from pathlib import Path

import typer

from boardbots.cli.errors import fail


def recheck(
    journal: Path = typer.Argument(..., help="A journal from `sim --journal` or `accept`."),
    games: int = typer.Option(
        4, min=1, help="How many of its games to replay, spread over the run."
    ),
) -> None:
    """Replay a sample of a journal's games with the code installed now.

    A journal written by other code is refused by --resume, since its games might
    differ. When every replayed game matches its record (all but the timings), the
    journal is re-stamped with this code and --resume continues it; the header keeps
    which games were replayed. One game different and nothing is changed (exit 1).
    """
    from boardbots.sim.recheck import recheck as run_recheck

    if not journal.is_file():
        fail(f"no journal at {journal}")

    def told(i: int, same: bool) -> None:
        typer.echo(f"game {i}: {'the same' if same else 'DIFFERENT'}")

    try:
        found = run_recheck(journal, games, told)
    except (ValueError, KeyError, TypeError) as exc:
        fail(f"{journal}: {exc}")
    if found.differing is not None:
        typer.echo(
            f"error: game {found.differing} plays differently with code {found.new_code}: "
            f"the journal stays with code {found.old_code}; start the run afresh",
            err=True,
        )
        raise typer.Exit(1)
    if not found.carried:
        typer.echo(f"{journal} is already this code's ({found.new_code}): nothing to do")
        return
    typer.echo(
        f"{len(found.games)} games replayed the same: {journal} now names code "
        f"{found.new_code} (was {found.old_code}); continue it with --resume"
    )


def register(app: typer.Typer) -> None:
    app.command()(recheck)
