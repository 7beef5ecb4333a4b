"""Buys that end the game: who they make the winner, and the sense Hard's own playout seat
now shows at the end (it used to follow the script into games it lost on its own buy)."""

from __future__ import annotations

from boardbots.core.contract import State
from boardbots.games.domination.endgame import LOSES, NEITHER, WINS, ending, sensible_buy
from boardbots.games.domination.heuristics import HEURISTICS
from boardbots.games.domination.playbook import STRATEGIES
from boardbots.games.domination.playout import play_to_end
from boardbots.games.domination.scripted import policy
from tests.domination.helpers import act, make

BMU = STRATEGIES["bmu"]


def _last_province(lead: int, *, second: bool = False) -> State:
    """Seat 0 to buy with $9 and one Province left, `lead` VP ahead before buying (each
    Estate in the rival's discard is one VP less)."""
    state = make([], ["Gold", "Gold", "Gold", "Copper", "Estate"], others=[["Copper"] * 5])
    if second:  # seat 1 went first: seat 0's turn now is its first, seat 1 has had one
        state["first"], state["turn"] = 1, 1
    state["supply"]["Province"] = 1
    mine = ["Province", "Duchy", *["Gold"] * 6]  # rich enough for any script's Province
    state["players"][0]["discard"] = mine + ["Estate"] * max(lead, 0)
    state["players"][1]["discard"] = ["Province", "Duchy", "Estate"] + ["Estate"] * max(-lead, 0)
    act(state, "treasures")
    return state


def test_the_last_province_wins_loses_or_ties_by_the_score_after_it() -> None:
    assert ending(_last_province(-5), "Province") == WINS
    assert ending(_last_province(-7), "Province") == LOSES
    assert ending(_last_province(0), "Duchy") == NEITHER  # Duchies are not running out


def test_a_tie_the_buyer_ends_is_lost_by_the_first_player_and_shared_by_the_second() -> None:
    assert ending(_last_province(-6), "Province") == LOSES  # one turn more than the rival
    assert ending(_last_province(-6, second=True), "Province") == NEITHER


def test_hard_may_end_the_game_in_a_shared_win_but_never_in_a_lost_one() -> None:
    tied = _last_province(-6, second=True)
    assert "buy:Province" not in HEURISTICS.disasters(tied, ["buy:Province", "buy:Duchy"])
    lost = _last_province(-6)
    assert HEURISTICS.disasters(lost, ["buy:Province", "buy:Duchy"]) == ["buy:Province"]
    assert HEURISTICS.obvious_answer(_last_province(-5), ["buy:Province", "end"]) == "buy:Province"


def test_the_script_passes_over_a_losing_last_province_for_its_next_card() -> None:
    state = _last_province(-8)
    assert policy(BMU, state) == "buy:Province"
    assert sensible_buy(BMU, state, "buy:Province") == "buy:Duchy"


def test_the_script_takes_a_winning_end_it_would_have_passed_over() -> None:
    state = _last_province(1)
    assert sensible_buy(BMU, state, "buy:Gold") == "buy:Province"


def test_away_from_the_end_the_script_is_left_alone() -> None:
    state = _last_province(-8)
    state["supply"]["Province"] = 2
    assert sensible_buy(BMU, state, "buy:Province") == "buy:Province"


def test_hards_own_seat_does_not_throw_the_game_away_in_a_playout() -> None:
    state = _last_province(-8)
    start = len(state["log"])
    play_to_end(state, 0)
    first_buy = next(e for e in state["log"][start:] if e[0] == 0 and e[1] == "buy")
    assert first_buy[2] != "Province"
