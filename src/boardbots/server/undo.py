"""The undo rule: your own last decision, nobody acted since, and nothing hidden came to light.

"Revealed" is decided by the game (`Game.reveals`), because only the game knows
which parts of its state are hidden: see docs/server.md, section Undo.
"""

from __future__ import annotations

from collections.abc import Callable

from boardbots.core.contract import Game, State
from boardbots.server.table import SeatKind, Status, Table

RevealRule = Callable[[State, State, int], bool]
"""(state before, state after, actor) -> True when the decision showed something hidden."""


def _never(before: State, after: State, actor: int) -> bool:
    return False


def reveal_rule(game: Game) -> RevealRule:
    """The game's own `reveals`; a game with nothing hidden and no chance needs none."""
    if not game.meta.hidden_information and not game.meta.chance:
        return _never
    return game.reveals


def undo_refusal(table: Table, seat: int) -> str | None:
    """Why `seat` may not undo now, or None when it may."""
    if table.status is not Status.PLAYING:
        return f"the table is {table.status.value}"
    if not table.log:
        return "nothing has been played yet"
    last = table.log[-1]
    if last["seat"] != seat:
        return "the last decision is not yours: someone has acted since"
    if last["by"] != "human" or table.seats[seat].kind is not SeatKind.HUMAN:
        return "that decision was made by a bot"
    rule = reveal_rule(table.game)
    if rule is not _never and rule(table.replayed(table.log[:-1]), table.state, seat):
        return "that decision revealed hidden information"
    return None
