"""What a game teaches the bots: the protocol every level consumes.

In core, beside the engine contract, so a game folder can subclass it and inherit
the documented defaults of its optional hooks without importing the bots layer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from boardbots.core import portable
from boardbots.core.contract import Action, State, Stop
from boardbots.core.rng import Rng


def squash(value: float, scale: float) -> float:
    """Map a score difference into (0, 1), the range of Hard's rewards; a lead of half
    `scale` maps to about 0.73. In core so a game's own playout scores as Hard does."""
    return 0.5 + 0.5 * portable.tanh(value / scale)


class Heuristics(Protocol):
    """One game's strategic knowledge, in the shape every level consumes.

    Values are in the game's own score units (victory points, stones still needed);
    `reward_scale` says how big one round's worth of them is. A game's class
    subclasses this protocol to inherit the defaults of the optional hooks (those
    whose docstring names a default); the others it must write.
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
        """Medium's weight on the outlook here when its bot code sets none (`bots/medium.py`):
        how far ahead a game's Medium should look is measured per game, and may differ
        with the number of players. Default: spec 000's 0.5."""
        return 0.5

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
        Default: None.
        """
        return None

    paired_worlds: bool = False
    """Whether Hard compares its candidates on the same worlds (`bots/hard.py`). Default:
    False, each candidate on worlds of its own."""

    hard_trusts_obvious: bool = False
    """Whether Hard plays `obvious_answer` without search: only for a game whose obvious
    answers are never worse than the alternatives. Default: False."""

    def hard_horizon_turns(self, state: State) -> int | None:
        """Turns Hard's standard rollout plays past the decision's turn, or None for one
        per seat. Default: None."""
        return None

    def hard_tree(
        self,
        state: State,
        actions: list[Action],
        me: int,
        rng: Rng,
        limit: int,
        spent: Callable[[int], bool],
    ) -> tuple[int, list[tuple[int, float]]] | None:
        """A game's own search over Hard's candidates `actions`, for a game where one tree
        sharing what every simulation shows beats rating each candidate apart: at most
        `limit` simulations, stopping when `spent(i)` says the budget is gone, drawing only
        from `rng`. Returns the simulations run and each candidate's (visits, total reward
        for `me`), or None for Hard's flat search. Default: None."""
        return None

    def hard_new_search(self) -> None:
        """Called as each Hard search starts: a game whose rollouts keep statistics across
        iterations starts them empty, so a decision follows from its seed alone.
        Default: nothing to reset."""

    def forget(self) -> None:
        """Empty whatever is remembered between decisions (position plans, memo tables),
        so a benchmark times a decision from cold. Decisions never depend on it: a cache
        only gives the same answer faster. Default: nothing is remembered."""
        return None

    def hard_limits(self, state: State) -> tuple[int, int]:
        """Hard's iteration cap and how many of Medium's best moves it searches here,
        unless its bot code says otherwise: a game with cheap iterations may spend more
        of its budget, and noisy whole-game playouts need fewer arms with more each."""
        ...

    def hard_sure(self, state: State) -> float:
        """How many standard errors of their paired difference a rival must lead
        `hard_favourite` by before Hard plays it instead. Whole-game playouts are noisy,
        and a rival that merely drew lucky worlds would otherwise replace a favourite that
        is usually right (a Militia victim kept its Curse and gave up a Silver). A game
        returns the margin it measured for this kind of decision. Default: 2.0."""
        return 2.0

    def hard_favourite(self, state: State, actions: list[Action]) -> Action | None:
        """The move Hard keeps unless its search finds a clearly better one, or None for
        Medium's favourite. A game whose playouts follow a script names the script's own
        move, so the search can only improve on the script it rolls out with. Default: None."""
        return None

    def hard_unsearched(self, state: State, actions: list[Action]) -> Action | None:
        """A move Hard plays without searching, though it is not obvious: where the game
        measured that Hard's search nearly always agrees with its own plan, so the playouts
        would cost their time for almost no change of play. Default: None."""
        return None

    def obvious_answer(self, state: State, actions: list[Action]) -> Action | None:
        """The move no sane player would miss (a win, a block, a reaction), if any.
        Default: None."""
        return None

    def disasters(self, state: State, actions: list[Action]) -> list[Action]:
        """The actions that are plainly self-destructive right now. Default: none."""
        return []

    def immediate(self, state: State, action: Action) -> float:
        """Easy's 'immediate result' of an action (positive means it helps)."""
        ...

    def easy_pick(self, state: State, actions: list[Action], rng: Rng) -> Action | None:
        """A game's own Easy choice (a greedy rule of its spec), or None for the weighted
        draw. Default: None."""
        return None

    def hard_page_numbers(self) -> dict[str, float]:
        """Numbers for Hard's description on the "How the bots think" page that differ
        from `hard_limits` at the opening position, by name: a game whose Hard searches
        another way in some seats states the figures of each, and its own page steps
        quote them. Default: none."""
        return {}

    def easy_weights(self) -> dict[str, float]:
        """The weights of the game's own Easy choice, by name, for the "How the bots think"
        page. Default: none (a game without `easy_pick`)."""
        return {}
