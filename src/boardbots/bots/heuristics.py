"""What each game teaches the bots, the lookup by game name, and the shared reward.

The levels in this package are written once against the engine contract;
everything that depends on a game's strategy lives in that game's
`heuristics.py` as an object satisfying `Heuristics`. Game modules may not
import from `bots` (imports flow core <- games <- bots), so the protocol is
structural and the pieces every game would repeat (the reward, the rollout
loop, the bot's world) live here.
"""

from __future__ import annotations

import importlib
import math
from typing import Any, NamedTuple, Protocol

from boardbots.core.contract import Action, Game, State, Stop, View
from boardbots.core.rng import Rng
from boardbots.games import get_game


class Heuristics(Protocol):
    """One game's strategic knowledge, in the shape every level consumes.

    Values are in the game's own score units (VP in Domination, stones still
    needed in Y); `reward_scale` says how big one round's worth of them is.
    """

    easy_random_rate: float
    """Easy's share of random moves when the bot code does not set one."""

    def evaluate(self, state: State, me: int) -> float:
        """Our standing at a search horizon, against the leading opponent."""
        ...

    def outlook(self, state: State, me: int) -> float:
        """Expected value the next random event brings us, averaged over outcomes; 0 when over."""
        ...

    def reward_scale(self, state: State) -> float:
        """About how much score one round of play moves; scales tanh in the reward."""
        ...

    def points(self, state: State) -> list[float]:
        """Per-player score Medium measures its gains in."""
        ...

    def medium_horizon(self, state: State) -> Stop | None:
        """Where Medium's neutral lookahead stops after a move; None evaluates at once."""
        ...

    def medium_beta(self, state: State) -> float:
        """Medium's weight on the outlook here when its bot code sets none (`bots/medium.py`;
        spec 000's default is 0.5): how far ahead a game's Medium should look is
        measured per game, and may differ with the number of players."""
        ...

    def neutral_action(self, state: State) -> Action:
        """The 'do nothing' answer: pass, or the default choice of a sub-decision."""
        ...

    def quick_action(self, state: State, rng: Rng, epsilon: float) -> Action:
        """Rollout policy: epsilon-greedy over action values computed without cloning."""
        ...

    def playout(self, state: State, me: int, rng: Rng) -> float | None:
        """A fast game-specific rollout: `me`'s reward in [0, 1], or None for the standard
        rollout (the quick policy to the horizon, then `evaluate`).

        Hard takes the value as the reward as it is; a playout that knows the
        margin as well as the winner should blend it in as `reward` does.
        """
        ...

    paired_worlds: bool
    """Whether Hard compares its candidates on the same worlds (`bots/hard.py`)."""

    hard_trusts_obvious: bool
    """Whether Hard plays `obvious_answer` without search: only for a game whose obvious
    answers are never worse than the alternatives."""

    def hard_horizon_turns(self, state: State) -> int | None:
        """Turns Hard's standard rollout plays past the decision's turn, or None for one
        per seat."""
        ...

    def hard_new_search(self) -> None:
        """Called as each Hard search starts: a game whose rollouts keep statistics across
        iterations starts them empty, so a decision follows from its seed alone."""
        ...

    def hard_limits(self, state: State) -> tuple[int, int]:
        """Hard's iteration cap and how many of Medium's best moves it searches here,
        unless its bot code says otherwise: a game with cheap iterations may spend more
        of its budget, and noisy whole-game playouts need fewer arms with more each."""
        ...

    def hard_favourite(self, state: State, actions: list[Action]) -> Action | None:
        """The move Hard keeps unless its search finds a clearly better one, or None for
        Medium's favourite. A game whose playouts follow a script names the script's own
        move, so the search can only improve on the script it rolls out with."""
        ...

    def obvious_answer(self, state: State, actions: list[Action]) -> Action | None:
        """The move no sane player would miss (a win, a block, a reaction), if any."""
        ...

    def disasters(self, state: State, actions: list[Action]) -> list[Action]:
        """The actions that are plainly self-destructive right now."""
        ...

    def immediate(self, state: State, action: Action) -> float:
        """Easy's 'immediate result' of an action (positive means it helps)."""
        ...

    def easy_pick(self, state: State, actions: list[Action], rng: Rng) -> Action | None:
        """A game's own Easy choice (Y's is spec 003), or None for the weighted draw."""
        ...


_CACHE: dict[str, Heuristics] = {}


def heuristics_for(game_name: str) -> Heuristics:
    """The heuristics object of `boardbots.games.<name>.heuristics` (its HEURISTICS)."""
    found = _CACHE.get(game_name)
    if found is None:
        module = importlib.import_module(f"boardbots.games.{game_name}.heuristics")
        found = module.HEURISTICS
        _CACHE[game_name] = found
    return found


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


def squash(value: float, scale: float) -> float:
    """Map a score difference into (0, 1); half a round's score is about 0.73."""
    return 0.5 + 0.5 * math.tanh(value / scale)


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
