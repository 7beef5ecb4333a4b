"""SIGTERM and Ctrl-C stop a lab run's worker processes and say how to resume.

Real processes, really signalled: the waits are generous so a busy machine only
makes the test slower, and what is asserted is that every process is gone.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

WAIT_S = 120.0
"""The longest wait for anything: far more than a quiet machine needs."""
STOP_GRACE_S = 10.0
"""How long workers may take to end after their run: the target is 2 s, and the run
waits for them before it exits, so only a very busy machine needs more than none."""


def _children(pid: int) -> list[int]:
    """The processes `pid` started, from any of its threads (Linux's /proc)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(p) for p in (task / "children").read_text().split()]
        except OSError:
            continue
    return found


def _gone(pid: int) -> bool:
    """Exited (a zombie left for init to reap counts: it computes nothing)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return True
    return "\nState:\tZ" in status


def _poll(check: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + WAIT_S
    while not check():
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        time.sleep(0.05)


def _start(args: list[str], tmp: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "COLUMNS": "200"}
    cmd = [sys.executable, "-m", "boardbots.cli", *args]
    return subprocess.Popen(
        cmd, cwd=tmp, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )


def _stop(proc: subprocess.Popen[str], signum: int) -> tuple[str, list[int], float]:
    """Signal the run once its workers are busy; (stderr, worker pids, seconds to stop)."""
    _poll(lambda: len(_children(proc.pid)) >= 2 or proc.poll() is not None, "the workers")
    workers = _children(proc.pid)
    assert proc.poll() is None, proc.communicate()
    start = time.monotonic()
    proc.send_signal(signum)
    try:
        _, err = proc.communicate(timeout=WAIT_S)
    except subprocess.TimeoutExpired:
        _kill_leftovers(workers)
        proc.kill()
        proc.communicate()
        raise
    return err, workers, time.monotonic() - start


def _outliving(workers: list[int]) -> list[int]:
    """The workers still running a while after the run ended (killed, so none is left)."""
    deadline = time.monotonic() + STOP_GRACE_S
    while any(not _gone(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [pid for pid in workers if not _gone(pid)]
    _kill_leftovers(left)
    return left


def _kill_leftovers(pids: list[int]) -> None:
    """A failing run must not leave its processes computing after the test."""
    for pid in pids:
        if not _gone(pid):
            os.kill(pid, signal.SIGKILL)


SIM = ["sim", "--game", "domination", "--seats", "hard:iterations=100,medium", "--games", "500"]


@pytest.mark.parametrize(("signum", "status"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_signal_stops_sim_and_its_workers(tmp_path: Path, signum: int, status: int) -> None:
    journal = tmp_path / "run.jsonl"
    proc = _start([*SIM, "--workers", "2", "--journal", journal.name], tmp_path)

    def a_game_is_kept() -> bool:
        if proc.poll() is not None:
            return True  # ended early: the asserts below say why
        return journal.exists() and len(journal.read_text().splitlines()) > 1

    _poll(a_game_is_kept, "a finished game")
    err, workers, seconds = _stop(proc, signum)
    assert proc.returncode == status, err
    assert not _outliving(workers), "the workers outlived the run"
    assert "Traceback" not in err
    assert "--journal run.jsonl --resume" in err
    print(f"stopped in {seconds:.2f} s")  # the target is 2 s; a busy machine may take longer


def test_sigterm_stops_tune_and_says_how_to_resume(tmp_path: Path) -> None:
    args = ["tune", "--game", "domination", "--bot", "hard:iterations=300", "--grid", "c=0.2,0.4"]
    proc = _start([*args, "--games", "500", "--workers", "2", "--journal", "tuning"], tmp_path)
    err, workers, _ = _stop(proc, signal.SIGTERM)
    assert not _outliving(workers), "the workers outlived the run"
    assert proc.returncode == 143, err
    assert "--resume" in err and "Traceback" not in err


def test_sigterm_stops_accept_and_says_how_to_resume(tmp_path: Path) -> None:
    args = ["accept", "--game", "y", "--only", "Hard vs Medium", "--workers", "2", "--out", "acc"]
    proc = _start(args, tmp_path)
    err, workers, _ = _stop(proc, signal.SIGTERM)
    assert not _outliving(workers), "the workers outlived the run"
    assert proc.returncode == 143, err
    assert "--out acc --resume" in err and "Traceback" not in err


def _descendants(pid: int) -> list[int]:
    found, todo = [], [pid]
    while todo:
        kids = _children(todo.pop())
        found += kids
        todo += kids
    return found


def test_ctrl_c_stops_a_ray_run_and_its_tasks(tmp_path: Path) -> None:
    """On Ray the games run in Ray's workers: the stop cancels them, and the local Ray
    instance the run started goes with it (one signal only: Ray's start costs seconds)."""
    pytest.importorskip("ray", reason="Ray is not installed: pip install 'boardbots[ray]'")
    journal = tmp_path / "run.jsonl"
    args = [*SIM, "--workers", "2", "--backend", "ray", "--journal", journal.name]
    proc = _start(args, tmp_path)

    def a_game_is_kept() -> bool:
        if proc.poll() is not None:
            return True  # ended early: the asserts below say why
        return journal.exists() and len(journal.read_text().splitlines()) > 1

    try:
        _poll(a_game_is_kept, "a finished game")
        ray_processes = _descendants(proc.pid)
        assert proc.poll() is None, proc.communicate()
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=WAIT_S)
    finally:
        if proc.poll() is None:  # a failed wait must not leave a Ray run behind
            proc.terminate()
            proc.communicate(timeout=WAIT_S)
    assert proc.returncode == 130, err
    assert not _outliving(ray_processes), "Ray's processes outlived the run"
    assert "Traceback" not in err and "--journal run.jsonl --resume" in err
