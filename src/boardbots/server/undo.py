"""The undo rule: your own last decision, nobody acted since, and nothing hidden came to light.

"Revealed" is decided per game, because only the game knows which parts of
its state are hidden: see `reveal_rule` and docs/server.md, section Undo.
"""

from __future__ import annotations

from collections.abc import Callable

from boardbots.core.contract import Game, State
from boardbots.server.table import SeatKind, Status, Table

RevealRule = Callable[[State, State, int], bool]
"""(state before, state after, actor) -> True when the decision showed something hidden."""

_RULES: dict[str, RevealRule] = {}


def register_reveal_rule(game_name: str, rule: RevealRule) -> None:
    _RULES[game_name] = rule


def _never(before: State, after: State, actor: int) -> bool:
    return False


def reveal_rule(game: Game) -> RevealRule | None:
    """The game's rule, or None when the server cannot tell (then undo is refused)."""
    if not game.meta.hidden_information and not game.meta.chance:
        return _never
    hook = getattr(game, "reveals", None)
    if callable(hook):
        return hook  # type: ignore[no-any-return]
    return _RULES.get(game.meta.name)


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
    if rule is None:
        return f"{table.game.meta.title} has hidden information and no rule for safe undo"
    if rule is not _never and rule(table.replayed(table.log[:-1]), table.state, seat):
        return "that decision revealed hidden information"
    return None


def _domination_reveals(before: State, after: State, actor: int) -> bool:
    """Domination's hidden parts are draw piles (order unknown even to their owner),
    hands (unknown to others), looked-at cards and the shuffle stream. A decision
    reveals nothing when none of them moved and the public log gained no reveal."""
    if before["shuffles"] != after["shuffles"]:
        return True
    for p, (old, new) in enumerate(zip(before["players"], after["players"], strict=True)):
        if any(old[zone] != new[zone] for zone in ("deck", "marks", "look")):
            return True
        if p != actor and old["hand"] != new["hand"]:
            return True
    added = after["log"][len(before["log"]) :]
    return any(entry[1] == "reveal" for entry in added)


register_reveal_rule("domination", _domination_reveals)
