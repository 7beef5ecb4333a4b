"""Shared pytest set-up: hypothesis profiles, quick by default and thorough in CI."""

from __future__ import annotations

import os
from collections.abc import Iterator
from types import ModuleType

import pytest
from hypothesis import HealthCheck, settings

# The suite tests the Python modules, which it may patch; a native build the developer
# made is left out unless a test asks for it (tests/native does, in a child process).
os.environ.setdefault("BOARDBOTS_NATIVE", "0")

settings.register_profile("dev", max_examples=30, deadline=None)
settings.register_profile(
    "ci", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture(scope="session")
def ray_instance() -> Iterator[ModuleType]:
    """One local Ray instance with 2 CPUs for the whole session: starting Ray costs
    seconds, so every Ray test shares it (each pytest-xdist worker starts its own)."""
    pytest.importorskip("ray", reason="Ray is not installed: pip install 'boardbots[ray]'")
    from boardbots import ray_cluster

    ray = ray_cluster.connect(None, 2)
    yield ray
    ray.shutdown()
