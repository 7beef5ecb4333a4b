"""Browser test fixtures: a real `boardbots serve` on a loopback port and headless Chromium.

The tests drive Debian's Chromium through the Playwright package (Playwright's
own browser download cannot work on our machines). They are skipped with a
clear reason when either is missing; CI installs both.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from boardbots.browser import pyodide_cache
from tests.web import axe

CHROMIUM = Path(os.environ.get("BOARDBOTS_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"

# The server for browser tests: a Hard budget nobody would pick by accident, so the
# explanation page must show the configured number rather than a default, quick bots,
# and a short server-side pause (tests set the player's own minimum where they need one).
# The wait limit before the server gives up on a worker is generous: on a loaded CI
# machine (pytest -n 2 next to CPU-heavy tests) a worker can be slow to answer, and
# the fallback would then play Easy's move where a test expects Big Money's.
HARD_BUDGET_MS = 1234
SERVER_ENV = {
    "BOARDBOTS_BUDGET_MS": f"hard={HARD_BUDGET_MS},default=150",
    "BOARDBOTS_MIN_THINK_MS": "150",
    "BOARDBOTS_BOT_WORKERS": "1",
    "BOARDBOTS_TIMEOUT_EXTRA_S": "20",
    "BOARDBOTS_LOG_LEVEL": "warning",
    # The Domination test deals from a chosen seed and deck (Militia in both hands).
    "BOARDBOTS_LAB_MODE": "1",
    # Every browser test is the same client (127.0.0.1) of one server for the session.
    "BOARDBOTS_TABLES_PER_CLIENT": "100000",
    "BOARDBOTS_OPEN_TABLES_PER_CLIENT": "100000",
    "BOARDBOTS_SOCKETS_PER_CLIENT": "100000",
}
# Playwright waits: generous, so CPU contention cannot fail a test, but bounded, so a
# real hang still fails in well under a minute per step.
DEFAULT_TIMEOUT_MS = 30_000
BOT_TURN_TIMEOUT_MS = 45_000  # waits that span one or more bot turns
SERVER_START_S = 90.0  # the lifespan waits up to 30 s for the bot worker to warm up


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install playwright)"
    if not CHROMIUM.exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    reason = _missing()
    if reason is None:
        return
    skip = pytest.mark.skip(reason=f"browser tests skipped: {reason}")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _wait_until_up(
    url: str, proc: subprocess.Popen[bytes], limit_s: float = SERVER_START_S
) -> None:
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"boardbots serve exited early with code {proc.returncode}")
        with (
            contextlib.suppress(OSError),
            urllib.request.urlopen(url + "api/config", timeout=1) as r,
        ):
            if r.status == 200:
                return
        time.sleep(0.2)
    raise RuntimeError(f"boardbots serve did not answer at {url} within {limit_s} s")


@contextlib.contextmanager
def running_server(data: Path, env_extra: dict[str, str]) -> Iterator[str]:
    """`boardbots serve` on a free port over `data`, with only `env_extra` of the BOARDBOTS_
    settings; its base URL once it answers, and the process stopped on exit."""
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("BOARDBOTS_")} | env_extra
    cmd = [sys.executable, "-m", "boardbots.cli", "serve", "--port", str(port), "--data", str(data)]
    with (data / "server.log").open("wb") as log:
        proc = subprocess.Popen(cmd, cwd=data, env=env, stdout=log, stderr=subprocess.STDOUT)
        url = f"http://127.0.0.1:{port}/"
        try:
            _wait_until_up(url, proc)
            yield url
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@contextlib.contextmanager
def running_pyodide_server(
    tmp_path_factory: pytest.TempPathFactory, what: str, env_extra: dict[str, str]
) -> Iterator[str]:
    """`running_server` serving the pinned Pyodide from the local cache, for tests whose
    bots think in the browser; skips `what`, saying why, without Chromium or the cache."""
    reason = _missing() or pyodide_cache.unavailable_reason()
    if reason:
        pytest.skip(f"{what} skipped: {reason}")
    data = tmp_path_factory.mktemp("pyodide-server")
    cache = {"BOARDBOTS_PYODIDE_CACHE": str(pyodide_cache.cache_root())}
    with running_server(data, env_extra | cache) as url:
        yield url


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a real server with a fresh data folder, stopped after the session."""
    if _missing():
        pytest.skip(_missing() or "")
    data = tmp_path_factory.mktemp("server-data")
    # No Pyodide here: these tests follow server tables (test_solo_browser.py has its own
    # server for bots in the browser), and the home page must say why bots stay there.
    with running_server(
        data, SERVER_ENV | {"BOARDBOTS_PYODIDE_CACHE": str(data / "no-pyodide")}
    ) as url:
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if _missing():
        pytest.skip(_missing() or "")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def axe_script() -> str:
    """axe-core's source (tests/web/axe.py); a failed download fails CI, skips elsewhere."""
    try:
        return axe.source()
    except (OSError, ValueError) as err:
        reason = f"axe-core {axe.PIN['version']} could not be fetched from the npm registry: {err}"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)


@pytest.fixture
def axe_page(browser: Any, server: str) -> Iterator[Any]:
    """Make a page in a fresh context for an axe audit, in a language and a size."""
    contexts: list[Any] = []

    def make(lang: str, width: int, height: int) -> Any:
        # bypass_csp: axe is added as an inline script, which the app's CSP rightly refuses.
        ctx = browser.new_context(
            viewport={"width": width, "height": height}, base_url=server, bypass_csp=True
        )
        ctx.set_default_timeout(DEFAULT_TIMEOUT_MS)
        ctx.add_init_script(
            f"localStorage.setItem('boardbots.settings', JSON.stringify({{lang: '{lang}'}}))"
        )
        contexts.append(ctx)
        return ctx.new_page()

    yield make
    for ctx in contexts:
        ctx.close()


@pytest.fixture
def new_page(browser: Any, server: str) -> Iterator[Any]:
    """Make pages in fresh browser contexts (own localStorage); JS errors fail the test."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make(width: int = 1280, height: int = 860) -> Any:
        ctx = browser.new_context(viewport={"width": width, "height": height}, base_url=server)
        ctx.set_default_timeout(DEFAULT_TIMEOUT_MS)
        contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        return page

    yield make
    for ctx in contexts:
        ctx.close()
    assert not errors, f"JavaScript errors in the page: {errors}"


def expect(target: Any) -> Any:
    """Playwright's retrying assertions, with the same bounded timeout as every other wait
    (its own default is 5 s). Imported here so test modules load without Playwright."""
    from playwright.sync_api import expect as playwright_expect

    playwright_expect.set_options(timeout=DEFAULT_TIMEOUT_MS)
    return playwright_expect(target)


def shot(page: Any, name: str, full_page: bool = False) -> None:
    """Save a screenshot for the CI artifacts (artifacts/screenshots/NAME.png)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_timeout(450)  # let entry animations finish so the picture shows the result
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=full_page)


def api(server: str, path: str, body: dict[str, Any] | None = None) -> Any:
    """A plain HTTP call to the server under test."""
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(
        server + path.lstrip("/"), data=data, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def finished_table(server: str, body: dict[str, Any]) -> str:
    """A table of bots only, played to the end by the server."""
    table: str = api(server, "/api/tables", body)["table"]["id"]
    deadline = time.monotonic() + BOT_TURN_TIMEOUT_MS / 1000
    while api(server, f"/api/tables/{table}")["table"]["status"] == "playing":
        assert time.monotonic() < deadline, "the bots did not finish their game"
        time.sleep(0.2)
    return table
