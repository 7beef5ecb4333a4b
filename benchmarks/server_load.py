"""Server load test: many concurrent tables of bots and simulated humans, on loopback only.

Starts `boardbots serve` in a child process on a free 127.0.0.1 port (or uses
--url, which must be loopback), opens tables of two kinds (a simulated human
against a bot, and bot against bot watched by a spectator), keeps up to
--tables of them going until --duration has passed, and reports decisions per
second, the bots' p95 response time as the server measured it (queueing in
the pool included) and the fallback rate. Every loop is capped in count and
time, so the script always ends.

    python benchmarks/server_load.py --tables 40 --duration 30
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import httpx
import websockets

MAX_TABLES = 200
MAX_DURATION_S = 300.0
MAX_REQUESTS = 100_000
LOOPBACK = {"127.0.0.1", "localhost", "::1"}


class Budget:
    """The hard caps: no more than so many requests, nothing after the deadline."""

    def __init__(self, requests: int, deadline: float) -> None:
        self.left = requests
        self.deadline = deadline

    def open(self) -> bool:
        return self.left > 0 and time.monotonic() < self.deadline

    def take(self) -> bool:
        if self.left <= 0 or time.monotonic() >= self.deadline:
            return False
        self.left -= 1
        return True


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@contextlib.contextmanager
def local_server(workers: int, budget_ms: str) -> Iterator[str]:
    """A throw-away server in a child process with its own data folder."""
    port = _free_port()
    data = tempfile.mkdtemp(prefix="bb-load-")
    env = {**os.environ, "BOARDBOTS_MIN_THINK_MS": "0", "BOARDBOTS_BUDGET_MS": budget_ms}
    env |= {"BOARDBOTS_RATE_PER_S": "200", "BOARDBOTS_RATE_BURST": "400"}
    env["BOARDBOTS_MAX_TABLES"] = str(MAX_TABLES * 4)
    cmd = [sys.executable, "-m", "boardbots.cli", "serve", "--port", str(port), "--data", data]
    cmd += ["--workers", str(workers), "--log-level", "error"]
    proc = subprocess.Popen(cmd, cwd=data, env=env)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_ready(url, proc)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=20)


def _wait_ready(url: str, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit("the server exited during start-up")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{url}/api/config", timeout=1).status_code == 200:
                return
        time.sleep(0.2)
    raise SystemExit("the server did not start within 60 s")


def _seats(kind: str, bot: str) -> list[dict[str, Any]]:
    if kind == "human":
        return [{"kind": "human"}, {"kind": "bot", "bot": bot}]
    return [{"kind": "bot", "bot": bot}, {"kind": "bot", "bot": bot}]


async def _create(client: httpx.AsyncClient, url: str, args: argparse.Namespace, kind: str) -> Any:
    body: dict[str, Any] = {
        "game": "y",
        "options": {"size": args.size},
        "seats": _seats(kind, args.bot),
    }
    if kind == "human":
        body["join"] = 0
    made = (await client.post(f"{url}/api/tables", json=body)).json()
    if "table" not in made:
        raise RuntimeError(f"the server refused a table: {made}")
    return made


async def play_table(
    client: httpx.AsyncClient, url: str, args: argparse.Namespace, kind: str, budget: Budget
) -> list[float]:
    """One table to the end (or the caps); returns the human's action round trips (ms)."""
    made = await _create(client, url, args, kind)
    ws_url = url.replace("http", "ws", 1) + f"/ws/tables/{made['table']['id']}"
    trips: list[float] = []
    rng, sent_at = random.Random(made["table"]["id"]), 0.0
    async with websockets.connect(ws_url) as ws:
        seat = 0 if kind == "human" else None
        await ws.send(json.dumps({"type": "hello", "seat": seat, "token": made.get("token")}))
        while budget.take():
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=30))
            except TimeoutError:
                break
            if msg["type"] == "accepted":
                trips.append((time.perf_counter() - sent_at) * 1000)
            if msg["type"] != "state":
                continue
            if msg["status"] != "playing":
                break
            if msg["your_turn"]:
                await asyncio.sleep(rng.uniform(0, args.human_delay))
                action = rng.choice(msg["legal"])["action"]
                sent_at = time.perf_counter()
                await ws.send(
                    json.dumps({"type": "action", "state_id": msg["state_id"], "action": action})
                )
    return trips


