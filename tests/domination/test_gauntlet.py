"""The reference gauntlet: published figures reproduced, each strategy's defining behaviour,
sensible sub-decisions, and bots that decide from their view alone."""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable

import pytest

from boardbots.bots.base import BotContext
from boardbots.bots.registry import make_bot
from boardbots.core.contract import Action, State
from boardbots.core.rng import Rng, mix_seed
from boardbots.games.domination.engine import END, GAME, cards_of
from boardbots.games.domination.gauntlet import (
    BOTS,
    head_to_head,
    play_out,
    solo_turn,
    state_policy,
)
from boardbots.games.domination.playbook import STRATEGIES, best_for, load_order
from boardbots.games.domination.scripted import policy
from boardbots.games.domination.strategies import big_money
from boardbots.sim.metrics import Z95
from tests.domination.helpers import act, make
from tests.domination.test_views import positions, scramble

EVERY_CARD = [
    "Cellar", "Chapel", "Moat", "Village", "Militia",
    "Smithy", "Council Room", "Laboratory", "Market", "Witch",
]  # fmt: skip
WITCH_GAME = {
    "kingdom": [
        "Cellar", "Market", "Merchant", "Militia", "Mine",
        "Witch", "Remodel", "Smithy", "Village", "Workshop",
    ]
}  # fmt: skip
"""The First Game kingdom with Witch in place of Moat."""


def _fourth_province_turn(play: Callable[[State], Action], seed: int) -> int:
    return solo_turn(play, seed, {"kingdom": EVERY_CARD})


