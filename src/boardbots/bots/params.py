"""Bot parameters, declared as data: kept in `core.params` so a game folder can declare
its own lab bots' parameters without importing the bots layer."""

from boardbots.core.params import NONE_WORDS, Param, check_params

__all__ = ["NONE_WORDS", "Param", "check_params"]
