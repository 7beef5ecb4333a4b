"""Argument types for the scripts in `benchmarks/`, which parse their own options:
a count of 0 or a negative rate would reach a median of nothing or a division by
zero and end in a traceback instead of one line saying what to give."""

from __future__ import annotations

import argparse
import math
from typing import NoReturn


def count(text: str) -> int:
    """A whole number of at least 1 (runs, games, positions)."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {text!r}")
    return value


def positive(text: str) -> float:
    """A finite number above 0 (rates, durations)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"expected a number above 0, not {text!r}")
    return value


class Parser(argparse.ArgumentParser):
    """argparse as the `boardbots` commands answer bad input: one line, `error: ...`, on
    stderr and exit status 2, without the usage block (`--help` shows it)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {self.prog}: {message}\n")
