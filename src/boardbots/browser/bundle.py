"""The browser's copy of the engine and bots: a zip built from the installed source.

The Workers unpack it into Pyodide's file system and import `boardbots` from
it, so the browser runs exactly the code the server runs, never a copy kept in
the repository. Besides `core`, `games` and `bots` it carries the few
standard-library-only server modules that shape a table's messages (so a solo
table speaks the server's protocol) and the Workers' entry points.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import io
import zipfile
from pathlib import Path

PACKAGE_ROOT = Path(__file__).resolve().parents[1]
WHOLE_PACKAGES = ("core", "games", "bots")
SINGLE_MODULES = (
    "__init__.py",
    "sources.py",
    "user_cache.py",
    "native/__init__.py",
    "native/finder.py",
    "native/modules.py",
    "browser/__init__.py",
    "browser/worker_api.py",
    "server/__init__.py",
    "server/bot_worker.py",
    "server/errors.py",
    "server/player_options.py",
    "server/seats.py",
    "server/table.py",
    "server/messages.py",
    "server/undo.py",
    "server/replay.py",
    "server/timeline.py",
)
"""Every module here must import only the standard library and the bundle (a test checks)."""
SUFFIXES = (".py", ".json")
FIXED_TIME = (2020, 1, 1, 0, 0, 0)


@dataclasses.dataclass(frozen=True)
class Bundle:
    data: bytes
    digest: str
    """First 16 hex digits of the zip's SHA-256: part of its address, so a cached old
    bundle is never used with new code."""

    @property
    def name(self) -> str:
        return f"boardbots-{self.digest}.zip"


def bundle_files(root: Path = PACKAGE_ROOT) -> list[str]:
    """Paths inside the package (posix, sorted) that the browser needs."""
    names = set(SINGLE_MODULES)
    for package in WHOLE_PACKAGES:
        for path in (root / package).rglob("*"):
            if path.suffix in SUFFIXES and "__pycache__" not in path.parts and path.is_file():
                names.add(path.relative_to(root).as_posix())
    return sorted(names)


def build_bundle(root: Path = PACKAGE_ROOT) -> Bundle:
    """The zip, byte for byte the same for the same source (fixed times, sorted names)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for name in bundle_files(root):
            info = zipfile.ZipInfo(f"boardbots/{name}", FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, (root / name).read_bytes())
    data = buffer.getvalue()
    return Bundle(data, hashlib.sha256(data).hexdigest()[:16])


@functools.cache
def current_bundle() -> Bundle:
    """Built on first request and kept: the installed source does not change under a
    running server (a restart picks up edits)."""
    return build_bundle()
