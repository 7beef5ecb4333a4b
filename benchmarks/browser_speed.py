"""Bots in the browser: Pyodide load time (cold and cached), download size, and Hard's
decision time in a Chromium Worker against CPython on the same positions.

Starts a throw-away `boardbots serve` on loopback (no bot pool), opens headless
Chromium (Debian's, through Playwright) and drives the app's own bot Worker
(`js/solo/bot-worker.js`): "cold" is a fresh browser context (empty HTTP cache),
"cached" a second Worker in the same context. Positions are those of
`bench bots` (4-player Domination, size-11 Y); each is decided by Hard with the
server's 900 ms budget in the Worker and then in this process, with the same
seed and budget. Needs the Pyodide cache (`boardbots fetch-pyodide`).
"""

from __future__ import annotations

import gzip
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from boardbots.browser import pyodide_cache
from boardbots.browser.bundle import current_bundle
from boardbots.cli.argtypes import Parser, count
from boardbots.games import get_game
from boardbots.server import bot_worker

CHROMIUM = os.environ.get("BOARDBOTS_CHROMIUM", "/usr/bin/chromium")
BOOT_AND_TIME = """async (args) => {
  const started = performance.now();
  const worker = new Worker('/js/solo/bot-worker.js', {type: 'module'});
  const answers = new Map();
  let ready;
  const readyAt = new Promise((resolve) => { ready = resolve; });
  worker.onmessage = (e) => {
    if (e.data.type === 'ready' || e.data.type === 'failed') ready(e.data);
    else answers.get(e.data.id)(e.data);
  };
  worker.postMessage({type: 'boot', pyodideUrl: args.pyodideUrl, bundleUrl: args.bundleUrl});
  const boot = await readyAt;
  const loadMs = performance.now() - started;
  if (boot.type !== 'ready') return {loadMs, failed: boot.reason};
  const replies = [];
  for (let i = 0; i < args.requests.length; i++) {
    const t0 = performance.now();
    const reply = await new Promise((resolve) => {
      answers.set(i, resolve);
      worker.postMessage({type: 'decide', id: i, request: args.requests[i]});
    });
    replies.push({wallMs: performance.now() - t0, reply: reply.reply, error: reply.error});
  }
  worker.terminate();
  return {loadMs, replies};
}"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(data: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("BOARDBOTS_")}
    env.update(BOARDBOTS_BOT_WORKERS="0", BOARDBOTS_LOG_LEVEL="warning")
    env["BOARDBOTS_PYODIDE_CACHE"] = str(pyodide_cache.cache_root())
    cmd = [sys.executable, "-m", "boardbots.cli", "serve", "--port", str(port), "--data", str(data)]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    for _ in range(300):
        try:
            with urllib.request.urlopen(url + "api/config", timeout=1):
                return proc, url
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise RuntimeError("the server did not start")


def requests_for(game_name: str, count: int) -> list[str]:
    """Hard requests (view, seed, 900 ms budget) on the positions `bench bots` uses."""
    sys.path.insert(0, str(Path(__file__).parent))
    from bots_speed import _dom_mid, _y_mid, positions

    game = get_game(game_name)
    players, keep = (4, _dom_mid) if game_name == "domination" else (2, _y_mid)
    views = positions(game, players, count, keep)
    out = []
    for i, view in enumerate(views):
        req = {"view": view, "bot": "hard", "seed": 1000 + i, "budget_ms": 900, "request_id": i}
        out.append(json.dumps(req))
    return out


def download_sizes(bundle_bytes: bytes) -> tuple[int, int]:
    """Bytes the browser fetches once (raw, and if the files were sent gzipped)."""
    folder = pyodide_cache.release_dir()
    blobs = [(folder / n).read_bytes() for n in pyodide_cache.pin().files] + [bundle_bytes]
    return sum(len(b) for b in blobs), sum(len(gzip.compress(b, 6)) for b in blobs)


def cpython_times(requests: list[str]) -> list[dict[str, Any]]:
    out = []
    for text in requests:
        t0 = time.perf_counter()
        reply = bot_worker.decide(json.loads(text))
        out.append({"wallMs": (time.perf_counter() - t0) * 1000, "reply": json.dumps(reply)})
    return out


def summary(label: str, replies: list[dict[str, Any]]) -> str:
    walls = sorted(r["wallMs"] for r in replies)
    its = [json.loads(r["reply"])["notes"].get("iterations", 0) for r in replies]
    ms = [json.loads(r["reply"])["ms"] for r in replies]
    rate = sum(its) / (sum(ms) / 1000) if sum(ms) else 0.0
    p95 = walls[min(len(walls) - 1, round(0.95 * (len(walls) - 1)))]
    return (
        f"| {label} | {statistics.median(walls):,.0f} ms | {p95:,.0f} ms | "
        f"{max(walls):,.0f} ms | {statistics.median(its):,.0f} | {rate:,.0f} |"
    )


def run(count: int) -> None:
    from playwright.sync_api import sync_playwright

    if (reason := pyodide_cache.unavailable_reason()) is not None:
        raise SystemExit(reason)
    raw, zipped = download_sizes(current_bundle().data)
    print(f"download: {raw / 1e6:.2f} MB as served, {zipped / 1e6:.2f} MB if gzipped")
    games = {name: requests_for(name, count) for name in ("domination", "y")}
    with tempfile.TemporaryDirectory() as data:
        proc, url = start_server(Path(data))
        try:
            browser_rows = in_browser(sync_playwright, url, games)
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    print("\n| where | median | p95 | max | median iterations | iterations/s |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, reqs in games.items():
        print(summary(f"{name}, Chromium Worker (Pyodide)", browser_rows[name]))
        print(summary(f"{name}, CPython {sys.version.split()[0]}", cpython_times(reqs)))


def in_browser(sync_playwright: Any, url: str, games: dict[str, list[str]]) -> dict[str, Any]:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
        ctx = browser.new_context(base_url=url)
        page = ctx.new_page()
        page.goto("/")
        cfg = page.evaluate("() => fetch('/api/config').then(r => r.json())")["browser"]
        args = {
            "pyodideUrl": url + cfg["pyodide_url"][1:],
            "bundleUrl": url + cfg["bundle_url"][1:],
        }
        cold = page.evaluate(BOOT_AND_TIME, {**args, "requests": []})
        cached = page.evaluate(BOOT_AND_TIME, {**args, "requests": []})
        print(f"load to ready: cold {cold['loadMs']:,.0f} ms, cached {cached['loadMs']:,.0f} ms")
        rows = {}
        for name, reqs in games.items():
            rows[name] = page.evaluate(BOOT_AND_TIME, {**args, "requests": reqs})["replies"]
        browser.close()
    return rows


def main(argv: list[str]) -> None:
    parser = Parser(description=__doc__)
    parser.add_argument("--positions", type=count, default=20, help="positions per game")
    run(parser.parse_args(argv).positions)


if __name__ == "__main__":
    main(sys.argv[1:])
