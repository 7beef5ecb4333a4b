"""The reference gauntlet: scripted strategies from public Dominion simulators, as lab bots.

Each strategy is written from its public definition (Geronimoo's Dominion
simulator or Dominiate; docs/gauntlet.md gives the source of each and what
we measured). They are references to measure the Hard level against, never
levels offered to players. `gauntlet-best` plays the strongest one whose
cards are in the kingdom, by an order measured in head-to-heads and kept as
data (`data/gauntlet_order.json`, written by benchmarks/gauntlet_order.py).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from importlib import resources
from typing import Any

from boardbots.bots.base import BotContext
from boardbots.core.contract import Action, State, View
from boardbots.core.rng import mix_seed
from boardbots.games.domination.engine import GAME, cards_of
from boardbots.games.domination.scripted import Strategy, policy

GERONIMOO = "Geronimoo's Dominion simulator, DomBots.xml"
DOMINIATE = "Dominiate (rspeer/dominiate), strategies/"

STRATEGIES: dict[str, Strategy] = {
    s.code: s
    for s in (
        Strategy(
            "bmu", "Big Money Ultimate", GERONIMOO + ' "Big Money Ultimate" (WanderingWinder)', (),
            (
                ("Province", (("money", ">", 18),)),
                ("Duchy", (("provinces", "<=", 4),)),
                ("Estate", (("provinces", "<=", 2),)),
                ("Gold", ()),
                ("Duchy", (("provinces", "<=", 6),)),
                ("Silver", ()),
            ),
        ),
        Strategy(
            "smithy-bm", "Smithy Big Money",
            GERONIMOO + ' "Smithy" (HiveMindEmulator)', ("Smithy",),
            (
                ("Province", (("money", ">", 15),)),
                ("Duchy", (("provinces", "<=", 4),)),
                ("Estate", (("provinces", "<=", 2),)),
                ("Gold", ()),
                ("Duchy", (("provinces", "<=", 6),)),
                ("Smithy", (("count:Smithy", "<", ("treasures", 1 / 11, 0)),)),
                ("Silver", ()),
            ),
        ),
        Strategy(
            "militia-bm", "Militia Big Money", GERONIMOO + ' "Militia" (Geronimoo)', ("Militia",),
            (
                ("Province", (("count:Gold", ">", 0),)),
                ("Duchy", (("provinces", "<=", 6),)),
                ("Estate", (("provinces", "<=", 2),)),
                ("Gold", ()),
                ("Militia", (("count:Militia", "<", 3),)),
                ("Silver", ()),
            ),
        ),
        Strategy(
            "doublewitch", "Double Witch", DOMINIATE + "DoubleWitch.coffee", ("Witch",),
            (
                ("Province", (("count:Gold", ">", 0),)),
                ("Witch", (("count:Witch", "<", 2),)),
                ("Duchy", (("gains_to_end", "<=", 5),)),
                ("Estate", (("gains_to_end", "<=", 2),)),
                ("Gold", ()),
                ("Silver", ()),
            ),
        ),
        Strategy(
            "lab-bm", "Laboratory Big Money", GERONIMOO + ' "Laboratory" (Geronimoo)',
            ("Laboratory",),
            (
                ("Province", (("count:Gold", ">", 0),)),
                ("Duchy", (("provinces", "<=", 4),)),
                ("Estate", (("provinces", "<=", 2),)),
                ("Gold", ()),
                ("Laboratory", ()),
                ("Silver", ()),
            ),
        ),
        Strategy(
            "councilroom-bm", "Council Room Big Money",
            GERONIMOO + ' "Council Room" (WanderingWinder)', ("Council Room",),
            (
                ("Province", (("count:Gold", ">", 0),)),
                ("Duchy", (("provinces", "<=", 4),)),
                ("Estate", (("provinces", "<=", 2),)),
                ("Gold", ()),
                ("Duchy", (("provinces", "<=", 6),)),
                ("Council Room", (("count:Council Room", "==", 0),)),
                ("Council Room", (("count:Council Room", "<", ("money", 1 / 13, 0)),)),
                ("Silver", ()),
            ),
        ),
        Strategy(
            "moat-bm", "Moat Big Money", GERONIMOO + ' "Moat" (HiveMindEmulator)', ("Moat",),
            (
                ("Province", (("money", ">", 16),)),
                ("Duchy", (("provinces", "<=", 4),)),
                ("Estate", (("provinces", "<=", 2),)),
                ("Gold", ()),
                ("Duchy", (("provinces", "<=", 6),)),
                ("Moat", (("treasures", ">=", 10), ("count:Moat", "==", 0))),
                ("Silver", ()),
                ("Moat", (("count:Moat", "<", 2),)),
            ),
        ),
        Strategy(
            "chapel-witch", "Chapel/Witch", DOMINIATE + "ChapelWitch.coffee", ("Chapel", "Witch"),
            (
                ("Province", ()),
                ("Witch", (("count:Witch", "==", 0),)),
                ("Duchy", (("gains_to_end", "<=", 5),)),
                ("Estate", (("gains_to_end", "<=", 2),)),
                ("Gold", ()),
                ("Chapel", (("coins", "<=", 3), ("count:Chapel", "==", 0), ("turns", "<=", 1))),
                ("Silver", ()),
                ("Copper", (("gains_to_end", "<=", 3),)),
            ),
            trash=(
                ("Curse", ()),
                ("Estate", (("gains_to_end", ">", 4),)),
                ("Copper", (("money", ">", 4), ("count:Witch", ">", 0))),
                ("Copper", (("money", ">", 4), ("hand_money", "!=", 5))),
                ("Estate", (("gains_to_end", ">", 2),)),
            ),
        ),
        Strategy(
            "cr-militia", "Village/Council Room/Militia engine",
            GERONIMOO + ' "Council Room/Militia" (Geronimoo)',
            ("Village", "Council Room", "Militia"),
            (
                ("Province", (("coins", ">=", 13),)),
                ("Province", (("count:Province", ">=", 1),)),
                ("Duchy", (("provinces", "<=", 4),)),
                ("Estate", (("provinces", "<=", 2),)),
                (
                    "Gold",
                    (
                        ("count:Gold", "<", ("count:Council Room", 1, -1)),
                        ("money", "<", 16),
                    ),
                ),
                ("Council Room", (("count:Council Room", "<", 1),)),
                ("Council Room", (("count:Council Room", "<", ("count:Village", 1, -1)),)),
                ("Militia", (("count:Militia", "==", 0),)),
                ("Village", ()),
            ),
        ),
    )
}  # fmt: skip

DEFAULT = "bmu"
"""What `gauntlet-best` plays when no other strategy's cards are all in the kingdom."""


