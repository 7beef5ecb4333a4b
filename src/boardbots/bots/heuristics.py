"""What each game teaches the bots, the lookup by game name, and the shared reward.

The levels in this package are written once against the engine contract;
everything that depends on a game's strategy lives in that game's
`heuristics.py` as an object satisfying `Heuristics` (declared in core, so the
game can subclass it); the pieces every game would repeat (the reward, the
rollout loop, the bot's world) live here.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from boardbots.core.contract import Action, Game, State, Stop, View
from boardbots.core.heuristics import Heuristics, squash
from boardbots.core.rng import Rng
from boardbots.games import declared, get_game, plugin_for

_CACHE: dict[str, Heuristics] = {}


def heuristics_for(game_name: str) -> Heuristics:
    """The heuristics the game's plug-in declares; ImportError for a game without any
    (only Random plays it)."""
    return declared(game_name, "heuristics", plugin_for(game_name).heuristics, _CACHE)


class World(NamedTuple):
    """One imagined world a bot decides in, with what it needs to hand."""

    game: Game
    heur: Heuristics
    state: State
    actions: list[Action]
    me: int


def imagine(view: View, rng: Rng) -> World:
    """Determinize the view (the only way a bot gets a full state) and list the choices.

    The legal list depends only on what the deciding seat knows, so any
    determinization gives the same one.
    """
    game = get_game(view["game"])
    state = game.determinize(view, rng.fork())
    me = int(view["pending"]["player"])
    return World(game, heuristics_for(game.meta.name), state, game.legal_actions(state), me)


def reward(game: Game, heur: Heuristics, state: State, me: int) -> float:
    """Hard's reward in [0, 1]: mostly winning, a little margin, tanh of V mid-game."""
    scale = heur.reward_scale(state)
    if not game.is_over(state):
        return squash(heur.evaluate(state, me), scale)
    scores = game.scores(state)
    best_other = max(s for i, s in enumerate(scores) if i != me)
    return 0.8 * game.result(state)[me] + 0.2 * squash(scores[me] - best_other, scale)


def standard_rollout(
    game: Game, heur: Heuristics, state: State, me: int, rng: Rng, epsilon: float, until: int
) -> float:
    """Everyone plays the quick policy until turn number `until` begins (or the game ends).

    The horizon is fixed by the caller before the candidate is applied, so a
    move that ends our turn early does not earn an extra turn of rollout.
    """

    def policy(s: State) -> Action:
        return heur.quick_action(s, rng, epsilon)

    while not game.is_over(state) and game.clock(state)[1] < until:
        game.advance(state, Stop.TURN, policy)
    return reward(game, heur, state, me)


def player_count(state: State) -> int:
    """Seats in a state, read from the contract's scores (every game has one per seat)."""
    return len(get_game(state["game"]).scores(state))


def jitter(rng: Rng) -> float:
    """The spec's tie-breaker: a random nudge far below any real difference."""
    return rng.random() * 1e-6


def describe_all(game: Game, state: State, items: list[dict[str, Any]]) -> None:
    """Add words to note entries so the 'how the bot thinks' page can show them."""
    for item in items:
        item["text"] = game.describe(state, item["action"])
