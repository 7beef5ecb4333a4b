"""Writing the lab's files, and the one error a full disk gives.

A run can take hours. If its report or journal cannot be written (a full
disk, a folder removed under it), the user should read which file failed,
why, and what was kept, not a traceback. Every finished game already in a
journal stays there, so `--resume` continues the run once there is room.
"""

from __future__ import annotations

from pathlib import Path


class CannotWrite(Exception):
    """A file of the run could not be written; the message says which and why."""


def write_text(path: Path, text: str) -> None:
    """`path` holds `text`, its folder made if need be."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    except OSError as exc:
        raise CannotWrite(f"cannot write {path}: {exc.strerror or exc}") from None


def append_line(path: Path, line: str) -> None:
    """One more journal line, flushed at once so a kill loses at most the game in hand."""
    try:
        with path.open("a") as out:
            out.write(line)
            out.flush()
    except OSError as exc:
        raise CannotWrite(
            f"cannot add a game to the journal {path}: {exc.strerror or exc}; the games "
            "before it are kept there, so run again with --resume once it can be written"
        ) from None
