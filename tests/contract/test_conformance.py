"""The conformance suite: every registered game passes the shipped kit just by registering.

One test per (game, check), so a failure names both; the checks themselves live
in `boardbots.testing`, where a plug-in's author runs the same ones.
"""

from __future__ import annotations

import pytest

from boardbots.core.contract import Game
from boardbots.games import all_games
from boardbots.testing import CHECKS, check_game

CASES = [(g, name) for g in all_games() for name in CHECKS]
IDS = [f"{g.meta.name}-{name}" for g, name in CASES]


@pytest.mark.parametrize(("game", "check"), CASES, ids=IDS)
def test_game_passes_check(game: Game, check: str) -> None:
    report = check_game(game, only=[check], raise_on_failure=False)
    assert report.ok, str(report)