def _mean_interval(values: list[int]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / len(values) ** 0.5
    return mean - half, mean + half


def test_big_money_takes_four_provinces_in_about_17_turns_as_published() -> None:
    # dominionstrategy.com/big-money (theory): "Big Money averages 4 Provinces by around
    # 17 turns (assuming no attacks)"; "around 17" read as 16.5 to 17.5.
    low, high = _mean_interval([_fourth_province_turn(big_money, s) for s in range(400)])
    assert low <= 17.5 and high >= 16.5


def test_smithy_big_money_takes_four_provinces_sooner_than_big_money() -> None:
    # The same article gives 14 turns for Smithy-BM; we measure 15.0 (docs/gauntlet.md),
    # so only the published ordering, by at least a turn, is checked here.
    smithy = state_policy("smithy-bm")
    bm = statistics.fmean(_fourth_province_turn(big_money, s) for s in range(300))
    sm = statistics.fmean(_fourth_province_turn(smithy, s) for s in range(300))
    assert sm < bm - 1


def _games(a: str, b: str, n: int, options: dict[str, object]) -> list[tuple[State, int]]:
    """n finished games of a against b, seats alternating; (state, a's seat)."""
    out = []
    for i in range(n):
        codes = [a, b] if i % 2 == 0 else [b, a]
        out.append((play_out(codes, mix_seed("test", a, i), dict(options)), i % 2))
    return out


def test_double_witch_buys_exactly_two_witches() -> None:
    games = _games("doublewitch", "bmu", 40, WITCH_GAME)
    witches = [Counter(cards_of(s, seat))["Witch"] for s, seat in games]
    assert max(witches) == 2 and witches.count(2) >= 36


def test_chapel_witch_trashes_its_start_and_buys_one_chapel_and_one_witch() -> None:
    games = _games("chapel-witch", "bmu", 30, {"kingdom": EVERY_CARD})
    for state, seat in games:
        owned = Counter(cards_of(state, seat))
        assert owned["Chapel"] <= 1 and owned["Witch"] <= 1
    trashed = [Counter(s["trash"])["Estate"] + Counter(s["trash"])["Copper"] for s, _ in games]
    assert min(trashed) >= 1 and statistics.fmean(trashed) >= 5


def test_money_strategies_keep_to_their_action_counts() -> None:
    for state, seat in _games("militia-bm", "smithy-bm", 20, {"kingdom": EVERY_CARD}):
        mine, theirs = Counter(cards_of(state, seat)), Counter(cards_of(state, 1 - seat))
        assert 1 <= mine["Militia"] <= 3
        treasures = theirs["Copper"] + theirs["Silver"] + theirs["Gold"]
        assert 1 <= theirs["Smithy"] <= treasures / 11 + 1
        assert not set(theirs) - {
            "Copper",
            "Silver",
            "Gold",
            "Estate",
            "Duchy",
            "Province",
            "Smithy",
        }


def _buy(code: str, hand: list[str], discard: list[str]) -> Action:
    state = make(["Smithy"], hand, discard=discard, phase="buy")
    act(state, "treasures")
    return policy(STRATEGIES[code], state)


def test_bmu_buys_a_province_only_with_more_than_18_money_in_its_deck() -> None:
    assert _buy("bmu", ["Gold", "Gold", "Silver"], ["Copper"] * 7) == "buy:Gold"
    assert _buy("bmu", ["Gold", "Gold", "Silver"], ["Gold"] * 4) == "buy:Province"
    assert _buy("smithy-bm", ["Silver", "Silver"], ["Copper"] * 7) == "buy:Smithy"
    assert _buy("smithy-bm", ["Silver", "Silver"], ["Copper"] * 7 + ["Smithy"]) == "buy:Silver"


def _discards(victim_hand: list[str]) -> list[str]:
    state = make(["Militia"], ["Militia"], others=[victim_hand])
    act(state, "play:Militia")
    gone = []
    while state["pending"]["kind"] == "discard":
        choice = policy(STRATEGIES["bmu"], state)
        gone.append(str(choice).partition(":")[2])
        act(state, choice)
    return gone


def test_militia_victims_let_junk_and_dead_terminals_go_first() -> None:
    assert sorted(_discards(["Gold", "Estate", "Curse", "Silver", "Copper"])) == ["Curse", "Estate"]
    assert sorted(_discards(["Gold", "Silver", "Copper", "Smithy", "Witch"])) == [
        "Copper",
        "Smithy",
    ]
    assert sorted(_discards(["Village", "Smithy", "Witch", "Copper", "Estate"])) == [
        "Copper",
        "Estate",
    ]


def test_cellar_cycles_green_cards_and_curses_only() -> None:
    state = make(["Cellar"], ["Cellar", "Estate", "Curse", "Copper", "Silver"], deck=["Gold"] * 3)
    act(state, "play:Cellar")
    picks = []
    while state["pending"]["kind"] == "discard":
        picks.append(policy(STRATEGIES["bmu"], state))
        act(state, picks[-1])
    assert sorted(picks) == ["discard:Curse", "discard:Estate", "done"]
    assert state["players"][0]["hand"].count("Gold") == 2


def test_moat_blocks_an_attack() -> None:
    state = make(["Witch", "Moat"], ["Witch"], others=[["Moat", "Copper"]])
    act(state, "play:Witch")
    assert policy(STRATEGIES["moat-bm"], state) == "react:Moat"


def test_the_engine_plays_villages_before_its_terminals() -> None:
    hand = ["Village", "Council Room", "Militia", "Copper", "Copper"]
    state = make(["Village", "Council Room", "Militia"], hand, deck=["Copper"] * 8)
    engine = STRATEGIES["cr-militia"]
    for expected in ("play:Village", "play:Council Room", "play:Militia"):
        action = policy(engine, state)
        assert action == expected
        act(state, action)


def test_chapel_trashes_estates_and_coppers_but_keeps_five_for_the_first_witch() -> None:
    cw = STRATEGIES["chapel-witch"]
    hand = ["Chapel", "Estate", "Estate", "Copper", "Copper"]
    state = make(["Chapel", "Witch"], hand, deck=["Silver"] * 3)
    act(state, "play:Chapel")
    picks = []
    while state["pending"]["kind"] == "trash":
        picks.append(policy(cw, state))
        act(state, picks[-1])
    assert picks == ["trash:Estate", "trash:Estate", "trash:Copper", "trash:Copper"]
    # $5 in hand and no Witch yet: the Coppers stay so the Witch can be bought.
    hand = ["Chapel", "Silver", "Copper", "Copper", "Copper"]
    state = make(["Chapel", "Witch"], hand, deck=["Silver"] * 3)
    act(state, "play:Chapel")
    assert policy(cw, state) == "done"
    # Without enough money in the deck, Coppers stay too.
    state = make(["Chapel", "Witch"], ["Chapel", "Copper", "Copper", "Copper", "Estate"])
    act(state, "play:Chapel")
    assert policy(cw, state) == "trash:Estate"
    act(state, "trash:Estate")
    assert policy(cw, state) == "done"


def test_gauntlet_best_follows_the_measured_order() -> None:
    data = load_order()
    order = data["order"]
    assert sorted(order) == sorted(STRATEGIES)
    assert order == sorted(order, key=lambda c: -data["score"][c])
    assert best_for(["Smithy", "Village"]).code == min(
        ("smithy-bm", "bmu"), key=order.index
    )  # Village alone is not the engine's whole kit
    assert best_for(EVERY_CARD).code == order[0]
    assert best_for(["Cellar", "Bureaucrat"]).code == "bmu"


def test_a_seat_in_a_direct_loop_may_be_a_policy_itself() -> None:
    # benchmarks/counter_as_played.py plays a seat the way Hard's playouts do this way.
    options: dict[str, object] = {"kingdom": "first-game"}
    smithy = STRATEGIES["smithy-bm"]
    by_code = head_to_head("smithy-bm", "bmu", 10, options, seed=3)
    assert head_to_head(lambda s: policy(smithy, s), "bmu", 10, options, seed=3) == by_code

    def never_buys(state: State) -> Action:
        legal = GAME.legal_actions(state)
        return END if END in legal else legal[0]

    assert [share for share, _ in head_to_head(never_buys, "bmu", 4, options, seed=3)] == [0.0] * 4


@pytest.mark.parametrize("code", sorted(BOTS))
def test_gauntlet_bots_decide_legally_from_their_view_alone(code: str) -> None:
    bot = make_bot(code)
    rng = Rng(5)
    for i, state in enumerate(positions(17)):
        seat = GAME.pending(state)["player"]
        view = GAME.player_view(state, seat)
        action = bot.decide(view, BotContext(rng=Rng(i)))
        assert action in GAME.legal_actions(state)
        # Another determinization of the same view, and a world where only hidden cards differ.
        assert bot.decide(view, BotContext(rng=Rng(i + 10_000))) == action
        twin = scramble(state, seat, rng)
        assert bot.decide(GAME.player_view(twin, seat), BotContext(rng=Rng(i))) == action
