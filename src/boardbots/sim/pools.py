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


class CodeMismatch(ValueError):
    """A Ray worker runs other game or bot code than this process: its games would
    not be this run's games (nor match the journal's code hash)."""


def _on_node(fn: Callable[..., Any], args: tuple[Any, ...]) -> tuple[str, Any]:
    """The task as a Ray worker runs it: the result, with the hash of the code that
    played it (the import is here because the journal imports the harness)."""
    from boardbots.sim.journal import code_hash

    return code_hash(), fn(*args)


class RayPool:
    """Ray tasks, one CPU each; a stop cancels (kills) every task not finished.

    On a cluster every node must run the same boardbots as this process, or
    its games would differ: each task brings back its code hash, and a task
    from other code fails the run with `CodeMismatch`.
    """

    def __init__(self, address: str | None, workers: int) -> None:
        self._ray = ray_cluster.connect(address, None if address else workers)
        self.slots = ray_cluster.cpus(self._ray)
        # a crashed game is a bug to see, not to retry
        self._task = self._ray.remote(num_cpus=1, max_retries=0)(_on_node)
        self._running: dict[Future[Any], Any] = {}
        from boardbots.sim.journal import code_hash

        self._code = code_hash()

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        ref = self._task.remote(fn, args)
        out: Future[Any] = Future()
        self._running[out] = ref
        out.add_done_callback(lambda f: self._running.pop(f, None))
        ref.future().add_done_callback(lambda done: _unwrap(done, out, self._code))
        return out

    def close(self) -> None:
        for ref in list(self._running.values()):
            with contextlib.suppress(Exception):  # finished meanwhile: nothing to cancel
                self._ray.cancel(ref, force=True)
        self._running.clear()


def _unwrap(done: Future[Any], out: Future[Any], code: str) -> None:
    exc = done.exception()
    if exc is not None:
        out.set_exception(exc)
        return
    theirs, result = done.result()
    if theirs != code:
        out.set_exception(
            CodeMismatch(
                f"a Ray worker runs other boardbots code (hash {theirs}, here {code}): "
                "install the same version on every node"
            )
        )
    else:
        out.set_result(result)


def open_pool(backend: Backend, workers: int) -> TaskPool:
    """The backend's pool; `workers` is the local pool's size, or a private Ray
    instance's CPUs (a cluster at `address` brings its own)."""
    if backend.kind == "ray":
        return RayPool(backend.address, workers)
    return LocalPool(workers)
