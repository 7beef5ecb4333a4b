"""What running the lab on Ray costs and gains on this machine, beside the local pool.

Three figures, so `docs/sim.md` can say when Ray pays:

- start: seconds to start a private local Ray instance (`ray_cluster.connect`),
  each start in a fresh process, as a lab run pays it;
- round trip: one trivial task handed out and its result back, Ray against
  the local process pool (median and p95 over --trips, one at a time);
- scaling: the wall time of one `boardbots sim` run at 1 and at 2 CPUs, on
  each backend, runs taking turns so a busy moment hits both sides alike.

Needs `pip install 'boardbots[ray]'`. Run it on a quiet machine: with other
work on the cores, the scaling shows the contention, not Ray.

    boardbots bench ray
    boardbots bench ray -- --games 300 --runs 3 --no-scaling
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time

from boardbots.cli.argtypes import Parser, count
from boardbots.sim.pools import LocalPool, RayPool, TaskPool

START = (
    "import time; t = time.perf_counter(); from boardbots import ray_cluster; "
    "ray = ray_cluster.connect(None, 1); print(time.perf_counter() - t); ray.shutdown()"
)


def start_seconds(runs: int) -> list[float]:
    """Each start in its own process: a process joins Ray once."""
    times = []
    for _ in range(runs + 1):  # the first also fills the OS's file caches: not kept
        done = subprocess.run([sys.executable, "-c", START], capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"error: Ray did not start: {done.stderr.strip()[-300:]}")
        times.append(float(done.stdout.strip().splitlines()[-1]))
    return times[1:]


def round_trips_ms(pool: TaskPool, trips: int) -> list[float]:
    """A builtin as the task: the pool's worker must import what it runs, and this
    module is loaded by path."""
    for _ in range(5):  # warm the workers up
        pool.submit(os.getpid).result(timeout=120)
    times = []
    for _ in range(trips):
        t = time.perf_counter()
        pool.submit(os.getpid).result(timeout=120)
        times.append((time.perf_counter() - t) * 1000)
    return times


def sim_seconds(backend: str, workers: int, games: int, seats: str) -> float:
    cmd = [sys.executable, "-m", "boardbots.cli", "sim", "--game", "domination"]
    cmd += ["--seats", seats, "--games", str(games), "--seed", "7"]
    cmd += ["--workers", str(workers), "--backend", backend]
    t = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"error: {' '.join(cmd[3:])} failed: {done.stderr.strip()[-300:]}")
    return time.perf_counter() - t


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


def main(argv: list[str] | None = None) -> None:
    parser = Parser(prog="boardbots bench ray", description=__doc__)
    parser.add_argument("--starts", type=count, default=3, help="Ray starts timed")
    parser.add_argument("--trips", type=count, default=300, help="round trips per pool")
    parser.add_argument("--games", type=count, default=300, help="games per scaling run")
    parser.add_argument("--runs", type=count, default=2, help="scaling runs per setting")
    parser.add_argument("--seats", default="medium,easy", help="the scaling run's line-up")
    parser.add_argument("--no-scaling", action="store_true", help="skip the scaling runs")
    args = parser.parse_args(argv)

    starts = start_seconds(args.starts)
    print(f"Ray start: median {statistics.median(starts):.1f} s ({len(starts)} starts)")
    pools: list[tuple[str, TaskPool]] = [("local", LocalPool(1)), ("ray", RayPool(None, 1))]
    for name, pool in pools:
        try:
            trips = round_trips_ms(pool, args.trips)
        finally:
            pool.close()
        print(
            f"round trip, {name:5}: median {statistics.median(trips):.2f} ms, "
            f"p95 {_p95(trips):.2f} ms ({len(trips)} tasks)"
        )
    if args.no_scaling:
        return
    print(f"scaling: sim domination {args.seats}, {args.games} games, seed 7 (wall seconds)")
    settings = [(b, w) for b in ("local", "ray") for w in (1, 2)]
    walls: dict[tuple[str, int], list[float]] = {s: [] for s in settings}
    for _ in range(args.runs):
        for backend, workers in settings:
            walls[(backend, workers)].append(sim_seconds(backend, workers, args.games, args.seats))
    for backend in ("local", "ray"):
        one = statistics.median(walls[(backend, 1)])
        two = statistics.median(walls[(backend, 2)])
        print(
            f"  {backend:5}: 1 CPU {one:.1f} s, 2 CPUs {two:.1f} s, speed-up {one / two:.2f}x "
            f"(median of {args.runs} each; all: "
            f"{[round(x, 1) for x in walls[(backend, 1)] + walls[(backend, 2)]]})"
        )


if __name__ == "__main__":
    main()
