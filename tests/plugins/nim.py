"""A toy game written only in tests/: Nim with a secret token per player, as a plug-in.

Take one or more counters from one heap; whoever takes the last counter wins.
Each player also holds a secret token (a number nobody else sees) that changes
nothing in play: it is there so the hidden-information parts of the contract
(`player_view`, `determinize`, `redraw_hidden`) have something to hide.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from boardbots.core.bot import BotContext
from boardbots.core.bounds import Check, Int
from boardbots.core.contract import (
    Action,
    Game,
    GameMeta,
    IllegalAction,
    Pending,
    State,
    Stop,
    View,
)
from boardbots.core.heuristics import Heuristics
from boardbots.core.plugin import BotSpec, GamePlugin
from boardbots.core.rng import Rng
from boardbots.core.rules import RulesConfig

NAME = "nim"
TOKENS = 1000
"""Secret tokens are drawn from 0 to TOKENS - 1."""


@dataclasses.dataclass(frozen=True)
class NimRules(RulesConfig):
    BOUNDS: ClassVar[Mapping[str, Check]] = {"heaps": Int(1, 6), "size": Int(1, 9)}
    PLAYER_OPTIONS: ClassVar[frozenset[str]] = frozenset({"heaps", "size"})

    heaps: int = 3
    size: int = 4
    """Heap k starts with size + k counters."""


class NimGame(Game):
    meta = GameMeta(NAME, "Toy Nim", 2, 3, True, True, max_length=6 * 14)

    def default_rules(self) -> NimRules:
        return NimRules()

    def rules(self, state: State | View) -> NimRules:
        return NimRules.from_dict(state["rules"])

    def new_state(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        if not 2 <= players <= 3:
            raise ValueError("toy Nim is for 2 or 3 players")
        rules = NimRules.from_dict(options or {})
        rng = Rng(seed)
        return {
            "game": NAME,
            "rules": rules.to_dict(),
            "heaps": [rules.size + k for k in range(rules.heaps)],
            "tokens": [rng.randrange(TOKENS) for _ in range(players)],
            "seed": seed,
            "to_move": 0,
            "turn": 0,
            "winner": None,
        }

    def pending(self, state: State | View) -> Pending | None:
        if state["winner"] is not None:
            return None
        return {"player": state["to_move"], "kind": "take"}

    def legal_actions(self, state: State) -> list[Action]:
        if state["winner"] is not None:
            return []
        return [f"{h}:{k}" for h, n in enumerate(state["heaps"]) for k in range(1, n + 1)]

    def check(self, state: State, action: Action) -> None:
        if action not in self.legal_actions(state):
            raise IllegalAction(f"{action!r} is not a move now")

    def apply(self, state: State, action: Action) -> None:
        heap, take = (int(x) for x in str(action).split(":"))
        state["heaps"][heap] -= take
        if not any(state["heaps"]):
            state["winner"] = state["to_move"]
        state["to_move"] = (state["to_move"] + 1) % len(state["tokens"])
        state["turn"] += 1

    def clock(self, state: State | View) -> tuple[int, int]:
        return state["turn"] // len(state["tokens"]), state["turn"]

    def player_view(self, state: State, player: int | None) -> View:
        view = self.clone(state)
        del view["seed"]
        view["tokens"] = [t if p == player else None for p, t in enumerate(state["tokens"])]
        view["viewer"] = player
        view["pending"] = self.pending(state)
        return view

    def preview(self, state: State, action: Action) -> dict[str, Any]:
        return {"wins": sum(state["heaps"]) == int(str(action).split(":")[1])}

    def determinize(self, view: View, rng: Rng) -> State:
        state = self.clone(view)
        del state["viewer"], state["pending"]
        state["seed"] = rng.randrange(2**31)
        state["tokens"] = [rng.randrange(TOKENS) if t is None else t for t in view["tokens"]]
        return state

    def redraw_hidden(self, state: State, seat: int | None, rng: Rng) -> State:
        twin = self.clone(state)
        twin["seed"] = state["seed"] + 1
        twin["tokens"] = [
            t if p == seat else rng.randrange(TOKENS) for p, t in enumerate(state["tokens"])
        ]
        return twin

    def clone(self, state: State) -> State:
        return {**state, "heaps": list(state["heaps"]), "tokens": list(state["tokens"])}

    def is_over(self, state: State | View) -> bool:
        return state["winner"] is not None

    def scores(self, state: State | View) -> list[float]:
        return [float(p == state["winner"]) for p in range(len(state["tokens"]))]

    def result(self, state: State) -> list[float]:
        return self.scores(state)

    def describe(self, state: State | View, action: Action) -> str:
        heap, take = str(action).split(":")
        return f"takes {take} from heap {heap}"

    def reveals(self, before: State, after: State, actor: int) -> bool:
        return False

    def render(self, state: State | View) -> str:
        return "heaps: " + " ".join(str(n) for n in state["heaps"])


GAME = NimGame()


def nim_sum(state: State) -> int:
    total = 0
    for n in state["heaps"]:
        total ^= n
    return total


class NimHeuristics(Heuristics):
    """Just enough for Easy, Medium and Hard: a position is good for the player who
    does not move when its nim-sum is zero."""

    easy_random_rate = 0.25

    def evaluate(self, state: State, me: int) -> float:
        if state["winner"] is not None:
            return 1.0 if state["winner"] == me else -1.0
        good_for_mover = nim_sum(state) != 0
        return 0.5 if good_for_mover == (state["to_move"] == me) else -0.5

    def outlook(self, state: State, me: int) -> float:
        return 0.0

    def reward_scale(self, state: State) -> float:
        return 1.0

    def points(self, state: State) -> list[float]:
        return GAME.scores(state)

    def medium_horizon(self, state: State) -> Stop | None:
        return None

    def neutral_action(self, state: State) -> Action:
        return GAME.legal_actions(state)[0]

    def quick_action(self, state: State, rng: Rng, epsilon: float) -> Action:
        return rng.choice(GAME.legal_actions(state))

    def hard_limits(self, state: State) -> tuple[int, int]:
        return 200, 4

    def immediate(self, state: State, action: Action) -> float:
        return 1.0 if GAME.preview(state, action)["wins"] else 0.0


class PerfectBot:
    """A lab bot the plug-in brings: it moves to a zero nim-sum when it can."""

    level = "nim-perfect"

    def decide(self, view: View, ctx: BotContext) -> Action:
        legal = GAME.legal_actions(view)
        for action in legal:
            after = GAME.clone(view)
            GAME.apply(after, action)
            if nim_sum(after) == 0:
                return action
        return ctx.rng.choice(legal)


class NimStory:
    """The toy's charts: one line per seat, 1 for the winner once there is one."""

    score = "vp"
    parts: tuple[str, ...] = ()

    def point(self, view: View) -> dict[str, Any]:
        seats = range(len(view["tokens"]))
        return {"scores": [float(view["winner"] == p) for p in seats], "decks": None}


PLUGIN = GamePlugin(
    GAME,
    story=NimStory,
    heuristics=NimHeuristics,
    bots=lambda: (BotSpec("nim-perfect", PerfectBot, lab=True),),
    web=Path(__file__).parent / "nim_web",
)
