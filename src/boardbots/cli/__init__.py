"""The `boardbots` command: one Typer app, each sub-command in its own module.

A module joins by defining `register(app)`; listing it in `_COMMANDS` is the
only edit needed here.
"""

from __future__ import annotations

import importlib

import typer

from boardbots.cli.errors import OneLineErrors

app = typer.Typer(
    name="boardbots",
    help="Fair, measurable AI opponents for turn-based board games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    cls=OneLineErrors,
)

_COMMANDS = [
    "boardbots.cli.play",
    "boardbots.cli.bench",
    "boardbots.cli.sim",
    "boardbots.cli.accept",
    "boardbots.cli.tune",
    "boardbots.cli.serve",
    "boardbots.cli.replay",
    "boardbots.cli.recheck",
    "boardbots.cli.journal",
    "boardbots.cli.fetch_pyodide",
    "boardbots.cli.export_static",
    "boardbots.cli.compile",
]


def _register_all() -> None:
    for name in _COMMANDS:  # a missing module fails loudly: a command never just vanishes
        importlib.import_module(name).register(app)


_register_all()


def main() -> None:
    app()
