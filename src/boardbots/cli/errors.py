"""Bad input ends a command with one line on stderr and exit code 2, never a traceback.

A person who mistypes an option should read what to fix, not a stack or a
boxed usage screen; scripts get a status that tells bad input (2) from a
failed run (1). Tracebacks stay for real bugs.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import typer
from typer.core import TyperGroup

from boardbots.sim.output import CannotWrite

BAD_INPUT = 2


class InputError(typer.TyperException):
    """Input the command cannot use; its message is the whole explanation."""

    exit_code = BAD_INPUT


def fail(message: str) -> NoReturn:
    raise InputError(message)


def one_line(exc: typer.TyperException) -> str:
    return "error: " + " ".join(exc.format_message().split())


class OneLineErrors(TyperGroup):
    """The app's group: click's and our own errors as one line each."""

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, **extra)
        except typer.TyperException as exc:
            if type(exc).__name__ == "NoArgsIsHelpError":  # the help screen was asked for
                typer.echo(exc.format_message(), err=True)
            else:
                typer.echo(one_line(exc), err=True)
            sys.exit(exc.exit_code)
        except CannotWrite as exc:  # a run's file on a full disk: what failed, what was kept
            typer.echo(f"error: {exc}", err=True)
            sys.exit(1)
        except typer.Abort:
            typer.echo("error: aborted", err=True)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)
