"""A journal's figures and the pairing of two runs, on hand-made records and on a real
journal through the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from boardbots.cli import app
from boardbots.sim.harness import GameRecord
from boardbots.sim.journal_figures import figures, paired, same_games, select
from tests.sim.test_journal import _journal_run


def _rec(index: int, seats: list[str], shares: list[float], times: list[float]) -> GameRecord:
    return GameRecord(
        index, 100 + index, seats, shares, [0.0, 0.0], 30, 40, False, {}, {}, {"hard": times}
    )


GAMES = {
    0: _rec(0, ["hard", "bm"], [1.0, 0.0], [0.05, 300.0, 950.0]),
    1: _rec(1, ["bm", "hard"], [0.5, 0.5], [0.02, 200.0]),
    2: _rec(2, ["hard", "bm"], [0.0, 1.0], [400.0, 0.5]),
    3: _rec(3, ["bm", "hard"], [0.0, 1.0], [100.0, 901.0]),
}


def test_figures_split_points_by_seat_and_time_only_the_searched_decisions() -> None:
    figs = figures(list(GAMES.values()), "hard")
    assert figs.share["mean"] == pytest.approx(2.5 / 4)
    assert figs.by_seat == [(1.0, 2), (1.5, 2)]  # first player, second player
    # 0.05, 0.02 and 0.5 ms are instant answers: six decisions are timed.
    assert figs.times["n"] == 6 and figs.times["median"] == 350.0 and figs.times["max"] == 950.0
    assert figs.over_budget == 2 and figs.over_games == [0, 3]
    assert figs.turns == 30 and figs.capped == 0 and figs.fallbacks == 0


def test_pairing_counts_only_the_games_both_runs_hold() -> None:
    after = {i: GAMES[i] for i in (0, 1, 2)}
    before = {
        1: _rec(1, ["bm", "hard"], [1.0, 0.0], []),
        2: _rec(2, ["hard", "bm"], [0.0, 1.0], []),
        3: GAMES[3],
    }
    pair = paired(after, before, "hard")
    assert pair["n"] == 2 and pair["differ"] == 1
    assert pair["a"] == pytest.approx(0.25) and pair["b"] == 0.0
    assert pair["diff"] == pytest.approx(0.25)


def test_pairing_refuses_other_games() -> None:
    header = {"game": "domination", "seats": ["hard", "bm"], "seed": 2026, "options": {}}
    same_games(header, header | {"code": "other"})  # another code is what pairing is for
    with pytest.raises(ValueError, match="different seed"):
        same_games(header, header | {"seed": 7})
    moved = {2: _rec(2, ["hard", "bm"], [0.0, 1.0], [])} | {0: GAMES[0]}
    moved[2] = GameRecord(**{**moved[2].__dict__, "seed": 5})
    with pytest.raises(ValueError, match="game 2 has a different seed"):
        paired(moved, GAMES, "hard")
    with pytest.raises(ValueError, match="pairing needs 2"):
        paired({0: GAMES[0]}, GAMES, "hard")
    with pytest.raises(ValueError, match="no seat for 'nobody'"):
        figures(list(GAMES.values()), "nobody")


def test_a_range_of_games_is_half_open_and_in_index_order() -> None:
    assert [r.index for r in select(GAMES, 1, 3)] == [1, 2]
    assert [r.index for r in select(GAMES, None, None)] == [0, 1, 2, 3]
    assert [r.index for r in select(GAMES, 2, None)] == [2, 3]


def test_the_command_reports_a_run_and_pairs_it_with_itself(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    _journal_run(path, 4, resume=False)
    out = CliRunner().invoke(app, ["journal", str(path), str(path), "--games", "1:"])
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert lines[0].startswith(f"{path}: easy, 3 games (seed 3")
    assert "seat 1:" in lines[1] and "seat 2:" in lines[1]
    assert lines[-1].startswith("paired on 3 games:") and "+0.0 points" in lines[-1]
    assert "0 games ended differently" in lines[-1]


def _one_line_error(args: list[str]) -> str:
    out = CliRunner().invoke(app, args)
    assert out.exit_code == 2, out.output
    lines = [line for line in out.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), out.output
    return lines[0]


def test_bad_input_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    _journal_run(path, 2, resume=False)
    assert "no journal at" in _one_line_error(["journal", str(tmp_path / "none.jsonl")])
    (tmp_path / "notes.txt").write_text("hello\n")
    assert "not a game journal" in _one_line_error(["journal", str(tmp_path / "notes.txt")])
    assert "START:STOP" in _one_line_error(["journal", str(path), "--games", "5"])
    assert "selects no game" in _one_line_error(["journal", str(path), "--games", "3:1"])
    assert "no games in 7:" in _one_line_error(["journal", str(path), "--games", "7:"])
    assert "no seat for 'hard'" in _one_line_error(["journal", str(path), "--bot", "hard"])
    bare = tmp_path / "bare.jsonl"
    bare.write_text('{"journal": 1}\n')
    assert "--bot" in _one_line_error(["journal", str(bare)])
    other = tmp_path / "other.jsonl"
    lines = path.read_text().splitlines()
    other.write_text("\n".join([json.dumps(json.loads(lines[0]) | {"seed": 9}), *lines[1:]]))
    assert "different seed" in _one_line_error(["journal", str(path), str(other)])
