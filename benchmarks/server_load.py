"""Server load test on loopback only: is the server fair to a human while others load it?

Two scenarios, both against a throw-away `boardbots serve` on a free
127.0.0.1 port (or --url, which must be loopback):

- `fair` (the default): --bot-tables all-bot tables (Hard against Hard by
  default), each watched by a spectator that sends `sync` at --sync-rate per
  second (just under the server's allowed rate), while one simulated human
  plays a Hard bot and pings the server a few times a second. Reports the
  human table's bot fallback rate and ping round trip (median, p95), and the
  all-bot tables' fallback rate.
- `mixed`: up to --tables tables of two kinds (a simulated human against a
  bot, and bot against bot with a spectator); reports decisions per second,
  the bots' p50/p95 response time and the fallback rate.

`--bots local,ray` runs the scenario once per way of running the bots (the
local process pool, then Ray tasks on a local Ray instance with --workers
CPUs) and ends with the two side by side.

Every loop is capped in count and time, so the script always ends.

    boardbots bench server_load                       # fair, 20 Hard tables, 90 s
    boardbots bench server_load -- --mode mixed --tables 40 --duration 30
    boardbots bench server_load -- --mode mixed --duration 30 --bots local,ray
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

from boardbots.cli.argtypes import Parser, count, positive

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
def local_server(
    workers: int, budget_ms: str, fast_messages: bool, bots: str = "local"
) -> Iterator[str]:
    """A throw-away server in a child process with its own data folder. The load test
    is one client, so the per-client limits are lifted; the message rate limit only in
    the mixed scenario (the fair one floods at the rate a real client may use)."""
    port = _free_port()
    data = tempfile.mkdtemp(prefix="bb-load-")
    env = {**os.environ, "BOARDBOTS_MIN_THINK_MS": "0", "BOARDBOTS_BUDGET_MS": budget_ms}
    if fast_messages:
        env |= {"BOARDBOTS_RATE_PER_S": "200", "BOARDBOTS_RATE_BURST": "400"}
    env["BOARDBOTS_MAX_TABLES"] = str(MAX_TABLES * 4)
    env |= {"BOARDBOTS_TABLES_PER_CLIENT": "1000000", "BOARDBOTS_OPEN_TABLES_PER_CLIENT": "1000"}
    env |= {"BOARDBOTS_SOCKETS_PER_CLIENT": "1000", "BOARDBOTS_CONNECTIONS_PER_CLIENT": "4000"}
    cmd = [sys.executable, "-m", "boardbots.cli", "serve", "--port", str(port), "--data", data]
    cmd += ["--workers", str(workers), "--log-level", "error", "--bots", bots]
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


# --- the fair scenario ------------------------------------------------------


class Fair:
    """What the fair scenario collects while it runs."""

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline
        self.pings: list[float] = []
        self.human_tables: list[tuple[str, str]] = []
        self.syncs = 0
        self.states = 0

    def running(self) -> bool:
        return time.monotonic() < self.deadline

    def left(self) -> float:
        return max(0.0, self.deadline - time.monotonic())


async def _post_table(client: httpx.AsyncClient, url: str, body: dict[str, Any]) -> Any:
    made = (await client.post(f"{url}/api/tables", json=body)).json()
    if "table" not in made:
        raise RuntimeError(f"the server refused a table: {made}")
    return made


def _ws_url(url: str, table_id: str) -> str:
    return url.replace("http", "ws", 1) + f"/ws/tables/{table_id}"


async def _watch(ws: Any, fair: Fair, rate: float) -> None:
    """A spectator that asks for the state `rate` times a second until the game ends."""

    async def flood() -> None:
        while fair.running():
            await ws.send(json.dumps({"type": "sync"}))
            fair.syncs += 1
            await asyncio.sleep(1.0 / rate)

    sender = asyncio.create_task(flood())
    try:
        while fair.running():
            msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=fair.left() + 1))
            if msg["type"] == "state":
                fair.states += 1
                if msg["status"] != "playing":
                    return
    finally:
        sender.cancel()


async def bot_lane(
    client: httpx.AsyncClient, url: str, args: argparse.Namespace, fair: Fair
) -> None:
    """All-bot tables one after another, each watched by a syncing spectator."""
    bot = {"kind": "bot", "bot": args.bot}
    body = {"game": "y", "options": {"size": args.size}, "seats": [bot, bot]}
    while fair.running():
        made = await _post_table(client, url, body)
        async with websockets.connect(_ws_url(url, made["table"]["id"])) as ws:
            await ws.send(json.dumps({"type": "hello"}))
            with contextlib.suppress(TimeoutError, websockets.ConnectionClosed):
                await _watch(ws, fair, args.sync_rate)


async def _pinger(ws: Any, fair: Fair, rate: float, sent: dict[int, float]) -> None:
    for ref in range(1_000_000):
        if not fair.running():
            return
        sent[ref] = time.perf_counter()
        await ws.send(json.dumps({"type": "ping", "ref": ref}))
        await asyncio.sleep(1.0 / rate)


async def _act_later(ws: Any, msg: dict[str, Any], delay: float, rng: random.Random) -> None:
    await asyncio.sleep(rng.uniform(0, delay))
    action = rng.choice(msg["legal"])["action"]
    await ws.send(json.dumps({"type": "action", "state_id": msg["state_id"], "action": action}))


async def _play(ws: Any, fair: Fair, args: argparse.Namespace, rng: random.Random) -> None:
    """The human's side of one game: random legal moves after a short think, in a task of
    their own so that the reading loop never sleeps and every pong is timed on arrival."""
    sent: dict[int, float] = {}
    tasks = [asyncio.create_task(_pinger(ws, fair, args.ping_rate, sent))]
    try:
        while fair.running():
            msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=fair.left() + 1))
            if msg["type"] == "pong" and msg.get("ref") in sent:
                fair.pings.append((time.perf_counter() - sent.pop(msg["ref"])) * 1000)
            if msg["type"] != "state":
                continue
            if msg["status"] != "playing":
                return
            if msg["your_turn"]:
                tasks.append(asyncio.create_task(_act_later(ws, msg, args.human_delay, rng)))
    finally:
        for task in tasks:
            task.cancel()


async def human_lane(
    client: httpx.AsyncClient, url: str, args: argparse.Namespace, fair: Fair
) -> None:
    """One human against the bot, game after game, until the deadline."""
    seats = [{"kind": "human"}, {"kind": "bot", "bot": args.bot}]
    body = {"game": "y", "options": {"size": args.size}, "seats": seats, "join": 0}
    rng = random.Random(1)
    while fair.running():
        made = await _post_table(client, url, body)
        fair.human_tables.append((made["table"]["id"], made["owner_token"]))
        async with websockets.connect(_ws_url(url, made["table"]["id"])) as ws:
            await ws.send(json.dumps({"type": "hello", "seat": 0, "token": made["token"]}))
            with contextlib.suppress(TimeoutError, websockets.ConnectionClosed):
                await _play(ws, fair, args, rng)


async def _human_log(client: httpx.AsyncClient, url: str, fair: Fair) -> list[dict[str, Any]]:
    """The human tables' bot decisions, read from their replays (closing the last one)."""
    entries: list[dict[str, Any]] = []
    for table_id, owner in fair.human_tables:
        await client.post(f"{url}/api/tables/{table_id}/close", json={"owner_token": owner})
        replay = (await client.get(f"{url}/api/tables/{table_id}/replay")).json()
        entries += [a for a in replay.get("actions", []) if a["by"] != "human"]
    return entries


