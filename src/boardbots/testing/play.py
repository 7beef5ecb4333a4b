"""Seeded random play through the public contract: the positions every check looks at."""

from __future__ import annotations

from collections.abc import Iterator

from boardbots.core.contract import Action, Game, State
from boardbots.core.rng import Rng

STEP_CAP = 3000
"""Moves a random game may take when the game declares no maximum length."""


def random_game(game: Game, seed: int, players: int | None = None) -> tuple[State, list[Action]]:
    """Play uniformly random legal actions from a seeded start until the end or the cap."""
    players = players or game.meta.min_players
    state = game.new_state(players, seed)
    rng = Rng(seed)
    actions: list[Action] = []
    cap = game.meta.max_length or STEP_CAP
    while not game.is_over(state) and len(actions) < cap:
        action = rng.choice(game.legal_actions(state))
        game.apply(state, action)
        actions.append(action)
    return state, actions


def walk(
    game: Game, seed: int, players: int, steps: int = 400
) -> Iterator[tuple[State, list[Action]]]:
    """Yield (state, legal actions) at each step of a seeded random game.

    The state is live: a caller that keeps one past the next step must clone it.
    """
    state = game.new_state(players, seed)
    rng = Rng(seed + 1000)
    for _ in range(steps):
        if game.is_over(state):
            return
        legal = game.legal_actions(state)
        yield state, legal
        game.apply(state, rng.choice(legal))


def player_counts(game: Game) -> list[int]:
    return list(range(game.meta.min_players, game.meta.max_players + 1))


def seats(players: int) -> list[int | None]:
    """Every point of view: the spectator first, then each seat."""
    return [None, *range(players)]
