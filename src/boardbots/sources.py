"""A digest of the source files that decide how games play.

Two things must notice when that code changes: a journal (its games were
played by the old code, so they cannot be mixed with new ones) and a native
build (its compiled modules would run the old code). Both hash the same
files the same way, here.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

PLAY_PACKAGES = ("core", "games", "bots")
ROOT = Path(__file__).resolve().parent

NOT_PLAY = frozenset({"experiments.json"})
"""Data files that say what the lab runs, not how a game plays: their texts change with
every result, and that must not void a journal. Every other `data/*.json` is play data
(Domination's strength order and Hard's tuned scripts) and is hashed with the code."""


def play_digest(game: str | None = None) -> hashlib._Hash:
    """sha256 over each file's path and bytes under `core`, `games` and `bots`: the
    Python files and the play data beside them (see `NOT_PLAY`).

    With `game`, the other games' folders are left out: a change to one game
    cannot change how another plays."""
    digest = hashlib.sha256()
    for package in PLAY_PACKAGES:
        for path in _play_files(ROOT / package):
            name = path.relative_to(ROOT).as_posix()
            if game is not None and _other_game(name, game):
                continue
            digest.update(name.encode())
            digest.update(path.read_bytes())
    return digest


def _play_files(folder: Path) -> list[Path]:
    data = [p for p in folder.rglob("data/*.json") if p.name not in NOT_PLAY]
    return sorted([*folder.rglob("*.py"), *data])


def _other_game(name: str, game: str) -> bool:
    """True for a file inside another game's folder (`games/<other>/...`)."""
    parts = name.split("/")
    return parts[0] == "games" and len(parts) > 2 and parts[1] != game
