"""Rules tests for kingdom cards of $5 and more, each with Throne Room (and Moat for attacks)."""

from __future__ import annotations

from boardbots.games.domination.engine import GAME
from tests.domination.helpers import act, all_cards, hand, make, top

C5 = ["Copper"] * 5


def test_bandit_gains_gold_and_trashes_a_non_copper_treasure() -> None:
    s = make(["Bandit"], ["Bandit"], other_decks=[["Silver", "Copper", "Estate"]])
    act(s, "play:Bandit")
    assert s["players"][0]["discard"] == ["Gold"]
    assert s["trash"] == ["Silver"]
    assert s["players"][1]["discard"] == ["Copper"]
    assert s["players"][1]["deck"] == ["Estate"]
    assert s["pending"]["kind"] == "buy"


def test_bandit_victim_chooses_between_two_treasures() -> None:
    s = make(["Bandit"], ["Bandit"], other_decks=[["Gold", "Silver"]])
    act(s, "play:Bandit")
    assert s["pending"]["player"] == 1
    assert GAME.legal_actions(s) == ["trash:Silver", "trash:Gold"]
    act(s, "trash:Silver")
    assert s["players"][1]["discard"] == ["Gold"] and s["trash"] == ["Silver"]


def test_bandit_leaves_coppers() -> None:
    s = make(["Bandit"], ["Bandit"], other_decks=[["Copper", "Estate"]])
    act(s, "play:Bandit")
    assert s["trash"] == []
    assert sorted(s["players"][1]["discard"]) == ["Copper", "Estate"]


def test_moat_blocks_bandit() -> None:
    s = make(["Bandit", "Moat"], ["Bandit"], others=[["Moat"]], other_decks=[["Gold", "Silver"]])
    act(s, "play:Bandit", "react:Moat")
    assert s["trash"] == [] and s["players"][1]["deck"] == ["Silver", "Gold"]
    assert s["players"][0]["discard"] == ["Gold"]


def test_throne_room_bandit() -> None:
    s = make(["Bandit", "Throne Room"], ["Throne Room", "Bandit"],
             other_decks=[["Silver", "Estate", "Gold", "Copper"]])  # fmt: skip
    act(s, "play:Throne Room", "play:Bandit")
    assert s["players"][0]["discard"] == ["Gold", "Gold"]
    assert sorted(s["trash"]) == ["Gold", "Silver"]


def test_council_room_and_others_draw() -> None:
    s = make(["Council Room"], ["Council Room"], deck=C5, players=3)
    act(s, "play:Council Room")
    assert hand(s) == {"Copper": 4} and s["buys"] == 2
    assert len(s["players"][1]["hand"]) == 6 and len(s["players"][2]["hand"]) == 6


def test_throne_room_council_room() -> None:
    s = make(["Council Room", "Throne Room"], ["Throne Room", "Council Room"], deck=["Copper"] * 9)
    act(s, "play:Throne Room", "play:Council Room")
    assert hand(s) == {"Copper": 8} and s["buys"] == 3
    assert len(s["players"][1]["hand"]) == 7


def test_festival_and_throne_room_festival() -> None:
    s = make(["Festival", "Throne Room"], ["Throne Room", "Festival", "Festival"])
    act(s, "play:Throne Room", "play:Festival")
    assert (s["actions"], s["buys"], s["coins"]) == (4, 3, 4)
    act(s, "play:Festival")
    assert (s["actions"], s["buys"], s["coins"]) == (5, 4, 6)


def test_laboratory_and_throne_room_laboratory() -> None:
    s = make(["Laboratory", "Throne Room"], ["Throne Room", "Laboratory"], deck=C5)
    act(s, "play:Throne Room", "play:Laboratory")
    assert hand(s) == {"Copper": 4} and s["actions"] == 2


def test_library_draws_to_seven_setting_actions_aside() -> None:
    s = make(
        ["Library", "Village"], ["Library", *C5[:4]], deck=["Village", "Silver", "Gold", "Estate"]
    )
    act(s, "play:Library")
    seen = GAME.player_view(s, 1)
    assert s["pending"] == {
        "player": 0,
        "kind": "yesno",
        "card": "Library",
        "question": "set aside",
    }
    assert seen["players"][0]["look"] is None and seen["players"][0]["look_size"] == 1
    act(s, "yes")
    assert hand(s) == {"Copper": 4, "Silver": 1, "Gold": 1, "Estate": 1}
    assert s["players"][0]["discard"] == ["Village"]
    assert s["players"][0]["shown"] == []


def test_library_may_keep_an_action() -> None:
    s = make(["Library", "Village"], ["Library", *C5[:4]], deck=["Village", "Silver", "Gold"])
    act(s, "play:Library", "no")
    assert hand(s) == {"Copper": 4, "Village": 1, "Silver": 1, "Gold": 1}


def test_library_stops_when_no_cards_are_left() -> None:
    s = make(["Library"], ["Library", "Copper"], deck=["Silver"], discard=["Gold"])
    act(s, "play:Library")
    assert hand(s) == {"Copper": 1, "Silver": 1, "Gold": 1}


def test_throne_room_library_second_play_draws_nothing_at_seven() -> None:
    s = make(["Library", "Throne Room"], ["Throne Room", "Library", "Copper"], deck=C5 * 2)
    act(s, "play:Throne Room", "play:Library")
    assert len(s["players"][0]["hand"]) == 7
    assert len(s["players"][0]["deck"]) == 4


