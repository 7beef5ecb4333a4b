"""Rules tests for kingdom cards up to $4, each with Throne Room (and Moat for attacks)."""

from __future__ import annotations

from boardbots.games.domination.engine import GAME, victory_points
from boardbots.games.domination.zones import tables
from tests.domination.helpers import act, all_cards, hand, make, top

C5 = ["Copper"] * 5


def test_cellar_discards_then_draws_as_many() -> None:
    s = make(
        ["Cellar"], ["Cellar", "Estate", "Estate", "Copper", "Copper"], deck=["Gold", "Silver"]
    )
    act(s, "play:Cellar", "discard:Estate", "discard:Estate", "done")
    assert hand(s) == {"Copper": 2, "Gold": 1, "Silver": 1}
    assert s["players"][0]["discard"] == ["Estate", "Estate"]
    assert s["actions"] == 1


def test_cellar_may_discard_nothing() -> None:
    s = make(["Cellar"], ["Cellar", "Estate", "Copper"], deck=["Gold"])
    act(s, "play:Cellar", "done")
    assert hand(s) == {"Estate": 1, "Copper": 1}


def test_throne_room_cellar_twice() -> None:
    s = make(["Cellar", "Throne Room"], ["Throne Room", "Cellar", "Estate", "Curse", "Copper"],
             deck=["Gold", "Silver"])  # fmt: skip
    act(s, "play:Throne Room", "play:Cellar", "discard:Estate", "done", "discard:Curse", "done")
    assert hand(s) == {"Copper": 1, "Gold": 1, "Silver": 1}
    assert s["actions"] == 2


def test_chapel_trashes_up_to_four_then_stops() -> None:
    s = make(["Chapel"], ["Chapel", "Copper", "Copper", "Estate", "Estate"], deck=["Copper"] * 5)
    s["players"][0]["hand"] += ["Curse"]
    act(s, "play:Chapel", "trash:Copper", "trash:Estate", "trash:Copper", "trash:Estate")
    assert s["pending"]["kind"] == "buy"
    assert hand(s) == {"Curse": 1}
    assert sorted(s["trash"]) == ["Copper", "Copper", "Estate", "Estate"]


def test_throne_room_chapel_trashes_up_to_eight() -> None:
    s = make(["Chapel", "Throne Room"], ["Throne Room", "Chapel", *["Estate"] * 6])
    act(s, "play:Throne Room", "play:Chapel", *["trash:Estate"] * 4)
    act(s, "trash:Estate", "trash:Estate")
    assert not s["players"][0]["hand"]
    assert len(s["trash"]) == 6


def test_moat_draws_two_and_throne_room_four() -> None:
    s = make(["Moat", "Throne Room"], ["Throne Room", "Moat", "Estate"], deck=C5)
    act(s, "play:Throne Room", "play:Moat")
    assert hand(s) == {"Estate": 1, "Copper": 4}


def test_harbinger_puts_a_discard_on_the_deck() -> None:
    s = make(["Harbinger"], ["Harbinger", "Copper"], deck=["Estate", "Estate"],
             discard=["Gold", "Copper"])  # fmt: skip
    act(s, "play:Harbinger")
    assert GAME.legal_actions(s) == ["topdeck:Copper", "topdeck:Gold", "pass"]
    act(s, "topdeck:Gold")
    assert top(s) == "Gold"
    assert GAME.player_view(s, 0)["players"][0]["top_known"] == ["Gold"]
    assert GAME.player_view(s, 1)["players"][0]["top_public"] == []
    assert s["actions"] == 1


def test_throne_room_harbinger_topdecks_two() -> None:
    s = make(["Harbinger", "Throne Room"], ["Throne Room", "Harbinger"], deck=["Estate", "Estate"],
             discard=["Gold", "Silver"])  # fmt: skip
    act(s, "play:Throne Room", "play:Harbinger", "topdeck:Gold", "topdeck:Silver")
    # The second play draws the Gold the first one put back, then puts the Silver there.
    assert s["players"][0]["deck"] == ["Estate", "Silver"]
    assert hand(s) == {"Estate": 1, "Gold": 1}
    assert s["actions"] == 2


