"""The browser's code bundle: the installed source itself, standard library only."""

from __future__ import annotations

import ast
import io
import sys
import zipfile

from boardbots.browser.bundle import PACKAGE_ROOT, build_bundle, bundle_files


def test_the_bundle_holds_every_engine_and_bot_module() -> None:
    names = set(zipfile.ZipFile(io.BytesIO(build_bundle().data)).namelist())
    for package in ("core", "games", "bots"):
        for path in (PACKAGE_ROOT / package).rglob("*.py"):
            assert f"boardbots/{path.relative_to(PACKAGE_ROOT).as_posix()}" in names
    assert "boardbots/browser/worker_api.py" in names


def test_the_bundle_is_the_same_bytes_for_the_same_source() -> None:
    assert build_bundle().digest == build_bundle().digest


def _imports(source: str) -> list[str]:
    """Every module a source file imports, submodules named in `from x import y` included."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append(node.module)
            found += [f"{node.module}.{a.name}" for a in node.names]
    return found


def _is_module(dotted: str) -> bool:
    path = PACKAGE_ROOT.parent.joinpath(*dotted.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def test_bundled_modules_import_only_the_standard_library_and_the_bundle() -> None:
    """Pyodide has the standard library and nothing else we would not fetch."""
    bundled = {"boardbots." + n.removesuffix(".py").replace("/", ".") for n in bundle_files()}
    bundled |= {n.removesuffix(".__init__") for n in bundled}
    for name in (n for n in bundle_files() if n.endswith(".py")):
        for module in _imports((PACKAGE_ROOT / name).read_text()):
            if module.split(".")[0] == "boardbots":
                assert module in bundled or not _is_module(module), f"{name} imports {module}"
            else:
                assert module.split(".")[0] in sys.stdlib_module_names, f"{name}: {module}"
