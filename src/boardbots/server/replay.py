"""Replays: a finished table as seed + log (no tokens), and the exact re-run of one.

A replay is enough to rebuild every position because the game's chance comes
only from its seed and every decision is in the log.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from boardbots.core.contract import IllegalAction, State
from boardbots.games import get_game
from boardbots.server.table import Table
from boardbots.server.timeline import timeline_of_views

FORMAT = "boardbots-replay/1"


def replay_views(table: Table) -> list[dict[str, Any]]:
    """The public (spectator) view before each decision and after the last one.

    Rebuilt from the seed and the log, so `views[k]` is exactly what a spectator
    saw before decision `k`; there are len(log) + 1 of them.
    """
    game = table.game
    state = game.new_state(len(table.seats), table.seed, table.options)
    views = [game.player_view(state, None)]
    for entry in table.log:
        state = game.applied(state, entry["action"])
        views.append(game.player_view(state, None))
    return views


def replay_of(table: Table, views: bool = False) -> dict[str, Any]:
    """The replay file; with `views` also every position as a spectator saw it and the
    charts' timeline built from them (only for a table that has ended: the views follow
    the log to the end)."""
    out = {
        "format": FORMAT,
        "table": table.id,
        "game": table.game_name,
        "options": table.options,
        "seed": table.seed,
        "players": len(table.seats),
        "seats": [
            {"seat": s.index, "kind": s.kind.value, "name": s.name, "bot": s.bot}
            for s in table.seats
        ],
        "actions": [{"n": n, **entry} for n, entry in enumerate(table.log)],
        "takebacks": table.takebacks,
        "status": table.status.value,
        "result": table.result,
        "created_at": table.created_at,
    }
    if views:
        seen = out["views"] = replay_views(table)
        out["timeline"] = timeline_of_views(table.game_name, seen)
    return out


class ReplayError(ValueError):
    """The file is not a replay, or its log does not fit the game it names."""


@dataclasses.dataclass
class Rerun:
    state: State
    lines: list[str]
    result: list[float] | None


def rerun(data: dict[str, Any]) -> Rerun:
    """Apply every logged action with full checks; raise ReplayError on the first mismatch."""
    if data.get("format") != FORMAT:
        raise ReplayError(f"not a {FORMAT} file (format is {data.get('format')!r})")
    try:
        game = get_game(data["game"])
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise ReplayError("'options' must be an object")
        state = game.new_state(_whole(data, "players"), _whole(data, "seed"), options)
    except KeyError as exc:
        raise ReplayError(f"cannot start the game: the file has no {exc}") from None
    except (TypeError, ValueError) as exc:
        raise ReplayError(f"cannot start the game: {exc}") from None
    lines = []
    for n, entry in enumerate(data.get("actions", [])):
        pending = game.pending(state)
        if pending is None or pending["player"] != entry.get("seat"):
            raise ReplayError(f"decision {n}: the log says seat {entry.get('seat')} but {pending}")
        try:
            # Checked by `applied` before `describe` reads it: a game may describe only
            # actions that are legal (Dig's text raised IndexError on any other).
            after = game.applied(state, entry["action"])
            text = game.describe(state, entry["action"])
            state = after
        except (IllegalAction, KeyError) as exc:
            raise ReplayError(f"decision {n}: {exc}") from None
        lines.append(f"{n:4d} seat {entry['seat']} ({entry.get('by', '?')}): {text}")
    result = game.result(state) if game.is_over(state) else None
    recorded = data.get("result")
    if recorded is not None and result != recorded:
        raise ReplayError(f"the re-run ends with {result}, the file says {recorded}")
    return Rerun(state, lines, result)


def _whole(data: dict[str, Any], key: str) -> int:
    """A whole-number field, refused rather than coerced: `int()` would take "2", 2.9 or
    true, so a tampered file could still pass as the game it no longer is."""
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int):
        raise ReplayError(f"{key!r} must be a whole number, not {value!r}")
    return value
