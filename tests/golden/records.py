"""Golden game records: seeded games whose every decision is pinned by a digest.

These guard the engines' speed work: a faster `legal_actions`, `apply` or
connection test must change no game. Each case plays seeded games and keeps
a small record per game: the lab's own record (`sim.harness.play_game`, minus
timings) where bots play, and a SHA-256 over every step's pending decision,
legal list and chosen action plus the final board as rendered. The digest
pins the whole trajectory in 16 hex digits instead of storing it.

Regenerate with `python -m tests.golden.regen` only after a change meant to
alter games, and read the diff of `records.json` before committing it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from boardbots.bots.base import Bot, BotContext
from boardbots.bots.registry import make_bot
from boardbots.core.contract import Action, Game, State
from boardbots.core.rng import Rng, decision_seed
from boardbots.games import get_game
from boardbots.games.domination.gauntlet import state_policy
from boardbots.games.domination.playout import play_to_end
from boardbots.games.domination.strategies import RandomStrategyBot, big_money, random_play
from boardbots.sim.harness import MatchSpec, game_seed, play_game, seats_for

RECORDS_PATH = Path(__file__).parent / "records.json"
STEP_CAP = 20_000
"""Every game here ends long before this; the cap only keeps a bug from hanging the test."""

Record = dict[str, Any]


class _Digest:
    """A running hash of a game's steps; JSON keeps ints and strs apart."""

    def __init__(self) -> None:
        self._h = hashlib.sha256()
        self.steps = 0

    def step(self, game: Game, state: State, action: Action) -> None:
        seen = [game.pending(state), game.legal_actions(state), action]
        self._h.update(json.dumps(seen, sort_keys=True).encode())
        self.steps += 1

    def finish(self, game: Game, state: State) -> str:
        self._h.update(game.render(game.player_view(state, None)).encode())
        self._h.update(json.dumps([game.scores(state), game.clock(state)]).encode())
        return self._h.hexdigest()[:16]


def _bot(code: str, game: str) -> Bot:
    # The spec's Random strategy is a lab baseline without a registry code.
    return RandomStrategyBot() if code == "random-strategy" else make_bot(code, game)


def bot_game(game_name: str, seats: tuple[str, ...], options: dict[str, Any], i: int) -> Record:
    """Game i of a lab run with seed 0: the harness's record and the trajectory digest."""
    spec = MatchSpec(game_name, seats, options)
    record: Record = {}
    if "random-strategy" not in seats:
        record = play_game(spec, 0, i).results_part()
    game = get_game(game_name)
    codes = seats_for(spec, i)
    bots = [_bot(code, game_name) for code in codes]
    gseed = game_seed(0, i)
    state = game.new_state(spec.players, gseed, dict(options))
    digest = _Digest()
    while not game.is_over(state) and digest.steps < STEP_CAP:
        seat = int(game.pending(state)["player"])  # type: ignore[index]
        ctx = BotContext(rng=Rng(decision_seed(gseed, digest.steps)))
        action = bots[seat].decide(game.player_view(state, seat), ctx)
        digest.step(game, state, action)
        game.apply(state, action)
    record.update(seats=codes, steps=digest.steps, digest=digest.finish(game, state))
    return record


def policy_game(game_name: str, players: int, options: dict[str, Any], seed: int) -> Record:
    """A game where one policy reads the state directly, as the speed benchmarks play."""
    game = get_game(game_name)
    rng = Rng(seed)
    policy = _POLICIES[str(options.pop("policy"))]
    state = game.new_state(players, seed, options)
    digest = _Digest()
    while not game.is_over(state) and digest.steps < STEP_CAP:
        action = policy(game, state, rng)
        digest.step(game, state, action)
        game.apply(state, action)
    return {"steps": digest.steps, "digest": digest.finish(game, state)}


_POLICIES: dict[str, Callable[[Game, State, Rng], Action]] = {
    "uniform": lambda game, state, rng: rng.choice(game.legal_actions(state)),
    "random-strategy": lambda game, state, rng: random_play(state, rng),
    "big-money": lambda game, state, rng: big_money(state),
}


def hard_decision(game_name: str, players: int, code: str, seed: int, plies: int) -> Record:
    """A bot's choice (Hard, with a fixed iteration budget) after `plies` uniform random moves."""
    game = get_game(game_name)
    rng = Rng(seed)
    state = game.new_state(players, seed, {})
    for _ in range(plies):
        game.apply(state, rng.choice(game.legal_actions(state)))
    seat = int(game.pending(state)["player"])  # type: ignore[index]
    ctx = BotContext(rng=Rng(decision_seed(seed, plies)))
    action = make_bot(code, game_name).decide(game.player_view(state, seat), ctx)
    return {"action": action, "iterations": ctx.notes.get("iterations", 0)}


def scripted_game(codes: tuple[str, str], kingdom: str | list[str], seed: int) -> Record:
    """A two-player game between gauntlet scripts, as the lab's direct loops play them."""
    game = get_game("domination")
    policies = [state_policy(c) for c in codes]
    state = game.new_state(2, seed, {"kingdom": kingdom})
    digest = _Digest()
    while not game.is_over(state) and digest.steps < STEP_CAP:
        action = policies[int(state["pending"]["player"])](state)
        digest.step(game, state, action)
        game.apply(state, action)
    return {"steps": digest.steps, "digest": digest.finish(game, state)}


