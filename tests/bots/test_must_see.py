"""Must-see positions: one obviously right move that Medium and Hard must find."""

from __future__ import annotations

import pytest

from boardbots.bots.base import BotContext
from boardbots.bots.hard import HardBot
from boardbots.bots.medium import MediumBot
from boardbots.core.contract import State
from boardbots.core.rng import Rng
from boardbots.games.domination.engine import GAME as DOM
from tests.bots.positions import cells, seat_view, y_position
from tests.domination.helpers import act, make

LEVELS = [MediumBot(), HardBot()]
SEEDS = [1, 2, 3]

# Each: (name, picture, seat to move, the right cells)
Y_CASES = [
    (
        "win: extend the left-edge chain to the bottom",
        """
        X
        X O
        X O .
        X . O .
        . . . . .
        """,
        0,
        {"e1", "e2"},
    ),
    (
        "win: fill the bottom-right corner",
        """
        .
        . .
        O . O
        . O . .
        X X X X .
        """,
        0,
        {"e5", "d4"},
    ),
    (
        "win: join two chains that share the three sides",
        """
        X
        X O
        X O O
        . . O .
        . X X . .
        """,
        0,
        {"d1", "d2"},
    ),
    (
        "block: the opponent's only winning cell",
        """
        .
        O .
        O X .
        O X . .
        . X . . .
        """,
        0,
        # b2 wins by force too: it leaves X two winning cells (a1 and e1) and O no win.
        {"e1", "b2"},
    ),
    (
        "win: the one cell that finishes a long chain (size 7)",
        """
        .
        X O
        X X .
        O X . O
        . O O O O
        . X O . O X
        . . X . X X X
        """,
        1,
        {"g4"},
    ),
    (
        "block: the corner the opponent needs (size 7)",
        """
        X
        X X
        . X X
        X . . O
        O . X O O
        X X . X O O
        O O O O . O X
        """,
        0,
        {"g5"},
    ),
]


MID_DECK = ["Copper"] * 6 + ["Estate"] * 2 + ["Silver"] * 3 + ["Gold", "Smithy", "Province"]


def _decide(bot: MediumBot | HardBot, state: State, seed: int) -> object:
    return bot.decide(seat_view(state), BotContext(Rng(seed)))


@pytest.mark.parametrize("bot", LEVELS, ids=lambda b: b.level)
@pytest.mark.parametrize(
    ("name", "picture", "to_move", "right"), Y_CASES, ids=[c[0] for c in Y_CASES]
)
def test_y_must_see(
    bot: MediumBot | HardBot, name: str, picture: str, to_move: int, right: set[str]
) -> None:
    state = y_position(picture, to_move)
    expected = cells(state["rules"]["size"], *right)
    for seed in SEEDS:
        assert _decide(bot, state, seed) in expected, name


# ---------------------------------------------------------------- Domination


def _last_province(behind_by: int) -> State:
    """Player 0 holds $8 with one Province left, `behind_by` VP behind the rival."""
    state = make(
        [], ["Gold", "Gold", "Silver", "Copper", "Copper"], others=[["Copper"] * 5], phase="buy"
    )
    state["supply"]["Province"] = 1
    state["players"][0]["discard"] = ["Province", "Province", "Duchy"]
    state["players"][1]["discard"] = ["Province", "Province", "Duchy"] + ["Estate"] * behind_by
    act(state, "treasures")
    return state


def test_buys_the_last_province_to_win() -> None:
    state = _last_province(behind_by=3)
    for bot in LEVELS:
        for seed in SEEDS:
            assert _decide(bot, state, seed) == "buy:Province"


def test_does_not_end_the_game_losing() -> None:
    state = _last_province(behind_by=9)
    for bot in LEVELS:
        for seed in SEEDS:
            assert _decide(bot, state, seed) != "buy:Province"


def test_blocks_an_attack_with_moat() -> None:
    state = make(["Militia", "Moat"], ["Militia", "Copper", "Copper", "Copper", "Estate"])
    state["players"][1]["hand"] = ["Moat", "Gold", "Gold", "Silver", "Estate"]
    act(state, "play:Militia")
    assert state["pending"]["kind"] == "react"
    for bot in LEVELS:
        for seed in SEEDS:
            assert _decide(bot, state, seed) == "react:Moat"


def test_discards_junk_to_militia() -> None:
    state = make(["Militia"], ["Militia", "Copper", "Copper", "Copper", "Estate"])
    state["players"][1]["hand"] = ["Gold", "Gold", "Silver", "Estate", "Curse"]
    act(state, "play:Militia")
    assert state["pending"]["kind"] == "discard"
    for bot in LEVELS:
        for seed in SEEDS:
            assert _decide(bot, state, seed) in ("discard:Curse", "discard:Estate")


def test_never_buys_a_curse() -> None:
    state = make([], ["Estate", "Estate", "Estate", "Curse", "Curse"], phase="buy")
    options = DOM.legal_actions(state)
    assert "buy:Curse" in options
    for bot in LEVELS:
        for seed in SEEDS:
            assert _decide(bot, state, seed) != "buy:Curse"


def test_buys_a_province_over_gold_late() -> None:
    state = make([], ["Gold", "Gold", "Silver", "Copper", "Estate"], phase="buy", discard=MID_DECK)
    state["supply"]["Province"] = 3
    state["turn"] = 28  # round 14 of a 2-player game: late
    state["players"][1]["discard"] = list(MID_DECK)
    act(state, "treasures")
    for bot in LEVELS:
        for seed in SEEDS:
            assert _decide(bot, state, seed) == "buy:Province"
