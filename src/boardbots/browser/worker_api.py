"""JSON-in, JSON-out entry points for the browser's Web Workers (run under Pyodide).

The engine Worker holds one solo table (one human, the rest bots) and calls
`create`/`resume`, `handle` (the page's messages), `bot_turn`, `bot_commit`
and `fallback`; the bot Worker calls only `decide`, with a bot's view. The
table and its messages are the server's own code (`server.table`,
`server.messages`), so the page receives exactly the frames a server table
would send and the renderers need no change. Every function takes and returns
JSON text: the Workers pass it through without parsing big Y bitboards.
"""

from __future__ import annotations

import json
from typing import Any

from boardbots.bots.fallback import FALLBACK_CODE, fallback_move
from boardbots.bots.registry import parse_code
from boardbots.core.contract import Action
from boardbots.core.rng import decision_seed
from boardbots.games import get_game
from boardbots.server import bot_worker, messages
from boardbots.server.errors import Code, ServerError
from boardbots.server.player_options import check_player_options
from boardbots.server.replay import replay_of
from boardbots.server.seats import parse_seats, seat_name
from boardbots.server.table import OVER, SeatKind, Status, Table
from boardbots.server.undo import Refusal, take_back

Message = dict[str, Any]
MAX_SEED = 2**63
_tables: dict[str, Table] = {}
"""The Worker's tables by id (one in practice); module state because Pyodide calls
arrive as plain function calls."""


