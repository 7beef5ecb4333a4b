"""Hard's tuned scripts (data/tuned_scripts.json): well-formed, and stronger than the
strategy each replaces, on games neither the tuning nor its confirmation played."""

from __future__ import annotations

import json
import math
import statistics
from importlib import resources
from typing import Any

import pytest

from boardbots.games.domination.cards import BASIC_CARDS
from boardbots.games.domination.gauntlet import head_to_head
from boardbots.games.domination.playbook import STRATEGIES, _tuned, own_version
from boardbots.games.domination.scripted import _PUBLIC, Strategy
from boardbots.sim.metrics import Z95, paired_difference

DATA = json.loads(
    (resources.files("boardbots.games.domination") / "data" / "tuned_scripts.json").read_text()
)
FRESH_SEED = 2027
"""Neither the climb (seed 12) nor its confirmation (seed 99) played these games."""


def test_there_is_at_least_one_tuned_script() -> None:
    assert DATA, "the tuned data is empty: Hard would play the originals everywhere"


COUNTERS = sorted(k for k, e in DATA.items() if e["against"] != e["base"])
VERSIONS = sorted(k for k, e in DATA.items() if e["against"] == e["base"])


def version(entry: dict[str, Any]) -> Strategy:
    """The tuned script itself: in its own kingdom Hard may play the First Game engine
    instead (`own_version`, tests/domination/test_firstgame_engine.py)."""
    return _tuned()[entry["base"], entry["against"]]


@pytest.mark.parametrize("key", sorted(DATA))
def test_a_tuned_script_buys_only_what_its_kingdom_sells_by_known_rules(key: str) -> None:
    entry = DATA[key]
    base, against = entry["base"], entry["against"]
    assert base in STRATEGIES and against in STRATEGIES
    tuned = version(entry)
    if against == base:
        assert key == base and tuned.code == f"{base}-tuned"
        assert tuned.cards == STRATEGIES[base].cards  # needs what the original needs
    else:
        assert key == f"{base} vs {against}" and tuned.code == f"{base}-vs-{against}"
        assert tuned.cards and set(tuned.cards) <= set(entry["kingdom"])
    sold = set(entry["kingdom"]) | set(BASIC_CARDS)
    quantities = {*_PUBLIC, "money", "treasures"}
    for card, conds in tuned.buys:
        assert card in sold
        for key_, op, _ in conds:
            assert key_ in quantities or key_.removeprefix("count:") in sold
            assert op in ("<", "<=", ">", ">=", "==", "!=")


def fresh_games(edge: float) -> int:
    """Games enough that the edge the confirmation measured is twice the interval's half
    width: a script as good as confirmed clears its bar with room, one no better fails.
    A small edge (Council Room-BM's 1.3 points) needs about 21,000 games, 10 s."""
    return max(2000, math.ceil((2 * Z95 * 0.5 / edge) ** 2))


def low_bound(values: list[float]) -> float:
    mean = statistics.fmean(values)
    return mean - Z95 * statistics.stdev(values) / len(values) ** 0.5


@pytest.mark.parametrize("key", VERSIONS)
def test_a_tuned_script_beats_the_original_on_fresh_games(key: str) -> None:
    entry = DATA[key]
    games = fresh_games(entry["confirmed"]["share"] - 0.5)
    played = head_to_head(version(entry), key, games, {"kingdom": entry["kingdom"]}, FRESH_SEED)
    shares = [s for s, _ in played]
    assert low_bound(shares) > 0.5, f"{statistics.fmean(shares):.1%} against {key}"


@pytest.mark.parametrize("key", COUNTERS)
def test_a_counter_beats_its_target_by_more_than_its_base_does_on_fresh_games(key: str) -> None:
    """Paired on the same games: the counter's share against its target minus the base's."""
    entry = DATA[key]
    confirmed = entry["confirmed"]
    games = fresh_games(confirmed["share"] - confirmed["base_share"])
    options = {"kingdom": entry["kingdom"]}
    against = entry["against"]
    ours = [s for s, _ in head_to_head(version(entry), against, games, options, FRESH_SEED)]
    theirs = [s for s, _ in head_to_head(entry["base"], against, games, options, FRESH_SEED)]
    edge = paired_difference(ours, theirs)
    assert edge["low"] > 0.0, f"{edge['mean']:+.1%} against {against}"


def test_a_counter_is_not_used_where_its_cards_are_missing() -> None:
    for key in COUNTERS:
        entry = DATA[key]
        base = STRATEGIES[entry["base"]]
        counter = version(entry)
        kingdom = [c for c in entry["kingdom"] if c != counter.cards[-1]]
        assert own_version(base, kingdom, entry["against"]) is not counter
