"""The conformance suite: every registered game must pass it just by registering."""

from __future__ import annotations

import json

import pytest

from boardbots.core.contract import Game, Stop
from boardbots.core.rng import Rng
from boardbots.games import all_games
from tests.contract.helpers import player_counts, random_game

GAMES = all_games()
IDS = [g.meta.name for g in GAMES]
SEEDS = range(6)


def _walk(game: Game, seed: int, players: int, steps: int = 400):
    """Yield (state, legal) at each step of a seeded random game."""
    state = game.new_state(players, seed)
    rng = Rng(seed + 1000)
    for _ in range(steps):
        if game.is_over(state):
            return
        legal = game.legal_actions(state)
        yield state, legal
        game.apply(state, rng.choice(legal))


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_declares_sane_metadata(game: Game) -> None:
    meta = game.meta
    assert 1 <= meta.min_players <= meta.max_players
    assert meta.max_length is None or meta.max_length > 0
    assert game.rules(game.new_state(meta.min_players, 0)) == game.default_rules()


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_random_games_end_within_max_length(game: Game) -> None:
    if game.meta.max_length is None:
        pytest.skip("this game may never end under random play; its own tests cap it")
    for seed in SEEDS:
        for players in player_counts(game):
            state, actions = random_game(game, seed, players)
            assert game.is_over(state)
            assert len(actions) <= game.meta.max_length
            shares = game.result(state)
            assert abs(sum(shares) - 1.0) < 1e-9
            assert game.pending(state) is None


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_pending_always_has_legal_actions(game: Game) -> None:
    for players in player_counts(game):
        for state, legal in _walk(game, 3, players):
            pending = game.pending(state)
            assert pending is not None
            assert 0 <= pending["player"] < players
            assert legal, f"no legal action while pending {pending}"
            assert len(legal) == len(set(legal)), "legal actions repeat"


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_same_seed_same_game(game: Game) -> None:
    a, acts_a = random_game(game, 11)
    b, acts_b = random_game(game, 11)
    assert acts_a == acts_b
    assert a == b


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_clone_is_independent(game: Game) -> None:
    for state, legal in _walk(game, 5, game.meta.min_players, steps=60):
        before = json.dumps(state, sort_keys=True)
        copy = game.clone(state)
        assert copy == state
        game.apply(copy, legal[-1])
        assert json.dumps(state, sort_keys=True) == before


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_applied_is_pure_and_checks(game: Game) -> None:
    for state, legal in _walk(game, 7, game.meta.min_players, steps=60):
        before = json.dumps(state, sort_keys=True)
        nxt = game.applied(state, legal[0])
        assert json.dumps(state, sort_keys=True) == before
        assert nxt != state


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_states_and_views_survive_json(game: Game) -> None:
    for players in player_counts(game):
        for state, _ in _walk(game, 9, players, steps=80):
            assert json.loads(json.dumps(state)) == state
            for seat in [None, *range(players)]:
                view = game.player_view(state, seat)
                assert json.loads(json.dumps(view)) == view
                assert view["game"] == game.meta.name
                assert view["viewer"] == seat


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_legal_actions_survive_json(game: Game) -> None:
    for state, legal in _walk(game, 13, game.meta.min_players, steps=80):
        assert json.loads(json.dumps(legal)) == legal
        for action in legal:
            game.check(state, action)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_determinize_is_consistent_with_the_view(game: Game) -> None:
    for state, _ in _walk(game, 17, game.meta.max_players, steps=120):
        seat = game.pending(state)["player"]
        view = game.player_view(state, seat)
        world = game.determinize(view, Rng(4))
        assert game.player_view(world, seat) == view
        assert world == game.determinize(view, Rng(4))


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_advance_stops_at_turn_and_round(game: Game) -> None:
    rng = Rng(2)
    state = game.new_state(game.meta.max_players, 21)

    def policy(s: dict) -> object:
        return rng.choice(game.legal_actions(s))

    rnd, turn = game.clock(state)
    game.advance(state, Stop.TURN, policy)
    assert game.is_over(state) or game.clock(state)[1] == turn + 1
    rnd, turn = game.clock(state)
    game.advance(state, Stop.ROUND, policy)
    assert game.is_over(state) or game.clock(state)[0] == rnd + 1


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_describe_and_render_speak(game: Game) -> None:
    for state, legal in _walk(game, 23, game.meta.min_players, steps=30):
        assert game.render(state)
        assert all(game.describe(state, a) for a in legal[:5])
        assert all(isinstance(game.preview(state, a), dict) for a in legal[:5])
