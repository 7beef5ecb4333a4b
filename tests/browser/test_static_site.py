"""`boardbots export-static`: a folder any static host can serve, solo tables only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from boardbots.browser import pyodide_cache
from boardbots.browser.bundle import current_bundle
from boardbots.cli import app
from tests.browser.test_assets import fill_cache


def test_the_site_has_the_app_pyodide_the_bundle_and_a_static_config(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fill_cache(tmp_path / "cache")
    monkeypatch.setenv("BOARDBOTS_PYODIDE_CACHE", str(tmp_path / "cache"))
    site = tmp_path / "site"
    done = CliRunner().invoke(app, ["export-static", str(site)])
    assert done.exit_code == 0, done.output
    config = json.loads((site / "api" / "config").read_text())
    assert config["static"] is True and config["browser"]["available"] is True
    assert not config["browser"]["pyodide_url"].startswith("/")
    assert (site / config["browser"]["bundle_url"]).read_bytes() == current_bundle().data
    for name in pyodide_cache.pin().files:
        assert (site / config["browser"]["pyodide_url"] / name).is_file()
    listed = json.loads((site / "app-files.json").read_text())
    assert "sw.js" in listed and "index.html" in listed and "api/config" in listed
    assert "wasm-unsafe-eval" in (site / "_headers").read_text()


def test_without_pyodide_the_export_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BOARDBOTS_PYODIDE_CACHE", str(tmp_path / "empty"))
    done = CliRunner().invoke(app, ["export-static", str(tmp_path / "site")])
    assert done.exit_code == 2
    assert "fetch-pyodide" in done.output


def _export(site: str) -> tuple[int, str]:
    done = CliRunner().invoke(app, ["export-static", site])
    return done.exit_code, done.output


@pytest.fixture
def cached(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    fill_cache(tmp_path / "cache")
    monkeypatch.setenv("BOARDBOTS_PYODIDE_CACHE", str(tmp_path / "cache"))
    return tmp_path


def test_a_folder_holding_other_files_is_refused_and_left_as_it_was(cached: Path) -> None:
    folder = cached / "work"
    folder.mkdir()
    (folder / "index.html").write_text("mine")
    code, output = _export(str(folder))
    assert code == 2
    assert "not an earlier export" in output and len(output.strip().splitlines()) == 1
    assert [p.name for p in folder.iterdir()] == ["index.html"]
    assert (folder / "index.html").read_text() == "mine"


def test_an_empty_name_or_a_file_is_refused(cached: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(cached)
    before = sorted(cached.rglob("*"))
    code, output = _export("")
    assert code == 2 and "give the folder" in output
    (cached / "afile").write_text("x")
    code, output = _export(str(cached / "afile"))
    assert code == 2 and "is a file, not a folder" in output
    assert sorted(cached.rglob("*")) == sorted([*before, cached / "afile"])
    assert (cached / "afile").read_text() == "x"


def test_exporting_again_replaces_the_old_bundle_and_keeps_the_hosts_own_files(
    cached: Path,
) -> None:
    site = cached / "site"
    code, first = _export(str(site))
    assert code == 0, first
    stale = site / "bundle" / "boardbots-old.zip"
    stale.write_bytes(b"old")
    (site / "CNAME").write_text("games.example.org")  # a host's own file, not ours
    code, second = _export(str(site))
    assert code == 0, second
    assert not stale.exists()
    assert (site / "CNAME").read_text() == "games.example.org"
    assert first.splitlines()[0] == second.splitlines()[0]  # the same files counted
