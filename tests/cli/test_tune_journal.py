"""`tune --journal` keeps each candidate's games, so a stopped tuning run resumes."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from boardbots.cli import app

TUNE = ["tune", "--game", "y", "--bot", "hard:iterations=10", "--grid", "c=0.2,0.4"]
TUNE += ["--lineup", "*,easy", "--options", '{"size": 5}', "--workers", "1", "--seed", "4"]


def test_tune_keeps_a_journal_per_candidate_and_resumes_from_it(tmp_path: Path) -> None:
    folder = tmp_path / "tuning"
    first = CliRunner().invoke(app, [*TUNE, "--games", "2", "--journal", str(folder)])
    assert first.exit_code == 0, first.output
    files = sorted(folder.glob("*.jsonl"))
    assert len(files) == 2 and all(len(f.read_text().splitlines()) == 1 + 2 for f in files)
    more = [*TUNE, "--games", "3", "--journal", str(folder), "--resume"]
    again = CliRunner().invoke(app, more)
    assert again.exit_code == 0, again.output
    assert all(len(f.read_text().splitlines()) == 1 + 3 for f in files)
    fresh = CliRunner().invoke(app, [*TUNE, "--games", "3"])
    assert fresh.output.split("best:")[1] == again.output.split("best:")[1]
