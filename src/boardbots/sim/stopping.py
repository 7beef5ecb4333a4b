"""Stopping a long run cleanly on Ctrl-C or SIGTERM: workers killed, nothing torn.

Python raises KeyboardInterrupt wherever the main thread happens to be. While
a process pool is being driven that may be inside the pool's own bookkeeping
(a half-sent task, a lock held), and stopping the pool afterwards can then
hang. So within `stop_on_signals` both signals are caught by one handler:
outside a `deferred` block it raises at once (a game played in-process is
safe to abandon anywhere), inside one it only records the signal, and the
pool loop raises it at its next poll (every `POLL_S`) from a safe point.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType

POLL_S = 0.1
"""How often a pool loop looks for a recorded signal: the delay it adds to a stop."""

_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where Ctrl-C would be, so both stop a run the same way."""


class _State:
    """The handler's switch and what it recorded (one per process: signals are too)."""

    deferring = False
    received: int | None = None


def _interrupt(signum: int) -> KeyboardInterrupt:
    return Terminated() if signum == signal.SIGTERM else KeyboardInterrupt()


def _on_signal(signum: int, frame: FrameType | None) -> None:
    if _State.deferring:
        _State.received = signum
        return
    raise _interrupt(signum)


@contextlib.contextmanager
def stop_on_signals() -> Iterator[None]:
    """Within the block Ctrl-C raises KeyboardInterrupt and SIGTERM `Terminated` (one
    of its kind), so a run stopped by a service manager kills its workers and says
    how to resume, as one stopped with Ctrl-C does. Only the main thread may set
    handlers; elsewhere the block changes nothing."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {s: signal.signal(s, _on_signal) for s in _SIGNALS}
    try:
        yield
    finally:
        for s, handler in before.items():
            signal.signal(s, handler)


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """Within the block a signal is only recorded; `check` raises it."""
    _State.deferring, _State.received = True, None
    try:
        yield
    finally:
        _State.deferring = False


def check() -> None:
    """Raise the signal recorded in a `deferred` block, if one came."""
    if _State.received is not None:
        signum, _State.received = _State.received, None
        raise _interrupt(signum)


def worker_signals() -> None:
    """A pool worker's set-up: Ctrl-C is left to the parent, which stops every worker
    at once (otherwise each prints its own traceback), and SIGTERM kills at once,
    whatever handler the worker inherited from the parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