def scripted_playout(seed: int, plies: int) -> Record:
    """Hard's whole-game playout (2 players, random kingdom) after `plies` uniform moves."""
    game = get_game("domination")
    rng = Rng(seed)
    state = game.new_state(2, seed, {"kingdom": "random"})
    for _ in range(plies):
        game.apply(state, rng.choice(game.legal_actions(state)))
    me = int(state["pending"]["player"])
    reward = play_to_end(state, me)
    digest = _Digest()
    return {"reward": reward, "steps": state["steps"], "digest": digest.finish(game, state)}


_SCRIPT_PAIRS = [
    ("gauntlet-best", "bmu"),
    ("smithy-bm", "militia-bm"),
    ("doublewitch", "chapel-witch"),
    ("lab-bm", "councilroom-bm"),
    ("moat-bm", "cr-militia"),
]
"""Every playbook script plays; the kingdom below holds all their cards."""

_SCRIPT_KINGDOM = "Village,Council Room,Militia,Witch,Chapel,Smithy,Laboratory,Moat,Cellar,Market"


def _scripted(kingdoms: list[str | list[str]], seeds: range) -> list[Record]:
    out = []
    for kingdom in kingdoms:
        for pair in _SCRIPT_PAIRS:
            out += [scripted_game(pair, kingdom, s) for s in seeds]
    return out


def _bots(game: str, seats: tuple[str, ...], options: dict[str, Any], n: int) -> list[Record]:
    return [bot_game(game, seats, options, i) for i in range(n)]


def _policies(game: str, players: int, options: dict[str, Any], seeds: range) -> list[Record]:
    return [policy_game(game, players, dict(options), s) for s in seeds]


def _hard(game: str, players: int, code: str, seeds: range, plies: range) -> list[Record]:
    return [hard_decision(game, players, code, s, p) for s in seeds for p in plies]


CASES: dict[str, Callable[[], list[Record]]] = {
    "y uniform size 5": lambda: _policies("y", 2, {"size": 5, "policy": "uniform"}, range(100)),
    "y uniform size 5 swap": lambda: _policies(
        "y", 2, {"size": 5, "swap": True, "policy": "uniform"}, range(20)
    ),
    "y uniform size 11": lambda: _policies("y", 2, {"size": 11, "policy": "uniform"}, range(200)),
    "y random bots size 11 swap": lambda: _bots("y", ("random", "random"), {"swap": True}, 20),
    "y easy vs medium size 7": lambda: _bots("y", ("easy", "medium"), {"size": 7}, 4),
    "y medium vs easy size 11": lambda: _bots("y", ("medium", "easy"), {"size": 11}, 4),
    "y uct size 5": lambda: _bots("y", ("uct:simulations=200", "easy"), {"size": 5}, 2),
    "y hard 200 iterations": lambda: _hard(
        "y", 2, "hard:iterations=200", range(2), range(4, 40, 9)
    ),
    "domination random strategy 2p": lambda: _policies(
        "domination", 2, {"policy": "random-strategy"}, range(30)
    ),
    "domination random strategy 4p": lambda: _policies(
        "domination", 4, {"policy": "random-strategy"}, range(40)
    ),
    "domination uniform 4p": lambda: _policies("domination", 4, {"policy": "uniform"}, range(10)),
    "domination big money 2p": lambda: _policies(
        "domination", 2, {"policy": "big-money"}, range(10)
    ),
    "domination random-strategy bots 4p": lambda: _bots(
        "domination", ("random-strategy",) * 4, {}, 3
    ),
    "domination bigmoney vs medium": lambda: _bots("domination", ("bigmoney", "medium"), {}, 2),
    "domination easy vs medium 4p": lambda: _bots(
        "domination", ("easy", "medium", "easy", "medium"), {}, 2
    ),
    "domination hard 200 iterations": lambda: _hard(
        "domination", 4, "hard:iterations=200", range(2), range(20, 120, 5)
    ),
    "domination hard 2p scripted 100 iterations": lambda: _hard(
        "domination", 2, "hard:iterations=100", range(2), range(10, 100, 15)
    ),
    "domination scripted 2p": lambda: _scripted(
        [_SCRIPT_KINGDOM.split(","), "first-game", "size-distortion", "deck-top"], range(8)
    ),
    "domination scripted 2p random kingdoms": lambda: [
        scripted_game(("gauntlet-best", "gauntlet-best"), "random", s) for s in range(100)
    ],
    "domination playouts 2p": lambda: [
        scripted_playout(s, p) for s in range(25) for p in (0, 25, 60, 110)
    ],
}


def generate() -> dict[str, list[Record]]:
    return {name: make() for name, make in CASES.items()}


def write() -> Path:
    """One line per record, so a diff of the file names the games that changed."""
    lines = []
    for name, records in generate().items():
        rows = ",\n  ".join(json.dumps(r, sort_keys=True) for r in records)
        lines.append(f" {json.dumps(name)}: [\n  {rows}\n ]")
    RECORDS_PATH.write_text("{\n" + ",\n".join(lines) + "\n}\n")
    return RECORDS_PATH