def test_merchant_adds_one_on_the_first_silver_only() -> None:
    s = make(["Merchant"], ["Merchant", "Silver", "Silver", "Copper"], deck=["Copper"])
    act(s, "play:Merchant", "treasures")
    assert s["coins"] == 2 + 2 + 1 + 1 + 1


def test_merchant_bonus_with_single_silvers() -> None:
    s = make(["Merchant"], ["Merchant", "Silver", "Silver"], deck=["Estate"])
    act(s, "play:Merchant", "play:Silver")
    assert s["coins"] == 3
    act(s, "play:Silver")
    assert s["coins"] == 5


def test_throne_room_merchant_doubles_the_bonus() -> None:
    s = make(["Merchant", "Throne Room"], ["Throne Room", "Merchant", "Silver"],
             deck=["Estate", "Estate"])  # fmt: skip
    act(s, "play:Throne Room", "play:Merchant", "treasures")
    assert s["coins"] == 2 + 2


def test_vassal_may_play_the_discarded_action() -> None:
    s = make(["Vassal"], ["Vassal", "Copper"], deck=["Smithy", *C5])
    act(s, "play:Vassal")
    assert s["pending"] == {
        "player": 0, "kind": "yesno", "card": "Vassal", "about": "Smithy", "question": "play",
    }  # fmt: skip
    act(s, "yes")
    assert s["play"] == ["Vassal", "Smithy"]
    assert hand(s) == {"Copper": 4}
    assert s["coins"] == 2
    assert s["actions"] == 0


def test_vassal_discarding_a_non_action_asks_nothing() -> None:
    s = make(["Vassal"], ["Vassal", "Copper"], deck=["Estate"])
    act(s, "play:Vassal")
    assert s["pending"]["kind"] == "buy"
    assert s["players"][0]["discard"] == ["Estate"]


def test_throne_room_vassal() -> None:
    s = make(["Vassal", "Throne Room", "Village"], ["Throne Room", "Vassal"],
             deck=["Estate", "Village", "Copper"])  # fmt: skip
    act(s, "play:Throne Room", "play:Vassal", "yes")
    assert s["coins"] == 4
    assert s["actions"] == 2
    assert s["players"][0]["discard"] == ["Estate"]


def test_village_and_throne_room_village() -> None:
    s = make(["Village", "Throne Room"], ["Throne Room", "Village"], deck=C5)
    act(s, "play:Throne Room", "play:Village")
    assert s["actions"] == 4
    assert hand(s) == {"Copper": 2}


def test_workshop_gains_up_to_four() -> None:
    s = make(["Workshop", "Smithy"], ["Workshop"], deck=C5)
    act(s, "play:Workshop")
    options = GAME.legal_actions(s)
    assert "gain:Smithy" in options and "gain:Silver" in options
    assert "gain:Gold" not in options and "gain:Duchy" not in options
    act(s, "gain:Smithy")
    assert s["players"][0]["discard"] == ["Smithy"]
    assert s["supply"]["Smithy"] == 9


def test_throne_room_workshop_gains_two() -> None:
    s = make(["Workshop", "Throne Room"], ["Throne Room", "Workshop"])
    act(s, "play:Throne Room", "play:Workshop", "gain:Silver", "gain:Estate")
    assert s["players"][0]["discard"] == ["Silver", "Estate"]


def test_bureaucrat_silver_on_deck_and_victim_topdecks_a_victory_card() -> None:
    s = make(["Bureaucrat"], ["Bureaucrat"], deck=C5, others=[["Copper"] * 3 + ["Estate", "Duchy"]])
    act(s, "play:Bureaucrat")
    assert top(s) == "Silver"
    assert s["pending"]["player"] == 1
    assert GAME.legal_actions(s) == ["topdeck:Estate", "topdeck:Duchy"]
    act(s, "topdeck:Duchy")
    assert top(s, 1) == "Duchy"
    seen = GAME.player_view(s, 0)["players"]
    assert seen[1]["top_public"] == ["Duchy"]
    assert seen[0]["top_public"] == ["Silver"]