def load_order() -> dict[str, Any]:
    """The measured strength order and the head-to-heads behind it (see the script)."""
    path = resources.files("boardbots.games.domination") / "data" / "gauntlet_order.json"
    data: dict[str, Any] = json.loads(path.read_text())
    return data


@functools.cache
def _order() -> tuple[str, ...]:
    return tuple(c for c in load_order()["order"] if c in STRATEGIES)


_BEST: dict[tuple[str, ...], Strategy] = {}


def best_for(kingdom: list[str]) -> Strategy:
    """The strongest gauntlet strategy whose cards are all in `kingdom` (BMU otherwise)."""
    key = tuple(kingdom)
    found = _BEST.get(key)
    if found is None:
        have = set(kingdom)
        code = next((c for c in _order() if set(STRATEGIES[c].cards) <= have), DEFAULT)
        found = _BEST[key] = STRATEGIES[code]
    return found


def state_policy(code: str) -> Any:
    """The fast policy of strategy `code` (or "gauntlet-best"), for direct simulation loops."""
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


def play_out(codes: list[str], seed: int, options: dict[str, Any]) -> State:
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
    a: str, b: str, games: int, options: dict[str, Any], seed: int = 0
) -> list[tuple[float, int]]:
    """(a's share, turns) of `games` two-player games, seats swapped every other game.

    A direct loop over state policies: about a millisecond a game, so fidelity
    tests and the strength order can afford thousands.
    """
    out = []
    for i in range(games):
        codes = [a, b] if i % 2 == 0 else [b, a]
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
