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
from boardbots.games.domination.playbook import STRATEGIES, own_version
from boardbots.games.domination.scripted import _PUBLIC
from boardbots.sim.metrics import Z95

DATA = json.loads(
    (resources.files("boardbots.games.domination") / "data" / "tuned_scripts.json").read_text()
)
FRESH_SEED = 2027
"""Neither the climb (seed 12) nor its confirmation (seed 99) played these games."""


def test_there_is_at_least_one_tuned_script() -> None:
    assert DATA, "the tuned data is empty: Hard would play the originals everywhere"


@pytest.mark.parametrize("base", sorted(DATA))
def test_a_tuned_script_buys_only_what_its_kingdom_sells_by_known_rules(base: str) -> None:
    entry = DATA[base]
    tuned = own_version(STRATEGIES[base])
    assert tuned.code == f"{base}-tuned"
    assert tuned.cards == STRATEGIES[base].cards  # needs what the original needs
    sold = set(entry["kingdom"]) | set(BASIC_CARDS)
    quantities = {*_PUBLIC, "money", "treasures"}
    for card, conds in tuned.buys:
        assert card in sold
        for key, op, _ in conds:
            assert key in quantities or key.removeprefix("count:") in sold
            assert op in ("<", "<=", ">", ">=", "==", "!=")


def fresh_games(entry: dict[str, Any]) -> int:
    """Games enough that the edge the confirmation measured is twice the interval's half
    width: a script as good as confirmed clears one half with room, one no better fails.
    A small edge (Council Room-BM's 1.3 points) needs about 21,000 games, 10 s."""
    edge = entry["confirmed"]["share"] - 0.5
    return max(2000, math.ceil((2 * Z95 * 0.5 / edge) ** 2))


@pytest.mark.parametrize("base", sorted(DATA))
def test_a_tuned_script_beats_the_original_on_fresh_games(base: str) -> None:
    entry = DATA[base]
    games = fresh_games(entry)
    played = head_to_head(
        own_version(STRATEGIES[base]), base, games, {"kingdom": entry["kingdom"]}, FRESH_SEED
    )
    shares = [s for s, _ in played]
    mean = statistics.fmean(shares)
    half = Z95 * statistics.stdev(shares) / len(shares) ** 0.5
    assert mean - half > 0.5, f"{mean:.1%} ± {half:.1%} against {base}"
