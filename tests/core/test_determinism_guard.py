"""The determinism guard: core, games and bots draw chance only from an injected
Rng, read time only from an injected clock, and import only the standard library
(so they run unchanged on CPython, PyPy and Pyodide)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import boardbots

PACKAGE = Path(boardbots.__file__).parent
GUARDED = ["core", "games", "bots"]
CLOCK_MODULES = {"time", "datetime"}
CHANCE_MODULES = {"secrets", "uuid"}
ALLOWED_FROM_RANDOM = {"Random"}


def violations(source: str, filename: str = "<src>") -> list[str]:
    """Every forbidden import or call in one module's source."""
    found: list[str] = []
    tree = ast.parse(source, filename)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found += _check_module(alias.name, node.lineno)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found += _check_module(node.module, node.lineno)
            if node.module == "random":
                found += [
                    f"line {node.lineno}: from random import {a.name}"
                    for a in node.names
                    if a.name not in ALLOWED_FROM_RANDOM
                ]
            if node.module == "os":
                found += [
                    f"line {node.lineno}: os.urandom" for a in node.names if a.name == "urandom"
                ]
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id == "random" and node.attr != "Random":
                found.append(f"line {node.lineno}: module-level random.{node.attr}")
            if node.value.id == "os" and node.attr == "urandom":
                found.append(f"line {node.lineno}: os.urandom")
    return found


def _check_module(name: str, lineno: int) -> list[str]:
    top = name.split(".")[0]
    if top in CLOCK_MODULES:
        return [f"line {lineno}: imports {name} (use the injected clock)"]
    if top in CHANCE_MODULES:
        return [f"line {lineno}: imports {name} (use the injected Rng)"]
    if top != "boardbots" and top not in sys.stdlib_module_names and top != "__future__":
        return [f"line {lineno}: imports {name}, outside the standard library"]
    return []


def _guarded_files() -> list[Path]:
    return sorted(p for sub in GUARDED for p in (PACKAGE / sub).rglob("*.py"))


def test_guarded_code_is_deterministic_and_stdlib_only() -> None:
    problems = {
        str(p.relative_to(PACKAGE)): v
        for p in _guarded_files()
        if (v := violations(p.read_text(), str(p)))
    }
    assert problems == {}


def test_guard_sees_the_whole_tree() -> None:
    names = {p.relative_to(PACKAGE).parts[0] for p in _guarded_files()}
    assert names == set(GUARDED)


def test_guard_bites_on_planted_randomness_and_clocks() -> None:
    assert violations("import random\nx = random.random()\n")
    assert violations("from random import choice\n")
    assert violations("import time\nt = time.time()\n")
    assert violations("from datetime import datetime\n")
    assert violations("import numpy\n")
    assert violations("import os\nb = os.urandom(8)\n")
    assert violations("import secrets\n")


def test_guard_allows_the_injected_kinds() -> None:
    assert violations("import random\nr = random.Random(3)\n") == []
    assert violations("from random import Random\n") == []
    assert violations("import json\nfrom boardbots.core.rng import Rng\n") == []