async def run(url: str, args: argparse.Namespace) -> dict[str, Any]:
    deadline = time.monotonic() + args.duration
    budget = Budget(args.max_requests, deadline)
    trips: list[float] = []
    tables_started = 0
    async with httpx.AsyncClient(timeout=30) as client:
        before = (await client.get(f"{url}/api/stats")).json()
        started = time.monotonic()

        async def lane(i: int) -> None:
            nonlocal tables_started
            while budget.open() and tables_started < args.max_tables_total:
                tables_started += 1
                kind = "human" if (i + tables_started) % 2 else "bots"
                trips.extend(await play_table(client, url, args, kind, budget))

        await asyncio.gather(*(lane(i) for i in range(args.tables)))
        elapsed = time.monotonic() - started
        after = (await client.get(f"{url}/api/stats")).json()
    return _report(before, after, elapsed, trips, tables_started, args)


def _report(
    before: dict[str, Any],
    after: dict[str, Any],
    elapsed: float,
    trips: list[float],
    tables: int,
    args: argparse.Namespace,
) -> dict[str, Any]:
    decisions = after["decisions"] - before["decisions"]
    bot = after["bot_decisions"] - before["bot_decisions"]
    fallbacks = after["fallbacks"] - before["fallbacks"]
    return {
        "concurrent_tables": args.tables,
        "tables_played": tables,
        "seconds": round(elapsed, 1),
        "decisions": decisions,
        "decisions_per_s": round(decisions / elapsed, 1) if elapsed else None,
        "bot_decisions": bot,
        "bot_p50_ms": after["bot_ms_p50"],
        "bot_p95_ms": after["bot_ms_p95"],
        "fallbacks": fallbacks,
        "fallback_rate": round(fallbacks / bot, 4) if bot else None,
        "fallback_reasons": after["fallback_reasons"],
        "human_round_trip_p95_ms": round(statistics.quantiles(trips, n=20)[-1], 1)
        if len(trips) >= 20
        else None,
        "bot": args.bot,
        "board_size": args.size,
        "workers": args.workers,
    }


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="server_load", description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=40, help=f"concurrent tables (max {MAX_TABLES})")
    p.add_argument("--max-tables-total", type=int, default=1000, help="tables started in all")
    p.add_argument("--duration", type=float, default=30.0, help=f"seconds (max {MAX_DURATION_S})")
    p.add_argument(
        "--max-requests", type=int, default=50_000, help=f"messages read (max {MAX_REQUESTS})"
    )
    p.add_argument("--bot", default="easy", help="bot code for every bot seat")
    p.add_argument("--size", type=int, default=7, help="Game of Y board size")
    p.add_argument("--human-delay", type=float, default=0.05, help="max seconds a human thinks")
    p.add_argument("--workers", type=int, default=2, help="bot worker processes of the server")
    p.add_argument("--budget-ms", default="hard=900,default=200", help="BOARDBOTS_BUDGET_MS")
    p.add_argument("--url", default=None, help="use a running loopback server instead")
    p.add_argument("--json", type=Path, default=None, help="also write the report here")
    return p


def main(argv: list[str] | None = None) -> dict[str, Any]:
    args = _parser().parse_args(argv)
    args.tables = max(1, min(args.tables, MAX_TABLES))
    args.duration = max(1.0, min(args.duration, MAX_DURATION_S))
    args.max_requests = max(1, min(args.max_requests, MAX_REQUESTS))
    if args.url is not None and urlparse(args.url).hostname not in LOOPBACK:
        raise SystemExit("the load test only talks to a loopback address")
    if args.url:
        report = asyncio.run(run(args.url.rstrip("/"), args))
    else:
        with local_server(args.workers, args.budget_ms) as url:
            report = asyncio.run(run(url, args))
    for key, value in report.items():
        print(f"{key:>26}: {value}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))
    return report


if __name__ == "__main__":
    main()
