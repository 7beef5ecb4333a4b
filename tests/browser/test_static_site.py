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
