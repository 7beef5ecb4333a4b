"""`--backend local|ray` and `--address`, shared by `sim`, `accept` and `tune`.

The Ray cluster is joined (or a local instance started) while the input is
checked, before any game: a missing extra or an unreachable address is one
line and exit 2, not a traceback after the journal was opened, and Ray's
start-up is not counted in the run's pace.
"""

from __future__ import annotations

import typer

from boardbots import ray_cluster
from boardbots.cli.errors import fail
from boardbots.sim.pools import BACKENDS, Backend

WORKERS_HELP = "Worker processes (with --backend ray and no --address: the Ray instance's CPUs)."
MAX_WORKERS = 1024
"""The most `--workers` a run takes, as `serve` takes for its bot workers: each is a
process started up front, and a mistyped count should not fork a machine to a halt."""
BACKEND_OPTION: str = typer.Option(
    "local", help="Where games are played: local (worker processes here) or ray (Ray tasks)."
)
ADDRESS_OPTION: str | None = typer.Option(
    None,
    help="Ray cluster to join (auto, or the head's host:port); without it --backend ray "
    "starts a local Ray instance with --workers CPUs.",
)


def checked(kind: str, address: str | None, workers: int) -> Backend:
    """The backend asked for, with Ray already connected when it is Ray."""
    if kind not in BACKENDS:
        fail(f"--backend must be one of {', '.join(BACKENDS)}, not {kind!r}")
    if kind == "local":
        if address:
            fail("--address needs --backend ray: it names the Ray cluster to join")
        return Backend()
    try:
        ray_cluster.connect(address, workers)
    except ray_cluster.RayMissing as exc:
        fail(str(exc))
    except Exception as exc:  # Ray's errors for a bad address vary by version
        where = f"the Ray cluster at {address}" if address else "a local Ray instance"
        fail(f"could not start or join {where}: {exc}")
    return Backend("ray", address)
