"""Which modules the native build compiles, and where a build for these sources lives.

The list holds the move-by-move paths (engine, zones, effects, the Y track)
and what Hard runs in its inner loop (playouts, scripted players,
heuristics, the bandit, the random stream). Everything else (the server,
the CLI, the lab's harness) spends its time elsewhere and stays Python.
A module joins the list only once the game tests pass with it compiled:
mypyc checks annotations at run time, so an annotation that is not true
of every value is an error there (docs/architecture.md, "The native build").
And only while it is faster compiled: with the First Game engine (a tuple of
small rules that each read the deck's facts) compiled, Hard's games against
DoubleWitch took 1.27 times the CPU of plain Python, so it stays Python
(benchmarks/README.md, "The First Game engine stays Python").
"""

from __future__ import annotations

import hashlib
import os
import sys
import sysconfig
from pathlib import Path

from boardbots.sources import play_digest
from boardbots.user_cache import user_cache

MODULES: tuple[str, ...] = (
    "boardbots.core.rng",
    "boardbots.core.portable",
    "boardbots.bots.hard",
    "boardbots.bots.deadline",
    "boardbots.games.domination.tables",
    "boardbots.games.domination.zones",
    "boardbots.games.domination.effects",
    "boardbots.games.domination.engine",
    "boardbots.games.domination.view",
    "boardbots.games.domination.hidden",
    "boardbots.games.domination.strategies",
    "boardbots.games.domination.scripted",
    "boardbots.games.domination.playbook",
    "boardbots.games.domination.playout",
    "boardbots.games.domination.heuristics",
    "boardbots.games.y.board",
    "boardbots.games.y.track",
    "boardbots.games.y.engine",
    "boardbots.games.y.heuristics",
    "boardbots.games.y.replies",
    "boardbots.games.y.rave",
    "boardbots.games.y.uct",
)

OFF_VARIABLE = "BOARDBOTS_NATIVE"
"""Set to 0 to run the Python modules even where a build for these sources exists."""
DIR_VARIABLE = "BOARDBOTS_NATIVE_DIR"
"""Where builds are kept, instead of the user's cache folder (tests use their own)."""
MANIFEST = "manifest.json"


def wanted() -> bool:
    """False when the user turned the native build off for this process."""
    return os.environ.get(OFF_VARIABLE, "1").strip().lower() not in ("0", "no", "false", "off")


def store() -> Path:
    """This interpreter's builds: under BOARDBOTS_NATIVE_DIR, else <cache>/boardbots/native.

    Each Python build gets a folder of its own: an extension made for one
    interpreter is not loaded by another, even of the same version."""
    chosen = os.environ.get(DIR_VARIABLE)
    base = Path(chosen) if chosen else user_cache("native")
    return base / interpreter_tag()


def interpreter_tag() -> str:
    """A short name for this Python install (version, compiler, build date, prefix, ABI)."""
    text = f"{sys.version}|{sys.base_prefix}|{extension_suffix()}".encode()
    return hashlib.sha256(text).hexdigest()[:12]


def extension_suffix() -> str:
    """The file ending this interpreter loads C extensions from (version and platform)."""
    return str(sysconfig.get_config_var("EXT_SUFFIX") or ".so")


def source_key() -> str:
    """Names a build by the sources it was made from and the modules it compiles."""
    digest = play_digest()
    digest.update(",".join(MODULES).encode())
    return digest.hexdigest()[:20]


def build_dir(key: str | None = None) -> Path:
    """The folder of the build for these sources (it may not exist yet)."""
    return store() / (key or source_key())


def module_file(root: Path, name: str) -> Path:
    """Where a compiled module sits in a build: its package path plus the extension suffix."""
    return root.joinpath(*name.split(".")).with_name(name.rsplit(".", 1)[-1] + extension_suffix())
