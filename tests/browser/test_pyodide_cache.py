"""The pinned Pyodide release: checked against its sha512, only the served files kept."""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import io
import json
import tarfile
from pathlib import Path

import pytest

from boardbots.browser import pyodide_cache


def tarball(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def integrity(blob: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(blob).digest()).decode()


@pytest.fixture
def fake_pin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> bytes:
    """A pin whose tarball is a small fake with every listed file and one extra."""
    release = pyodide_cache.pin()
    blob = tarball({name: name.encode() for name in release.files} | {"console.html": b"x"})
    pin_file = tmp_path / "pin.json"
    data = dataclasses.asdict(release) | {"integrity": integrity(blob)}
    pin_file.write_text(json.dumps(data | {"files": list(release.files)}))
    monkeypatch.setattr(pyodide_cache, "PIN_FILE", pin_file)
    return blob


def test_the_pin_is_an_npm_release_with_a_sha512() -> None:
    release = pyodide_cache.pin()
    assert release.tarball.startswith("https://registry.npmjs.org/pyodide/-/")
    assert release.version in release.tarball
    assert release.integrity.startswith("sha512-")
    assert "pyodide.asm.wasm" in release.files


def test_fetch_keeps_only_the_served_files_and_downloads_once(
    tmp_path: Path, fake_pin: bytes
) -> None:
    calls: list[str] = []

    def download(url: str) -> bytes:
        calls.append(url)
        return fake_pin

    root = tmp_path / "cache"
    assert pyodide_cache.unavailable_reason(root) is not None
    folder = pyodide_cache.fetch(root, download)
    kept = sorted(p.name for p in folder.iterdir() if p.suffix != ".gz" and p.name != ".complete")
    assert kept == sorted(pyodide_cache.pin().files)
    assert all((folder / (name + ".gz")).is_file() for name in kept)
    assert pyodide_cache.unavailable_reason(root) is None
    pyodide_cache.fetch(root, download)
    assert len(calls) == 1


def test_a_tarball_with_the_wrong_checksum_is_refused(tmp_path: Path, fake_pin: bytes) -> None:
    root = tmp_path / "cache"
    with pytest.raises(ValueError, match="checksum"):
        pyodide_cache.fetch(root, lambda url: fake_pin + b"tampered")
    assert pyodide_cache.unavailable_reason(root) is not None
    assert not pyodide_cache.release_dir(root).exists()


def test_the_reason_names_the_command_that_fixes_it(tmp_path: Path) -> None:
    reason = pyodide_cache.unavailable_reason(tmp_path)
    assert reason is not None and "boardbots fetch-pyodide" in reason


def test_a_cache_that_cannot_be_written_fails_before_the_download(tmp_path: Path) -> None:
    """A cache path on a file downloaded the whole tarball, then failed writing it."""
    (tmp_path / "afile").write_text("")

    def download(url: str) -> bytes:
        raise AssertionError("downloaded anyway")

    with pytest.raises(OSError):  # "File exists" for the folder itself, "Not a directory" below
        pyodide_cache.fetch(tmp_path / "afile", download)


def test_the_command_names_the_path_it_cannot_write(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from boardbots.cli import app

    (tmp_path / "afile").write_text("")
    result = CliRunner().invoke(app, ["fetch-pyodide", "--cache", str(tmp_path / "afile")])
    assert result.exit_code == 2
    assert f"cannot write {tmp_path / 'afile'}: " in result.output
    assert "[Errno" not in result.output and len(result.output.strip().splitlines()) == 1
