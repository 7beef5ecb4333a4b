"""Grid search over bot parameters, every candidate playing the same seeded games.

Using one seed set for all candidates means differences come from the
parameters, not from luck of the deal (common random numbers).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardbots.bots.registry import parse_code
from boardbots.sim.harness import GameRecord, MatchSpec, run
from boardbots.sim.journal import Journal
from boardbots.sim.metrics import pairwise, win_shares
from boardbots.sim.pools import LOCAL, Backend


def parse_grid(items: list[str]) -> dict[str, list[str]]:
    """`["c=0.2,0.4", "epsilon=0.1"]` -> {"c": ["0.2", "0.4"], "epsilon": ["0.1"]}."""
    grid: dict[str, list[str]] = {}
    for item in items:
        key, sep, values = item.partition("=")
        if not sep or not values.strip():
            raise ValueError(f"bad grid entry {item!r}: expected name=value1,value2")
        grid[key.strip()] = [v.strip() for v in values.split(",") if v.strip()]
    return grid


def candidates(bot: str, grid: dict[str, list[str]]) -> list[str]:
    """Every bot code of the grid, e.g. hard:c=0.2,epsilon=0.1."""
    name, fixed = parse_code(bot)
    base = [f"{k}={v}" for k, v in fixed.items() if k not in grid]  # the grid's value wins
    keys = sorted(grid)
    codes = []
    for combo in itertools.product(*(grid[k] for k in keys)):
        params = base + [f"{k}={v}" for k, v in zip(keys, combo, strict=True)]
        codes.append(f"{name}:{','.join(params)}" if params else name)
    return codes


def lineups(bot: str, grid: dict[str, list[str]], lineup: list[str]) -> list[tuple[str, ...]]:
    """Every candidate's seats, the candidate's code where the line-up has "*"."""
    if "*" not in lineup:
        raise ValueError("the line-up needs at least one '*' seat for the candidate")
    out = []
    for code in candidates(bot, grid):
        seats = tuple(code if s == "*" else s for s in lineup)
        if len(set(seats)) < 2:
            raise ValueError("the candidate needs at least one different opponent in the line-up")
        out.append(seats)
    return out


def tune(
    game: str,
    bot: str,
    grid: dict[str, list[str]],
    lineup: list[str],
    games: int,
    seed: int,
    workers: int,
    options: dict[str, Any] | None = None,
    on_game: Callable[[str, GameRecord], None] | None = None,
    journals: Path | None = None,
    resume: bool = False,
    backend: Backend = LOCAL,
) -> list[dict[str, Any]]:
    """Score every candidate on the same games; best first.

    `lineup` names the seats, with "*" where the candidate sits. With
    `journals` each candidate's games are kept in a file of that folder as
    they end, and `resume` plays only the games missing there.
    """
    codes = candidates(bot, grid)
    rows = []
    for code, seats in zip(codes, lineups(bot, grid, lineup), strict=True):
        spec = MatchSpec(game, seats, options or {})
        heard = _tell(on_game, code)
        records = _run(spec, games, seed, workers, heard, journals, resume, backend)
        share = win_shares(records)[code]
        row: dict[str, Any] = {"code": code, "win_share": share}
        others = sorted({s for s in seats if s != code})
        row["pairwise"] = {o: pairwise(records)[f"{code} vs {o}"] for o in others}
        rows.append(row)
    return sorted(rows, key=lambda r: -r["win_share"]["mean"])


def _run(
    spec: MatchSpec,
    games: int,
    seed: int,
    workers: int,
    on_game: Callable[[GameRecord], None] | None,
    journals: Path | None,
    resume: bool,
    backend: Backend,
) -> list[GameRecord]:
    """One candidate's games, through its journal when there is a folder for them."""
    if journals is None:
        return run(spec, games, seed, workers, on_game, None, backend)
    name = re.sub(r"[^A-Za-z0-9_.=-]+", "_", ",".join(spec.seats))
    book = Journal(journals / f"{name}.jsonl", spec, seed)
    kept = book.begin(resume, games)

    def keep(rec: GameRecord) -> None:
        book.append(rec)
        if on_game:
            on_game(rec)

    return run(spec, games, seed, workers, keep, kept, backend)


def _tell(
    on_game: Callable[[str, GameRecord], None] | None, code: str
) -> Callable[[GameRecord], None] | None:
    """`run` reports bare games; the tuner's listener also wants the candidate's code."""
    if on_game is None:
        return None
    return lambda rec: on_game(code, rec)
