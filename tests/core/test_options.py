"""Every rule option of both games is bounded: a bad value gets one line naming the field.

The cases are the inputs that once froze a server or stuck a table (a deck
of two million Coppers, a hand of ten million cards, Militia without the
number it reads), plus each kind of mistake a person makes (wrong type,
negative, unknown key).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from boardbots.games import get_game
from boardbots.games.domination.cards import all_cards
from boardbots.games.domination.rules import DominationRules
from boardbots.games.y.rules import YRules


def cards_with(card: str, **changes: Any) -> dict[str, Any]:
    """The standard card table with one card's entry changed."""
    cards = all_cards()
    cards[card] = {**cards[card], **changes}
    return cards


def cards_without(card: str, key: str) -> dict[str, Any]:
    cards = all_cards()
    del cards[card][key]
    return cards


# (game, options, words the one-line error must hold: the field first, then what it accepts)
BAD: list[tuple[str, dict[str, Any], list[str]]] = [
    ("domination", {"hand_size": 10_000_000}, ["hand_size", "from 1 to 10", "10000000"]),
    ("domination", {"hand_size": -1}, ["hand_size", "from 1 to 10"]),
    ("domination", {"hand_size": True}, ["hand_size", "integer", "true"]),
    ("domination", {"hand_size": 5.0}, ["hand_size", "integer"]),
    ("domination", {"hand_size": "5"}, ["hand_size", "integer"]),
    ("domination", {"turn_limit": -3}, ["turn_limit", "null or an integer from 1 to 1000"]),
    ("domination", {"turn_limit": 0}, ["turn_limit", "from 1 to 1000"]),
    ("domination", {"turn_limit": 10**9}, ["turn_limit", "from 1 to 1000"]),
    ("domination", {"log_length": -1}, ["log_length", "from 1 to 1000"]),
    ("domination", {"log_length": 0}, ["log_length", "from 1 to 1000"]),
    ("domination", {"log_length": 10**8}, ["log_length", "from 1 to 1000"]),
    ("domination", {"piles_to_end": 0}, ["piles_to_end", "from 1 to 20"]),
    ("domination", {"end_pile": "Copper"}, ["end_pile", "Victory card", "Province"]),
    ("domination", {"end_pile": "Gardens"}, ["end_pile", "basic Victory card"]),
    (
        "domination",
        {"starting_deck": {"Copper": 2_000_000, "Estate": 3}},
        ["starting_deck.Copper", "from 0 to 30"],
    ),
    (
        "domination",
        {"starting_deck": {"Copper": 20, "Estate": 20}},
        ["starting_deck", "add up to 1 to 30", "40"],
    ),
    ("domination", {"starting_deck": {}}, ["starting_deck", "add up to 1 to 30"]),
    ("domination", {"starting_deck": {"Copper": 25, "Estate": 3}}, ["treasure_piles.Copper"]),
    ("domination", {"starting_deck": {"Platinum": 3}}, ["starting_deck", "Platinum"]),
    ("domination", {"start_buys": 0}, ["start_buys", "from 1 to 10"]),
    ("domination", {"start_actions": -1}, ["start_actions", "from 0 to 10"]),
    ("domination", {"kingdom_pile": 10**7}, ["kingdom_pile", "from 1 to 30"]),
    ("domination", {"curses_per_opponent": -5}, ["curses_per_opponent", "from 0 to 30"]),
    ("domination", {"victory_pile": {"2": 8, "3": 12}}, ["victory_pile", "4 players"]),
    ("domination", {"victory_pile": {"2": 8, "3": 12, "9": 1}}, ["victory_pile", "one of 2, 3, 4"]),
    ("domination", {"min_players": 4, "max_players": 3}, ["min_players", "at most"]),
    ("domination", {"max_players": 6}, ["max_players", "from 2 to 4"]),
    ("domination", {"kingdom": 7}, ["kingdom", "preset name"]),
    ("domination", {"kingdom": "nope"}, ["kingdom preset", "first-game"]),
    ("domination", {"kingdom": ["Cellar"] * 10}, ["kingdom", "twice"]),
    ("domination", {"kingdom": ["Gold", "Cellar"]}, ["kingdom", "'Gold' is not a kingdom card"]),
    ("domination", {"kingdom": ["Cellar", "Moat"]}, ["kingdom", "10 cards, not 2"]),
    ("domination", {"kingdom_size": 0}, ["kingdom_size", "from 1 to 30"]),
    ("domination", {"kingdom": "random", "kingdom_size": 30}, ["kingdom_size", "26"]),
    ("domination", {"treasure_piles": {"Copper": -1}}, ["treasure_piles.Copper", "from 0 to"]),
    ("domination", {"basic": []}, ["basic", "1 to 20"]),
    ("domination", {"colour": "red"}, ["unknown rule option", "colour"]),
    ("domination", {"cards": "all"}, ["cards", "object"]),
    # Card definitions: the engine reads these numbers mid-game, so they are checked up front.
    (
        "domination",
        {"cards": cards_with("Militia", params={})},
        ["cards.Militia.params", "hand_to"],
    ),
    (
        "domination",
        {"cards": cards_with("Chapel", params={})},
        ["cards.Chapel.params", "trash_max"],
    ),
    (
        "domination",
        {"cards": cards_with("Gardens", params={"cards_per_vp": 0})},
        ["cards.Gardens.params.cards_per_vp", "from 1 to 100"],
    ),
    (
        "domination",
        {"cards": cards_with("Throne Room", params={"times": 1000})},
        ["cards.Throne Room.params.times", "from 1 to 3"],
    ),
    (
        "domination",
        {"cards": cards_with("Village", params={"boost": 1})},
        ["cards.Village.params", "unknown parameter", "boost"],
    ),
    ("domination", {"cards": cards_with("Gold", cost=-1)}, ["cards.Gold.cost", "from 0 to 20"]),
    ("domination", {"cards": cards_with("Smithy", cards=10**6)}, ["cards.Smithy.cards", "0 to 10"]),
    ("domination", {"cards": cards_with("Moat", types="Action")}, ["cards.Moat.types", "list"]),
    (
        "domination",
        {"cards": cards_with("Moat", types=["Spell"])},
        ["cards.Moat.types[0]", "Action"],
    ),
    ("domination", {"cards": cards_without("Market", "coins")}, ["cards.Market", "lacks coins"]),
    (
        "domination",
        {"cards": cards_with("Market", extra=1)},
        ["cards.Market", "unknown keys", "extra"],
    ),
    ("y", {"size": 40}, ["size", "from 3 to 19", "40"]),
    ("y", {"size": -2}, ["size", "from 3 to 19"]),
    ("y", {"size": True}, ["size", "integer"]),
    ("y", {"swap": 1}, ["swap", "true or false"]),
    ("y", {"swap": "yes"}, ["swap", "true or false"]),
    ("y", {"colour": "red"}, ["unknown rule option", "colour"]),
]


