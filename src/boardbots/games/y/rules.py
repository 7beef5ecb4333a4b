"""Rule constants for the Game of Y."""

from __future__ import annotations

import dataclasses

from boardbots.core.rules import RulesConfig

MIN_SIZE = 3
MAX_SIZE = 19


@dataclasses.dataclass(frozen=True)
class YRules(RulesConfig):
    """Board size and the pie rule.

    Size 11 is the default: 66 cells give real strategy while a game against
    a bot still fits in a few minutes, and it is the size the speed targets
    are quoted at. The swap (pie) rule is off by default because new players
    find it surprising; turn it on to take away the first-move advantage.
    """

    size: int = 11
    swap: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.size, int) or not MIN_SIZE <= self.size <= MAX_SIZE:
            raise ValueError(f"board size must be a whole number from {MIN_SIZE} to {MAX_SIZE}")
        if not isinstance(self.swap, bool):
            raise ValueError("swap must be true or false")
