"""Set-up, phases, buying, clean-up and the end of the game."""

from __future__ import annotations

import pytest

from boardbots.core.contract import IllegalAction, Stop
from boardbots.games.domination.cards import PRESETS
from boardbots.games.domination.engine import GAME
from boardbots.games.domination.rules import DominationRules
from tests.domination.helpers import act, all_cards, hand, make


@pytest.mark.parametrize(
    ("players", "victory", "curses", "coppers"), [(2, 8, 10, 46), (3, 12, 20, 39), (4, 12, 30, 32)]
)
def test_supply_sizes_follow_the_player_count(
    players: int, victory: int, curses: int, coppers: int
) -> None:
    s = GAME.new_state(players, 1, {"kingdom": "size-distortion"})
    supply = s["supply"]
    assert supply["Province"] == supply["Duchy"] == supply["Estate"] == victory
    assert supply["Gardens"] == victory
    assert supply["Curse"] == curses and supply["Copper"] == coppers
    assert supply["Silver"] == 40 and supply["Gold"] == 30 and supply["Witch"] == 10


def test_everyone_starts_with_seven_coppers_and_three_estates() -> None:
    s = GAME.new_state(4, 5)
    for pl in s["players"]:
        assert len(pl["hand"]) == 5
        assert sorted(pl["hand"] + pl["deck"]) == ["Copper"] * 7 + ["Estate"] * 3


def test_kingdom_by_preset_list_or_seed() -> None:
    assert sorted(GAME.new_state(2, 0)["kingdom"]) == sorted(PRESETS["first-game"])
    names = ["Artisan", *PRESETS["deck-top"][1:]]
    assert sorted(GAME.new_state(2, 0, {"kingdom": names})["kingdom"]) == sorted(names)
    a = GAME.new_state(2, 1, {"kingdom": "random"})["kingdom"]
    b = GAME.new_state(2, 2, {"kingdom": "random"})["kingdom"]
    assert len(set(a)) == 10 and a != b
    assert a == GAME.new_state(3, 1, {"kingdom": "random"})["kingdom"]


def test_bad_set_up_is_refused_clearly() -> None:
    with pytest.raises(ValueError, match="not a kingdom card"):
        GAME.new_state(2, 0, {"kingdom": ["Gold", *PRESETS["deck-top"][1:]]})
    with pytest.raises(ValueError, match="unknown kingdom preset"):
        GAME.new_state(2, 0, {"kingdom": "nope"})
    with pytest.raises(ValueError, match="2 to 4 players"):
        GAME.new_state(5, 0)
    assert DominationRules.loads(DominationRules().dumps()) == DominationRules()


def test_without_an_action_card_the_turn_starts_in_the_buy_phase() -> None:
    s = make([], ["Copper", "Copper", "Estate"])
    assert s["pending"] == {"player": 0, "kind": "buy"}
    assert GAME.legal_actions(s) == [
        "treasures", "play:Copper", "buy:Copper", "buy:Curse", "end",
    ]  # fmt: skip


def test_ending_the_action_phase_keeps_the_action_cards() -> None:
    s = make(["Smithy"], ["Smithy", "Copper"])
    assert GAME.legal_actions(s) == ["play:Smithy", "end"]
    act(s, "end")
    assert s["phase"] == "buy" and hand(s) == {"Smithy": 1, "Copper": 1}


def test_no_treasures_after_the_first_buy() -> None:
    s = make(["Festival"], ["Festival", "Copper", "Copper", "Copper"], phase="action")
    act(s, "play:Festival", "play:Copper", "buy:Copper")
    assert s["buys"] == 1 and s["coins"] == 3
    options = GAME.legal_actions(s)
    assert "treasures" not in options and "play:Copper" not in options
    assert "buy:Silver" in options


def test_the_turn_ends_when_buys_run_out_and_cleanup_draws_five() -> None:
    s = make([], ["Copper"] * 5, deck=["Estate"] * 6)
    act(s, "treasures", "buy:Duchy")
    p0 = s["players"][0]
    assert s["cur"] == 1 and s["turn"] == 1 and s["pending"] == {"player": 1, "kind": "buy"}
    assert hand(s) == {"Estate": 5}
    assert sorted(p0["discard"]) == ["Copper"] * 5 + ["Duchy"]
    assert s["supply"]["Duchy"] == 7 and s["log"][-1] == [0, "buy", "Duchy"]


