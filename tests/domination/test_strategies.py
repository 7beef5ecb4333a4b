"""Big Money and Random: the spec's rules for each, games they finish, and seat-level bots."""

from __future__ import annotations

import statistics

import pytest

from boardbots.bots.base import BotContext
from boardbots.bots.registry import make_bot
from boardbots.core.rng import Rng
from boardbots.games.domination.cards import all_cards
from boardbots.games.domination.engine import GAME
from boardbots.games.domination.strategies import (
    BigMoneyBot,
    RandomStrategyBot,
    big_money,
    big_money_target,
    random_play,
)
from boardbots.games.domination.zones import tables
from tests.domination.helpers import act, make
from tests.domination.test_views import positions, scramble


def _target(coins: int, provinces: int = 8, options: dict[str, object] | None = None) -> str | None:
    s = GAME.new_state(2, 0, options)
    s["supply"]["Province"] = provinces
    return big_money_target(tables(s), coins, s["supply"], duchy_at=5)


def test_big_money_buys_by_its_table() -> None:
    assert [_target(c) for c in range(10)] == [
        None, None, None, "Silver", "Silver", "Silver", "Gold", "Gold", "Province", "Province",
    ]  # fmt: skip
    assert _target(5, provinces=5) == "Duchy"
    assert _target(5, provinces=6) == "Silver"


def test_big_money_reads_costs_from_the_rules() -> None:
    cards = all_cards()
    cards["Province"]["cost"] = 9
    cards["Silver"]["cost"] = 2
    assert _target(8, options={"cards": cards}) == "Gold"
    assert _target(2, options={"cards": cards}) == "Silver"


def test_big_money_skips_empty_piles() -> None:
    s = GAME.new_state(2, 0)
    s["supply"]["Gold"] = 0
    assert big_money_target(tables(s), 7, s["supply"], 5) == "Silver"


def test_big_money_never_plays_actions_and_plays_treasures_first() -> None:
    s = make(["Smithy"], ["Smithy", "Copper", "Gold"])
    assert big_money(s) == "end"
    act(s, "end")
    assert big_money(s) == "treasures"
    act(s, "treasures")
    assert big_money(s) == "buy:Silver"


def test_both_block_attacks_with_moat() -> None:
    s = make(["Militia", "Moat"], ["Militia"], others=[["Moat", "Copper"]])
    act(s, "play:Militia")
    assert big_money(s) == "react:Moat"
    assert random_play(s, Rng(1)) == "react:Moat"


def test_discarding_for_militia_lets_junk_go_first() -> None:
    s = make(["Militia"], ["Militia"], others=[["Gold", "Estate", "Copper", "Curse", "Silver"]])
    act(s, "play:Militia")
    act(s, big_money(s))
    act(s, big_money(s))
    assert sorted(s["players"][1]["hand"]) == ["Copper", "Gold", "Silver"]


def test_random_plays_actions_buys_cards_and_declines_options() -> None:
    rng = Rng(4)
    s = make(["Smithy", "Moneylender"], ["Moneylender", "Smithy", "Copper"], deck=["Copper"] * 5)
    assert random_play(s, rng) in ("play:Moneylender", "play:Smithy")
    act(s, "play:Moneylender")
    assert random_play(s, rng) == "pass"
    act(s, "pass")
    assert random_play(s, rng) == "treasures"
    act(s, "treasures")
    bought = {random_play(s, rng) for _ in range(50)}
    assert "buy:Curse" in bought and "end" not in bought


def test_random_against_big_money_always_finishes() -> None:
    for seed in range(60):
        players = 2 + seed % 3
        s = GAME.new_state(players, seed, {"kingdom": "random"})
        rng = Rng(seed)
        for _ in range(10_000):
            if GAME.is_over(s):
                break
            seat = GAME.pending(s)["player"]
            GAME.apply(s, big_money(s) if seat == seed % players else random_play(s, rng))
        assert GAME.is_over(s)


def test_big_money_mirrors_end_in_a_plausible_number_of_turns() -> None:
    turns = []
    for seed in range(100):
        s = GAME.new_state(2, seed)
        while not GAME.is_over(s):
            GAME.apply(s, big_money(s))
        turns.append(GAME.clock(s)[1])
    # Big Money needs about 17 turns a player to take its share of 8 Provinces.
    assert 28 <= statistics.median(turns) <= 44
    assert max(turns) < 80


@pytest.mark.parametrize("code", ["bigmoney", "random"])
def test_seat_bots_choose_legal_actions_from_views(code: str) -> None:
    bot = make_bot(code) if code == "bigmoney" else RandomStrategyBot()
    for i, state in enumerate(positions(9)):
        seat = GAME.pending(state)["player"]
        action = bot.decide(GAME.player_view(state, seat), BotContext(rng=Rng(i)))
        assert action in GAME.legal_actions(state)


def test_bots_decide_alike_when_only_hidden_cards_differ() -> None:
    rng = Rng(8)
    for bot in (BigMoneyBot(), RandomStrategyBot()):
        for i, state in enumerate(positions(13)):
            seat = GAME.pending(state)["player"]
            twin = scramble(state, seat, rng)
            a = bot.decide(GAME.player_view(state, seat), BotContext(rng=Rng(i)))
            b = bot.decide(GAME.player_view(twin, seat), BotContext(rng=Rng(i)))
            assert a == b
