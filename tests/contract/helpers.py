"""Random play through the public contract, shared by the conformance tests."""

from __future__ import annotations

from boardbots.core.contract import Game, State
from boardbots.core.rng import Rng

STEP_CAP = 3000


def random_game(game: Game, seed: int, players: int | None = None) -> tuple[State, list[object]]:
    """Play uniformly random legal actions until the end or the step cap."""
    players = players or game.meta.min_players
    state = game.new_state(players, seed)
    rng = Rng(seed)
    actions: list[object] = []
    cap = game.meta.max_length or STEP_CAP
    while not game.is_over(state) and len(actions) < cap:
        action = rng.choice(game.legal_actions(state))
        game.apply(state, action)
        actions.append(action)
    return state, actions


def player_counts(game: Game) -> list[int]:
    return list(range(game.meta.min_players, game.meta.max_players + 1))
