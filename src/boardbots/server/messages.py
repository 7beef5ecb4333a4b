"""Server -> client messages, built per seat so nobody receives more than their view.

Describe texts and previews for the legal list are computed on a world rebuilt
from the seat's own view in hidden-information games, so they cannot carry a
hidden card by construction, whatever the engine does with a full state.
"""

from __future__ import annotations

from typing import Any

from boardbots.core.contract import Action, Game, State, View
from boardbots.core.rng import Rng, mix_seed
from boardbots.server.errors import Code
from boardbots.server.table import UNFINISHED, Status, Table
from boardbots.server.timeline import timeline_of
from boardbots.server.undo import undo_refusal

Message = dict[str, Any]

TIMELINE = -1
"""The seat key under which an ended table keeps its timeline among its final messages."""


def error(code: Code, message: str, ref: Any = None, state_id: int | None = None) -> Message:
    return {
        "type": "error",
        "code": code.value,
        "message": message,
        "ref": ref,
        "state_id": state_id,
    }


def table_message(table: Table, now: float | None = None) -> Message:
    return {"type": "table", "table": table.summary(now)}


def thinking(table: Table, seat: int, bot: str, budget_ms: float) -> Message:
    return {
        "type": "thinking",
        "table": table.id,
        "seat": seat,
        "bot": bot,
        "state_id": table.version,
        "budget_ms": budget_ms,
    }


def _world(game: Game, table: Table, view: View) -> State:
    """The state to describe actions on: the truth only when nothing is hidden."""
    if not game.meta.hidden_information:
        return table.state
    return game.determinize(view, Rng(mix_seed("preview", table.id, table.version)))


def legal_entries(game: Game, table: Table, view: View) -> list[Message]:
    world = _world(game, table, view)
    actions: list[Action] = game.legal_actions(table.state)
    return [
        {"action": a, "text": game.describe(world, a), "preview": game.preview(world, a)}
        for a in actions
    ]


def last_entry(game: Game, table: Table, seat: int | None) -> Message | None:
    if not table.log:
        return None
    entry = table.log[-1]
    out: Message = {"n": len(table.log) - 1, "seat": entry["seat"], "by": entry["by"]}
    if seat == entry["seat"] or not game.meta.hidden_information:
        out["action"] = entry["action"]
        out["text"] = entry.get("text")
    return out


def state_message(table: Table, seat: int | None) -> Message:
    """The state message for `seat`; an ended table's is built once and kept on it."""
    if table.status.value in UNFINISHED:
        return _state_message(table, seat)
    key = (table.version, seat)
    cached = table.final_messages.get(key)
    if cached is None:
        if any(k[0] != table.version for k in table.final_messages):
            table.final_messages.clear()  # errored -> closed: the old views are stale
        cached = table.final_messages[key] = {**_state_message(table, seat), **_story(table)}
    return cached


def _story(table: Table) -> Message:
    """A finished game's charts (server/timeline.py): the same public data for every
    seat, so it is built once per table and shared by the seats' messages."""
    if table.status is not Status.FINISHED:
        return {}
    found = table.final_messages.get((table.version, TIMELINE))
    if found is None:
        found = table.final_messages[(table.version, TIMELINE)] = {"timeline": timeline_of(table)}
    return found


def _table_fields(table: Table) -> Message:
    """What every state message says of the table itself, whatever the seat."""
    return {
        "type": "state",
        "table": table.id,
        "state_id": table.version,
        "decision": len(table.log),
        "status": table.status.value,
        "result": table.result,
    }


def _stateless_message(table: Table) -> Message:
    """An errored table whose game could not even start: nothing to show but its status."""
    return {
        **_table_fields(table),
        "view": None,
        "pending": None,
        "your_turn": False,
        "legal": [],
        "can_undo": False,
        "undo_why": None,
        "last": None,
        "scores": [],
    }


def _state_message(table: Table, seat: int | None) -> Message:
    if not table.state:
        return _stateless_message(table)
    game = table.game
    view = game.player_view(table.state, seat)
    pending = view.get("pending")
    your_turn = (
        seat is not None
        and table.status is Status.PLAYING
        and pending is not None
        and pending.get("player") == seat
    )
    return {
        **_table_fields(table),
        "view": view,
        "pending": pending,
        "your_turn": your_turn,
        "legal": legal_entries(game, table, view) if your_turn else [],
        **_undo_fields(table, seat),
        "last": last_entry(game, table, seat),
        "scores": game.scores(view),
    }


def _undo_fields(table: Table, seat: int | None) -> Message:
    """Whether `seat` may take back now and, when not, the rule's code (the page words
    it beside the disabled button); spectators get neither."""
    refusal = None if seat is None else undo_refusal(table, seat)
    return {
        "can_undo": seat is not None and refusal is None,
        "undo_why": None if refusal is None else refusal.code,
    }
