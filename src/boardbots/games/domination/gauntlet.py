"""The reference gauntlet: scripted strategies from public Dominion simulators, as lab bots.

Each strategy is written from its public definition (Geronimoo's Dominion
simulator or Dominiate; docs/gauntlet.md gives the source of each and what
we measured). They are references to measure the Hard level against, never
levels offered to players. `gauntlet-best` plays the strongest one whose
cards are in the kingdom, by an order measured in head-to-heads and kept as
data (`data/gauntlet_order.json`, written by benchmarks/gauntlet_order.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from boardbots.core.bot import BotContext
from boardbots.core.contract import Action, State, View
from boardbots.core.rng import mix_seed
from boardbots.games.domination.engine import GAME, cards_of
from boardbots.games.domination.playbook import DEFAULT, STRATEGIES, best_for
from boardbots.games.domination.scripted import Strategy, policy

Player = str | Strategy | Callable[[State], Action]
"""A seat in a direct loop: a strategy's code, a `Strategy`, or a state policy itself."""


def state_policy(code: Player) -> Any:
    """The fast policy of strategy `code` (or "gauntlet-best"), for direct simulation loops.

    A `Strategy` itself is taken too, so a tuning run can play candidates that are
    not registered (benchmarks/tune_scripts.py), and so is a policy, so a
    benchmark can play a seat the way Hard's playouts would
    (benchmarks/counter_as_played.py).
    """
    if callable(code):
        return code
    if isinstance(code, Strategy):
        given = code
        return lambda state: policy(given, state)
    if code == "gauntlet-best":
        return lambda state: policy(best_for(state["kingdom"]), state)
    strategy = STRATEGIES[code]
    return lambda state: policy(strategy, state)


class GauntletBot:
    """A gauntlet strategy as a seat: it decides from its view, through a determinization.

    Every rule reads only the seat's own cards and public facts, so any
    determinization of the view gives the same decision.
    """

    level = "gauntlet"
    strategy: Strategy = STRATEGIES[DEFAULT]

    def decide(self, view: View, ctx: BotContext) -> Action:
        world = GAME.determinize(view, ctx.rng.fork())
        return policy(self._pick(world), world)

    def _pick(self, world: State) -> Strategy:
        return self.strategy


class GauntletBestBot(GauntletBot):
    """Plays the strongest gauntlet strategy the kingdom allows (a lab reference, not a level)."""

    level = "gauntlet-best"

    def _pick(self, world: State) -> Strategy:
        return best_for(world["kingdom"])


def _bot_class(strategy: Strategy) -> type[GauntletBot]:
    name = "Gauntlet_" + strategy.code.replace("-", "_")
    body = {"level": strategy.code, "strategy": strategy, "__module__": __name__}
    return type(name, (GauntletBot,), body)


BOTS: dict[str, type[GauntletBot]] = {
    **{code: _bot_class(s) for code, s in STRATEGIES.items()},
    "gauntlet-best": GauntletBestBot,
}
"""Bot code -> class, for the registry; every one is a lab bot."""


STEP_CAP = 5000
"""Decisions after which a direct-loop game is called a draw (no gauntlet game gets near)."""


def play_out(codes: Sequence[Player], seed: int, options: dict[str, Any]) -> State:
    """One game between state policies, seat i playing codes[i], to the end or the step cap."""
    policies = [state_policy(c) for c in codes]
    state = GAME.new_state(len(codes), seed, options)
    for _ in range(STEP_CAP):
        if GAME.is_over(state):
            break
        state = _step(state, policies)
    return state


def _step(state: State, policies: list[Any]) -> State:
    GAME.apply(state, policies[state["pending"]["player"]](state))
    return state


def head_to_head(
    a: Player, b: Player, games: int, options: dict[str, Any], seed: int = 0
) -> list[tuple[float, int]]:
    """(a's share, turns) of `games` two-player games, seats swapped every other game.

    A direct loop over state policies: about a millisecond a game, so fidelity
    tests and the strength order can afford thousands.
    """
    out = []
    for i in range(games):
        codes: list[Player] = [a, b] if i % 2 == 0 else [b, a]
        state = play_out(codes, mix_seed("gauntlet", seed, i), options)
        shares = GAME.result(state) if GAME.is_over(state) else [0.5, 0.5]
        out.append((shares[i % 2], GAME.clock(state)[1]))
    return out


def solo_turn(
    play: Callable[[State], Action], seed: int, options: dict[str, Any], count: int = 4
) -> int:
    """The turn (from 1) on which a player facing a seat that never buys owns `count` Provinces.

    It measures a deck's speed the way published figures quote it ("4 Provinces
    by turn 17"): without attacks or a race for the pile.
    """
    state = GAME.new_state(2, seed, options)
    province = GAME.rules(state).end_pile
    for _ in range(STEP_CAP):
        if state["cur"] == 1:
            GAME.apply(state, "end")
            continue
        GAME.apply(state, play(state))
        if cards_of(state, 0).count(province) >= count:
            return int(state["turn"]) // 2 + 1
    raise ValueError(f"no {count} {province}s in {STEP_CAP} steps")
