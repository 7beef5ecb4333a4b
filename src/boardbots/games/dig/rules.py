"""Dig's rule values, each with the bounds an option must keep to, and the event deck.

Every number the engine and the bots use comes from here (or from an event's
change to it for one round), so a rule change is made in one place.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, ClassVar

from boardbots.core.bounds import Check, Int, ListOf, Name
from boardbots.core.rules import RulesConfig

EVENTS = (
    "calm",
    "rich_vein",
    "loose_rock",
    "solid_rock",
    "gem_seam",
    "bonanza",
    "shared_find",
    "tax",
    "cave_in",
    "sturdy_beams",
)
"""The ten event cards, by the stable ids the view and the web renderer use."""

MAX_ROUNDS = len(EVENTS)
"""One event card is turned per round, so a game has at most one round per card."""

MAX_STAKE = 5
"""The most gems any rules let a player stake in one turn."""

BOUNDS: Mapping[str, Check] = {
    "starting_gems": Int(0, 10),
    "rounds": Int(1, MAX_ROUNDS),
    "max_stake": Int(0, MAX_STAKE),
    "hazard_start": Int(0, 12),
    "hazard_step": Int(1, 6),
    "beam": Int(0, 3),
    "gems_per_double": Int(0, 3),
    "majority_bonus": Int(0, 30),
    "gem_points": Int(0, 5),
    "events": ListOf(Name(choices=EVENTS), 1, MAX_ROUNDS, distinct=True),
    "rich_vein_ore": Int(0, 6),
    "rock_shift": Int(0, 3),
    "gem_seam_gems": Int(0, 4),
    "bonanza_factor": Int(1, 4),
    "shared_find_haul": Int(1, 100),
    "shared_find_points": Int(0, 30),
    "tax_cap": Int(0, 200),
    "cave_in_points": Int(0, 10),
    "sturdy_beam": Int(0, 4),
}
"""Wide enough for variants, narrow enough that every turn ends: the hazard rises by
at least 1 a dig, so a cart collapses for sure within a bounded number of digs."""

PLAYER_OPTIONS = frozenset({"starting_gems", "rounds", "max_stake", "majority_bonus"})
"""What a table's host may change; the hazard curve and the event values are for the lab."""


@dataclasses.dataclass(frozen=True)
class DigRules(RulesConfig):
    """The default values are the ones docs/dig.md describes and the bots were measured at."""

    BOUNDS: ClassVar[Mapping[str, Check]] = BOUNDS
    PLAYER_OPTIONS: ClassVar[frozenset[str]] = PLAYER_OPTIONS

    starting_gems: int = 4
    rounds: int = 6
    max_stake: int = 3
    hazard_start: int = 2
    hazard_step: int = 1
    beam: int = 1
    """How far each staked gem lowers the collapse threshold."""
    gems_per_double: int = 1
    majority_bonus: int = 12
    gem_points: int = 2
    events: tuple[str, ...] = EVENTS
    """The deck (shuffled at set-up); it must hold at least one card per round."""
    rich_vein_ore: int = 1
    rock_shift: int = 1
    """How much Loose Rock raises, and Solid Rock lowers, the starting hazard."""
    gem_seam_gems: int = 2
    bonanza_factor: int = 2
    shared_find_haul: int = 10
    shared_find_points: int = 3
    tax_cap: int = 20
    cave_in_points: int = 2
    sturdy_beam: int = 2
    """How far each staked gem lowers the threshold under Sturdy Beams."""

    def __post_init__(self) -> None:
        super().__post_init__()
        if len(self.events) < self.rounds:
            raise ValueError(
                f"rounds must be at most the number of events"
                f" ({len(self.events)}), not {self.rounds}"
            )


def rules_from_options(options: Mapping[str, Any]) -> DigRules:
    """The rules for `options`, or a one-line ValueError naming the bad option."""
    return DigRules.from_dict(options)
