"""Carry a long run's journal over to new code when a sample of its games replays the same.

A journal is bound to the code that played it (journal.py), and most commits
change nothing in how a given game plays: docs, another bot, a speed-up the
golden records show neutral. Yet each such commit voided hours of searched
games, so the long strength rows never reached their size. Game i of a run is
fixed by its seed, so the question "does this code still play these games?"
can be asked directly: replay a spread sample with the code installed now and
compare every record field but the timings. All the same, and the journal is
re-stamped with the new code, the sample kept in its header as the evidence.
One game different, and the journal is refused as before.

A sample is evidence, not proof: a change that alters only rare positions can
pass it. The header says which games were replayed, so a report can say so.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardbots.sim.harness import GameRecord, MatchSpec, play_game
from boardbots.sim.journal import RECHECKED, Journal, code_hash, is_header, read


@dataclasses.dataclass(frozen=True)
class Recheck:
    """What a recheck found: the code before and now, the games replayed, and the first
    game whose record differs (None when every one matched)."""

    old_code: str
    new_code: str
    games: list[int]
    differing: int | None

    @property
    def carried(self) -> bool:
        return self.differing is None and self.old_code != self.new_code


def sample(indices: list[int], k: int) -> list[int]:
    """`k` of the journal's game indices spread evenly, the first and the last included:
    early and late games of a run share nothing but the code, so a spread sample sees
    more of the positions the code meets than k neighbours would."""
    ordered = sorted(indices)
    if k >= len(ordered):
        return ordered
    if k <= 1:
        return ordered[-1:]
    step = (len(ordered) - 1) / (k - 1)
    return sorted({ordered[round(i * step)] for i in range(k)})


def _spec(header: dict[str, Any]) -> MatchSpec:
    return MatchSpec(header["game"], tuple(header["seats"]), header["options"], header["rotate"])


def recheck(path: Path, games: int, on_game: Callable[[int, bool], None] | None = None) -> Recheck:
    """Replay `games` of the journal at `path` with the code installed now; when all match,
    rewrite it under the new code hash (nothing is written otherwise). `on_game(i, same)`
    hears of each game as it is compared."""
    header, done = read(path)
    if not is_header(header):
        raise ValueError("not a game journal")
    if not done:
        raise ValueError("it holds no finished game to replay")
    history = list(header.pop(RECHECKED, []))
    spec, seed = _spec(header), header["seed"]
    new_code = code_hash(spec.game)
    picked = sample(list(done), games)
    if header["code"] == new_code:
        return Recheck(new_code, new_code, [], None)
    for i in picked:
        same = _same(play_game(spec, seed, i), done[i])
        if on_game is not None:
            on_game(i, same)
        if not same:
            return Recheck(header["code"], new_code, picked, i)
    journal = Journal(path, spec, seed)
    journal.rechecked = [*history, {"from": header["code"], "games": picked}]
    journal.write(done)
    return Recheck(header["code"], new_code, picked, None)


def _same(replayed: GameRecord, kept: GameRecord) -> bool:
    return replayed.results_part() == kept.results_part()
