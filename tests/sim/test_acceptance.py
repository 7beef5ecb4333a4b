"""Acceptance experiments are data, and a run judges them against their targets."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from boardbots.cli import app
from boardbots.sim import acceptance, report
from boardbots.sim.tune import candidates, parse_grid

SEED_ROWS = {
    "y": {"Easy vs Random", "Medium vs Easy", "Hard vs Medium"},
    "domination": {
        "Easy x1 vs Random x3",
        "Medium vs Easy (2v2)",
        "Hard vs Medium (2v2)",
        "Hard x1 vs Medium x3",
        "Hard vs Medium (2v2), First Game kingdom",
    },
}


@pytest.mark.parametrize("game", ["y", "domination"])
def test_experiment_files_declare_the_spec_targets(game: str) -> None:
    suite = acceptance.load_experiments(game)
    assert suite["game"] == game
    for exp in suite["experiments"]:
        assert exp["measure"] in {"win_share", "pairwise", "decision_p95_ms"}
        if exp["measure"] != "decision_p95_ms":
            # The seed's rows run 2,000 games in full; issue 17's later rows at least 1,000.
            least = 2000 if exp["name"] in SEED_ROWS[game] else 1000
            assert exp["full_games"] >= least and exp["games"] >= 200
    names = {e["name"] for e in suite["experiments"]}
    assert "Hard decision time" in names


def test_domination_has_a_row_for_every_gauntlet_bot() -> None:
    from boardbots.games.domination.gauntlet import BOTS

    rows = acceptance.load_experiments("domination")["experiments"]
    against = {s for e in rows if e["measure"] == "win_share" for s in e["seats"] if s != "hard"}
    assert set(BOTS) <= against


def test_a_two_player_row_with_its_own_kingdom_is_judged_by_win_share() -> None:
    suite = {"game": "domination", "options": {"kingdom": "random"}}
    kingdom = [
        "Cellar",
        "Chapel",
        "Moat",
        "Village",
        "Witch",
        "Smithy",
        "Market",
        "Mine",
        "Library",
        "Festival",
    ]
    exp = {
        "name": "DoubleWitch vs BMU", "seats": ["doublewitch", "bmu"],
        "options": {"kingdom": kingdom}, "measure": "win_share", "bot": "doublewitch",
        "target": 0.6, "games": 100, "full_games": 100,
    }  # fmt: skip
    row = acceptance.strength_row(suite, exp, False, 3, 1)
    assert row["games"] == 100 and row["passed"]
    # Without Witch in the kingdom DoubleWitch is plain money, no better than BMU.
    plain = acceptance.strength_row(
        suite, {**exp, "options": {"kingdom": "first-game"}}, False, 3, 1
    )
    assert plain["value"] < row["value"] - 0.2


def test_unknown_game_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="no acceptance experiments for 'chess'"):
        acceptance.load_experiments("chess")


def test_strength_row_judges_against_the_target() -> None:
    suite = {"game": "y", "options": {"size": 5}}
    exp = {
        "name": "random mirror",
        "seats": ["random", "easy"],
        "measure": "win_share",
        "bot": "random",
        "target": 0.99,
        "games": 10,
        "full_games": 10,
    }
    row = acceptance.strength_row(suite, exp, False, 1, 1)
    assert row["games"] == 10
    assert row["passed"] == (row["value"] >= 0.99)
    assert row["low"] <= row["value"] <= row["high"]


def test_tune_grid_expands_every_combination() -> None:
    grid = parse_grid(["c=0.2,0.4", "epsilon=0.1"])
    assert candidates("hard:iterations=50", grid) == [
        "hard:iterations=50,c=0.2,epsilon=0.1",
        "hard:iterations=50,c=0.4,epsilon=0.1",
    ]
    with pytest.raises(ValueError, match="name=value"):
        parse_grid(["c"])


def test_ci_mode_lists_long_experiments_as_skipped_not_passed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    exp = {
        "name": "long", "seats": ["hard", "random"], "measure": "win_share", "bot": "hard",
        "target": 0.5, "games": 50, "full_games": 100, "ci": False, "ci_why": "too long for CI",
    }  # fmt: skip
    suite = {"game": "y", "options": {"size": 5}, "experiments": [exp]}
    monkeypatch.setattr(acceptance, "load_experiments", lambda game: suite)
    rows = acceptance.run_suite("y", False, 1, 1, ci=True)
    assert rows[0]["skipped"] and rows[0]["passed"] is None
    assert "CI" in rows[0]["interval_text"]
    assert report.verdict(rows[0]) == "SKIPPED"


def test_shipped_experiments_say_why_they_are_shortened_in_ci() -> None:
    for game in ("y", "domination"):
        for exp in acceptance.load_experiments(game)["experiments"]:
            if exp.get("ci") is False or "ci_games" in exp:
                assert exp.get("ci_why"), exp["name"]
            if "ci_games" in exp:
                assert 0 < exp["ci_games"] <= exp["games"], exp["name"]


def test_seat_lists_keep_bot_parameters_together() -> None:
    from boardbots.bots.registry import split_seats

    assert split_seats("hard:iterations=300,c=0.5,medium") == [
        "hard:iterations=300,c=0.5",
        "medium",
    ]
    assert split_seats("*,medium,*,medium") == ["*", "medium", "*", "medium"]
    with pytest.raises(ValueError, match="empty seat"):
        split_seats("hard,,medium")


def test_ci_games_shortens_a_run_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    exp = {
        "name": "tiny", "seats": ["easy", "random"], "measure": "win_share", "bot": "easy",
        "target": 0.5, "games": 50, "full_games": 100, "ci_games": 3, "ci_why": "for a test",
    }  # fmt: skip
    suite = {"game": "y", "options": {"size": 5}, "experiments": [exp]}
    monkeypatch.setattr(acceptance, "load_experiments", lambda game: suite)
    short = acceptance.run_suite("y", False, 1, 1, ci=True)[0]
    assert short["games"] == 3 and "for a test" in short["ci_note"]
    assert "(CI)" in report.markdown_table([short])
    usual = acceptance.run_suite("y", False, 1, 1, ci=False)[0]
    assert usual["games"] == 50 and "ci_note" not in usual


def test_a_short_ci_run_fails_only_when_its_whole_interval_misses_the_target() -> None:
    exp = {"target": 0.65}
    assert acceptance.ci_verdict(exp, {"high": 0.70})["passed"]  # 50% of 12 games: unclear
    assert not acceptance.ci_verdict(exp, {"high": 0.30})["passed"]  # clearly short of it
    assert not acceptance.ci_verdict({"target": 0.5, "strict": True}, {"high": 0.5})["passed"]


def test_an_open_row_is_reported_in_ci_but_judged_elsewhere(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    exp = {
        "name": "unmet", "seats": ["random", "easy"], "measure": "win_share", "bot": "random",
        "target": 0.9, "games": 6, "full_games": 6, "open": "Random is weak (0% of 6 games)",
    }  # fmt: skip
    suite = {"game": "y", "options": {"size": 5}, "experiments": [exp]}
    monkeypatch.setattr(acceptance, "load_experiments", lambda game: suite)
    in_ci = acceptance.run_suite("y", False, 1, 1, ci=True)[0]
    assert in_ci["passed"] is False and in_ci["report_only"]
    assert "reported only" in report.verdict(in_ci) and "Random is weak" in report.markdown_table(
        [in_ci]
    )
    usual = acceptance.run_suite("y", False, 1, 1, ci=False)[0]
    assert usual["passed"] is False and not usual.get("report_only")


def test_open_rows_say_why_with_a_figure() -> None:
    for game in ("y", "domination"):
        for exp in acceptance.load_experiments(game)["experiments"]:
            if "open" in exp:
                assert any(ch.isdigit() for ch in exp["open"]), exp["name"]


TINY = {
    "name": "Tiny one (2v2)", "seats": ["easy", "random"], "measure": "win_share",
    "bot": "easy", "target": 0.5, "games": 6, "full_games": 12,
}  # fmt: skip
"""A strength experiment of Y on a size-5 board: played in a blink, journalled like any."""


def test_resumed_acceptance_gives_the_figures_of_one_whole_run(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    exp = dict(TINY)
    suite = {"game": "y", "options": {"size": 5}, "experiments": [exp]}
    monkeypatch.setattr(acceptance, "load_experiments", lambda game: suite)
    whole = acceptance.run_suite("y", True, 1, 1)[0]
    acceptance.run_suite("y", False, 1, 1, journals=tmp_path)  # the small run: 6 games
    journal = tmp_path / "y" / "tiny-one-2v2.jsonl"
    assert len(journal.read_text().splitlines()) == 1 + 6
    ticks: list[int] = []
    resumed = acceptance.run_suite(
        "y", True, 1, 1, lambda name, done, total: ticks.append(done), None, False, tmp_path, True
    )[0]
    assert ticks == [6, 7, 8, 9, 10, 11, 12]  # the start (6 kept), then only the missing games
    assert resumed == whole


def test_timing_row_says_how_many_decisions_needed_no_search() -> None:
    """A median of 0 ms reads like a broken clock; the row says it is unsearched answers."""
    suite = {"game": "domination", "options": {"kingdom": "first-game"}}
    exp = {"name": "t", "positions": 6, "budget_ms": 900, "target_max": 1000}
    exp["seats"] = ["medium"] * 4  # positions from Medium games, as the shipped experiment
    plain = acceptance.timing_row(suite, {**exp, "bot": "random"}, False, 1)
    assert plain["unsearched"] == 0 and "0 of 6 answered without search" in plain["value_text"]
    hard = acceptance.timing_row(suite, {**exp, "bot": "hard:iterations=30"}, False, 2026)
    assert 0 < hard["unsearched"] <= 6
    assert f"{hard['unsearched']} of 6 answered without search" in hard["value_text"]


def test_status_shows_a_journal_so_far_and_judges_it_only_when_complete(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    exp = dict(TINY)
    timing = {"name": "t", "measure": "decision_p95_ms", "bot": "hard", "target_max": 1000}
    suite = {"game": "y", "options": {"size": 5}, "experiments": [exp, timing]}
    monkeypatch.setattr(acceptance, "load_experiments", lambda game: suite)
    before = acceptance.suite_status("y", True, 1, tmp_path)
    assert [r["value_text"] for r in before] == ["no games yet", "not journalled"]
    assert all(r["passed"] is None for r in before)

    small = acceptance.run_suite("y", False, 1, 1, only=[exp["name"]], journals=tmp_path)[0]
    partial, _ = acceptance.suite_status("y", True, 1, tmp_path)
    assert partial["passed"] is None and partial["verdict"] == "in progress"
    assert report.games_text(partial) == "6 of 12"
    assert (partial["value"], partial["low"], partial["high"]) == (
        small["value"], small["low"], small["high"],
    )  # fmt: skip
    judged = acceptance.suite_status("y", False, 1, tmp_path)[0]
    assert judged == small  # complete: the same row the run itself gave

    other_seed = acceptance.suite_status("y", True, 2, tmp_path)[0]
    assert other_seed["value_text"] == "journal not usable"
    assert "another run" in other_seed["interval_text"]


def test_accept_status_plays_nothing_and_writes_no_report(tmp_path: Path) -> None:
    args = ["accept", "--game", "y", "--full", "--status", "--out", str(tmp_path)]
    result = CliRunner().invoke(app, args, env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "no games yet" in result.output and "Hard vs Medium" in result.output
    assert list(tmp_path.iterdir()) == []  # no journal started, no report overwritten