@pytest.mark.parametrize(("game", "options", "words"), BAD, ids=lambda v: str(v)[:60])
def test_a_bad_option_is_refused_in_one_line_naming_the_field(
    game: str, options: dict[str, Any], words: list[str]
) -> None:
    with pytest.raises(ValueError) as caught:
        get_game(game).new_state(2, 0, options)
    message = str(caught.value)
    assert "\n" not in message and len(message) < 400, message
    for word in words:
        assert word in message, message


def test_every_field_has_a_bound_and_the_defaults_keep_to_them() -> None:
    for rules in (DominationRules, YRules):
        assert [f.name for f in dataclasses.fields(rules)] == list(rules.BOUNDS)
        rules()  # building checks every field


def test_options_from_json_round_trip_and_the_printed_rules_are_accepted() -> None:
    rules = DominationRules.from_dict({"hand_size": 6, "turn_limit": 30, "kingdom": "random"})
    assert DominationRules.loads(rules.dumps()) == rules
    assert YRules.from_dict({"size": 19, "swap": True}) == YRules(size=19, swap=True)


def test_players_may_set_only_the_table_options() -> None:
    from boardbots.core.rules import check_player_options

    ten = ["Cellar", "Chapel", "Moat", "Harbinger", "Merchant"]
    ten += ["Vassal", "Village", "Workshop", "Bureaucrat", "Gardens"]
    assert (
        check_player_options(DominationRules, {"kingdom": ten, "turn_limit": 40}).turn_limit == 40
    )
    assert check_player_options(DominationRules, {"kingdom": "random"}).kingdom == "random"
    assert check_player_options(YRules, {"size": 7, "swap": True}) == YRules(size=7, swap=True)
    refusals = [
        (DominationRules, {"cards": all_cards()}, "cards"),
        (DominationRules, {"starting_deck": {"Copper": 7, "Estate": 3}}, "starting_deck"),
        (DominationRules, {"hand_size": 5}, "hand_size"),
        (DominationRules, {"turn_limit": 0}, "turn_limit must be"),
        (YRules, {"size": 99}, "size must be an integer from 3 to 19"),
    ]
    for rules, options, words in refusals:
        with pytest.raises(ValueError, match=words) as caught:
            check_player_options(rules, options)  # type: ignore[type-var]
        assert "\n" not in str(caught.value)
    with pytest.raises(ValueError, match="object"):
        check_player_options(YRules, ["size"])  # type: ignore[arg-type]
