"""Imports flow one way: core <- games <- bots <- the rest (sim, server, cli, ...).

A game that imported the bots, or core that imported a game, would tie layers a new
game or bot must be able to replace alone. The known exceptions wait for issue 22
(the lab bots kept in game folders take their context type from `bots.base`); the test fails
if one is fixed without being struck from the list, so the list only shrinks.
"""

from __future__ import annotations

import ast
from pathlib import Path

import boardbots

ROOT = Path(boardbots.__file__).parent
LAYERS = ["core", "games", "bots"]
KNOWN = {
    ("games/domination/gauntlet.py", "boardbots.bots.base"),
    ("games/domination/strategies.py", "boardbots.bots.base"),
    ("games/y/uct.py", "boardbots.bots.base"),
}


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return {name for name in found if name.startswith("boardbots.")}


def _layer(module: str) -> str:
    return module.split(".")[1]


def _crossings() -> set[tuple[str, str]]:
    out = set()
    for rank, layer in enumerate(LAYERS):
        allowed = set(LAYERS[: rank + 1])
        for path in sorted((ROOT / layer).rglob("*.py")):
            for module in _imports(path):
                if _layer(module) not in allowed:
                    out.add((path.relative_to(ROOT).as_posix(), module))
    return out


def test_core_games_and_bots_import_only_their_own_layer_or_lower() -> None:
    assert _crossings() == KNOWN


def test_the_check_sees_a_crossing() -> None:
    imports = _imports(ROOT / "games" / "domination" / "gauntlet.py")
    assert "boardbots.bots.base" in imports and _layer("boardbots.bots.base") == "bots"