def _ms(values: list[float], q: int) -> float | None:
    if len(values) < 2:
        return None
    return round(statistics.quantiles(values, n=100)[q - 1], 1)


async def run_fair(url: str, args: argparse.Namespace) -> dict[str, Any]:
    fair = Fair(time.monotonic() + args.duration)
    async with httpx.AsyncClient(timeout=60) as client:
        before = (await client.get(f"{url}/api/stats")).json()
        started = time.monotonic()
        lanes = [bot_lane(client, url, args, fair) for _ in range(args.bot_tables)]
        await asyncio.gather(human_lane(client, url, args, fair), *lanes)
        elapsed = time.monotonic() - started
        after = (await client.get(f"{url}/api/stats")).json()
        human = await _human_log(client, url, fair)
    return _fair_report(fair, args, elapsed, (before, after), human)


def _fair_report(
    fair: Fair,
    args: argparse.Namespace,
    elapsed: float,
    stats: tuple[dict[str, Any], dict[str, Any]],
    human: list[dict[str, Any]],
) -> dict[str, Any]:
    """The human table's figures from its replays; the all-bot tables' are the rest."""
    before, after = stats
    keys = ("bot_decisions", "fallbacks", "cancelled", "late_discarded")
    delta = {k: after[k] - before[k] for k in keys if k in after}
    human_fallbacks = sum(1 for e in human if e["by"] == "fallback")
    others = delta["bot_decisions"] - len(human)
    other_fallbacks = delta["fallbacks"] - human_fallbacks
    return {
        "seconds": round(elapsed, 1),
        "bot": args.bot,
        "board_size": args.size,
        "workers": args.workers,
        "all_bot_tables": args.bot_tables,
        "human_bot_decisions": len(human),
        "human_fallbacks": human_fallbacks,
        "human_fallback_rate": round(human_fallbacks / len(human), 4) if human else None,
        "ping_count": len(fair.pings),
        "ping_median_ms": round(statistics.median(fair.pings), 1) if fair.pings else None,
        "ping_p95_ms": _ms(fair.pings, 95),
        "ping_max_ms": round(max(fair.pings), 1) if fair.pings else None,
        "all_bot_decisions": others,
        "all_bot_fallbacks": other_fallbacks,
        "all_bot_fallback_rate": round(other_fallbacks / others, 4) if others else None,
        "fallback_reasons": after["fallback_reasons"],
        "syncs_sent": fair.syncs,
        "states_received": fair.states,
        "tasks_cancelled": delta.get("cancelled"),
        "late_answers_discarded": delta.get("late_discarded"),
        "bot_p50_ms": after["bot_ms_p50"],
        "bot_p95_ms": after["bot_ms_p95"],
    }


