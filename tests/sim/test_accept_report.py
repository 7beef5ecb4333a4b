"""`accept --only` runs part of a suite: a mistyped name is an error, and the rows
it plays join the suite's report instead of replacing it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from boardbots.cli import app
from boardbots.sim import acceptance
from tests.sim.test_acceptance import TINY

FIRST = {**TINY, "name": "First"}
SECOND = {**TINY, "name": "Second", "seats": ["random", "easy"], "bot": "random"}


@pytest.fixture
def two_experiments(monkeypatch: pytest.MonkeyPatch) -> None:
    suite = {"game": "y", "options": {"size": 5}, "experiments": [FIRST, SECOND]}
    monkeypatch.setattr(acceptance, "load_experiments", lambda game: suite)


def _accept(out: Path, *extra: str) -> list[str]:
    args = ["accept", "--game", "y", "--workers", "1", "--out", str(out), *extra]
    result = CliRunner().invoke(app, args, env={"COLUMNS": "200"})
    assert result.exit_code in (0, 1), result.output  # 1: Random misses its target
    report = json.loads((out / "y-small.json").read_text())
    return [r["name"] for r in report["rows"]]


def test_a_mistyped_only_is_an_error_that_names_the_experiments(
    two_experiments: None, tmp_path: Path
) -> None:
    for extra in ([], ["--status"]):
        args = ["accept", "--game", "y", "--only", "Frist", "--out", str(tmp_path), *extra]
        result = CliRunner().invoke(app, args, env={"COLUMNS": "200"})
        assert result.exit_code == 2
        assert "no experiment named 'Frist'" in result.output
        assert "'First', 'Second'" in result.output
    assert list(tmp_path.iterdir()) == []  # nothing played, nothing written


def test_only_runs_build_up_one_report_in_suite_order(
    two_experiments: None, tmp_path: Path
) -> None:
    assert _accept(tmp_path, "--only", "Second") == ["Second"]
    assert _accept(tmp_path, "--only", "First") == ["First", "Second"]
    whole = json.loads((tmp_path / "y-small.json").read_text())
    _accept(tmp_path / "all")
    assert json.loads((tmp_path / "all" / "y-small.json").read_text()) == whole
    assert "First" in (tmp_path / "y-small.md").read_text()


def test_rows_of_another_seed_are_not_kept(two_experiments: None, tmp_path: Path) -> None:
    _accept(tmp_path, "--only", "Second", "--seed", "5")
    assert _accept(tmp_path, "--only", "First", "--seed", "6") == ["First"]
    report = json.loads((tmp_path / "y-small.json").read_text())
    report["code"] = "an older bot"
    (tmp_path / "y-small.json").write_text(json.dumps(report))
    assert _accept(tmp_path, "--only", "Second", "--seed", "6") == ["Second"]


def test_status_of_a_folder_with_no_journals_says_so(two_experiments: None, tmp_path: Path) -> None:
    """A mistyped --out must not read like a run that lost its games."""
    args = ["accept", "--game", "y", "--status", "--out", str(tmp_path / "typo")]
    result = CliRunner().invoke(app, args, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "no journals in" in result.output
    assert not (tmp_path / "typo").exists()
    _accept(tmp_path, "--only", "First")
    args[-1] = str(tmp_path)
    result = CliRunner().invoke(app, args, env={"COLUMNS": "200"})
    assert "no journals in" not in result.output
