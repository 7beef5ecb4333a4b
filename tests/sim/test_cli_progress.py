"""Without a terminal, long runs print plain progress lines: every tenth, and every minute,
with their speed and the time left."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from boardbots.cli import accept as accept_cli
from boardbots.cli import progress
from boardbots.cli.progress import Pace, duration
from boardbots.sim import acceptance


def test_plain_progress_prints_each_tenth_and_each_minute(monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()
    monkeypatch.setattr(progress, "console", Console(file=out, force_terminal=False, width=200))
    monkeypatch.setattr(progress, "_last_line", {})
    now = [0.0]
    monkeypatch.setattr(progress, "clock", lambda: now[0])
    for done in range(1, 2001):
        now[0] += 2.0  # a game every 2 s: 200 games, a tenth, take 400 s
        progress.plain_line("run", done, 2000)
    lines = out.getvalue().splitlines()
    assert "run: 200/2000" in lines and "run: 2000/2000" in lines
    assert "run: 31/2000" in lines  # a minute after the first call, between two tenths
    assert 60 < len(lines) < 80  # about one a minute over 4,000 s, plus the tenths


def test_pace_counts_only_what_this_run_played() -> None:
    resumed = Pace(done=1500, now=100.0)  # 1,500 games came from a journal
    assert resumed.text(1500, 2000, 100.0) == ""
    assert resumed.text(1510, 2000, 170.0) == "7.0 s a game, about 57 min left"
    assert Pace(0, 0.0).text(300, 2000, 100.0) == "3.0 games/s, about 9 min left"
    assert Pace(0, 0.0).text(10, 20, 5.0) == "2.0 games/s, under a minute left"
    assert Pace(0, 0.0, "position").text(30, 30, 6.0) == "5.0 positions/s"


def test_time_left_reads_like_a_person_would_say_it() -> None:
    assert [duration(s) for s in (0.4, 40, 75, 600, 8160, 36000)] == [
        "under a minute", "under a minute", "about 1 min", "about 10 min",
        "about 2 h 16 min", "about 10 h 00 min",
    ]  # fmt: skip


def test_accept_without_a_terminal_says_how_fast_it_goes_and_when_it_ends(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    out = io.StringIO()
    monkeypatch.setattr(progress, "console", Console(file=out, force_terminal=False, width=200))
    monkeypatch.setattr(progress, "_last_line", {})
    ticks = iter(range(0, 10_000, 10))  # every clock reading is 10 s after the last
    monkeypatch.setattr(progress, "clock", lambda: float(next(ticks)))
    exp = {
        "name": "Tiny", "seats": ["easy", "random"], "measure": "win_share",
        "bot": "easy", "target": 0.5, "games": 10, "full_games": 20,
    }  # fmt: skip
    suite = {"game": "y", "options": {"size": 5}, "experiments": [exp]}
    monkeypatch.setattr(acceptance, "load_experiments", lambda game: suite)
    monkeypatch.setattr(accept_cli, "_write_acceptance", lambda *args: None)
    accept_cli.accept(
        game="y", full=False, seed=1, workers=1, out=tmp_path, only=None,
        ci=False, resume=False, status=False, backend="local", address=None,
    )  # fmt: skip
    lines = [line for line in out.getvalue().splitlines() if line.startswith("Tiny:")]
    assert lines[0] == "Tiny: 0/10"  # the start, before any game: no speed to show yet
    assert re.fullmatch(r"Tiny: 1/10 [\d.]+ s a game, about \d+ min left", lines[1])
    assert re.fullmatch(r"Tiny: 10/10 [\d.]+ s a game", lines[-1])
