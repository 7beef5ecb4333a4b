"""The incremental connection track agrees with the position it describes, move by move."""

from __future__ import annotations

import json

import pytest

from boardbots.core.rng import Rng
from boardbots.games.y import track
from boardbots.games.y.board import board
from boardbots.games.y.engine import GAME, SWAP


def _flood_winner(size: int, stones: list[int], cell: int, me: int) -> bool:
    b = board(size)
    group = b.group(stones[me], 1 << cell)
    return bool(group & b.side_a and group & b.side_b and group & b.side_c)


def _groups(known: track.Track) -> set[tuple[int, frozenset[int], int]]:
    """Each player's groups in the track and their sides, whatever shape its trees took."""
    found = set()
    for me, links in enumerate(known[3:5]):
        members: dict[int, set[int]] = {}
        for cell, up in enumerate(links):
            if up is not None:
                top = cell
                while links[top] >= 0:
                    top = links[top]
                members.setdefault(top, set()).add(cell)
        found |= {(me, frozenset(cells), ~links[top]) for top, cells in members.items()}
    return found


def _flood_groups(size: int, stones: list[int]) -> set[tuple[int, frozenset[int], int]]:
    b = board(size)
    found = set()
    for me, own in enumerate(stones):
        left = own
        while left:
            group = b.group(own, left & -left)
            left &= ~group
            sides = (
                (group & b.side_a != 0)
                | (group & b.side_b != 0) << 1
                | (group & b.side_c != 0) << 2
            )
            found.add((me, frozenset(b.cells_in(group)), sides))
    return found


def test_track_matches_a_fresh_build_and_the_flood_fill_after_every_move() -> None:
    rng = Rng(5)
    for game_no in range(60):
        size = 3 + game_no % 9
        state = GAME.new_state(2, game_no, {"size": size, "swap": game_no % 2 == 1})
        while not GAME.is_over(state):
            action = rng.choice(GAME.legal_actions(state))
            me = state["to_move"]
            GAME.apply(state, action)
            known, fresh = state[track.KEY], track.build(board(size), *state["stones"])
            assert known[:3] == fresh[:3]
            assert _groups(known) == _groups(fresh) == _flood_groups(size, state["stones"])
            if action != SWAP:
                won = _flood_winner(size, state["stones"], int(action), me)
                assert (state["winner"] == me) == won


def test_a_hand_edited_position_is_judged_by_its_stones_not_a_stale_track() -> None:
    b = board(4)
    state = GAME.new_state(2, 0, {"size": 4})
    for cell in [(0, 0), (3, 3), (3, 1), (2, 2)]:  # black reaches all sides, in two groups
        GAME.apply(state, b.index(*cell))
    for cell in [(1, 0), (2, 0)]:  # as tests and tools set positions up
        state["stones"][0] |= 1 << b.index(*cell)
    assert b.index(1, 0) not in GAME.legal_actions(state)
    GAME.apply(state, b.index(3, 0))  # joins the top corner's column to the bottom stone
    assert state["winner"] == 0


def test_views_and_worlds_carry_no_track_and_still_play_correctly() -> None:
    state = GAME.new_state(2, 0, {"size": 5})
    rng = Rng(2)
    for _ in range(6):
        GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    view = GAME.player_view(state, 0)
    assert track.KEY not in view
    world = GAME.determinize(view, Rng(1))
    assert GAME.legal_actions(world) == GAME.legal_actions(state)
    while not GAME.is_over(state):
        action = rng.choice(GAME.legal_actions(state))
        GAME.apply(state, action)
        GAME.apply(world, action)
        assert world["winner"] == state["winner"]


def test_clones_do_not_share_the_track() -> None:
    state = GAME.new_state(2, 0, {"size": 5})
    copy = GAME.clone(state)
    GAME.apply(copy, 0)
    assert GAME.legal_actions(state)[0] == 0 and GAME.legal_actions(copy)[0] != 0


def test_options_checked_once_are_still_told_apart_by_type() -> None:
    """new_state keeps each checked set of options; 1 must not pass for True, nor 11.0 for 11."""
    good = GAME.new_state(2, 0, {"size": 11, "swap": True})
    good["rules"]["size"] = 5  # a state owns its rules: the kept copy is not touched
    assert GAME.new_state(2, 0, {"size": 11, "swap": True})["rules"] == {"size": 11, "swap": True}
    for bad in ({"size": 11, "swap": 1}, {"size": 11.0, "swap": True}, {"size": [11]}):
        with pytest.raises(ValueError):
            GAME.new_state(2, 0, bad)


def test_a_state_read_back_from_json_plays_on_exactly_like_the_original() -> None:
    """After a round trip the stones are equal but not the same objects: the track is
    checked by value, kept, and the game goes on move for move as before."""
    rng = Rng(9)
    state = GAME.new_state(2, 3, {"size": 9, "swap": True})
    for _ in range(12):
        GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    copy = json.loads(json.dumps(state))
    kept = copy[track.KEY]
    assert GAME.legal_actions(copy) == GAME.legal_actions(state)
    while not GAME.is_over(state):
        action = rng.choice(GAME.legal_actions(state))
        GAME.apply(state, action)
        GAME.apply(copy, action)
        assert copy == state
    assert copy[track.KEY] is kept  # the round-tripped track was trusted, not rebuilt


def test_a_cell_given_as_an_int_subclass_is_played_and_recorded_as_given() -> None:
    class Cell(int):
        pass

    plain, odd = GAME.new_state(2, 0, {"size": 5}), GAME.new_state(2, 0, {"size": 5})
    rng = Rng(4)
    while not GAME.is_over(plain):
        action = rng.choice(GAME.legal_actions(plain))
        GAME.apply(plain, action)
        GAME.apply(odd, Cell(action))
        assert type(odd["last"]) is Cell
        assert odd["stones"] == plain["stones"] and odd["winner"] == plain["winner"]
