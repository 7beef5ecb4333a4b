"""Server settings: defaults, then a TOML file, then BOARDBOTS_* variables, then flags."""

from __future__ import annotations

import dataclasses
import math
import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

DEFAULT_CONFIG_FILE = "boardbots.toml"
ENV_PREFIX = "BOARDBOTS_"
LOG_LEVELS = ("critical", "error", "warning", "info", "debug")
SYNC_MODES = ("OFF", "NORMAL", "FULL", "EXTRA")
WORKER_STARTS = ("spawn", "forkserver", "fork")
TRUE_WORDS = ("1", "true", "yes", "on")
FALSE_WORDS = ("0", "false", "no", "off")

DAY_S = 86_400.0
RANGES: dict[str, tuple[float, float]] = {
    "port": (0, 65_535),
    "min_think_ms": (0, 60_000),
    "timeout_factor": (1, 100),
    "timeout_extra_s": (0, 600),
    "kill_grace_s": (0, 600),
    "bot_workers": (0, 1_024),
    "max_message_bytes": (512, 1 << 20),
    "rate_per_s": (0.1, 100_000),
    "rate_burst": (1, 100_000),
    "max_tables": (1, 10_000_000),
    "tables_per_client": (1, 10_000_000),
    "tables_window_s": (1, 365 * DAY_S),
    "open_tables_per_client": (1, 10_000_000),
    "sockets_per_client": (1, 10_000_000),
    "max_sockets": (1, 10_000_000),
    "hello_timeout_s": (0.1, 3_600),
    "connections_per_client": (1, 10_000_000),
    "max_connections": (1, 10_000_000),
    "request_timeout_s": (0.1, 3_600),
    "max_body_bytes": (1_024, 16 << 20),
    "abandon_after_s": (0, 3_650 * DAY_S),
    "replace_grace_s": (0, 365 * DAY_S),
    "abandon_check_s": (0.1, DAY_S),
}
"""What a number setting may be (both ends allowed). A server started outside them
would not fail at once but later, and less clearly: a budget of -5 ms makes every
bot move a fallback, an endless `min_think_ms` holds every bot move for ever."""
BUDGET_MS = (1, 600_000)
MAX_ITERATIONS = (1, 1_000_000_000)


@dataclasses.dataclass
class ServerConfig:
    """Every knob of the server; docs/server.md lists them with their meaning."""

    host: str = "127.0.0.1"
    port: int = 8000
    data: str = "./data"
    budget_ms: dict[str, float] = dataclasses.field(
        default_factory=lambda: {"hard": 900.0, "default": 200.0}
    )
    max_iterations: dict[str, int] = dataclasses.field(default_factory=dict)
    min_think_ms: float = 600.0
    timeout_factor: float = 2.0
    timeout_extra_s: float = 1.5
    kill_grace_s: float = 1.0
    bot_workers: int = 2
    bots: str = "local"
    """Where bot decisions run: `local` (a process pool here) or `ray` (Ray tasks;
    `bot_workers` is then a private instance's CPUs, unless `ray_address` names a cluster)."""
    ray_address: str = ""
    worker_start: str = "spawn"
    fallback_bot: str = "easy"
    max_message_bytes: int = 4096
    rate_per_s: float = 10.0
    rate_burst: int = 20
    max_tables: int = 500
    tables_per_client: int = 20
    tables_window_s: float = 600.0
    open_tables_per_client: int = 10
    sockets_per_client: int = 32
    max_sockets: int = 2000
    hello_timeout_s: float = 10.0
    connections_per_client: int = 64
    """Open TCP connections per client address, HTTP and WebSocket alike
    (`conn_guard.py`): room for a player's tabs and sockets, not for a flood."""
    max_connections: int = 4096
    request_timeout_s: float = 20.0
    max_body_bytes: int = 65_536
    abandon_after_s: float = 86_400.0
    replace_grace_s: float = 60.0
    """How long a player who left a game in play keeps their seat before its creator may
    give it to a bot without asking (`ask` in the replace request)."""
    abandon_check_s: float = 60.0
    sqlite_synchronous: str = "NORMAL"
    lab_mode: bool = False
    """Tables take any rule option and the client's seed as given: tests and local
    experiments only, never a server others can reach (docs/server.md)."""
    plugins: list[str] = dataclasses.field(default_factory=list)
    log_level: str = "info"

    @property
    def db_path(self) -> Path:
        return Path(self.data) / "boardbots.sqlite3"

    def budget_for(self, level: str) -> float:
        return float(self.budget_ms.get(level, self.budget_ms.get("default", 200.0)))

    def wait_limit_s(self, budget_ms: float) -> float:
        """How long the server waits for a worker before it plays the fallback."""
        return budget_ms / 1000.0 * self.timeout_factor + self.timeout_extra_s


