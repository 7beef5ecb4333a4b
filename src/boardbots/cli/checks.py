"""Checks the lab commands share, all made before the first game is played.

A run can take hours; finding a typo in a bot code, a refused option or an
unwritable report path at the end would throw that time away.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from boardbots.bots.registry import check_bot
from boardbots.cli.errors import fail
from boardbots.games import get_game

MAX_SEED = 2**63
"""Seeds are 0 to 2^63-1, as the server's API takes them."""


def seed(value: int, option: str = "--seed") -> int:
    if not 0 <= value < MAX_SEED:
        fail(f"{option} must be a whole number from 0 to 2^63-1, not {value}")
    return value


def options(text: str | None) -> dict[str, Any]:
    """`--options` as a JSON object."""
    if not text:
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        fail(f"--options must be a JSON object: {exc}")
    except RecursionError:
        fail("--options must be a JSON object: it nests too deeply")
    if not isinstance(value, dict):
        fail("--options must be a JSON object, e.g. '{\"size\": 9}'")
    return value


def lineup(game: str, seats: list[str], opts: dict[str, Any]) -> None:
    """The game exists, takes this many seats and these options, and every seat's
    bot plays it with valid parameters."""
    try:
        rules = get_game(game)
    except ValueError as exc:
        fail(str(exc))
    meta = rules.meta
    low, high = meta.min_players, meta.max_players
    if not low <= len(seats) <= high:
        want = f"{low}" if low == high else f"{low} to {high}"
        fail(f"{game} takes {want} seats, not {len(seats)}")
    for code in seats:
        try:
            check_bot(code, game)
        except ValueError as exc:
            fail(str(exc))
    try:
        rules.new_state(len(seats), 0, dict(opts))
    except (ValueError, TypeError, KeyError) as exc:
        fail(f"--options: {game} refused them: {exc}")


def writable_file(path: Path, option: str) -> None:
    """`path` can be written (its folder made if need be), without creating it yet."""
    if path.is_dir():
        fail(f"{option} {path} is a folder; give a file name, e.g. {path / 'report.json'}")
    writable_folder(path.parent, option)


def writable_folder(path: Path, option: str) -> None:
    """`path` is (or can be made) a folder we may write in."""
    taken = next((p for p in (path, *path.parents) if p.exists()), None)
    if taken is not None and not taken.is_dir():
        fail(f"{option}: {taken} is a file, not a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as exc:
        fail(f"{option}: cannot write in {path}: {exc.strerror or exc}")