def test_bureaucrat_victim_without_victory_cards_reveals_the_hand() -> None:
    s = make(["Bureaucrat"], ["Bureaucrat"], others=[C5])
    act(s, "play:Bureaucrat")
    assert s["pending"]["kind"] == "buy"
    assert s["log"][-1] == [1, "reveal", "Copper,Copper,Copper,Copper,Copper"]


def test_moat_blocks_bureaucrat() -> None:
    s = make(["Bureaucrat", "Moat"], ["Bureaucrat"], others=[["Moat", "Estate", "Copper"]])
    act(s, "play:Bureaucrat")
    assert GAME.legal_actions(s) == ["react:Moat", "pass"]
    act(s, "react:Moat")
    assert s["pending"]["kind"] == "buy"
    assert hand(s, 1) == {"Moat": 1, "Estate": 1, "Copper": 1}
    assert top(s) == "Silver"


def test_throne_room_bureaucrat() -> None:
    s = make(["Bureaucrat", "Throne Room"], ["Throne Room", "Bureaucrat"],
             others=[["Estate", "Estate", "Copper"]])  # fmt: skip
    act(s, "play:Throne Room", "play:Bureaucrat", "topdeck:Estate", "topdeck:Estate")
    assert s["players"][0]["deck"][-2:] == ["Silver", "Silver"]
    assert s["players"][1]["deck"][-2:] == ["Estate", "Estate"]


def test_gardens_count_one_vp_per_ten_cards() -> None:
    s = make(["Gardens"], ["Gardens", "Gardens"], deck=["Copper"] * 27)
    cards = s["players"][0]["hand"] + s["players"][0]["deck"]
    assert victory_points(tables(s), cards) == 2 * 2
    assert GAME.scores(s)[0] == 4


def test_militia_makes_others_discard_down_to_three() -> None:
    s = make(["Militia"], ["Militia"])
    act(s, "play:Militia")
    assert s["pending"] == {
        "player": 1, "kind": "discard", "card": "Militia", "zone": "hand", "allow": None,
        "need": 2, "left": 2, "skip": None, "count": 0, "last": None, "mark": 1,
    }  # fmt: skip
    act(s, "discard:Estate", "discard:Estate")
    assert hand(s, 1) == {"Copper": 3}
    assert s["coins"] == 2
    assert s["pending"] == {"player": 0, "kind": "buy"}


def test_moat_blocks_militia_and_passing_does_not() -> None:
    s = make(["Militia", "Moat"], ["Militia"], players=3,
             others=[["Moat", *C5[:4]], ["Moat", *C5[:4]]])  # fmt: skip
    act(s, "play:Militia", "react:Moat", "pass")
    assert s["pending"]["player"] == 2 and s["pending"]["kind"] == "discard"
    act(s, "discard:Copper", "discard:Moat")
    assert len(s["players"][1]["hand"]) == 5
    assert len(s["players"][2]["hand"]) == 3


def test_throne_room_militia() -> None:
    s = make(["Militia", "Throne Room"], ["Throne Room", "Militia"])
    act(s, "play:Throne Room", "play:Militia", "discard:Estate", "discard:Copper")
    assert s["coins"] == 4
    assert s["pending"]["kind"] == "buy"


def test_moneylender_trashes_a_copper_for_three() -> None:
    s = make(["Moneylender"], ["Moneylender", "Copper", "Estate"])
    act(s, "play:Moneylender")
    assert GAME.legal_actions(s) == ["trash:Copper", "pass"]
    act(s, "trash:Copper")
    assert s["coins"] == 3 and s["trash"] == ["Copper"]


