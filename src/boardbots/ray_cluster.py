"""Joining a Ray cluster (or starting a private one) for the lab and the server's bots.

Ray is an optional extra, so nothing here imports it at module level: a
command that is asked for Ray without it says what to install instead of
failing at import. `ray.init` puts in its own SIGTERM handler; the caller's
handlers are put back, so a run stopped by a service manager still stops
the way `sim/stopping.py` says (workers cancelled, journal kept).
"""

from __future__ import annotations

import logging
import signal
import threading
from types import ModuleType

INSTALL_HINT = "Ray is not installed; install it with: pip install 'boardbots[ray]'"


class RayMissing(RuntimeError):
    """`--backend ray` or `--bots ray` without Ray installed."""


def ray_module() -> ModuleType:
    """The `ray` package, or `RayMissing` with the line that says how to get it."""
    try:
        import ray
    except ImportError:
        raise RayMissing(INSTALL_HINT) from None
    return ray


def connect(address: str | None, num_cpus: int | None = None) -> ModuleType:
    """Join the cluster at `address`, or start a local instance with `num_cpus` CPUs
    (None: every core). A process joins once; later calls reuse the connection, so
    an acceptance suite pays Ray's start-up (seconds) once, not per experiment."""
    ray = ray_module()
    if ray.is_initialized():
        return ray
    handlers = _signal_handlers()
    try:
        if address:
            ray.init(address=address, logging_level=logging.WARNING)
        else:
            ray.init(num_cpus=num_cpus, include_dashboard=False, logging_level=logging.WARNING)
    finally:
        for signum, handler in handlers.items():
            signal.signal(signum, handler)
    return ray


def cpus(ray: ModuleType) -> int:
    """The cluster's CPUs: how many tasks can run at once."""
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def _signal_handlers() -> dict[int, signal._HANDLER]:
    if threading.current_thread() is not threading.main_thread():
        return {}
    return {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
