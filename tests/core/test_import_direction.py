"""Imports flow one way, core <- games <- bots <- the rest, and a game lives in its folder.

A game that imported the bots, or core that imported a game, would tie layers a new
game or bot must be able to replace alone. Outside `games/<name>/`, no Python file
imports a game's modules or spells its name: everything reaches a game through the
registry, so a new game is one folder (docs/plugins.md).
"""

from __future__ import annotations

import ast
from pathlib import Path

import boardbots
from boardbots.games import game_names

ROOT = Path(boardbots.__file__).parent
LAYERS = ["core", "games", "bots"]


def _imports(tree: ast.AST) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return {name for name in found if name.startswith("boardbots.")}


def _strings(tree: ast.AST) -> set[str]:
    return {
        n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    }


def _parse(path: Path) -> ast.AST:
    return ast.parse(path.read_text())


def _layer(module: str) -> str:
    return module.split(".")[1]


def _crossings(root: Path = ROOT) -> set[tuple[str, str]]:
    out = set()
    for rank, layer in enumerate(LAYERS):
        allowed = set(LAYERS[: rank + 1])
        for path in sorted((root / layer).rglob("*.py")):
            for module in _imports(_parse(path)):
                if _layer(module) not in allowed:
                    out.add((path.relative_to(root).as_posix(), module))
    return out


def _home(path: Path, root: Path) -> str | None:
    """The game whose folder holds `path`, or None outside every game folder."""
    parts = path.relative_to(root).parts
    return parts[1] if len(parts) > 2 and parts[0] == "games" else None


def _game_mentions(names: list[str], root: Path = ROOT) -> set[tuple[str, str]]:
    """(file, game) for each Python file outside a game's folder that imports the game's
    modules or holds its name as a string."""
    out = set()
    for path in sorted(root.rglob("*.py")):
        tree, home = _parse(path), _home(path, root)
        modules = {m.split(".")[2] for m in _imports(tree) if m.startswith("boardbots.games.")}
        for name in names:
            if name != home and (name in modules or name in _strings(tree)):
                out.add((path.relative_to(root).as_posix(), name))
    return out


def test_core_games_and_bots_import_only_their_own_layer_or_lower() -> None:
    assert _crossings() == set()


def test_no_game_is_named_outside_its_folder() -> None:
    assert _game_mentions(game_names()) == set()


def test_the_checks_see_a_crossing_and_a_name(tmp_path: Path) -> None:
    for folder in ("core", "games/chess", "bots", "server"):
        (tmp_path / folder).mkdir(parents=True)
    (tmp_path / "games/chess/engine.py").write_text("import boardbots.bots.base\n")
    (tmp_path / "server/app.py").write_text('GAME = "chess"\n')
    (tmp_path / "bots/pick.py").write_text("from boardbots.games.chess import engine\n")
    assert _crossings(tmp_path) == {("games/chess/engine.py", "boardbots.bots.base")}
    assert _game_mentions(["chess"], tmp_path) == {
        ("server/app.py", "chess"),
        ("bots/pick.py", "chess"),
    }
