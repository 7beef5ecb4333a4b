"""The playbook: scripted strategies from public Dominion simulators, and their order.

Each strategy is written from its public definition (Geronimoo's Dominion
simulator or Dominiate; docs/gauntlet.md gives the source of each and what
we measured). The lab plays them as reference bots (`gauntlet.py`), and
Hard's playouts use them as the way the rest of a game is played
(`playout.py`): both need the data, neither needs the other.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

from boardbots.games.domination import firstgame_engine as firstgame
from boardbots.games.domination.scripted import Cond, Rule, Strategy

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


_ORDERED: dict[tuple[str, ...], tuple[Strategy, ...]] = {}


def ordered(kingdom: list[str]) -> tuple[Strategy, ...]:
    """The strategies whose cards are all in `kingdom`, strongest first; money-only BMU
    needs no card, so it is always among them."""
    key = tuple(kingdom)
    found = _ORDERED.get(key)
    if found is None:
        have = set(kingdom)
        codes = [c for c in _order() if set(STRATEGIES[c].cards) <= have]
        found = _ORDERED[key] = tuple(STRATEGIES[c] for c in codes or [DEFAULT])
    return found


def buys_to_data(buys: tuple[Rule, ...]) -> list[Any]:
    """A buy list as JSON data (tuples become lists)."""
    return json.loads(json.dumps(buys))  # type: ignore[no-any-return]


def _rule(card: str, conds: list[list[Any]]) -> Rule:
    out: list[Cond] = []
    for key, op, operand in conds:
        out.append((key, op, tuple(operand) if isinstance(operand, list) else operand))
    return (card, tuple(out))


@functools.cache
def _tuned() -> dict[tuple[str, str], Strategy]:
    """(base, against) -> Hard's version of `base`; against == base for a plain tuned
    version, another code for a counter to that strategy."""
    path = resources.files("boardbots.games.domination") / "data" / "tuned_scripts.json"
    data: dict[str, Any] = json.loads(path.read_text())
    out = {}
    for entry in data.values():
        base, against = entry["base"], entry["against"]
        strategy = STRATEGIES[base]
        buys = tuple(_rule(card, conds) for card, conds in entry["buys"])
        if against == base:
            code, title, cards = f"{base}-tuned", f"{strategy.title}, tuned", strategy.cards
        else:
            code, title = f"{base}-vs-{against}", f"{strategy.title}, countering {against}"
            # A counter may lean on other kingdom cards than its base: it needs them all.
            cards = tuple(dict.fromkeys(c for c, _ in buys if c in entry["kingdom"]))
        out[base, against] = Strategy(code, title, entry["command"], cards, buys)
    return out


def own_version(strategy: Strategy, kingdom: list[str], against: str | None = None) -> Strategy:
    """Hard's own version of a playbook strategy, first match wins: the First Game engine
    where `_engine_pays`; the counter to `against`, the opponent's guessed strategy,
    where one was tuned (`data/tuned_scripts.json`, written by benchmarks/tune_scripts.py)
    and its cards are all in `kingdom`; the tuned variant, where one beat the original
    head to head on a fresh seed set; else the strategy itself. Opponents are still
    guessed as the originals: those are what people play."""
    if _engine_pays(strategy, kingdom, against):
        return firstgame.ENGINE
    tuned = _tuned()
    if against is not None and against != strategy.code:
        counter = tuned.get((strategy.code, against))
        if counter is not None and set(counter.cards) <= set(kingdom):
            return counter
    return tuned.get((strategy.code, strategy.code), strategy)


def _engine_pays(strategy: Strategy, kingdom: list[str], against: str | None) -> bool:
    """In 2 players, where the kingdom holds the engine's cards and every playbook script
    the opponent could be playing on it is one the engine was measured to beat.

    Testing only the guess (`against`) was not enough: a guess is made from the few
    cards bought so far, and the Village/Council Room/Militia engine opens with
    Militia, so it was taken for Militia-BM and met the plan, which loses to it
    script against script (47.2%). Hard won 24.1% of that row's first 56 games so,
    against 76.9% with Smithy-BM's list (docs/acceptance.md, 2026-12-07, tenth
    session). A kingdom that offers any script outside `COUNTERS` (Council Room for
    Moat offers two) keeps Hard on its lists."""
    if against not in firstgame.COUNTERS or not set(firstgame.CARDS) <= set(kingdom):
        return False
    return strategy.code in firstgame.COUNTERS and all(
        s.code in firstgame.COUNTERS for s in ordered(kingdom)
    )


def best_for(kingdom: list[str]) -> Strategy:
    """The strongest gauntlet strategy whose cards are all in `kingdom` (BMU otherwise)."""
    return ordered(kingdom)[0]
