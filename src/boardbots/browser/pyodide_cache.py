"""The pinned Pyodide release: fetched once from the npm registry into a local cache.

The pin (version, tarball address, npm integrity) is data in `pyodide.json`, so a
release bump is a data change. Only the files the app serves are kept. Nothing
else is ever fetched: the browser loads Pyodide from our own server.
"""

from __future__ import annotations

import base64
import dataclasses
import gzip
import hashlib
import io
import json
import os
import shutil
import tarfile
import urllib.request
from collections.abc import Callable
from pathlib import Path

from boardbots.user_cache import user_cache

PIN_FILE = Path(__file__).with_name("pyodide.json")
DONE_MARK = ".complete"
Download = Callable[[str], bytes]


@dataclasses.dataclass(frozen=True)
class Pin:
    version: str
    tarball: str
    integrity: str
    files: tuple[str, ...]


def pin() -> Pin:
    data = json.loads(PIN_FILE.read_text())
    return Pin(data["version"], data["tarball"], data["integrity"], tuple(data["files"]))


def cache_root() -> Path:
    """BOARDBOTS_PYODIDE_CACHE, else the user's cache folder (XDG_CACHE_HOME or ~/.cache)."""
    own = os.environ.get("BOARDBOTS_PYODIDE_CACHE")
    if own:
        return Path(own)
    return user_cache("pyodide")


def release_dir(root: Path | None = None, release: Pin | None = None) -> Path:
    release = release or pin()
    return (root or cache_root()) / release.version


def unavailable_reason(root: Path | None = None) -> str | None:
    """None when the pinned release is complete in the cache, else why it is not there."""
    folder = release_dir(root)
    if not (folder / DONE_MARK).is_file():
        return f"Pyodide {pin().version} is not in {folder}; run `boardbots fetch-pyodide`"
    missing = [name for name in pin().files if not (folder / name).is_file()]
    if missing:
        return f"the Pyodide cache {folder} lacks {', '.join(missing)}"
    return None


def check_integrity(blob: bytes, integrity: str) -> None:
    """Raise ValueError unless `blob` has the npm `sha512-...` integrity value."""
    algo, _, expected = integrity.partition("-")
    if algo != "sha512":
        raise ValueError(f"unsupported integrity algorithm {algo!r}")
    got = base64.b64encode(hashlib.sha512(blob).digest()).decode()
    if got != expected:
        raise ValueError(f"the Pyodide tarball's checksum is {got}, the pin says {expected}")


def _http_get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=60) as reply:
        body: bytes = reply.read()
        return body


def fetch(root: Path | None = None, download: Download = _http_get) -> Path:
    """The release folder, downloading and checking the tarball first if needed."""
    release = pin()
    folder = release_dir(root, release)
    if unavailable_reason(root) is None:
        return folder
    folder.parent.mkdir(parents=True, exist_ok=True)  # a cache that cannot be written fails first
    blob = download(release.tarball)
    check_integrity(blob, release.integrity)
    partial = folder.with_name(folder.name + ".partial")
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    _extract(blob, release.files, partial)
    (partial / DONE_MARK).write_text(release.integrity + "\n")
    shutil.rmtree(folder, ignore_errors=True)
    partial.rename(folder)
    return folder


def _extract(blob: bytes, names: tuple[str, ...], dest: Path) -> None:
    """Copy only `names` out of the npm tarball's `package/` folder (no paths from it)."""
    wanted = {f"package/{name}": name for name in names}
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:gz") as tar:
        for member in tar.getmembers():
            name = wanted.pop(member.name, None)
            source = tar.extractfile(member) if name and member.isfile() else None
            if name and source is not None:
                data = source.read()
                (dest / name).write_bytes(data)
                # Kept compressed too, so the server can send 6.4 MB instead of 13.6 MB.
                (dest / (name + ".gz")).write_bytes(gzip.compress(data, 9, mtime=0))
    if wanted:
        raise ValueError(f"the Pyodide tarball lacks {', '.join(sorted(wanted.values()))}")
