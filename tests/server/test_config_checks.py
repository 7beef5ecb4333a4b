"""Settings no server can run with are refused at start, in one line naming the setting;
before these checks a budget of -5 ms or a `min_think_ms` of 1e400 started a server whose
every bot move fell back or never came, and a bad `worker_start` left it with no pool."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from boardbots.cli import app
from boardbots.server.config import RANGES, ServerConfig, check, load_config


def test_the_defaults_pass() -> None:
    check(ServerConfig())
    for name, (low, high) in RANGES.items():
        assert low <= getattr(ServerConfig(), name) <= high, name


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({"BOARDBOTS_BUDGET_MS": "hard=-5"}, "budget_ms.hard"),
        ({"BOARDBOTS_BUDGET_MS": "default=0"}, "budget_ms.default"),
        ({"BOARDBOTS_BUDGET_MS": "hard=nan"}, "budget_ms.hard"),
        ({"BOARDBOTS_MAX_ITERATIONS": "hard=0"}, "max_iterations.hard"),
        ({"BOARDBOTS_MIN_THINK_MS": "1e400"}, "min_think_ms"),
        ({"BOARDBOTS_MAX_TABLES": "0"}, "max_tables"),
        ({"BOARDBOTS_PORT": "70000"}, "port"),
        ({"BOARDBOTS_BOT_WORKERS": "-1"}, "bot_workers"),
        ({"BOARDBOTS_TIMEOUT_FACTOR": "0.5"}, "timeout_factor"),
        ({"BOARDBOTS_RATE_PER_S": "0"}, "rate_per_s"),
        ({"BOARDBOTS_HELLO_TIMEOUT_S": "inf"}, "hello_timeout_s"),
        ({"BOARDBOTS_REQUEST_TIMEOUT_S": "0"}, "request_timeout_s"),
        ({"BOARDBOTS_CONNECTIONS_PER_CLIENT": "0"}, "connections_per_client"),
        ({"BOARDBOTS_WORKER_START": "bogus"}, "worker_start"),
        ({"BOARDBOTS_SQLITE_SYNCHRONOUS": "sometimes"}, "sqlite_synchronous"),
        ({"BOARDBOTS_LOG_LEVEL": "loud"}, "log_level"),
        ({"BOARDBOTS_LAB_MODE": "maybe"}, "lab_mode"),
    ],
)
def test_a_setting_out_of_range_is_refused(env: dict[str, str], named: str) -> None:
    with pytest.raises(ValueError, match=f"'{named}'") as refused:
        load_config(None, env=env)
    assert "\n" not in str(refused.value)


def test_the_edges_of_a_range_are_allowed() -> None:
    env = {"BOARDBOTS_BOT_WORKERS": "0", "BOARDBOTS_ABANDON_AFTER_S": "0", "BOARDBOTS_PORT": "0"}
    config = load_config(None, env=env)
    assert (config.bot_workers, config.abandon_after_s, config.port) == (0, 0.0, 0)
    assert load_config(None, env={"BOARDBOTS_LAB_MODE": "off"}).lab_mode is False
    assert load_config(None, env={"BOARDBOTS_LAB_MODE": "Yes"}).lab_mode is True


def test_serve_says_it_in_one_line_and_starts_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BOARDBOTS_MIN_THINK_MS", "1e400")
    result = CliRunner().invoke(app, ["serve", "--port", "0", "--data", str(tmp_path / "d")])
    assert result.exit_code != 0
    assert result.output.strip().splitlines() == [
        "error: setting 'min_think_ms' must be from 0 to 60000, not inf"
    ]
    assert not (tmp_path / "d").exists()