def test_the_discard_pile_is_shuffled_in_when_the_deck_runs_out() -> None:
    s = make([], ["Copper"] * 5, deck=["Estate"] * 2)
    before = all_cards(s)
    act(s, "treasures", "buy:Silver")
    pl = s["players"][0]
    assert len(pl["hand"]) == 5 and len(pl["deck"]) == 3 and pl["discard"] == []
    assert s["shuffles"] > 0 and all_cards(s) == before


def test_the_game_ends_after_the_last_province() -> None:
    s = make([], ["Gold", "Gold", "Silver"])
    s["supply"]["Province"] = 1
    act(s, "treasures", "buy:Province")
    assert GAME.is_over(s) and GAME.pending(s) is None and GAME.legal_actions(s) == []
    assert GAME.result(s) == [1.0, 0.0]


def test_the_game_ends_when_three_piles_are_empty() -> None:
    s = make([], ["Copper"])
    s["supply"]["Curse"] = s["supply"]["Village"] = 0
    s["supply"]["Copper"] = 1
    act(s, "buy:Copper")
    assert GAME.is_over(s)


def test_a_tie_goes_to_fewer_turns_then_is_shared() -> None:
    s = make([], ["Gold", "Gold", "Silver"], others=[["Copper"]], other_decks=[["Province"]])
    s["supply"]["Province"] = 1
    act(s, "treasures", "buy:Province")
    assert GAME.scores(s) == [6.0, 6.0]
    assert GAME.result(s) == [0.0, 1.0]  # player 1 had one turn fewer
    s = make([], ["Copper"], others=[["Gold", "Gold", "Silver"]], other_decks=[[]])
    s["players"][0]["deck"] = ["Province"]
    s["supply"]["Province"] = 1
    act(s, "end", "treasures", "buy:Province")
    assert GAME.result(s) == [0.5, 0.5]


def test_turn_limit_option_caps_the_game() -> None:
    s = GAME.new_state(2, 3, {"turn_limit": 2})
    while not GAME.is_over(s):
        act(s, GAME.legal_actions(s)[-1])
    assert GAME.clock(s) == (2, 4)


def test_check_refuses_with_a_reason_and_applied_is_pure() -> None:
    s = make([], ["Copper"])
    with pytest.raises(IllegalAction, match="not allowed now"):
        GAME.check(s, "buy:Province")
    nxt = GAME.applied(s, "treasures")
    assert s["coins"] == 0 and nxt["coins"] == 1


def test_advance_stops_at_the_end_of_a_turn_and_of_a_round() -> None:
    s = GAME.new_state(3, 4)
    GAME.advance(s, Stop.TURN, lambda st: GAME.legal_actions(st)[-1])
    assert GAME.clock(s) == (0, 1)
    GAME.advance(s, Stop.ROUND, lambda st: GAME.legal_actions(st)[-1])
    assert GAME.clock(s) == (1, 3)


def test_preview_and_describe() -> None:
    s = make(["Smithy", "Throne Room"], ["Throne Room", "Smithy", "Copper", "Silver"])
    assert GAME.preview(s, "play:Smithy")["cards"] == 3
    act(s, "play:Throne Room")
    assert GAME.preview(s, "play:Smithy")["cards"] == 6
    assert GAME.describe(s, "play:Smithy") == "plays Smithy twice"
    act(s, "play:Smithy")
    act(s, "end") if s["pending"]["kind"] == "action" else None
    assert GAME.preview(s, "treasures")["coins"] == 3
    assert GAME.preview(s, "buy:Estate") == {
        "coins": -2, "cards": 0, "actions": 0, "buys": 0, "vp": 1, "cost": 2,
    }  # fmt: skip
    assert GAME.describe(s, "end") == "ends the turn"
    assert "Round 1" in GAME.render(s)