def _parser() -> argparse.ArgumentParser:
    p = Parser(prog="server_load", description=__doc__.split("\n\n")[0])
    p.add_argument("--mode", choices=["fair", "mixed"], default="fair", help="which scenario")
    p.add_argument("--bot-tables", type=count, default=20, help="fair: all-bot tables at once")
    p.add_argument("--sync-rate", type=positive, default=9.0, help="fair: syncs/s per spectator")
    p.add_argument("--ping-rate", type=positive, default=4.0, help="fair: the human's pings/s")
    p.add_argument(
        "--tables", type=int, default=40, help=f"mixed: concurrent tables (max {MAX_TABLES})"
    )
    p.add_argument("--max-tables-total", type=count, default=1000, help="tables started in all")
    p.add_argument(
        "--duration", type=positive, default=90.0, help=f"seconds (max {MAX_DURATION_S})"
    )
    p.add_argument(
        "--max-requests", type=count, default=50_000, help=f"messages read (max {MAX_REQUESTS})"
    )
    p.add_argument("--bot", default="hard", help="bot code for every bot seat")
    p.add_argument("--size", type=int, default=11, help="Game of Y board size")
    p.add_argument("--human-delay", type=float, default=0.5, help="max seconds a human thinks")
    p.add_argument("--workers", type=int, default=2, help="bot worker processes of the server")
    p.add_argument("--budget-ms", default="hard=900,default=200", help="BOARDBOTS_BUDGET_MS")
    p.add_argument(
        "--bots", default="local", help="where the server's bots run: local, ray or local,ray"
    )
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
    args.bot_tables = max(0, min(args.bot_tables, MAX_TABLES))
    kinds = [k.strip() for k in args.bots.split(",") if k.strip()]
    if not kinds or any(k not in ("local", "ray") for k in kinds):
        raise SystemExit("--bots takes local, ray or local,ray")
    if args.url:
        reports = {"url": _one_run(args, args.url.rstrip("/"))}
    else:
        reports = {}
        for kind in kinds:
            with local_server(args.workers, args.budget_ms, args.mode == "mixed", kind) as url:
                reports[kind] = {"bots": kind, **_one_run(args, url)}
    if len(reports) > 1:
        _side_by_side(reports)
    result = next(iter(reports.values())) if len(reports) == 1 else reports
    if args.json:
        args.json.write_text(json.dumps(result, indent=2))
    return result


def _one_run(args: argparse.Namespace, url: str) -> dict[str, Any]:
    scenario = run_fair if args.mode == "fair" else run
    report = asyncio.run(scenario(url, args))
    for key, value in report.items():
        print(f"{key:>26}: {value}")
    return report


COMPARED = ("decisions_per_s", "bot_decisions", "bot_p50_ms", "bot_p95_ms", "fallback_rate")


def _side_by_side(reports: dict[str, dict[str, Any]]) -> None:
    print(f"\n{'':>26}  " + "  ".join(f"{k:>10}" for k in reports))
    for key in COMPARED:
        values = [str(r.get(key)) for r in reports.values()]
        print(f"{key:>26}: " + "  ".join(f"{v:>10}" for v in values))


if __name__ == "__main__":
    main()