def _dump(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def create(spec_text: str) -> str:
    """A new solo table from the page's form: {id, game, options, seats, human, name,
    seed}. The seed comes from the Worker (crypto) unless developer options gave one.
    Returns the table's record (kept by the Worker, never sent to the page)."""
    spec = json.loads(spec_text)
    game = get_game(str(spec["game"]))
    options = spec.get("options") or {}
    check_player_options(game.meta.name, options)
    seats = parse_seats(spec["seats"], game, lab=True)  # any bot: it costs nobody else
    humans = [s.index for s in seats if s.kind is SeatKind.HUMAN]
    if humans != [spec["human"]]:
        raise ServerError(Code.BAD_SEATS, "a solo table has exactly one person, at `human`")
    seats[spec["human"]].name = seat_name(spec.get("name"), seats[spec["human"]].name)
    seed = int(spec["seed"]) % MAX_SEED
    table = Table(spec["id"], game.meta.name, options, seed, seats, owner_hash="")
    table.created_at = float(spec.get("created_at", 0.0))
    table.state = game.new_state(len(seats), seed, options)
    return _opened(table, spec["human"])


def resume(record_text: str) -> str:
    """A table again from its record (seed + log), as the server rebuilds after a restart."""
    record = json.loads(record_text)
    game = get_game(record["game"])
    seats = parse_seats(record["seats"], game, lab=True)
    for seat, saved in zip(seats, record["seats"], strict=True):
        seat.name = saved.get("name") or seat.name
    table = Table(record["table"], record["game"], record["options"], record["seed"], seats, "")
    table.created_at = float(record.get("created_at", 0.0))
    table.log = record["actions"]
    table.takebacks = record.get("takebacks") or []
    table.state = table.replayed(table.log)
    table.version = int(record.get("state_id", len(table.log)))
    if record.get("status") == Status.CLOSED.value:
        table.status = Status.CLOSED
    return _opened(table, record["human"])


def _opened(table: Table, human: int) -> str:
    seat = table.seats[human]
    seat.token_hash, seat.connections = "solo", 1
    table.status = Status.PLAYING
    result = table.outcome(table.state)
    if result is not None:
        table.status, table.result = Status.FINISHED, result
    _tables[table.id] = table
    return record(table.id, human)


def record(table_id: str, human: int) -> str:
    """What the Worker stores to resume the table: its replay plus the human's seat."""
    table = _tables[table_id]
    out = replay_of(table)
    out.update(human=human, state_id=table.version)
    return _dump(out)


def welcome(table_id: str, human: int) -> str:
    table = _tables[table_id]
    you = {"seat": human, "role": "player"}
    return _dump({"type": "welcome", "table": table.summary(), "you": you})


def state(table_id: str, human: int) -> str:
    return _dump(messages.state_message(_tables[table_id], human))


def handle(table_id: str, human: int, text: str) -> str:
    """The page's message (action, undo, sync, ping) -> {"frames": [...], "changed":
    bool}: the frames to send back in order, and whether the table moved on."""
    table = _tables[table_id]
    msg = json.loads(text)
    ref, kind, version = msg.get("ref"), msg.get("type"), table.version
    try:
        if kind == "action":
            _act(table, human, int(msg["state_id"]), msg["action"])
        elif kind == "undo":
            _undo(table, human, int(msg["state_id"]))
        elif kind == "ping":
            return _reply([{"type": "pong", "ref": ref}], False)
        elif kind != "sync":
            raise ServerError(Code.UNKNOWN_TYPE, f"unknown message type {kind!r}")
    except ServerError as exc:
        return _reply([messages.error(exc.code, exc.message, ref, table.version)], False)
    out = [messages.state_message(table, human)]
    if kind in ("action", "undo"):
        out.append({"type": "accepted", "ref": ref, "state_id": table.version})
    return _reply(out, table.version != version)


def _reply(frames: list[Message], changed: bool) -> str:
    return _dump({"frames": [_dump(frame) for frame in frames], "changed": changed})


def _act(table: Table, seat: int, state_id: int, action: Action) -> None:
    table.check_turn(seat, state_id)
    after = table.next_state(action)
    entry = {"seat": seat, "action": action, "by": "human"}
    entry["text"] = table.game.describe(table.state, action)
    table.commit(entry, after, table.outcome(after))


def _undo(table: Table, seat: int, state_id: int) -> None:
    table.require_playing()
    if state_id != table.version:
        raise ServerError(Code.STALE_STATE, f"you asked on state {state_id}, not {table.version}")
    outcome = take_back(table, seat)
    if isinstance(outcome, Refusal):
        raise ServerError(Code.UNDO_NOT_ALLOWED, f"cannot take back: {outcome.message}")
    before, record = outcome
    table.take_back(record, before)


def bot_turn(table_id: str, budgets_text: str) -> str:
    """null when no bot is to move; else the bot Worker's request (the bot's view only)
    with the `thinking` frame for the page and the table version it answers."""
    table = _tables[table_id]
    seat = table.pending_seat() if table.status is Status.PLAYING else None
    if seat is None or table.seats[seat].kind is not SeatKind.BOT:
        return "null"
    code = table.seats[seat].bot or "easy"
    budgets = json.loads(budgets_text)
    budget_ms = float(budgets.get(parse_code(code)[0], budgets.get("default", 200.0)))
    view = table.game.player_view(table.state, seat)
    seed = decision_seed(table.seed, len(table.log))
    request = {"view": view, "bot": code, "seed": seed, "budget_ms": budget_ms}
    request["request_id"] = table.version  # the Worker pairs answers by its own id
    thinking = messages.thinking(table, seat, code, budget_ms)
    out = {"seat": seat, "bot": code, "version": table.version, "budget_ms": budget_ms}
    out.update(request=_dump(request), thinking=_dump(thinking))
    return _dump(out)


def decide(request_text: str) -> str:
    """The bot Worker's one call: the server's worker code, on a view and a seed."""
    return _dump(bot_worker.decide(json.loads(request_text)))


def fallback(table_id: str, reason: str, code: str = FALLBACK_CODE) -> str:
    """The fallback bot's answer (`code`, the site's `fallback_bot`) for the bot to move,
    computed in the engine Worker from that bot's view (so it knows no more than the
    bot did); `bot` names who chose it, "random" when even the fallback failed."""
    table = _tables[table_id]
    seat = table.pending_seat()
    assert seat is not None
    view = table.game.player_view(table.state, seat)
    seed = decision_seed(table.seed, len(table.log))
    action, ctx, chosen = fallback_move(view, seed, reason, code)
    return _dump({"action": action, "notes": bot_worker.json_safe(ctx.notes), "bot": chosen})


def bot_commit(table_id: str, human: int, version: int, reply_text: str, meta_text: str) -> str:
    """Apply a bot's reply ({action, notes}) if the table is still where it asked; `meta`
    says who answered ({by, bot, ms, reason?}). Returns {"stale": true} (an undo came
    first: the answer is discarded), {"illegal": true} (the caller falls back), or
    {"frames": [...], "changed": true} (JSON texts) for the page."""
    table = _tables[table_id]
    reply, meta = json.loads(reply_text), json.loads(meta_text)
    seat = table.pending_seat() if table.status is Status.PLAYING else None
    if table.version != version or seat is None:
        return _dump({"stale": True})
    action = reply["action"]
    if action not in table.game.legal_actions(table.state):
        return _dump({"illegal": True})
    entry = {"seat": seat, "action": action, "text": table.game.describe(table.state, action)}
    entry.update(by=meta["by"], bot=meta["bot"], seed=decision_seed(table.seed, len(table.log)))
    entry.update(ms=round(float(meta["ms"]), 1), notes=reply.get("notes") or {})
    if meta.get("reason"):
        entry["reason"] = meta["reason"]
    after = table.game.applied(table.state, action)
    table.commit(entry, after, table.outcome(after))
    return _reply([messages.state_message(table, human)], True)


def replay(table_id: str) -> str:
    """The replay with every public view, as GET /api/tables/{id}/replay gives it; only
    once the game has ended (before that the seed would show the hidden cards)."""
    table = _tables[table_id]
    if table.status not in OVER:
        error = messages.error(Code.NOT_FINISHED, "a replay is available once the game has ended")
        return _dump(error)
    return _dump(replay_of(table, views=True))
