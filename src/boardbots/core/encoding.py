"""The fixed-size numeric form of a game, for learning tools (see docs/rl.md).

Reinforcement-learning libraries want every decision as an index into one
fixed list of actions and every observation as a vector of one fixed length.
Each game declares both through its plug-in's `encoding` loader (the built-in
games' `ENCODING` in `boardbots.games.<name>.encoding`; found by
`games.encoding_for`), because only the game knows which of its actions can
ever occur and what a view holds.
The encoding reads a player view, never a state, so an agent trained on it
cannot see what the seat may not know.
"""

from __future__ import annotations

from typing import Protocol

from boardbots.core.contract import Action, View
from boardbots.core.rules import RulesConfig


class Encoding(Protocol):
    """One game's action index space and observation vector."""

    observation_high: float
    """Every observation value lies in [0, observation_high]."""

    def actions(self, rules: RulesConfig, players: int) -> list[Action]:
        """Every action that can ever be legal under these rules; index i means item i.

        The list must not depend on the position, so a mask over it lines up
        from one decision to the next.
        """
        ...

    def observation_size(self, rules: RulesConfig, players: int) -> int:
        """The length of every vector `observe` returns under these rules."""
        ...

    def observe(self, view: View) -> list[float]:
        """The view as numbers, from the viewer's seat (seat 0 for a spectator)."""
        ...
