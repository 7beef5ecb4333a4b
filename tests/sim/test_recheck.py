"""Carrying a journal over to new code only when its sampled games replay the same."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from boardbots.cli import app
from boardbots.sim.acceptance import status_row, strength_row
from boardbots.sim.harness import MatchSpec
from boardbots.sim.journal import Journal, code_hash
from boardbots.sim.recheck import recheck, sample
from tests.sim.test_journal import _journal_run

SPEC = MatchSpec("y", ("easy", "random"), {"size": 5})
OLD = "0" * 16


def _stamp(path: Path, code: str) -> None:
    """Pretend the journal was written by other code (only the header's hash changes)."""
    lines = path.read_text().splitlines()
    header = json.loads(lines[0]) | {"code": code}
    path.write_text("\n".join([json.dumps(header, sort_keys=True), *lines[1:]]) + "\n")


def _old_journal(tmp_path: Path, games: int = 6) -> Path:
    path = tmp_path / "run.jsonl"
    _journal_run(path, games, resume=False, spec=SPEC)
    _stamp(path, OLD)
    return path


def test_the_sample_spreads_over_the_run_ends_included() -> None:
    assert sample(list(range(10)), 4) == [0, 3, 6, 9]
    assert sample([7, 2, 5], 9) == [2, 5, 7]
    assert sample(list(range(10)), 1) == [9]


def test_a_journal_whose_games_replay_the_same_is_carried_over(tmp_path: Path) -> None:
    path = _old_journal(tmp_path)
    with pytest.raises(ValueError, match="boardbots recheck"):
        Journal(path, SPEC, 3).load()
    found = recheck(path, 3)
    assert found.carried and found.games == [0, 2, 5] and found.old_code == OLD
    book = Journal(path, SPEC, 3)
    assert sorted(book.begin(True)) == list(range(6))  # --resume takes it now
    assert book.rechecked == [{"from": OLD, "games": [0, 2, 5]}]
    header = json.loads(path.read_text().splitlines()[0])
    assert header["code"] == code_hash("y") and header["rechecked"] == book.rechecked


def test_one_game_played_differently_refuses_and_changes_nothing(tmp_path: Path) -> None:
    path = _old_journal(tmp_path)
    lines = path.read_text().splitlines()
    game2 = json.loads(lines[3])
    game2["shares"] = game2["shares"][::-1] if game2["shares"][0] != 0.5 else [1.0, 0.0]
    game2["turns"] += 1
    lines[3] = json.dumps(game2, sort_keys=True)
    path.write_text("\n".join(lines) + "\n")
    before = path.read_text()
    found = recheck(path, 3)
    assert found.differing == 2 and not found.carried
    assert path.read_text() == before


def test_the_cli_says_what_it_did_and_fails_on_a_difference(tmp_path: Path) -> None:
    path = _old_journal(tmp_path, games=3)
    result = CliRunner().invoke(app, ["recheck", str(path), "--games", "2"])
    assert result.exit_code == 0, result.output
    assert "game 0: the same" in result.output and "continue it with --resume" in result.output
    again = CliRunner().invoke(app, ["recheck", str(path)])
    assert again.exit_code == 0 and "nothing to do" in again.output
    missing = CliRunner().invoke(app, ["recheck", str(tmp_path / "none.jsonl")])
    assert missing.exit_code != 0 and "no journal at" in missing.output


def test_a_carried_journal_is_named_in_the_acceptance_row(tmp_path: Path) -> None:
    suite = {"game": "y", "options": {"size": 5}}
    exp = {"name": "Easy vs Random", "seats": ["easy", "random"], "measure": "win_share",
           "bot": "easy", "target": 0.5, "games": 4, "full_games": 4}  # fmt: skip
    journals = tmp_path / "journal"
    first = strength_row(suite, exp, False, 3, 1, journals=journals)
    assert "rechecked" not in first
    path = next(journals.glob("*.jsonl"))
    _stamp(path, OLD)
    recheck(path, 2)
    again = strength_row(suite, exp, False, 3, 1, journals=journals, resume=True)
    assert again["rechecked"] == [{"from": OLD, "games": [0, 3]}]
    assert again["value"] == first["value"]
    assert status_row(suite, exp, False, 3, journals)["rechecked"] == again["rechecked"]


def test_the_cli_names_a_file_that_is_not_a_journal_once(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("hello\n")
    result = CliRunner().invoke(app, ["recheck", str(path)])
    assert result.exit_code != 0
    assert result.output.strip() == f"error: {path}: not a game journal"
    assert path.read_text() == "hello\n"
