"""The browser's Pyodide computes the bots' numbers and decisions bit for bit as CPython
does, so a game whose bots thought in the browser replays on the server.

With `math.tanh` in Hard's reward this failed: musl (in Pyodide) and glibc
disagree in the last bit of about one tanh in ten, and a solo Y game's Hard
move came out differently when CPython re-made it. `core/portable.py` has the
functions the bots use instead; `tests/core/test_portable.py` keeps other
maths calls out of the code the browser runs.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web import same_bits_probe
from tests.web.conftest import running_pyodide_server

pytestmark = pytest.mark.browser

PYODIDE_START_MS = 90_000
"""Pyodide's start and the probe on a loaded two-core machine."""

RUN_IN_PYODIDE = """async (source) => {
  const config = await (await fetch("/api/config")).json();
  const b = config.browser;
  const pyodideUrl = new URL(b.pyodide_url, location.href).href;
  const { loadPyodide } = await import(new URL("pyodide.mjs", pyodideUrl).href);
  const pyodide = await loadPyodide({ indexURL: pyodideUrl });
  const bundle = await (await fetch(new URL(b.bundle_url, location.href).href)).arrayBuffer();
  pyodide.unpackArchive(bundle, "zip", { extractDir: "/home/pyodide/bundle" });
  pyodide.runPython("import sys\\nsys.path.insert(0, '/home/pyodide/bundle')");
  return [pyodide.runPython("import sys\\nsys.version"), pyodide.runPython(source)];
}"""


@pytest.fixture(scope="module")
def pyodide_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    env = {"BOARDBOTS_BOT_WORKERS": "0", "BOARDBOTS_LOG_LEVEL": "warning"}
    with running_pyodide_server(tmp_path_factory, "the same-bits test", env) as url:
        yield url


def run_probe_in_pyodide(browser: Any, base_url: str) -> tuple[str, dict[str, Any]]:
    ctx = browser.new_context(base_url=base_url)
    try:
        page = ctx.new_page()
        page.set_default_timeout(PYODIDE_START_MS)
        page.goto("/api/config")
        source = Path(same_bits_probe.__file__).read_text() + "\nprobe()\n"
        version, text = page.evaluate(RUN_IN_PYODIDE, source)
        found: dict[str, Any] = json.loads(text)
        return str(version), found
    finally:
        ctx.close()


def test_pyodide_and_cpython_agree_to_the_last_bit(browser: Any, pyodide_server: str) -> None:
    version, in_browser = run_probe_in_pyodide(browser, pyodide_server)
    here: dict[str, Any] = json.loads(same_bits_probe.probe())
    for name, values in here["numbers"].items():
        theirs = in_browser["numbers"][name]
        differ = [i for i, (a, b) in enumerate(zip(values, theirs, strict=True)) if a != b]
        assert not differ, (
            f"{name}: {len(differ)} of {len(values)} values differ in Pyodide ({version}),"
            f" first at {differ[0]}: {values[differ[0]]} here, {theirs[differ[0]]} there"
        )
    assert len(here["decisions"]) == len(in_browser["decisions"]) >= 20
    for mine, theirs in zip(here["decisions"], in_browser["decisions"], strict=True):
        assert mine == theirs, f"{mine['case']} differs in Pyodide ({version})"
