"""Figures of one journal, and of two journals of the same games side by side.

`accept` gives a run's verdict. The docs also quote how a bot did in each seat,
how its decision times spread, which games ran over the budget, and how two
versions of a bot did on the very same games; those are worked out here, so each
figure in docs/acceptance.md can be recomputed from the journal it names instead
of from a scratch script nobody kept.
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from boardbots.sim.harness import GameRecord
from boardbots.sim.metrics import mean_interval, paired_difference, spread

SAME_GAMES = ("game", "options", "seats", "seed", "rotate")
"""Header fields two journals must share to hold the same games (code may differ:
comparing two codes on the same games is what pairing is for)."""


@dataclass(frozen=True)
class Figures:
    """One bot's figures over a set of games."""

    bot: str
    share: dict[str, float]
    by_seat: list[tuple[float, int]]
    """Points won and games played in each seat position (first player first)."""
    turns: float
    capped: int
    fallbacks: int
    times: dict[str, float]
    """Spread of the decisions that took longer than the instant ones (see `figures`)."""
    over_budget: int
    over_games: list[int]


def bot_share(rec: GameRecord, bot: str) -> float:
    """The bot's share of one game, averaged over the seats it holds."""
    held = [s for code, s in zip(rec.seats, rec.shares, strict=True) if code == bot]
    if not held:
        raise ValueError(f"game {rec.index} has no seat for {bot!r} (seats: {rec.seats})")
    return statistics.fmean(held)


def figures(
    records: Sequence[GameRecord], bot: str, budget_ms: float = 900.0, searched_ms: float = 1.0
) -> Figures:
    """Figures for `bot`. Decision times count only decisions over `searched_ms`:
    obvious answers take microseconds and would pull the median of the searched
    ones, which is what a budget is about, far down."""
    if not records:
        raise ValueError("no games to count")
    seats = len(records[0].seats)
    won = [0.0] * seats
    played = [0] * seats
    for rec in records:
        for k, (code, s) in enumerate(zip(rec.seats, rec.shares, strict=True)):
            if code == bot:
                won[k] += s
                played[k] += 1
    times = [ms for rec in records for ms in rec.timing.get(bot, []) if ms > searched_ms]
    over = [rec.index for rec in records if any(ms > budget_ms for ms in rec.timing.get(bot, []))]
    return Figures(
        bot=bot,
        share=mean_interval([bot_share(rec, bot) for rec in records]),
        by_seat=list(zip(won, played, strict=True)),
        turns=statistics.fmean(rec.turns for rec in records),
        capped=sum(rec.capped for rec in records),
        fallbacks=sum(rec.fallbacks.get(bot, 0) for rec in records),
        times=spread(times),
        over_budget=sum(ms > budget_ms for ms in times),
        over_games=sorted(over),
    )


def same_games(a: Mapping[str, Any], b: Mapping[str, Any]) -> None:
    """Refuse two journal headers whose games are not the same ones."""
    differ = [key for key in SAME_GAMES if a.get(key) != b.get(key)]
    if differ:
        raise ValueError(f"the two journals hold different games (different {', '.join(differ)})")


def paired(a: Mapping[int, GameRecord], b: Mapping[int, GameRecord], bot: str) -> dict[str, float]:
    """The bot's share in run a minus run b on the games both played, judged game by
    game; `differ` counts the games whose result for the bot is not the same."""
    both = sorted(set(a) & set(b))
    if len(both) < 2:
        raise ValueError(f"the two journals share {len(both)} games; pairing needs 2 or more")
    for i in both:
        if a[i].seed != b[i].seed:
            raise ValueError(f"game {i} has a different seed in the two journals")
    mine = [bot_share(a[i], bot) for i in both]
    theirs = [bot_share(b[i], bot) for i in both]
    diff = paired_difference(mine, theirs)
    return {
        "n": len(both),
        "a": statistics.fmean(mine),
        "b": statistics.fmean(theirs),
        "diff": diff["mean"],
        "low": diff["low"],
        "high": diff["high"],
        "differ": sum(x != y for x, y in zip(mine, theirs, strict=True)),
    }


def select(
    records: Mapping[int, GameRecord], start: int | None, stop: int | None
) -> list[GameRecord]:
    """The games whose index is in [start, stop), in index order."""
    lo = 0 if start is None else start
    return [records[i] for i in sorted(records) if i >= lo and (stop is None or i < stop)]
