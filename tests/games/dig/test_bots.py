"""Dig's bots: the moves no level may miss, Medium's exact average over the dice, and
decisions that depend only on what the seat can know."""

from __future__ import annotations

import pytest

from boardbots.bots import medium
from boardbots.bots.base import BotContext
from boardbots.bots.heuristics import imagine
from boardbots.bots.registry import make_bot
from boardbots.core.contract import State
from boardbots.core.rng import Rng
from boardbots.games.dig import odds
from boardbots.games.dig.engine import GAME

LEVELS = ("easy", "medium", "hard")


def _digging(ore: int, stake: int, hazard: int, players: int = 4) -> State:
    """The first seat of round 0 mid-turn with this cart (nobody has hauled yet)."""
    state = GAME.new_state(players, 3)
    GAME.apply(state, f"stake:{stake}")
    state["cart"] = {"ore": ore, "gems": 0, "stake": stake, "hazard": hazard, "digs": 3}
    return state


def _decide(code: str, state: State, seed: int = 1) -> object:
    view = GAME.player_view(state, state["cur"])
    return make_bot(code, "dig").decide(view, BotContext(Rng(seed)))


@pytest.mark.parametrize("code", ["medium", "hard"])
def test_a_dig_that_cannot_collapse_is_taken(code: str) -> None:
    state = _digging(ore=12, stake=3, hazard=4)  # collapses only on a total of 1
    assert _decide(code, state) == "dig"


@pytest.mark.parametrize("code", ["medium", "hard"])
def test_a_cart_that_must_collapse_is_hauled(code: str) -> None:
    state = _digging(ore=25, stake=0, hazard=12)  # every total is 12 or less
    assert _decide(code, state) == "haul"


def test_hard_stakes_every_gem_it_may_when_the_turn_gains_by_it() -> None:
    # Each staked gem makes one more dig safe; Medium, one roll ahead, cannot see it.
    state = GAME.new_state(4, 3)
    assert state["event"] not in ("cave_in",)
    assert state["gems"][state["cur"]] > state["rules"]["max_stake"]
    assert _decide("hard", state) == f"stake:{state['rules']['max_stake']}"


def test_mediums_value_of_a_dig_is_the_exact_mean_whatever_roll_the_world_drew() -> None:
    state = _digging(ore=14, stake=1, hazard=5)
    view = GAME.player_view(state, state["cur"])
    t = odds.terms(state["rules"], state["round_rules"])
    exact = odds.roll_value(odds.cart_of(state["cart"]), t)
    values = set()
    for seed in range(12):  # different worlds roll different dice for this dig
        world = imagine(view, Rng(seed))
        before = world.heur.points(world.state)
        params = medium.MediumParams(beta=None)
        values.add(round(medium.value(world, "dig", before, params), 9))
    assert values == {round(exact, 9)}


@pytest.mark.parametrize("code", LEVELS)
def test_the_same_seed_gives_the_same_decision(code: str) -> None:
    state = _digging(ore=9, stake=1, hazard=6)
    assert _decide(code, state, 7) == _decide(code, state, 7)


@pytest.mark.parametrize("code", LEVELS)
def test_the_unseen_event_order_and_dice_seed_do_not_change_a_decision(code: str) -> None:
    state = _digging(ore=9, stake=1, hazard=6)
    other = GAME.clone(state)
    other["deck"] = list(reversed(state["deck"]))
    other["seed"] = state["seed"] + 12345
    assert other != state
    assert GAME.player_view(other, 0) == GAME.player_view(state, 0)
    for seed in range(5):
        assert _decide(code, state, seed) == _decide(code, other, seed)


def test_easy_never_digs_a_load_into_an_even_chance_of_collapse() -> None:
    state = _digging(ore=20, stake=0, hazard=7)  # 21 of 36 totals collapse
    picks = {_decide("easy", state, seed) for seed in range(40)}
    assert picks <= {"haul", "dig"}
    # Only Easy's random share may dig here; the weighted draw never does.
    digs = sum(_decide("easy", state, seed) == "dig" for seed in range(200))
    assert digs < 200 * 0.25
