"""Making the native build: mypyc over a copy of the sources, kept under their key.

The copy keeps the build from ever writing into the source tree, where a
compiled file beside its .py would shadow later edits. The finished build
moves into place in one rename, and older builds (of other sources) go.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Callable
from pathlib import Path

from boardbots.native.modules import (
    MANIFEST,
    MODULES,
    build_dir,
    extension_suffix,
    module_file,
    source_key,
    store,
)
from boardbots.sources import ROOT

SHARED_TAG = "__mypyc"
LOG = "build.log"


class BuildError(Exception):
    """A build that cannot be made here; the message says what is missing."""


def check_tools() -> None:
    """Raise BuildError naming the first missing tool: mypyc, a C compiler, Python's headers."""
    if importlib.util.find_spec("mypyc") is None:
        raise BuildError(
            "compiling needs mypyc, which comes with mypy: pip install 'boardbots[dev]'"
        )
    cc = str(sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None and shutil.which("cc") is None:
        raise BuildError(f"compiling needs a C compiler ({cc} not found; Debian: apt install gcc)")
    include = Path(sysconfig.get_paths()["include"])
    if not (include / "Python.h").is_file():
        raise BuildError(
            f"compiling needs Python's C headers ({include}/Python.h not found; "
            "Debian: apt install python3-dev)"
        )


def build(say: Callable[[str], None] = print) -> Path:
    """Compile MODULES for the current sources and keep the result; its folder.

    `say` gets a line per step and per module compiled, for a progress display."""
    check_tools()
    key = source_key()
    target = build_dir(key)
    if (target / MANIFEST).is_file():
        say(f"already built for these sources: {target}")
        return target
    store().mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="boardbots-native-") as tmp:
        work = Path(tmp)
        shutil.copytree(ROOT, work / "boardbots", ignore=_not_source)
        files = [Path(*name.split(".")).with_suffix(".py").as_posix() for name in MODULES]
        _run_mypyc(work, files, say)
        staging = Path(tempfile.mkdtemp(prefix=f".{key}-", dir=store()))
        try:
            shared = _collect(work, staging)
            (staging / LOG).write_text((work / LOG).read_text())
            manifest = {"key": key, "modules": list(MODULES), "shared": shared}
            manifest["python"] = sys.version
            (staging / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
            staging.rename(target)
        except OSError:
            if not (target / MANIFEST).is_file():
                raise
            # Another compile of the same sources finished first: its build serves.
        finally:
            shutil.rmtree(staging, ignore_errors=True)  # already gone once renamed
    for old in store().iterdir():
        # Builds of older sources go; a name with a dot is another compile still at work.
        if old != target and old.is_dir() and not old.name.startswith("."):
            shutil.rmtree(old, ignore_errors=True)
    say(f"built {len(MODULES)} modules into {target}")
    return target


def _not_source(folder: str, names: list[str]) -> list[str]:
    """copytree's filter: only Python sources (and the typing marker) are copied."""
    base = Path(folder)
    keep = (".py", "py.typed")
    return [n for n in names if n == "__pycache__" or not ((base / n).is_dir() or n.endswith(keep))]


def _run_mypyc(work: Path, files: list[str], say: Callable[[str], None]) -> None:
    say(f"type-checking and translating {len(files)} modules to C (about half a minute)")
    done = 0
    command = [sys.executable, "-m", "mypyc", *files]
    with (
        (work / LOG).open("w") as log,
        subprocess.Popen(
            command, cwd=work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        ) as proc,
    ):
        assert proc.stdout is not None
        for line in proc.stdout:
            log.write(line)
            if line.startswith("building '"):
                done += 1
                name = line.split("'")[1]
                shown = "the shared library" if name.endswith(SHARED_TAG) else name
                say(f"compiling {done}/{len(files) + 1}: {shown}")
        code = proc.wait()
    if code:
        tail = (work / LOG).read_text().strip().splitlines()[-1:] or ["no output"]
        raise BuildError(f"mypyc failed (exit {code}): {tail[0]}")


def _collect(work: Path, into: Path) -> str:
    """Move the compiled files into the build folder; the shared library's module name."""
    suffix = extension_suffix()
    for name in MODULES:
        made = module_file(work, name)
        if not made.is_file():
            raise BuildError(f"mypyc made no {made.name} for {name}")
        place = module_file(into, name)
        place.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(made, place)
    shared = list(work.glob(f"*{SHARED_TAG}{suffix}"))
    if len(shared) != 1:
        raise BuildError(f"expected one shared library from mypyc, found {len(shared)}")
    shutil.move(shared[0], into / shared[0].name)
    return shared[0].name[: -len(suffix)]
