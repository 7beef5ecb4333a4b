"""`boardbots bench NAME`: run a speed benchmark from the repository's benchmarks/ folder.

Benchmarks live beside the code, not inside the package, so they can use
any public tool; this command finds them in a source checkout.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import typer

from boardbots.cli.errors import fail

BENCH_DIR = Path(__file__).resolve().parents[3] / "benchmarks"


def _available() -> list[str]:
    return sorted(p.stem.removesuffix("_speed") for p in BENCH_DIR.glob("*.py"))


def _find(name: str) -> Path | None:
    for candidate in (BENCH_DIR / f"{name}_speed.py", BENCH_DIR / f"{name}.py"):
        if candidate.exists():
            return candidate
    return None


def bench(
    name: str = typer.Argument(..., help="Which benchmark: a game name, bots, ..."),
    args: list[str] = typer.Argument(None, help="Options passed to the benchmark (after --)."),
) -> None:
    """Measure engine or bot speed; prints medians of several runs."""
    path = _find(name)
    if path is None:
        known = ", ".join(_available()) or "none found"
        fail(f"no benchmark {name!r} in {BENCH_DIR} (available: {known})")
    spec = importlib.util.spec_from_file_location(f"bench_{name}", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(list(args or []))


def register(app: typer.Typer) -> None:
    app.command("bench")(bench)
