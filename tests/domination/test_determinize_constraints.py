"""determinize keeps to what a pending prompt reveals about the deciding seat's unseen cards.

Library's "set aside?" prompt shows that the card just drawn is an Action card,
an Action-phase prompt shows that the hand holds an Action card (the phase is
skipped otherwise), and a Bureaucrat victim is asked to pick only when their
hand holds a Victory card. A world rebuilt from another seat's view must
agree with all three, still show exactly that view, and still come from the
rng alone.
"""

from __future__ import annotations

from collections import Counter
from math import comb

from boardbots.core.contract import State
from boardbots.core.rng import Rng
from boardbots.games.domination.engine import GAME
from boardbots.games.domination.zones import tables
from tests.domination.helpers import act, all_cards, make

SEEDS = range(300)


def mid_library(deck: list[str], discard: list[str]) -> State:
    """Player 0 has played Library and drawn Silver, then Smithy: "set it aside?" is pending."""
    s = make(
        ["Library", "Festival", "Village", "Smithy", "Cellar"],
        ["Library", "Copper", "Estate", "Estate", "Copper"],
        deck=["Silver", "Smithy", *deck],
        discard=discard,
    )
    act(s, "play:Library")
    assert s["pending"] == {
        "player": 0,
        "kind": "yesno",
        "card": "Library",
        "question": "set aside",
    }
    assert s["players"][0]["look"] == ["Smithy"]
    return s


def worlds(state: State, seat: int | None) -> list[State]:
    """Worlds rebuilt from `seat`'s view, each checked to show exactly that view."""
    view = GAME.player_view(state, seat)
    out = []
    for i in SEEDS:
        world = GAME.determinize(view, Rng(i))
        assert GAME.player_view(world, seat) == view
        assert all_cards(world) == all_cards(state)
        assert world == GAME.determinize(view, Rng(i))
        out.append(world)
    return out


def test_a_library_draw_is_an_action_card_in_every_world() -> None:
    s = mid_library(["Copper", "Village", "Gold"], ["Festival", "Estate", "Cellar", "Copper"])
    action = tables(s).action
    hidden = GAME.player_view(s, 1)["players"][0]["hidden"]
    # Most unseen cards are not Actions, so an unconstrained deal would often break the rule.
    assert sum(c not in action for c in hidden) >= 2 * sum(c in action for c in hidden)
    for seat in (1, None):
        drawn: Counter[str] = Counter()
        for world in worlds(s, seat):
            look = world["players"][0]["look"]
            assert len(look) == 1 and look[0] in action
            drawn[look[0]] += 1
            assert GAME.legal_actions(world) == ["yes", "no"]
        # Any unseen Action card may be the one drawn, not just the true one.
        assert set(drawn) == {"Smithy", "Village", "Festival", "Cellar"}


def test_the_drawn_card_is_named_when_only_one_action_is_unseen() -> None:
    s = mid_library(["Copper", "Gold", "Estate"], ["Estate", "Copper"])
    for world in worlds(s, 1):
        assert world["players"][0]["look"] == ["Smithy"]
        act(world, "yes")
        assert [0, "set aside", "Smithy"] in world["log"]


def test_an_action_phase_prompt_means_an_action_card_in_hand() -> None:
    deck = ["Copper", "Estate", "Copper", "Copper", "Estate", "Copper", "Estate"]
    s = make(["Village"], ["Village", "Copper", "Copper", "Estate", "Copper"], deck=deck)
    assert s["pending"] == {"player": 0, "kind": "action"}
    action = tables(s).action
    for world in worlds(s, 1):
        assert any(c in action for c in world["players"][0]["hand"])
        assert GAME.legal_actions(world) == GAME.legal_actions(s)


def test_a_bureaucrat_victim_holds_a_victory_card_in_every_world() -> None:
    s = make(
        ["Bureaucrat"],
        ["Bureaucrat", "Copper"],
        others=[["Copper", "Copper", "Copper", "Duchy", "Copper"]],
        other_decks=[["Estate", "Copper", "Silver", "Copper", "Estate", "Copper", "Copper"]],
    )
    act(s, "play:Bureaucrat")
    assert s["pending"]["kind"] == "topdeck" and s["pending"]["player"] == 1
    victory = tables(s).victory
    for seat in (0, None):
        for world in worlds(s, seat):
            assert any(c in victory for c in world["players"][1]["hand"])
            assert GAME.legal_actions(world)  # never an empty choice


def test_constrained_hands_are_dealt_uniformly_among_fitting_hands() -> None:
    """With 3 Actions among 12 unseen cards, a 5-card hand that holds at least one Action
    holds exactly j of them with probability C(3,j)C(9,5-j) / sum over j >= 1."""
    s = make(
        ["Village"],
        ["Village", "Copper", "Copper", "Estate", "Copper"],
        deck=["Copper", "Copper", "Estate", "Village", "Village", "Copper", "Copper"],
    )
    unseen = GAME.player_view(s, 1)["players"][0]["hidden"]
    assert len(unseen) == 12 and unseen.count("Village") == 3
    weights = {j: comb(3, j) * comb(9, 5 - j) for j in (1, 2, 3)}
    total = sum(weights.values())
    view = GAME.player_view(s, 1)
    n = 3000
    seen = Counter(
        GAME.determinize(view, Rng(i))["players"][0]["hand"].count("Village") for i in range(n)
    )
    assert set(seen) == {1, 2, 3}
    for j, w in weights.items():
        assert abs(seen[j] / n - w / total) < 0.03, (j, seen)
