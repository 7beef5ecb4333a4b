"""Views leak nothing hidden, and determinize rebuilds worlds that show exactly the view."""

from __future__ import annotations

import json
from collections.abc import Iterator

from boardbots.core.contract import State
from boardbots.core.rng import Rng
from boardbots.games.domination.engine import GAME
from tests.domination.helpers import act, all_cards, make
from tests.fakes import json_keys

KINGDOMS = ["deck-top", "size-distortion", "improvements", "random"]
PRIVATE = ("hand", "deck", "discard", "look", "top_known")


def positions(every: int = 3) -> Iterator[State]:
    """States met along uniformly random games over kingdoms full of hidden-information cards."""
    for i, kingdom in enumerate(KINGDOMS):
        for players in (2, 3, 4):
            state = GAME.new_state(players, 31 * i + players, {"kingdom": kingdom})
            rng = Rng(i * 10 + players)
            for step in range(1500):
                if GAME.is_over(state):
                    break
                if step % every == 0:
                    yield state
                GAME.apply(state, rng.choice(GAME.legal_actions(state)))


def scramble(state: State, viewer: int | None, rng: Rng) -> State:
    """The same game with every card `viewer` cannot see moved among unseen places."""
    return GAME.redraw_hidden(state, viewer, rng)


def test_views_hide_other_hands_every_order_and_the_seed() -> None:
    for state in positions():
        for seat in [None, *range(state["n"])]:
            view = GAME.player_view(state, seat)
            assert not json_keys(view) & {"seed", "shuffles", "marks"}
            for q, entry in enumerate(view["players"]):
                if q != seat:
                    assert all(entry[k] is None for k in PRIVATE)
                else:
                    assert entry["deck"] == sorted(entry["deck"])
                    assert entry["discard"] == sorted(entry["discard"])
            json.dumps(view)


def test_different_hidden_cards_give_identical_views() -> None:
    rng = Rng(99)
    changed = 0
    for state in positions(7):
        for seat in [None, *range(state["n"])]:
            twin = scramble(state, seat, rng)
            changed += twin["players"] != state["players"]
            assert GAME.player_view(twin, seat) == GAME.player_view(state, seat)
    assert changed > 50  # the scrambles really moved hidden cards


def test_a_view_changes_when_the_viewer_could_tell() -> None:
    s = make(["Artisan"], ["Artisan", "Estate", "Copper"])
    before = GAME.player_view(s, 1)
    act(s, "play:Artisan", "gain:Silver", "topdeck:Estate")
    after = GAME.player_view(s, 1)
    assert after["players"][0]["top_public"] == [] and after["log"] != before["log"]
    assert GAME.player_view(s, 0)["players"][0]["top_known"] == ["Estate"]


def test_determinize_matches_the_view_and_repeats_with_the_seed() -> None:
    for state in positions(7):
        for seat in [None, *range(state["n"])]:
            view = GAME.player_view(state, seat)
            world = GAME.determinize(view, Rng(7))
            assert GAME.player_view(world, seat) == view
            assert world == GAME.determinize(view, Rng(7))
            assert all_cards(world) == all_cards(state)
            assert json.loads(json.dumps(world)) == world


def test_different_hidden_cards_give_the_same_worlds() -> None:
    rng = Rng(5)
    for state in positions(9):
        seat = GAME.pending(state)["player"]
        twin = scramble(state, seat, rng)
        a = GAME.determinize(GAME.player_view(state, seat), Rng(3))
        b = GAME.determinize(GAME.player_view(twin, seat), Rng(3))
        assert a == b


def test_the_deciding_seat_gets_its_real_choices_in_any_world() -> None:
    for state in positions(7):
        seat = GAME.pending(state)["player"]
        world = GAME.determinize(GAME.player_view(state, seat), Rng(11))
        assert GAME.legal_actions(world) == GAME.legal_actions(state)
        assert GAME.pending(world) == GAME.pending(state)


def test_worlds_play_on_to_the_end() -> None:
    for i, state in enumerate(positions(40)):
        world = GAME.determinize(GAME.player_view(state, 0), Rng(i))
        rng = Rng(i)
        for _ in range(3000):
            if GAME.is_over(world):
                break
            GAME.apply(world, rng.choice(GAME.legal_actions(world)))
        assert all_cards(world) == all_cards(state)


def test_scores_read_from_a_view_match_the_state() -> None:
    for state in positions(11):
        for seat in [None, *range(state["n"])]:
            assert GAME.scores(GAME.player_view(state, seat)) == GAME.scores(state)
