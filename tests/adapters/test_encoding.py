"""The games' declared encodings (stdlib only, so these run without the rl extra)."""

from __future__ import annotations

import pytest

from boardbots.core.contract import Game
from boardbots.core.rng import Rng
from boardbots.games import all_games, encoding_for, get_game

CASES = sorted(
    {(g.meta.name, p) for g in all_games() for p in (g.meta.min_players, g.meta.max_players)}
)


def _random_game(game: Game, players: int, seed: int, steps: int) -> list[dict[str, object]]:
    """The states met in one random game (at most `steps` decisions), for checking each."""
    rng = Rng(seed)
    state = game.new_state(players, seed)
    seen = [game.clone(state)]
    for _ in range(steps):
        if game.is_over(state):
            break
        game.apply(state, rng.choice(game.legal_actions(state)))
        seen.append(game.clone(state))
    return seen


@pytest.mark.parametrize(("name", "players"), CASES)
def test_every_legal_action_has_an_index_and_observations_keep_their_size(
    name: str, players: int
) -> None:
    game, enc = get_game(name), encoding_for(name)
    for seed in range(2):
        first = game.new_state(players, seed)
        rules = game.rules(first)
        actions = enc.actions(rules, players)
        assert len(set(actions)) == len(actions)
        size = enc.observation_size(rules, players)
        for k, state in enumerate(_random_game(game, players, seed, 400)):
            if not game.is_over(state):
                assert set(game.legal_actions(state)) <= set(actions)
            for seat in [None, *range(players)] if k % 4 == 0 or game.is_over(state) else []:
                obs = enc.observe(game.player_view(state, seat))
                assert len(obs) == size
                assert all(0.0 <= x <= enc.observation_high for x in obs)


@pytest.mark.parametrize("name", [g.meta.name for g in all_games() if g.meta.hidden_information])
def test_observation_is_the_same_in_every_world_the_seat_cannot_tell_apart(name: str) -> None:
    game, enc = get_game(name), encoding_for(name)
    for state in _random_game(game, 3, 5, 120)[::10]:
        for seat in range(3):
            view = game.player_view(state, seat)
            other = game.determinize(view, Rng(seat + 1))
            assert enc.observe(game.player_view(other, seat)) == enc.observe(view)


def test_unknown_game_has_no_encoding() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        encoding_for("chess")


def test_domination_action_space_covers_every_preset_kingdom() -> None:
    game, enc = get_game("domination"), encoding_for("domination")
    presets = game.rules(game.new_state(2, 0)).presets  # type: ignore[attr-defined]
    for kingdom in presets:
        rng, state = Rng(3), game.new_state(2, 3, {"kingdom": kingdom})
        actions = set(enc.actions(game.rules(state), 2))
        while not game.is_over(state):
            legal = game.legal_actions(state)
            assert set(legal) <= actions, kingdom
            game.apply(state, rng.choice(legal))


def test_domination_values_above_the_bound_are_clipped() -> None:
    game, enc = get_game("domination"), encoding_for("domination")
    view = game.player_view(game.new_state(2, 1), 0)
    plain = enc.observe(view)
    view["coins"] = 500
    clipped = enc.observe(view)
    assert max(clipped) == enc.observation_high
    assert [a for a, b in zip(plain, clipped, strict=True) if a != b] == [0.0]