def test_moneylender_without_copper_may_only_pass() -> None:
    s = make(["Moneylender"], ["Moneylender", "Estate"])
    act(s, "play:Moneylender")
    assert GAME.legal_actions(s) == ["pass"]
    act(s, "pass")
    assert s["coins"] == 0


def test_throne_room_moneylender() -> None:
    s = make(["Moneylender", "Throne Room"], ["Throne Room", "Moneylender", "Copper", "Copper"])
    act(s, "play:Throne Room", "play:Moneylender", "trash:Copper", "trash:Copper")
    assert s["coins"] == 6


def test_poacher_discards_one_card_per_empty_pile() -> None:
    s = make(["Poacher"], ["Poacher", "Estate", "Copper", "Copper"], deck=["Silver"])
    s["supply"]["Curse"] = 0
    s["supply"]["Gold"] = 0
    act(s, "play:Poacher")
    assert s["pending"]["need"] == 2
    act(s, "discard:Estate", "discard:Copper")
    assert hand(s) == {"Copper": 1, "Silver": 1}
    assert s["coins"] == 1 and s["actions"] == 1


def test_poacher_with_no_empty_pile_asks_nothing() -> None:
    s = make(["Poacher"], ["Poacher", "Estate"], deck=["Silver"])
    act(s, "play:Poacher")
    assert s["pending"]["kind"] == "buy"
    assert hand(s) == {"Estate": 1, "Silver": 1}


def test_throne_room_poacher() -> None:
    s = make(["Poacher", "Throne Room"], ["Throne Room", "Poacher", "Estate", "Estate", "Copper"],
             deck=["Copper", "Copper"])  # fmt: skip
    s["supply"]["Curse"] = 0
    act(s, "play:Throne Room", "play:Poacher", "discard:Estate", "discard:Estate")
    assert s["coins"] == 2 and s["actions"] == 2
    assert hand(s) == {"Copper": 3}


def test_remodel_trashes_then_gains_up_to_two_more() -> None:
    s = make(["Remodel"], ["Remodel", "Gold", "Estate"])
    act(s, "play:Remodel", "trash:Gold")
    assert "gain:Province" in GAME.legal_actions(s)
    act(s, "gain:Province")
    assert s["trash"] == ["Gold"] and s["players"][0]["discard"] == ["Province"]


def test_throne_room_remodel() -> None:
    s = make(["Remodel", "Throne Room"], ["Throne Room", "Remodel", "Estate", "Copper"])
    act(s, "play:Throne Room", "play:Remodel", "trash:Estate")
    assert "gain:Silver" in GAME.legal_actions(s) and "gain:Gold" not in GAME.legal_actions(s)
    act(s, "gain:Silver", "trash:Copper", "gain:Estate")
    assert s["players"][0]["discard"] == ["Silver", "Estate"]
    assert not s["players"][0]["hand"]


def test_smithy_and_throne_room_smithy() -> None:
    s = make(["Smithy", "Throne Room"], ["Throne Room", "Smithy"], deck=["Copper"] * 7)
    act(s, "play:Throne Room", "play:Smithy")
    assert hand(s) == {"Copper": 6}


def test_throne_room_without_an_action_may_only_pass() -> None:
    s = make(["Throne Room"], ["Throne Room", "Copper"])
    act(s, "play:Throne Room")
    assert GAME.legal_actions(s) == ["pass"]
    act(s, "pass")
    assert s["pending"]["kind"] == "buy"


def test_throne_room_on_throne_room() -> None:
    cards = ["Throne Room", "Smithy", "Village"]
    s = make(cards, ["Throne Room", *cards], deck=["Copper"] * 10)
    before = all_cards(s)
    act(s, "play:Throne Room", "play:Throne Room", "play:Smithy", "play:Village")
    assert hand(s) == {"Copper": 8}
    assert s["actions"] == 4
    assert s["play"] == ["Throne Room", "Throne Room", "Smithy", "Village"]
    assert all_cards(s) == before
