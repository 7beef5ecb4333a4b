"""Rule constants for the Game of Y, with the bounds each option must keep to."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import ClassVar

from boardbots.core.bounds import Check, Flag, Int
from boardbots.core.rules import RulesConfig

MIN_SIZE = 3
MAX_SIZE = 19

BOUNDS: Mapping[str, Check] = {
    "size": Int(MIN_SIZE, MAX_SIZE),
    "swap": Flag(),
}
"""Below 3 a side has no cells of its own; above 19 is past any board people play."""

PLAYER_OPTIONS = frozenset({"size", "swap"})
"""Everything: both options are choices a player makes when opening a table."""


@dataclasses.dataclass(frozen=True)
class YRules(RulesConfig):
    """Board size and the pie rule.

    Size 11 is the default: 66 cells give real strategy while a game against
    a bot still fits in a few minutes, and it is the size the speed targets
    are quoted at. The swap (pie) rule is off by default because new players
    find it surprising; turn it on to take away the first-move advantage.
    """

    BOUNDS: ClassVar[Mapping[str, Check]] = BOUNDS
    PLAYER_OPTIONS: ClassVar[frozenset[str]] = PLAYER_OPTIONS

    size: int = 11
    swap: bool = False
