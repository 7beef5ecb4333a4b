"""The one folder where boardbots keeps what it builds or fetches once per machine.

Both the native build and the Pyodide release live there, so a user who
clears or relocates the cache (XDG_CACHE_HOME) moves both alike.
"""

from __future__ import annotations

import os
from pathlib import Path


def user_cache(*parts: str) -> Path:
    """<XDG_CACHE_HOME, else ~/.cache>/boardbots/<parts>."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base, "boardbots", *parts)