_FIELDS = {f.name: f for f in dataclasses.fields(ServerConfig)}


def _parse_mapping(text: str) -> dict[str, str]:
    """`hard=900,default=200` -> {"hard": "900", ...}: how dict settings travel in env vars."""
    out: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, sep, value = part.partition("=")
        if not sep:
            raise ValueError(f"expected key=value in {text!r}, got {part!r}")
        out[key.strip()] = value.strip()
    return out


def _coerce(name: str, value: Any) -> Any:
    """Turn a file or environment value into the field's type, with a clear error."""
    default = getattr(ServerConfig(), name)
    try:
        if isinstance(default, dict):
            raw = _parse_mapping(value) if isinstance(value, str) else dict(value)
            cast = int if name == "max_iterations" else float
            return {str(k): cast(v) for k, v in raw.items()}
        if isinstance(default, list):
            items = value.split(",") if isinstance(value, str) else value
            return [str(v).strip() for v in items if str(v).strip()]
        if isinstance(default, bool):
            return _truth(value)
        return type(default)(value)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"bad value for setting {name!r}: {value!r} ({exc})") from None


def _truth(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    word = str(value).strip().lower()
    if word not in TRUE_WORDS + FALSE_WORDS:
        raise ValueError(f"say one of {', '.join(TRUE_WORDS + FALSE_WORDS)}")
    return word in TRUE_WORDS


def check(config: ServerConfig) -> None:
    """Refuse, in one line naming the setting, what no server can run with."""
    for name, (low, high) in RANGES.items():
        _in_range(name, getattr(config, name), low, high)
    for level, ms in config.budget_ms.items():
        _in_range(f"budget_ms.{level}", ms, *BUDGET_MS)
    for level, count in config.max_iterations.items():
        _in_range(f"max_iterations.{level}", count, *MAX_ITERATIONS)
    choices = {
        "log_level": (config.log_level.lower(), LOG_LEVELS),
        "sqlite_synchronous": (config.sqlite_synchronous.upper(), SYNC_MODES),
        "worker_start": (config.worker_start, WORKER_STARTS),
    }
    for name, (value, allowed) in choices.items():
        if value not in allowed:
            raise ValueError(f"setting {name!r} must be one of {', '.join(allowed)}, not {value!r}")


def _in_range(name: str, value: float, low: float, high: float) -> None:
    if not (math.isfinite(value) and low <= value <= high):
        raise ValueError(f"setting {name!r} must be from {low:g} to {high:g}, not {value!r}")


def _apply(config: ServerConfig, values: Mapping[str, Any], source: str) -> None:
    for key, value in values.items():
        name = key.lower().replace("-", "_")
        if name not in _FIELDS:
            raise ValueError(f"unknown setting {key!r} in {source}; known: {', '.join(_FIELDS)}")
        setattr(config, name, _coerce(name, value))


def _read_file(path: Path) -> dict[str, Any]:
    if path.exists() and not path.is_file():  # /dev/zero would be read for ever
        raise ValueError(f"config file {path} is not a regular file")
    with path.open("rb") as f:
        data = tomllib.load(f)
    server = data.pop("server", {})
    return {**data, **server}


def load_config(
    file: str | Path | None = None,
    env: Mapping[str, str] | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> ServerConfig:
    """Merge the sources by priority, then `check` them; a missing explicit file is an
    error, the default is not."""
    config = ServerConfig()
    path = Path(file) if file else Path(DEFAULT_CONFIG_FILE)
    if file or path.exists():
        _apply(config, _read_file(path), str(path))
    env = os.environ if env is None else env
    from_env = {k[len(ENV_PREFIX) :]: v for k, v in env.items() if k.startswith(ENV_PREFIX)}
    _apply(config, {k: v for k, v in from_env.items() if k.lower() in _FIELDS}, "environment")
    _apply(config, {k: v for k, v in (overrides or {}).items() if v is not None}, "options")
    check(config)
    return config
