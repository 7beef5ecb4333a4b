"""Golden files shared by both games: playthrough transcripts, and the regeneration switch."""

from __future__ import annotations

import os

REGEN_ENV = "BOARDBOTS_REGEN_GOLDEN"


def regen_requested() -> bool:
    """Whether golden tests should rewrite their files instead of only comparing."""
    return os.environ.get(REGEN_ENV) == "1"
