"""Bot decisions as Ray tasks: the same pool contract as pebble's, so `botpool.py`
keeps every guarantee (fair slots, wait limits, Easy fallback, late answers
discarded) whichever runs the bots.

What pebble does for the local pool is done here by hand: a task that
overruns its timeout is killed (`ray.cancel(force=True)`) and its future
fails with `TimeoutError`; a cancelled future kills its task, so nothing
computes an answer nobody waits for; a worker that dies fails the future
with `WorkerLost`. Tasks carry the same request as the local pool (the
bot's view, code, seed and budget), never a state.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from concurrent.futures import Future, InvalidStateError
from typing import Any

from boardbots import ray_cluster
from boardbots.server import bot_worker


class WorkerLost(Exception):
    """The Ray worker running a decision died (a crash in the bot, or its node went)."""


def _in_worker(plugins: list[str], fn: Callable[..., Any], args: tuple[Any, ...]) -> Any:
    """Ray workers have no initializer: each task makes sure the plugins are imported
    (a no-op after the first task in that worker)."""
    bot_worker.init_worker(plugins)
    return fn(*args)


class RayBotPool:
    """`schedule`/`stop`/`join` as `pebble.ProcessPool` has them, over Ray tasks."""

    def __init__(self, address: str | None, cpus: int, plugins: list[str]) -> None:
        self._ray = ray_cluster.connect(address, None if address else cpus)
        self.slots = ray_cluster.cpus(self._ray)
        self._plugins = list(plugins)
        self._task = self._ray.remote(num_cpus=1, max_retries=0)(_in_worker)
        self._out: set[Future[Any]] = set()

    def schedule(
        self, fn: Callable[..., Any], args: tuple[Any, ...] = (), timeout: float | None = None
    ) -> Future[Any]:
        ref = self._task.remote(self._plugins, fn, tuple(args))
        out: Future[Any] = Future()  # left pending, so `cancel()` works while it runs
        timer = threading.Timer(timeout, _expire, (out,)) if timeout else None
        self._out.add(out)  # before the callbacks: a task done already ends `out` at once
        out.add_done_callback(lambda f: self._ended(ref, f, timer))
        ref.future().add_done_callback(lambda done: _settle(out, done, self._crashed))
        if timer is not None:
            timer.daemon = True
            timer.start()
        return out

    def _crashed(self, exc: BaseException) -> bool:
        return isinstance(exc, self._ray.exceptions.WorkerCrashedError | ConnectionError)

    def _ended(self, ref: Any, out: Future[Any], timer: threading.Timer | None) -> None:
        """Whatever ended the future, a task still running is killed."""
        if timer is not None:
            timer.cancel()
        self._out.discard(out)
        if out.cancelled() or isinstance(out.exception(), TimeoutError):
            with contextlib.suppress(Exception):  # finished meanwhile: nothing to stop
                self._ray.cancel(ref, force=True)

    def stop(self) -> None:
        for out in list(self._out):
            out.cancel()

    def join(self, timeout: float | None = None) -> None:
        """Nothing to wait for: cancelled tasks end on their own workers."""


def _expire(out: Future[Any]) -> None:
    """The task outlived its timeout: its answer is no longer wanted (and `_ended` kills it)."""
    _finish(out, exc=TimeoutError("the bot task overran its timeout and was stopped"))


def _settle(out: Future[Any], done: Future[Any], crashed: Callable[[BaseException], bool]) -> None:
    """Pass the Ray task's outcome on, unless the future already ended (cancelled or
    timed out: then the answer is late and dropped here)."""
    exc = done.exception()
    if exc is None:
        _finish(out, result=done.result())
    elif crashed(exc):
        _finish(out, exc=WorkerLost(str(exc).splitlines()[0] if str(exc) else "worker died"))
    else:
        _finish(out, exc=exc)


def _finish(out: Future[Any], result: Any = None, exc: BaseException | None = None) -> None:
    with contextlib.suppress(InvalidStateError):  # it ended first another way
        if exc is None:
            out.set_result(result)
        else:
            out.set_exception(exc)
