"""The server's side of browser bots: Pyodide from the local cache with the right types,
the code bundle, the CSP, and /api/config saying whether (and why not) bots can run here."""

from __future__ import annotations

import gzip
import io
import zipfile
from pathlib import Path

import pytest

from boardbots.browser import pyodide_cache
from tests.server.conftest import make_config, open_client


def fill_cache(root: Path) -> None:
    folder = pyodide_cache.release_dir(root)
    folder.mkdir(parents=True)
    for name in pyodide_cache.pin().files:
        data = b"\0asm" if name.endswith(".wasm") else b"x"
        (folder / name).write_bytes(data)
        (folder / (name + ".gz")).write_bytes(gzip.compress(data))
    (folder / pyodide_cache.DONE_MARK).write_text("ok")


def test_without_pyodide_the_config_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BOARDBOTS_PYODIDE_CACHE", str(tmp_path / "empty"))
    with open_client(make_config(tmp_path), tmp_path) as client:
        browser = client.get("/api/config").json()["browser"]
        assert browser["available"] is False
        assert "boardbots fetch-pyodide" in browser["reason"]
        url = browser["pyodide_url"] + "pyodide.mjs"
        assert client.get(url).status_code == 404


def test_pyodide_files_have_their_types_and_every_reply_has_the_csp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fill_cache(tmp_path / "cache")
    monkeypatch.setenv("BOARDBOTS_PYODIDE_CACHE", str(tmp_path / "cache"))
    with open_client(make_config(tmp_path), tmp_path) as client:
        browser = client.get("/api/config").json()["browser"]
        assert browser["available"] is True and browser["reason"] is None
        wasm = client.get(browser["pyodide_url"] + "pyodide.asm.wasm")
        assert wasm.headers["content-type"] == "application/wasm"
        assert wasm.headers["content-encoding"] == "gzip" and wasm.content == b"\0asm"
        module = client.get(browser["pyodide_url"] + "pyodide.mjs")
        assert module.headers["content-type"].startswith("text/javascript")
        assert client.get(browser["pyodide_url"] + "console.html").status_code == 404
        csp = client.get("/").headers["content-security-policy"]
        assert "'wasm-unsafe-eval'" in csp and "'unsafe-eval'" not in csp.replace(
            "'wasm-unsafe-eval'", ""
        )


def test_the_bundle_is_served_under_its_digest(tmp_path: Path) -> None:
    with open_client(make_config(tmp_path), tmp_path) as client:
        url = client.get("/api/config").json()["browser"]["bundle_url"]
        reply = client.get(url)
        assert reply.headers["content-type"] == "application/zip"
        assert "immutable" in reply.headers["cache-control"]
        names = zipfile.ZipFile(io.BytesIO(reply.content)).namelist()
        assert "boardbots/bots/hard.py" in names
        assert client.get("/bundle/boardbots-0000.zip").status_code == 404
