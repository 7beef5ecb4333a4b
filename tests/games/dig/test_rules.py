"""Dig's rules card by card: each event, the collapse threshold with stakes, majority
ties, Tax, and the game's end. States are built from a seed and then set by hand, so
each test names the one rule it checks."""

from __future__ import annotations

from typing import Any

import pytest

from boardbots.core.contract import IllegalAction, State
from boardbots.games import get_game
from boardbots.games.dig import dice
from boardbots.games.dig.engine import GAME, MAX_TURN, ROLLS_PER_TURN
from boardbots.games.dig.events import round_gains, round_rules
from boardbots.games.dig.rules import EVENTS, DigRules


def _seed_rolling(state: State, wanted: tuple[int, int]) -> None:
    """Set the dice seed so the next dig of the turn rolls `wanted`."""
    k = state["turn"] * ROLLS_PER_TURN + state["cart"]["digs"]
    for seed in range(100_000):
        if dice.roll(seed, k) == wanted:
            state["seed"] = seed
            return
    raise AssertionError("no seed rolls that")


def _game(event: str = "calm", players: int = 2, **options: Any) -> State:
    state = GAME.new_state(players, 1, options)
    state["event"] = event
    state["round_rules"] = round_rules(state["rules"], event)
    state["cart"] = {**state["cart"], "hazard": state["round_rules"]["hazard_start"]}
    return state


def _dig(state: State, wanted: tuple[int, int]) -> None:
    _seed_rolling(state, wanted)
    GAME.apply(state, "dig")


def test_the_game_is_registered_with_the_other_games() -> None:
    assert get_game("dig") is GAME


def test_a_stake_moves_gems_into_the_cart_and_a_haul_returns_them() -> None:
    state = _game()
    me = state["cur"]
    GAME.apply(state, "stake:2")
    assert state["gems"][me] == 2 and state["cart"]["stake"] == 2  # of the 4 to start with
    _dig(state, (5, 3))
    assert state["cart"]["ore"] == 5 and state["cart"]["hazard"] == 3
    GAME.apply(state, "haul")
    assert state["gems"][me] == 4 and state["hauls"][me] == 5


def test_only_affordable_stakes_are_offered() -> None:
    state = _game(max_stake=3)
    state["gems"][state["cur"]] = 1
    assert GAME.legal_actions(state) == ["stake:0", "stake:1"]
    with pytest.raises(IllegalAction, match="stake:0 to stake:1"):
        GAME.check(state, "stake:2")


@pytest.mark.parametrize(
    ("stake", "roll", "collapses"),
    [(0, (1, 1), True), (1, (1, 1), False), (0, (2, 1), False), (2, (1, 1), False)],
)
def test_each_staked_gem_lowers_the_collapse_threshold(
    stake: int, roll: tuple[int, int], collapses: bool
) -> None:
    state = _game()  # hazard 2: a total of 2 collapses without beams
    GAME.apply(state, f"stake:{stake}")
    _dig(state, roll)
    assert (state["last"]["outcome"] == "collapse") is collapses


def test_a_collapse_loses_the_cart_and_the_stake_and_ends_the_turn() -> None:
    state = _game()
    me = state["cur"]
    GAME.apply(state, "stake:1")
    for roll in [(6, 5), (4, 4), (6, 6)]:
        _dig(state, roll)
    assert state["cart"]["ore"] == 16 and state["cart"]["gems"] == 2
    assert state["cart"]["hazard"] == 5  # 2, raised by 1 after each of three digs
    _dig(state, (2, 2))  # total 4 <= hazard 5 - 1 staked gem
    assert state["last"]["outcome"] == "collapse" and state["last"]["ore"] == 16
    assert state["gems"][me] == 3 and state["hauls"][me] == 0  # 4, less the one staked
    assert state["cur"] != me and state["done"] == [me]


def test_a_double_puts_a_gem_in_the_cart_at_risk_until_hauled() -> None:
    state = _game()
    GAME.apply(state, "stake:0")
    _dig(state, (3, 3))
    assert state["cart"]["gems"] == 1 and state["cart"]["ore"] == 3


def test_rich_vein_adds_ore_to_every_find() -> None:
    state = _game("rich_vein")
    GAME.apply(state, "stake:0")
    _dig(state, (2, 5))
    assert state["cart"]["ore"] == 6


@pytest.mark.parametrize(("event", "start"), [("loose_rock", 3), ("solid_rock", 1), ("calm", 2)])
def test_rock_events_move_the_starting_hazard(event: str, start: int) -> None:
    assert round_rules(DigRules().to_dict(), event)["hazard_start"] == start


def test_loose_rock_makes_a_three_collapse_the_first_dig() -> None:
    state = _game("loose_rock")
    GAME.apply(state, "stake:0")
    _dig(state, (1, 2))
    assert state["last"]["outcome"] == "collapse"


def test_gem_seam_doubles_give_two_gems() -> None:
    state = _game("gem_seam")
    GAME.apply(state, "stake:0")
    _dig(state, (4, 4))
    assert state["cart"]["gems"] == 2


