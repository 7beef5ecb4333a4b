"""What every bot receives and returns: a view in, one legal action out.

In core, not in `bots`, so a game folder can hold its own scripted lab bots
(imports flow core <- games <- bots).

A bot never receives a state. It sees the `player_view` of its seat and,
when it needs a whole world to think in, builds one with `determinize`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Protocol

from boardbots.core.contract import Action, View
from boardbots.core.rng import Rng


def _no_clock() -> float:
    """Stands in for a clock where none was injected: time never passes."""
    return 0.0


@dataclasses.dataclass
class BotContext:
    """Everything from outside a bot may use; nothing else.

    `now` returns seconds from an injected clock; simulations leave it at
    the default and bound the work with `max_iterations` so results never
    depend on the machine. `notes` collects what the bot considered, for the
    "How the bot thinks" views.
    """

    rng: Rng
    now: Callable[[], float] = _no_clock
    time_budget_ms: float | None = None
    max_iterations: int | None = None
    notes: dict[str, Any] = dataclasses.field(default_factory=dict)


class Bot(Protocol):
    """A level of play. `decide` must return one of the legal actions."""

    level: str

    def decide(self, view: View, ctx: BotContext) -> Action: ...
