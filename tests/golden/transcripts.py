"""Short seeded games between scripted bots, written out as plain-text transcripts.

Each decision goes through the same boundary as a real table: the deciding
seat's bot gets only `player_view` of its seat and a `BotContext` whose rng
is `Rng(decision_seed(seed, k))` for the k-th decision, and its action is
checked with `GAME.check` before `GAME.apply`. A line records the pending
player and kind (and the card asking, for a Domination sub-decision), the
action and `describe(state, action)`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardbots.bots.base import Bot, BotContext
from boardbots.bots.random import RandomBot
from boardbots.core.contract import Action, Game, State
from boardbots.core.rng import Rng, decision_seed
from boardbots.games.domination.engine import GAME as DOMINATION
from boardbots.games.domination.strategies import BigMoneyBot, RandomStrategyBot
from boardbots.games.domination.view import known_cards
from boardbots.games.y.engine import GAME as Y

TRANSCRIPT_DIR = Path(__file__).parent / "transcripts"

# Seeds picked so the short games reach more of the rules: this Y game uses the pie
# rule, and in this Domination game the Random player buys and plays Workshop and
# Militia, so Big Money answers an attack.
Y_SEED = 50
Y_OPTIONS: dict[str, Any] = {"size": 5, "swap": True}

DOM_SEED = 6
DOM_OPTIONS: dict[str, Any] = {"kingdom": "first-game"}
DOM_ROUNDS = 8
"""Rounds played (a round is one turn each); the game is cut off there, not finished."""


def _line(game: Game, state: State, k: int, action: Action) -> str:
    pend = game.pending(state)
    assert pend is not None
    who = f"P{pend['player']} {pend['kind']}"
    if "card" in pend:
        who += f" ({pend['card']})"
    return f"{k:3d}. {who}: {action} -- {game.describe(state, action)}"


def play(
    game: Game,
    state: State,
    bots: list[Bot],
    seed: int,
    keep_going: Callable[[State], bool],
    on_turn: Callable[[State], str | None] = lambda s: None,
) -> list[str]:
    """Let the bots decide until the game ends or `keep_going` says stop; one line each."""
    lines: list[str] = []
    k = 0
    while not game.is_over(state) and keep_going(state):
        header = on_turn(state)
        if header:
            lines.append(header)
        seat = game.pending(state)["player"]  # type: ignore[index]
        ctx = BotContext(rng=Rng(decision_seed(seed, k)))
        action = bots[seat].decide(game.player_view(state, seat), ctx)
        game.check(state, action)
        lines.append(_line(game, state, k, action))
        game.apply(state, action)
        k += 1
    return lines


def y_transcript() -> str:
    """The Random bot against itself on a size-5 board with the pie rule, to the end."""
    state = Y.new_state(2, Y_SEED, Y_OPTIONS)
    lines = [
        f"# Game of Y, options {Y_OPTIONS}, seed {Y_SEED}",
        "# P0: RandomBot, P1: RandomBot (bots.random), decision k uses Rng(decision_seed(seed, k))",
    ]
    lines += play(Y, state, [RandomBot(), RandomBot()], Y_SEED, lambda s: True)
    lines += [f"result: {Y.result(state)}", "", Y.render(Y.player_view(state, None))]
    return "\n".join(lines) + "\n"


def domination_transcript() -> str:
    """Big Money (seat 0) against the Random strategy (seat 1) for DOM_ROUNDS rounds."""
    state = DOMINATION.new_state(2, DOM_SEED, DOM_OPTIONS)
    lines = [
        f"# Domination, 2 players, options {DOM_OPTIONS}, seed {DOM_SEED}, {DOM_ROUNDS} rounds",
        f"# kingdom: {', '.join(state['kingdom'])}",
        "# P0: BigMoneyBot, P1: RandomStrategyBot, decision k uses Rng(decision_seed(seed, k))",
    ]
    seen: list[int] = []

    def on_turn(s: State) -> str | None:
        rnd, turn = DOMINATION.clock(s)
        if seen and seen[-1] == turn:
            return None
        seen.append(turn)
        return f"-- round {rnd + 1}, turn {turn + 1}: P{s['cur']}"

    bots: list[Bot] = [BigMoneyBot(), RandomStrategyBot()]
    lines += play(
        DOMINATION,
        state,
        bots,
        DOM_SEED,
        lambda s: DOMINATION.clock(s)[0] < DOM_ROUNDS,
        on_turn,
    )
    lines += ["", *_public_summary(state)]
    return "\n".join(lines) + "\n"


def _public_summary(state: State) -> list[str]:
    """What a spectator sees at the cut-off: the table, then each seat's public entry."""
    view = DOMINATION.player_view(state, None)
    scores = DOMINATION.scores(view)
    lines = [DOMINATION.render(view)]
    for p, seat in enumerate(view["players"]):
        cards = Counter(known_cards(view, p))
        owned = ", ".join(f"{n} {cards[n]}" for n in sorted(cards))
        lines.append(
            f"P{p}: {scores[p]:g} VP; hand {seat['hand_size']}, deck {seat['deck_size']},"
            f" discard {seat['discard_size']} (top {seat['discard_top']}),"
            f" shown {seat['shown']}, top_public {seat['top_public']}; owns {owned}"
        )
    return lines


TRANSCRIPTS: dict[str, Callable[[], str]] = {
    "y_random_size5.txt": y_transcript,
    "domination_bigmoney_vs_random.txt": domination_transcript,
}