def test_sturdy_beams_lower_the_threshold_by_two_per_gem() -> None:
    state = _game("sturdy_beams")
    GAME.apply(state, "stake:1")
    state["cart"] = {**state["cart"], "hazard": 4}
    _dig(state, (2, 1))  # 3 > 4 - 2
    assert state["last"]["outcome"] == "found"


def test_cave_in_costs_points_on_a_collapse() -> None:
    state = _game("cave_in")
    me = state["cur"]
    GAME.apply(state, "stake:0")
    _dig(state, (1, 1))
    assert state["scores"][me] == -2


def test_the_largest_haul_takes_the_bonus_and_ties_split_it_rounded_down() -> None:
    rules = DigRules(majority_bonus=7).to_dict()
    now = round_rules(rules, "calm")
    assert round_gains(rules, now, [9, 4, 0]) == [16, 4, 0]
    assert round_gains(rules, now, [9, 9, 0]) == [12, 12, 0]  # 7 // 2 each
    assert round_gains(rules, now, [0, 0, 0]) == [0, 0, 0]  # nobody hauled: no bonus


def test_bonanza_doubles_the_bonus_and_shared_find_replaces_it() -> None:
    rules = DigRules().to_dict()
    assert round_gains(rules, round_rules(rules, "bonanza"), [9, 4]) == [33, 4]  # 12 x 2
    assert round_gains(rules, round_rules(rules, "shared_find"), [12, 10, 9]) == [15, 13, 9]


def test_tax_caps_what_a_haul_scores_but_not_who_has_the_most() -> None:
    rules = DigRules().to_dict()
    assert round_gains(rules, round_rules(rules, "tax"), [27, 21, 5]) == [32, 20, 5]


def test_the_round_ends_after_every_seat_and_the_next_event_turns() -> None:
    state = GAME.new_state(3, 4)
    first_event = state["event"]
    for _ in range(3):
        GAME.apply(state, "stake:0")
        GAME.apply(state, "haul")
    assert state["round"] == 1 and state["events_seen"] == [first_event]
    assert state["cur"] == (state["first"] + 1) % 3
    assert first_event not in GAME.player_view(state, 0)["events_left"]


def test_the_game_ends_after_the_last_round_with_gems_in_the_score() -> None:
    state = GAME.new_state(2, 3, {"rounds": 1, "gem_points": 2})
    state["scores"] = [5, 6]
    for _ in range(2):
        GAME.apply(state, "stake:0")
        GAME.apply(state, "haul")
    assert GAME.is_over(state) and GAME.pending(state) is None
    assert GAME.scores(state) == [13.0, 14.0]  # 4 gems each, worth 2
    assert GAME.result(state) == [0.0, 1.0]


def test_tied_final_scores_share_the_win() -> None:
    state = GAME.new_state(2, 3, {"rounds": 1})
    for _ in range(2):
        GAME.apply(state, "stake:0")
        GAME.apply(state, "haul")
    assert GAME.result(state) == [0.5, 0.5]


def test_the_view_hides_the_deck_order_and_the_dice_seed() -> None:
    state = GAME.new_state(4, 9)
    view = GAME.player_view(state, 2)
    assert "deck" not in view and "seed" not in view
    assert view["events_left"] == sorted(state["deck"])
    assert set(view["events_left"]) | {view["event"]} == set(EVENTS)


def test_a_roll_reveals_and_a_stake_does_not() -> None:
    state = _game()
    staked = GAME.applied(state, "stake:0")
    assert not GAME.reveals(state, staked, state["cur"])
    dug = GAME.applied(staked, "dig")
    assert GAME.reveals(staked, dug, state["cur"])


def test_a_haul_that_ends_the_round_reveals_the_next_event() -> None:
    state = GAME.new_state(2, 5)
    GAME.apply(state, "stake:0")
    mid = GAME.applied(state, "haul")
    assert not GAME.reveals(state, mid, state["cur"])
    GAME.apply(mid, "stake:0")
    end = GAME.applied(mid, "haul")
    assert GAME.reveals(mid, end, mid["cur"])


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"rounds": 11}, "rounds must be an integer from 1 to 10, not 11"),
        ({"events": ["calm"]}, "rounds must be at most the number of events (1), not 6"),
        ({"max_stake": -1}, "max_stake must be an integer from 0 to 5, not -1"),
        ({"hazard": 3}, "unknown rule option(s) hazard"),
    ],
)
def test_bad_options_are_refused_in_one_line(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=None) as caught:
        GAME.new_state(2, 1, options)
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_random_four_player_games_end_within_the_turns_the_rules_allow() -> None:
    # Speed lives in `boardbots bench games`; here the bound is on decisions, not time:
    # the engine declares at most MAX_TURN decisions a turn.
    from boardbots.core.rng import Rng

    rng = Rng(5)
    for seed in range(50):
        state = GAME.new_state(4, seed)
        bound = state["rules"]["rounds"] * 4 * MAX_TURN
        decisions = 0
        while not GAME.is_over(state):
            GAME.apply(state, rng.choice(GAME.legal_actions(state)))
            decisions += 1
            assert decisions <= bound, f"seed {seed} ran past {bound} decisions"
