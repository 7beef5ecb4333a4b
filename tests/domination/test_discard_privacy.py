"""Cards discarded together show the table only the one that ends on top of the pile.

Each test plays the same decisions in two games that differ only in which
card went under: a Gold in one, a Silver in the other, with the other card
kept out of sight (in the hand or the deck). Every seat but the discarding
one, and spectators, must get identical views, log included, at every step;
the discarding seat still sees its own cards.
"""

from __future__ import annotations

from collections.abc import Callable

from boardbots.core.contract import Action, State
from boardbots.core.rng import Rng
from boardbots.games.domination.engine import GAME
from tests.domination.helpers import act, all_cards, make

Build = Callable[[str, str], State]


def twins(build: Build) -> tuple[State, State]:
    """The same position twice: `build(under, kept)` puts `under` where it will be discarded."""
    return build("Gold", "Silver"), build("Silver", "Gold")


def play_both(
    a: State, b: State, steps: list[Callable[[str], Action]], watchers: list[int | None]
) -> None:
    """Apply each step to both games (naming the card that differs) and compare the watchers'
    views after every one."""
    for step in steps:
        act(a, step("Gold"))
        act(b, step("Silver"))
        for seat in watchers:
            assert GAME.player_view(a, seat) == GAME.player_view(b, seat), (seat, a["log"][-3:])


def test_militia_discards_name_only_the_card_left_on_top() -> None:
    def build(under: str, kept: str) -> State:
        hand = [under, kept, "Estate", "Copper", "Copper"]
        state = make(["Militia"], ["Militia", "Copper"], others=[hand])
        act(state, "play:Militia")
        return state

    a, b = twins(build)
    assert a["pending"]["kind"] == "discard" and a["pending"]["player"] == 1
    old_log = list(a["log"])
    play_both(a, b, [lambda card: "discard:" + card, lambda card: "discard:Estate"], [0, None])
    assert a["log"][len(old_log) :] == [[1, "discard", None], [1, "discard", "Estate"]]
    seat = GAME.player_view(a, 0)["players"][1]
    assert seat["discard_top"] == "Estate" and seat["discard_size"] == 2
    mine = GAME.player_view(a, 1)["players"][1]
    assert mine["discard"] == ["Estate", "Gold"] and sorted(mine["hand"]) == [
        "Copper",
        "Copper",
        "Silver",
    ]


def test_while_the_discards_are_chosen_the_old_top_stays_visible() -> None:
    def build(under: str, kept: str) -> State:
        hand = [under, kept, "Estate", "Copper", "Copper"]
        state = make(["Militia"], ["Militia", "Copper"], others=[hand])
        state["players"][1]["discard"] = ["Duchy"]
        act(state, "play:Militia")
        return state

    a, b = twins(build)
    play_both(a, b, [lambda card: "discard:" + card], [0, None])
    seat = GAME.player_view(a, 0)["players"][1]
    assert a["pending"]["count"] == 1
    assert seat["discard_top"] == "Duchy" and seat["discard_size"] == 2
    assert GAME.player_view(a, 1)["players"][1]["discard_top"] == "Gold"
    for watcher in (0, None):
        view = GAME.player_view(a, watcher)
        for i in range(50):
            world = GAME.determinize(view, Rng(i))
            assert GAME.player_view(world, watcher) == view
            assert all_cards(world) == all_cards(a)
    own = GAME.player_view(a, 1)
    world = GAME.determinize(own, Rng(3))
    assert GAME.legal_actions(world) == GAME.legal_actions(a)


def test_cellar_discards_name_only_the_top_card() -> None:
    def build(under: str, kept: str) -> State:
        deck = ["Copper", "Estate", "Copper", "Copper"]
        return make(["Cellar"], ["Cellar", under, kept, "Estate"], deck=deck)

    a, b = twins(build)
    steps = [lambda c: "play:Cellar", lambda c: "discard:" + c, lambda c: "discard:Estate"]
    play_both(a, b, [*steps, lambda c: "done"], [1, None])
    assert a["log"][-2:] == [[0, "discard", None], [0, "discard", "Estate"]]


def test_poacher_discarding_the_whole_hand_names_only_the_top_card() -> None:
    def build(under: str, kept: str) -> State:
        state = make(["Poacher"], ["Poacher", under], deck=["Estate", kept])
        state["supply"]["Curse"] = state["supply"]["Poacher"] = 0  # two empty piles
        return state

    a, b = twins(build)
    play_both(a, b, [lambda c: "play:Poacher"], [1, None])
    assert a["players"][0]["hand"] == [] and a["players"][0]["discard"] == ["Gold", "Estate"]
    assert a["log"][-2:] == [[0, "discard", None], [0, "discard", "Estate"]]


def test_sentry_discards_name_only_the_top_card() -> None:
    def build(under: str, kept: str) -> State:
        deck = ["Copper", under, "Estate", "Copper"]
        return make(["Sentry"], ["Sentry", kept, "Copper"], deck=deck)

    a, b = twins(build)
    play_both(
        a,
        b,
        [lambda c: "play:Sentry", lambda c: "discard:" + c, lambda c: "discard:Estate"],
        [1, None],
    )
    assert a["pending"]["kind"] == "buy"
    assert a["log"][-2:] == [[0, "discard", None], [0, "discard", "Estate"]]
    assert GAME.player_view(a, 1)["players"][0]["discard_top"] == "Estate"
