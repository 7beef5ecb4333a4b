"""A run's finished games on disk as they finish, so a long run can stop and resume.

A 2,000-game experiment with a searching bot takes hours. Game i of a run
always plays the same way (its seed comes from the run seed and i), so a
game already played never needs playing again: the journal keeps every
finished game, one JSON line each, and a resumed run plays only the rest.

The first line names the run (game, line-up, options, seed) and the code
that played it (a hash of the engine and bot sources). A journal of another
run, or one written by other code, is refused rather than mixed in: its
games would not be the games this run plays.
"""

from __future__ import annotations

import dataclasses
import json
from functools import cache
from pathlib import Path
from typing import Any

from boardbots.sim import output
from boardbots.sim.harness import GameRecord, MatchSpec
from boardbots.sources import play_digest

RECHECKED = "rechecked"
"""The header key listing the code a journal was carried over from, and the proof."""


@cache
def code_hash(game: str | None = None) -> str:
    """A short hash of every source file that decides how a game plays.

    With `game`, the other games' folders are left out: a change to one game
    cannot change how another plays, so it must not void the other's journals
    (a 1,000-game row of searching bots takes hours to replay)."""
    return play_digest(game).hexdigest()[:16]


def run_header(spec: MatchSpec, seed: int) -> dict[str, Any]:
    return {
        "journal": 1,
        "game": spec.game,
        "seats": list(spec.seats),
        "options": spec.options,
        "rotate": spec.rotate,
        "seed": seed,
        "code": code_hash(spec.game),
    }


class Journal:
    """Append-only record of one run's finished games."""

    def __init__(self, path: Path, spec: MatchSpec, seed: int) -> None:
        self.path = path
        self.header = run_header(spec, seed)
        self.rechecked: list[dict[str, Any]] = []
        """Earlier code this journal was carried over from (sim/recheck.py), kept on rewrite."""

    @property
    def previous(self) -> Path:
        return self.path.with_name(self.path.stem + ".previous" + self.path.suffix)

    def load(self) -> dict[int, GameRecord]:
        """The games already finished, by index; empty when there is no journal yet.

        A torn last line (the process was killed mid-write) is dropped: that
        game is simply played again.
        """
        if not self.path.exists():
            return {}
        found, done = read(self.path)
        if found is None:
            return {}
        if isinstance(found, dict):
            self.rechecked = list(found.pop(RECHECKED, []))
        if found != self.header:
            raise ValueError(_mismatch(self.path, found, self.header))
        return done

    def begin(self, resume: bool, games: int | None = None) -> dict[int, GameRecord]:
        """Open the journal for writing and return the games to keep: those already
        there when resuming (rewritten whole, a torn line dropped), else none. With
        `games`, only games of a run that long are returned; the file keeps the rest
        (a 200-game run may resume a 2,000-game journal and leave it whole).

        Starting afresh moves an old journal aside (`previous`) instead of
        wiping it: a forgotten --resume must not throw away hours of games. A
        file that is not a journal is refused either way: a mistyped path must
        not overwrite or rename the user's own file.
        """
        kept = self.load() if resume else {}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if not resume and self.path.exists():
            if not _journal_or_empty(first_line(self.path)):
                raise ValueError(_not_a_journal(self.path))
            self.path.replace(self.previous)
        self.write(kept)
        if games is None:
            return kept
        return {i: r for i, r in kept.items() if i < games}

    def write(self, kept: dict[int, GameRecord]) -> None:
        """The header and `kept`, written whole and then renamed into place at once, so a
        kill at any moment leaves the old journal or the new one, never a torn mix."""
        fresh = self.path.with_name(self.path.name + ".tmp")
        with fresh.open("w") as out:
            header = self.header | ({RECHECKED: self.rechecked} if self.rechecked else {})
            out.write(json.dumps(header, sort_keys=True) + "\n")
            for i in sorted(kept):
                out.write(_line(kept[i]))
        fresh.replace(self.path)

    def append(self, rec: GameRecord) -> None:
        output.append_line(self.path, _line(rec))


def read(path: Path) -> tuple[Any, dict[int, GameRecord]]:
    """A journal file's first line as parsed (None for an empty file, the raw text when
    it is not JSON) and its games by index, whatever run or code it names; a torn line
    is left out. Games are read only under a journal's header: any other file's lines
    are not records."""
    _regular(path)
    lines = path.read_text(errors="replace").splitlines()
    if not lines:
        return None, {}
    header = _header(lines[0])
    done: dict[int, GameRecord] = {}
    if not _journal_or_empty(header):
        return header, done
    for line in lines[1:]:
        data = _parse(line)
        if data is not None:
            rec = GameRecord(**data)
            done[rec.index] = rec
    return header, done


def first_line(path: Path) -> Any:
    """The file's header as `read` gives it, without reading its games."""
    _regular(path)
    with path.open(errors="replace") as source:
        line = source.readline()
    return _header(line) if line else None


def _regular(path: Path) -> None:
    """A journal is read whole and renamed: a device or a pipe is none. /dev/zero or
    /dev/full, read for a first line, would never give one and hang the command."""
    if path.exists() and not path.is_file():
        raise ValueError(f"{path} is not a regular file, so it cannot be a game journal")


def _header(line: str) -> Any:
    parsed = _parse(line)
    return line.rstrip("\n") if parsed is None else parsed


def is_header(header: Any) -> bool:
    """Whether a file's first line, as `read` gives it, names a run: a journal's header."""
    return isinstance(header, dict) and "journal" in header


def _journal_or_empty(header: Any) -> bool:
    return header is None or is_header(header)


def _not_a_journal(path: Path) -> str:
    return f"{path} is not a game journal; move it away or choose another path"


def _line(rec: GameRecord) -> str:
    return json.dumps(dataclasses.asdict(rec), sort_keys=True) + "\n"


def _parse(line: str) -> Any:
    try:
        return json.loads(line)
    except json.JSONDecodeError:
        return None


def _mismatch(path: Path, found: Any, wanted: dict[str, Any]) -> str:
    if not _journal_or_empty(found):
        return _not_a_journal(path)
    what = [k for k in wanted if found.get(k) != wanted[k]]
    if what == ["code"]:
        return (
            f"{path} was written by other bot or engine code (code {found.get('code')}, "
            f"now {wanted['code']}); its games may differ: start afresh without --resume, "
            f"or replay a sample with `boardbots recheck {path}`"
        )
    return f"{path} belongs to another run (different {', '.join(what)}); start afresh"
