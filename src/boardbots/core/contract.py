"""The engine contract: the calls every game offers to bots, the lab and the server.

States, views and actions are plain JSON values (dicts, lists, ints, strs,
bools, None; never tuples or objects), so they clone fast, cross process
boundaries, and are saved and replayed as they are.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from enum import StrEnum
from typing import Any, Protocol, runtime_checkable

from boardbots.core.rng import Rng
from boardbots.core.rules import RulesConfig

State = dict[str, Any]
"""A whole game, hidden parts included; only engines and the server hold one."""

View = dict[str, Any]
"""What one seat may know. Always carries "game", "viewer" and "pending"."""

Action = str | int
"""Small, hashable and JSON-native, so legal lists compare after a round trip."""

Pending = dict[str, Any]
"""Who decides what now: at least {"player": int, "kind": str}."""

Policy = Callable[[State], Action]


class Stop(StrEnum):
    """Where `advance` may halt: a rollout horizon or the end of the game."""

    TURN = "turn"
    ROUND = "round"
    END = "end"


class IllegalAction(ValueError):
    """Raised with a message a player can read; the state is left untouched."""


@dataclasses.dataclass(frozen=True)
class GameMeta:
    """What algorithms check before they run, as OpenSpiel games declare it."""

    name: str
    title: str
    min_players: int
    max_players: int
    hidden_information: bool
    chance: bool
    max_length: int | None
    """Most decisions any game can take; None when play can go on forever."""


@runtime_checkable
class Game(Protocol):
    """One game's rules engine. Implementations hold no per-game state."""

    meta: GameMeta

    def default_rules(self) -> RulesConfig:
        """The rules a new game gets when no options are given."""
        ...

    def rules(self, state: State | View) -> RulesConfig:
        """The rules a state or view was created with."""
        ...

    def new_state(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        """A fresh game; `options` are RulesConfig fields to override."""
        ...

    def pending(self, state: State | View) -> Pending | None:
        """The decision the game waits for, including mid-turn sub-decisions; None when over."""
        ...

    def legal_actions(self, state: State) -> list[Action]:
        """The only actions the pending player may take; never empty while pending."""
        ...

    def check(self, state: State, action: Action) -> None:
        """Raise IllegalAction, with a clear reason, unless `action` is legal now."""
        ...

    def apply(self, state: State, action: Action) -> None:
        """Play a legal action in place (the simulation path; it does not validate)."""
        ...

    def applied(self, state: State, action: Action) -> State:
        """Validate, then return the next state, leaving `state` unchanged. Default:
        `check`, then `apply` on a `clone`."""
        self.check(state, action)
        nxt = self.clone(state)
        self.apply(nxt, action)
        return nxt

    def advance(self, state: State, stop: Stop, policy: Policy) -> None:
        """Let `policy` decide for everyone until the stop point or the end of the game.
        Default: the shared loop, `run_until`; a game overrides it for a faster one."""
        run_until(self, state, stop, policy)

    def clock(self, state: State | View) -> tuple[int, int]:
        """(round, turn) counters: a round ends when every player has had one turn."""
        ...

    def player_view(self, state: State, player: int | None) -> View:
        """All that `player` may know and nothing else; None is a spectator."""
        ...

    def preview(self, state: State, action: Action) -> dict[str, Any]:
        """Immediate consequences of an action, for the UI and the Easy bot."""
        ...

    def determinize(self, view: View, rng: Rng) -> State:
        """A full state consistent with `view`, unknowns drawn from `rng`."""
        ...

    def clone(self, state: State) -> State:
        """An independent copy, cheaper than a deep copy."""
        ...

    def is_over(self, state: State | View) -> bool: ...

    def scores(self, state: State | View) -> list[float]:
        """Points as the rules count them now (VP, or 1/0 for a connection game)."""
        ...

    def result(self, state: State) -> list[float]:
        """Win shares at the end, summing to 1."""
        ...

    def describe(self, state: State | View, action: Action) -> str:
        """The action in words, for logs and the UI."""
        ...

    def reveals(self, before: State, after: State, actor: int) -> bool:
        """Whether the step from `before` to `after` showed anyone something hidden
        (a draw, a reveal, a shuffle, a card leaving a hand other than `actor`'s).
        `actor` is the player asking to take back: the server asks this for their
        decision and for each bot reply after it, and allows the takeback only when
        every answer is False. Default: True whenever the game declares hidden
        information or chance (never wrong, but no takebacks), else False."""
        return self.meta.hidden_information or self.meta.chance

    def render(self, state: State | View) -> str:
        """A plain-text picture for logs and tests."""
        ...

    # More optional hooks (like `reveals` above). A game class that subclasses `Game`
    # inherits these defaults; docs/plugins.md lists them.

    def redraw_hidden(self, state: State, seat: int | None, rng: Rng) -> State:
        """A state `seat` cannot tell from `state`: everything hidden from `seat` (other
        hands, deck orders, the seed) drawn again from `rng`. The conformance kit's leak
        check compares the two views. Default: a clone, right for a game that hides nothing."""
        return self.clone(state)

    def action_text(self, state: State | View, action: Action) -> str:
        """What a person types to choose `action` in a terminal (`boardbots play`): short,
        unique among the legal actions. Default: the action itself as text."""
        return str(action)


def run_until(game: Game, state: State, stop: Stop, policy: Policy) -> None:
    """The shared `advance` loop: apply `policy` until the clock passes `stop`."""
    start_round, start_turn = game.clock(state)
    while not game.is_over(state):
        rnd, turn = game.clock(state)
        if stop is Stop.TURN and turn != start_turn:
            return
        if stop is Stop.ROUND and rnd != start_round:
            return
        game.apply(state, policy(state))
