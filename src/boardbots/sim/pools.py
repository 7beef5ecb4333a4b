"""Where a run's games are played: worker processes here, or tasks on a Ray cluster.

The harness hands a pool chunks of games and waits on plain futures, so
chunking, journals, `--resume`, the progress bar and stopping are the same
code whichever pool plays: a pool only starts tasks and, when the run ends
or is stopped, makes sure none of them goes on running.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, Literal, Protocol

from pebble import ProcessPool

from boardbots import ray_cluster
from boardbots.sim import stopping

STOP_WAIT_S = 1.5
"""How long a stopped run waits for its workers to end before it goes on without them."""

BACKENDS = ("local", "ray")


@dataclasses.dataclass(frozen=True)
class Backend:
    """Where to play: `local` worker processes, or `ray` (a private local instance,
    or the cluster at `address`)."""

    kind: Literal["local", "ray"] = "local"
    address: str | None = None


LOCAL = Backend()


class TaskPool(Protocol):
    """What the harness needs of a pool."""

    slots: int
    """How many tasks run at once (the harness keeps twice as many handed out)."""

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]: ...

    def close(self) -> None:
        """Stop every task still running or queued; return once they are gone."""


class LocalPool:
    """pebble worker processes on this machine; a stop kills them."""

    def __init__(self, workers: int) -> None:
        self.slots = workers
        self._pool = ProcessPool(max_workers=workers, initializer=stopping.worker_signals)

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        return self._pool.schedule(fn, args)

    def close(self) -> None:
        self._pool.stop()  # type: ignore[no-untyped-call]
        with contextlib.suppress(TimeoutError):
            self._pool.join(timeout=STOP_WAIT_S)


class RayPool:
    """Ray tasks, one CPU each; a stop cancels (kills) every task not finished."""

    def __init__(self, address: str | None, workers: int) -> None:
        self._ray = ray_cluster.connect(address, None if address else workers)
        self.slots = ray_cluster.cpus(self._ray)
        self._remote: dict[Callable[..., Any], Any] = {}
        self._running: dict[Future[Any], Any] = {}

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        if fn not in self._remote:  # a crashed game is a bug to see, not to retry
            self._remote[fn] = self._ray.remote(num_cpus=1, max_retries=0)(fn)
        ref = self._remote[fn].remote(*args)
        future: Future[Any] = ref.future()
        self._running[future] = ref
        future.add_done_callback(lambda f: self._running.pop(f, None))
        return future

    def close(self) -> None:
        for ref in list(self._running.values()):
            with contextlib.suppress(Exception):  # finished meanwhile: nothing to cancel
                self._ray.cancel(ref, force=True)
        self._running.clear()


def open_pool(backend: Backend, workers: int) -> TaskPool:
    """The backend's pool; `workers` is the local pool's size, or a private Ray
    instance's CPUs (a cluster at `address` brings its own)."""
    if backend.kind == "ray":
        return RayPool(backend.address, workers)
    return LocalPool(workers)
