"""Loading the native build: an import hook that serves compiled modules in place of Python ones.

`boardbots/__init__.py` calls `install()` before any engine module loads.
It looks for the build named by the current sources' key; when there is
one, imports of the listed modules get its extension files and everything
else imports as usual. No build, a build of other sources, or
BOARDBOTS_NATIVE=0: nothing changes, and `state()` says which.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Sequence
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec
from pathlib import Path
from types import ModuleType

from boardbots.native.modules import MANIFEST, build_dir, module_file, store, wanted

_ACTIVE: list[Path] = []


class NativeFinder:
    """A meta path finder for the compiled modules of one build folder."""

    def __init__(self, root: Path, modules: Sequence[str], shared: str) -> None:
        self.root = root
        self.files = {name: module_file(root, name) for name in modules}
        # mypyc puts the code of all the modules in one shared library they each import.
        self.files[shared] = module_file(root, shared)

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        file = self.files.get(fullname)
        if file is None or not file.is_file():
            return None
        return importlib.util.spec_from_file_location(fullname, file)


def install() -> Path | None:
    """Serve the build for the current sources, if there is one; its folder, or None."""
    if _ACTIVE:
        return _ACTIVE[0]
    if not wanted() or not store().is_dir():
        return None
    root = build_dir()
    try:
        manifest = json.loads((root / MANIFEST).read_text())
        finder = NativeFinder(root, manifest["modules"], manifest["shared"])
    except (OSError, ValueError, KeyError, TypeError):
        return None  # no build for these sources, or a broken one: plain Python
    sys.meta_path.insert(0, finder)
    _ACTIVE.append(root)
    return root


def state() -> str:
    """One line for reports: whether this process runs the native build, and if not why."""
    if _ACTIVE:
        return f"native build ({_ACTIVE[0].name})"
    if not wanted():
        return "Python modules (BOARDBOTS_NATIVE=0)"
    if store().is_dir() and any(store().iterdir()):
        return "Python modules (the native build is of other sources: run boardbots compile)"
    return "Python modules (no native build: boardbots compile makes one)"


def compiled(module: ModuleType) -> bool:
    """True when `module` was loaded from the native build rather than its .py file."""
    return str(module.__file__ or "").endswith(tuple(EXTENSION_SUFFIXES))
