"""The takeback rule: a human takes back their last decision with the bots' replies after it.

Against bots the useful moment to change your mind is after the bot has
answered, so a takeback removes the human's decision *and* every bot decision
made since, and leaves the position where that human is to move again (bots
then wait for them, so nothing is re-answered before they act). It is allowed
only while it cannot be used to peek or to overrule someone:

- the seat is played by a human and has a decision in the log;
- that human has not acted since (acting includes an earlier takeback: one
  step back, not a rewind);
- no other human has acted since (an action or a takeback of theirs);
- nothing hidden has come to light since: the game decides this with
  `Game.reveals` for the decision and for each bot reply, because only the game
  knows which parts of its state are hidden.

See docs/server.md, section Takeback.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from boardbots.core.contract import Game, State
from boardbots.server.table import Entry, SeatKind, Status, Table

RevealRule = Callable[[State, State, int], bool]
"""(state before, state after, asking player) -> True when the step showed something hidden."""


@dataclasses.dataclass(frozen=True)
class Refusal:
    """Why a takeback is not allowed: `code` names the rule (the UI words it in each
    language), `message` says it in one English line for the error frame."""

    code: str
    message: str


def _never(before: State, after: State, actor: int) -> bool:
    return False


def reveal_rule(game: Game) -> RevealRule:
    """The game's own `reveals`; a game with nothing hidden and no chance needs none."""
    if not game.meta.hidden_information and not game.meta.chance:
        return _never
    return game.reveals


def last_own_decision(log: list[Entry], seat: int) -> int | None:
    """Index of the newest decision `seat`'s human made, or None."""
    for n in range(len(log) - 1, -1, -1):
        if log[n]["seat"] == seat and log[n].get("by") == "human":
            return n
    return None


def undo_refusal(table: Table, seat: int) -> Refusal | None:
    """Why `seat` may not take back now, or None when it may."""
    if table.status is not Status.PLAYING:
        return Refusal("not_playing", f"the table is {table.status.value}")
    if table.seats[seat].kind is not SeatKind.HUMAN:
        return Refusal("bot_seat", "a bot plays this seat now")
    start = last_own_decision(table.log, seat)
    if start is None:
        return Refusal("nothing", "you have made no move yet")
    return _since_refusal(table, seat, start)


def _since_refusal(table: Table, seat: int, start: int) -> Refusal | None:
    """What happened after decision `start` that closes its takeback, if anything."""
    later = [t for t in table.takebacks if t["at"] > start]
    if any(t["seat"] == seat for t in later):
        return Refusal("acted", "you have taken a move back since; make a new move first")
    if later or any(e.get("by") == "human" for e in table.log[start + 1 :]):
        return Refusal("other_human", "another player has acted since your move")
    rule = reveal_rule(table.game)
    if rule is not _never and _revealed(table, rule, seat, start):
        return Refusal("revealed", "something hidden has been shown since your move")
    return None


def _revealed(table: Table, rule: RevealRule, seat: int, start: int) -> bool:
    """Whether the decision at `start` or any reply after it showed something hidden.

    Every step is asked with the taking-back human as `actor`, so a bot's own
    hand changing (a card played or discarded from it) counts: it was hidden
    from that human. The log only grows until a takeback cuts it, so the answer
    and the position reached are remembered per seat and only new steps are
    checked.
    """
    key = (start, len(table.takebacks))
    memo = table.reveal_memo.get(seat)
    if memo is not None and memo[0] == key and memo[1] <= len(table.log):
        _, upto, state, revealed = memo
        if revealed:
            return True
    else:
        upto, state = start, table.replayed(table.log[:start])
    game = table.game
    for n in range(upto, len(table.log)):
        after = game.applied(state, table.log[n]["action"])
        if rule(state, after, seat):
            table.reveal_memo[seat] = (key, n + 1, None, True)
            return True
        state = after
    table.reveal_memo[seat] = (key, len(table.log), state, False)
    return False


def take_back(table: Table, seat: int) -> tuple[State, Entry] | Refusal:
    """The position to go back to and the record of the takeback (kept for the
    replay; its `at` is where the log is cut), or why it is not allowed."""
    refusal = undo_refusal(table, seat)
    if refusal is not None:
        return refusal
    start = last_own_decision(table.log, seat)
    assert start is not None
    record = {"at": start, "seat": seat, "undone": table.log[start:]}
    return table.replayed(table.log[:start]), record
