"""The Ray backend: the same games as the local pool, journals honoured, stops that stop."""

from __future__ import annotations

import sys
import time
from concurrent.futures import Future
from pathlib import Path
from types import ModuleType

import pytest
from typer.testing import CliRunner

from boardbots.cli import app
from boardbots.sim.harness import GameRecord, MatchSpec, run
from boardbots.sim.pools import Backend, CodeMismatch, RayPool

SPEC = MatchSpec("y", ("random", "easy"), {"size": 5})
RAY = Backend("ray")


def _results(records: list[GameRecord]) -> list[dict[str, object]]:
    return [r.results_part() for r in records]


def test_ray_plays_the_same_games_as_the_local_backend(ray_instance: ModuleType) -> None:
    local = run(SPEC, 40, seed=11, workers=1)
    remote = run(SPEC, 40, seed=11, workers=2, backend=RAY)
    assert [r.index for r in remote] == list(range(40))
    assert _results(remote) == _results(local)


def test_ray_plays_only_the_games_a_journal_lacks(ray_instance: ModuleType) -> None:
    local = run(SPEC, 12, seed=4, workers=1)
    kept = {r.index: r for r in local[:5]}
    heard: list[int] = []
    remote = run(SPEC, 12, 4, 2, lambda r: heard.append(r.index), kept, RAY)
    assert sorted(heard) == list(range(5, 12))
    assert _results(remote) == _results(local)


def test_a_ray_worker_on_other_code_fails_the_run(ray_instance: ModuleType) -> None:
    """Its games would differ from this run's: better no result than a mixed one."""
    pool = RayPool(None, 2)
    pool._code = "0000000000000000"  # this process as if it ran other code than the workers
    with pytest.raises(CodeMismatch, match="same version on every node"):
        pool.submit(len, [1, 2]).result(timeout=60)


def _hold(marker: str) -> None:
    """A task that says it has started, then would run for ten minutes."""
    Path(marker).write_text("running")
    time.sleep(600)


def test_closing_the_pool_stops_a_running_task(ray_instance: ModuleType, tmp_path: Path) -> None:
    """What a Ctrl-C does to the tasks in flight (`run` closes its pool on the way
    out): they end now, not when done."""
    marker = tmp_path / "started"
    pool = RayPool(None, 2)
    task: Future[None] = pool.submit(_hold, str(marker))
    for _ in range(600):  # at most 30 s for a worker to take it, so the cancel must kill it
        if marker.exists():
            break
        time.sleep(0.05)
    assert marker.exists(), "the task never started"
    pool.close()
    assert task.exception(timeout=20) is not None


@pytest.mark.parametrize(
    "args",
    [
        ["sim", "--game", "y", "--seats", "easy,easy", "--games", "1", "--backend", "ray"],
        ["accept", "--game", "y", "--backend", "ray"],
        ["tune", "--game", "y", "--bot", "hard", "--grid", "c=0.2", "--backend", "ray"],
        ["serve", "--bots", "ray"],
    ],
)
def test_ray_without_the_extra_is_one_line_saying_what_to_install(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, args: list[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now fails, as if not installed
    if args[0] == "accept":
        args = [*args, "--out", str(tmp_path)]
    if args[0] == "serve":
        args = [*args, "--port", "0", "--data", str(tmp_path)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert lines == ["error: Ray is not installed; install it with: pip install 'boardbots[ray]'"]
