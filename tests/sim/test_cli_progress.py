"""Without a terminal, long runs print plain progress lines: every tenth, and every minute."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from boardbots.cli import sim as sim_cli


def test_plain_progress_prints_each_tenth_and_each_minute(monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()
    monkeypatch.setattr(sim_cli, "console", Console(file=out, force_terminal=False, width=200))
    monkeypatch.setattr(sim_cli, "_last_line", {})
    now = [0.0]
    monkeypatch.setattr(sim_cli, "_clock", lambda: now[0])
    for done in range(1, 2001):
        now[0] += 2.0  # a game every 2 s: 200 games, a tenth, take 400 s
        sim_cli._plain_progress("run", done, 2000)
    lines = out.getvalue().splitlines()
    assert "run: 200/2000" in lines and "run: 2000/2000" in lines
    assert "run: 31/2000" in lines  # a minute after the first call, between two tenths
    assert 60 < len(lines) < 80  # about one a minute over 4,000 s, plus the tenths
