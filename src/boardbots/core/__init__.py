"""The game-independent kernel: the engine contract, RNG, rules and results."""

from boardbots.core.contract import (
    Action,
    Game,
    GameMeta,
    IllegalAction,
    Pending,
    Policy,
    State,
    Stop,
    View,
)
from boardbots.core.results import shares_from_keys
from boardbots.core.rng import Rng, decision_seed
from boardbots.core.rules import RulesConfig

__all__ = [
    "Action",
    "Game",
    "GameMeta",
    "IllegalAction",
    "Pending",
    "Policy",
    "Rng",
    "RulesConfig",
    "State",
    "Stop",
    "View",
    "decision_seed",
    "shares_from_keys",
]
