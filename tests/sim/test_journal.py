"""Journals: a stopped run resumes where it stopped and ends with the games a whole run plays."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from boardbots import sources
from boardbots.cli import app
from boardbots.sim import journal as journal_mod
from boardbots.sim.harness import GameRecord, MatchSpec, run
from boardbots.sim.journal import Journal

SPEC = MatchSpec("y", ("easy", "random"), {"size": 5})


def _results(records: list[GameRecord]) -> list[dict[str, object]]:
    return [r.results_part() for r in records]


def _journal_run(path: Path, games: int, resume: bool, spec: MatchSpec = SPEC) -> list[int]:
    """Run with a journal as the CLI does; the indices of the games actually played."""
    book = Journal(path, spec, 3)
    kept = book.begin(resume, games)
    played: list[int] = []

    def on_game(rec: GameRecord) -> None:
        played.append(rec.index)
        book.append(rec)

    run(spec, games, 3, 1, on_game, kept)
    return played


def test_resumed_run_plays_only_the_missing_games_and_matches_a_whole_run(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    assert _journal_run(path, 3, resume=False) == [0, 1, 2]
    assert _journal_run(path, 6, resume=True) == [3, 4, 5]
    resumed = run(SPEC, 6, 3, 1, None, Journal(path, SPEC, 3).load())
    assert _results(resumed) == _results(run(SPEC, 6, 3))


def test_a_shorter_run_resumes_a_longer_journal_and_leaves_it_whole(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    _journal_run(path, 4, resume=False)
    assert sorted(Journal(path, SPEC, 3).begin(True, 2)) == [0, 1]
    assert sorted(Journal(path, SPEC, 3).load()) == [0, 1, 2, 3]


def test_starting_afresh_moves_the_old_journal_aside(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    _journal_run(path, 2, resume=False)
    old = path.read_text()
    assert _journal_run(path, 1, resume=False) == [0]
    assert (tmp_path / "run.previous.jsonl").read_text() == old
    assert len(path.read_text().splitlines()) == 1 + 1


def test_a_torn_last_line_is_played_again(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    _journal_run(path, 3, resume=False)
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:20])
    assert _journal_run(path, 3, resume=True) == [2]


NOT_JOURNALS = ["root:x:0:0:root:/root:/bin/bash\n", '{"rows": [1, 2]}\n{"a": 1}\n']


@pytest.mark.parametrize("resume", [True, False])
@pytest.mark.parametrize("text", NOT_JOURNALS)
def test_a_file_that_is_not_a_journal_is_left_as_it_was(
    tmp_path: Path, resume: bool, text: str
) -> None:
    """A mistyped --journal path must neither overwrite the file nor move it aside."""
    path = tmp_path / "notes.txt"
    path.write_text(text)
    with pytest.raises(ValueError, match="is not a game journal"):
        Journal(path, SPEC, 3).begin(resume, 2)
    assert path.read_text() == text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


@pytest.mark.parametrize("resume", [True, False])
def test_an_empty_file_becomes_the_journal(tmp_path: Path, resume: bool) -> None:
    path = tmp_path / "run.jsonl"
    path.write_text("")
    assert _journal_run(path, 2, resume=resume) == [0, 1]
    assert sorted(Journal(path, SPEC, 3).load()) == [0, 1]


def test_sim_cli_refuses_a_journal_path_holding_another_file(tmp_path: Path) -> None:
    path = tmp_path / "results.csv"
    path.write_text("seat,share\nhard,0.6\n")
    for extra in ([], ["--resume"]):
        args = ["sim", "--game", "y", "--seats", "easy,random", "--games", "1"]
        args += ["--options", '{"size": 5}', "--journal", str(path), *extra]
        result = CliRunner().invoke(app, args)
        assert result.exit_code != 0
        assert "is not a game journal" in result.output
        assert len(result.output.strip().splitlines()) == 1, result.output
    assert path.read_text() == "seat,share\nhard,0.6\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["results.csv"]


def test_another_runs_journal_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    _journal_run(path, 2, resume=False)
    other = MatchSpec("y", ("medium", "random"), {"size": 5})
    with pytest.raises(ValueError, match=r"another run.*seats"):
        Journal(path, other, 3).load()
    with pytest.raises(ValueError, match=r"another run.*seed"):
        Journal(path, SPEC, 4).load()


def test_a_journal_written_by_other_code_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "run.jsonl"
    _journal_run(path, 1, resume=False)
    monkeypatch.setattr(journal_mod, "code_hash", lambda game=None: "0" * 16)
    with pytest.raises(ValueError, match="other bot or engine code"):
        Journal(path, SPEC, 3).load()


def test_code_hash_covers_the_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    first = journal_mod.code_hash()
    assert len(first) == 16
    journal_mod.code_hash.cache_clear()
    monkeypatch.setattr(sources, "PLAY_PACKAGES", ("core", "games"))
    assert journal_mod.code_hash() != first
    journal_mod.code_hash.cache_clear()


def test_a_game_code_hash_leaves_the_other_games_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """Editing Y must not void a Domination journal, and must void Y's own."""
    y_engine = sources.ROOT / "games/y/engine.py"
    before = {g: journal_mod.code_hash(g) for g in ("y", "domination")}
    real_read = Path.read_bytes

    def edited(path: Path) -> bytes:
        data = real_read(path)
        return data + b"# edited" if path == y_engine else data

    journal_mod.code_hash.cache_clear()
    monkeypatch.setattr(Path, "read_bytes", edited)
    after = {g: journal_mod.code_hash(g) for g in ("y", "domination")}
    journal_mod.code_hash.cache_clear()
    assert after["domination"] == before["domination"]
    assert after["y"] != before["y"]


def test_play_data_is_hashed_and_experiment_texts_are_not(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hard's tuned scripts decide how Domination plays; a row's `open` text does not."""
    data = sources.ROOT / "games/domination/data"
    before = journal_mod.code_hash("domination")
    real_read = Path.read_bytes

    def edited(target: Path) -> Callable[[Path], bytes]:
        def read(path: Path) -> bytes:
            extra = b" " if path == target else b""
            return real_read(path) + extra

        return read

    after = {}
    for name in ("tuned_scripts.json", "experiments.json"):
        journal_mod.code_hash.cache_clear()
        monkeypatch.setattr(Path, "read_bytes", edited(data / name))
        after[name] = journal_mod.code_hash("domination")
    journal_mod.code_hash.cache_clear()
    assert after["tuned_scripts.json"] != before
    assert after["experiments.json"] == before


def test_sim_cli_resumes_from_its_journal(tmp_path: Path) -> None:
    path, out = tmp_path / "games.jsonl", tmp_path / "out.json"
    base = ["sim", "--game", "y", "--seats", "easy,random", "--seed", "3", "--workers", "1"]
    base += ["--options", '{"size": 5}', "--journal", str(path)]
    first = CliRunner().invoke(app, [*base, "--games", "2"])
    assert first.exit_code == 0, first.output
    second = CliRunner().invoke(app, [*base, "--games", "4", "--resume", "--out", str(out)])
    assert second.exit_code == 0, second.output
    assert len(path.read_text().splitlines()) == 1 + 4
    records = json.loads(out.read_text())["records"]
    assert records == _results(run(SPEC, 4, 3))


def test_sim_cli_resume_without_journal_is_a_clear_error() -> None:
    args = ["sim", "--game", "y", "--seats", "easy,random", "--resume"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code != 0
    assert "--resume needs --journal" in result.output