def test_market_and_throne_room_market() -> None:
    s = make(["Market", "Throne Room"], ["Throne Room", "Market"], deck=C5)
    act(s, "play:Throne Room", "play:Market")
    assert (s["actions"], s["buys"], s["coins"]) == (2, 3, 2)
    assert hand(s) == {"Copper": 2}


def test_mine_upgrades_a_treasure_into_the_hand() -> None:
    s = make(["Mine"], ["Mine", "Copper", "Silver", "Estate"])
    act(s, "play:Mine")
    assert GAME.legal_actions(s) == ["trash:Copper", "trash:Silver", "pass"]
    act(s, "trash:Silver")
    assert GAME.legal_actions(s) == ["gain:Copper", "gain:Silver", "gain:Gold"]
    act(s, "gain:Gold")
    assert hand(s) == {"Copper": 1, "Gold": 1, "Estate": 1}
    assert s["trash"] == ["Silver"] and s["supply"]["Gold"] == 29


def test_throne_room_mine_upgrades_twice() -> None:
    s = make(["Mine", "Throne Room"], ["Throne Room", "Mine", "Copper"])
    act(
        s,
        "play:Throne Room",
        "play:Mine",
        "trash:Copper",
        "gain:Silver",
        "trash:Silver",
        "gain:Gold",
    )
    assert hand(s) == {"Gold": 1}


def test_sentry_trashes_and_discards_what_it_sees() -> None:
    s = make(["Sentry"], ["Sentry"], deck=["Copper", "Estate", "Curse", "Gold"])
    act(s, "play:Sentry")
    assert GAME.legal_actions(s) == [
        "trash:Estate", "trash:Curse", "discard:Estate", "discard:Curse", "done",
    ]  # fmt: skip
    assert GAME.player_view(s, 1)["players"][0]["look"] is None
    act(s, "trash:Curse", "discard:Estate")
    assert s["trash"] == ["Curse"] and s["players"][0]["discard"] == ["Estate"]
    assert top(s) == "Gold"


def test_sentry_puts_back_in_the_chosen_order() -> None:
    s = make(["Sentry"], ["Sentry"], deck=["Copper", "Silver", "Gold", "Estate"])
    act(s, "play:Sentry", "done", "topdeck:Silver")
    assert s["players"][0]["deck"] == ["Estate", "Silver", "Gold"]
    assert GAME.player_view(s, 0)["players"][0]["top_known"] == ["Gold", "Silver"]
    assert GAME.player_view(s, 1)["players"][0]["top_public"] == []


def test_throne_room_sentry() -> None:
    s = make(["Sentry", "Throne Room"], ["Throne Room", "Sentry"],
             deck=["Copper", "Curse", "Curse", "Copper", "Estate", "Gold"])  # fmt: skip
    act(s, "play:Throne Room", "play:Sentry", "trash:Curse", "trash:Curse")
    act(s, "discard:Estate", "done")
    assert top(s) == "Gold" and s["trash"] == ["Curse", "Curse"]
    assert hand(s) == {"Copper": 2} and s["actions"] == 2


def test_witch_curses_every_other_player() -> None:
    s = make(["Witch"], ["Witch"], deck=C5, players=3)
    act(s, "play:Witch")
    assert hand(s) == {"Copper": 2}
    assert s["players"][1]["discard"] == ["Curse"] and s["players"][2]["discard"] == ["Curse"]
    assert s["supply"]["Curse"] == 18


def test_moat_blocks_witch_for_its_holder_only() -> None:
    s = make(["Witch", "Moat"], ["Witch"], players=3, others=[["Moat"], C5])
    act(s, "play:Witch", "react:Moat")
    assert s["players"][1]["discard"] == [] and s["players"][2]["discard"] == ["Curse"]


def test_throne_room_witch_and_an_empty_curse_pile() -> None:
    s = make(["Witch", "Throne Room"], ["Throne Room", "Witch"], deck=C5)
    s["supply"]["Curse"] = 1
    before = all_cards(s)
    act(s, "play:Throne Room", "play:Witch")
    assert s["players"][1]["discard"] == ["Curse"] and s["supply"]["Curse"] == 0
    assert hand(s) == {"Copper": 4}
    assert all_cards(s) == before


def test_throne_room_witch_lets_moat_react_twice() -> None:
    s = make(["Witch", "Moat", "Throne Room"], ["Throne Room", "Witch"], deck=C5, others=[["Moat"]])
    act(s, "play:Throne Room", "play:Witch", "react:Moat", "pass")
    assert s["players"][1]["discard"] == ["Curse"]


def test_artisan_gains_to_hand_then_topdecks() -> None:
    s = make(["Artisan"], ["Artisan", "Estate"])
    act(s, "play:Artisan")
    assert "gain:Duchy" in GAME.legal_actions(s) and "gain:Gold" not in GAME.legal_actions(s)
    act(s, "gain:Duchy", "topdeck:Estate")
    assert hand(s) == {"Duchy": 1} and top(s) == "Estate"
    assert GAME.player_view(s, 0)["players"][0]["top_known"] == ["Estate"]
    assert GAME.player_view(s, 1)["players"][0]["top_public"] == []


def test_throne_room_artisan() -> None:
    s = make(["Artisan", "Throne Room"], ["Throne Room", "Artisan"])
    act(s, "play:Throne Room", "play:Artisan", "gain:Silver", "topdeck:Silver")
    act(s, "gain:Duchy", "topdeck:Duchy")
    assert s["players"][0]["deck"][-2:] == ["Silver", "Duchy"] and not s["players"][0]["hand"]
