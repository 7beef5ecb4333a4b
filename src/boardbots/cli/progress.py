"""Progress of the lab's long runs: a live bar on a terminal, plain lines in a log,
both with the speed and the time left.

A resumed run starts part-done, so its speed counts only what this run has
played; otherwise the games taken from a journal would make it look fast.
"""

from __future__ import annotations

import time
from typing import NoReturn

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from boardbots.sim.stopping import Terminated

console = Console(stderr=True)
clock = time.monotonic  # replaced in tests
PLAIN_EVERY_S = 60.0  # with no terminal, a line at least this often on a slow run
_last_line: dict[str, float] = {}


def bar() -> Progress:
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),  # Pace.text
        console=console,
    )


def plain_line(name: str, done: int, total: int, rate: str = "") -> None:
    """A line at every tenth of the work, and at least once a minute, when no terminal
    shows the live bar (CI logs, output sent to a file), so a long run never looks stuck."""
    if console.is_terminal:
        return
    now = clock()
    tenth = done == total or done % max(1, total // 10) == 0
    if not tenth and now - _last_line.setdefault(name, now) < PLAIN_EVERY_S:
        return
    _last_line[name] = now
    console.print(f"{name}: {done}/{total} {rate}".rstrip(), highlight=False)


def duration(seconds: float) -> str:
    """A time left, as rounded as a person reads it: "about 12 min", "about 3 h 05 min"."""
    if seconds < 60:
        return "under a minute"
    minutes = round(seconds / 60)
    if minutes < 90:
        return f"about {minutes} min"
    return f"about {minutes // 60} h {minutes % 60:02d} min"


class Pace:
    """Speed and time left of one run, measured from where this run started."""

    def __init__(self, done: int, now: float, unit: str = "game") -> None:
        self.start_done, self.start_time, self.unit = done, now, unit

    def text(self, done: int, total: int, now: float) -> str:
        """E.g. "7.1 s a game, about 2 h 16 min left"; empty until something is done."""
        played, seconds = done - self.start_done, now - self.start_time
        if played <= 0 or seconds <= 0:
            return ""
        each = seconds / played
        if each < 1:
            speed = f"{played / seconds:.1f} {self.unit}s/s"
        else:
            speed = f"{each:.1f} s a {self.unit}"
        if done >= total:
            return speed
        return f"{speed}, {duration(each * (total - done))} left"


def stop_run(exc: KeyboardInterrupt, told: str) -> NoReturn:
    """End a run a signal stopped: why, then `told` (what was kept, how to go on), and the
    shell's exit status for that signal (130 for Ctrl-C, 143 for SIGTERM)."""
    why = "terminated" if isinstance(exc, Terminated) else "interrupted"
    console.print(f"{why}{told}", highlight=False, soft_wrap=True)
    raise typer.Exit(143 if isinstance(exc, Terminated) else 130)
