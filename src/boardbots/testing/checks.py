"""The contract checks, one function each; every one raises `Failed` with a reason.

Seeds and sizes are fixed so a failure repeats exactly, and are the same the
project's own suite has always used, so moving the suite here kept its coverage.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from boardbots.core.contract import Action, Game, IllegalAction, State, Stop
from boardbots.core.rng import Rng
from boardbots.testing.play import player_counts, random_game, seats, walk
from boardbots.testing.report import Failed, expect

BOGUS_ACTION = "\x00not an action\x00"
"""An answer no game offers: `check` must refuse it."""


def _dump(state: State) -> str:
    return json.dumps(state, sort_keys=True)


def check_metadata(game: Game) -> None:
    meta = game.meta
    expect(1 <= meta.min_players <= meta.max_players, f"bad player range {meta}")
    expect(meta.max_length is None or meta.max_length > 0, "max_length must be positive or None")
    rules = game.rules(game.new_state(meta.min_players, 0))
    expect(rules == game.default_rules(), "a new state's rules are not default_rules()")


def check_legality(game: Game) -> None:
    """Pending seats always have distinct legal actions, and `check` agrees with the list."""
    for players in player_counts(game):
        for state, legal in walk(game, 3, players):
            pending = game.pending(state)
            expect(pending is not None, "pending() is None before the game is over")
            assert pending is not None
            expect(0 <= pending["player"] < players, f"pending seat out of range: {pending}")
            expect(bool(legal), f"no legal action while pending {pending}")
            expect(len(legal) == len(set(legal)), "legal actions repeat")
    for state, legal in walk(game, 13, game.meta.min_players, steps=80):
        expect(json.loads(json.dumps(legal)) == legal, "legal actions do not survive JSON")
        for action in legal:
            _accepts(game, state, action)
        _refuses(game, state)


def _accepts(game: Game, state: State, action: Action) -> None:
    try:
        game.check(state, action)
    except IllegalAction as exc:
        raise Failed(f"check() refused the legal action {action!r}: {exc}") from None


def _refuses(game: Game, state: State) -> None:
    before = _dump(state)
    try:
        game.check(state, BOGUS_ACTION)
    except IllegalAction:
        expect(_dump(state) == before, "check() changed the state while refusing")
        return
    expect(False, "check() accepted an action that is not in legal_actions()")


def check_endings(game: Game) -> None:
    """Random games end within `max_length`, with shares that sum to one."""
    if game.meta.max_length is None:
        return  # may never end under random play: the game's own tests cap it
    for seed in range(6):
        for players in player_counts(game):
            state, actions = random_game(game, seed, players)
            expect(game.is_over(state), f"seed {seed}, {players}p: not over after max_length")
            expect(len(actions) <= game.meta.max_length, "a game outlived max_length")
            expect(abs(sum(game.result(state)) - 1.0) < 1e-9, "result() does not sum to 1")
            expect(game.pending(state) is None, "pending() is not None once the game is over")


def check_purity(game: Game) -> None:
    """`clone` is independent, and `applied` leaves its argument alone."""
    for state, legal in walk(game, 5, game.meta.min_players, steps=60):
        before = _dump(state)
        copy = game.clone(state)
        expect(copy == state, "clone() differs from the original")
        game.apply(copy, legal[-1])
        expect(_dump(state) == before, "applying to a clone changed the original")
    for state, legal in walk(game, 7, game.meta.min_players, steps=60):
        before = _dump(state)
        nxt = game.applied(state, legal[0])
        expect(_dump(state) == before, "applied() changed the state it was given")
        expect(nxt != state, "applied() returned an unchanged state")


def check_json(game: Game) -> None:
    """States and views are plain JSON, and each view says whose it is."""
    for players in player_counts(game):
        for state, _ in walk(game, 9, players, steps=80):
            expect(json.loads(json.dumps(state)) == state, "a state does not survive JSON")
            for seat in seats(players):
                view = game.player_view(state, seat)
                expect(json.loads(json.dumps(view)) == view, "a view does not survive JSON")
                expect(view.get("game") == game.meta.name, "view['game'] is not the game's name")
                expect("pending" in view, "a view does not carry 'pending'")
                expect(view.get("viewer", -1) == seat, "view['viewer'] is not its seat")


def check_determinize(game: Game) -> None:
    """`view(determinize(view)) == view`, and the same rng gives the same world."""
    for state, _ in walk(game, 17, game.meta.max_players, steps=120):
        pending = game.pending(state)
        assert pending is not None
        seat = pending["player"]
        view = game.player_view(state, seat)
        world = game.determinize(view, Rng(4))
        expect(game.player_view(world, seat) == view, "view(determinize(view)) != view")
        expect(world == game.determinize(view, Rng(4)), "determinize() ignores its rng seed")


def check_no_leaks(game: Game) -> None:
    """Redrawing all a seat cannot know (the game's `redraw_hidden`) leaves its view alone.

    A view that showed another hand, a deck order or the seed would change.
    """
    rng, changed = Rng(29), 0
    for players in player_counts(game):
        for step, (state, _) in enumerate(walk(game, 29, players, steps=300)):
            if step % 3:
                continue
            for seat in seats(players):
                twin = game.redraw_hidden(state, seat, rng)
                changed += twin != state
                same = game.player_view(twin, seat) == game.player_view(state, seat)
                expect(same, f"seat {seat} sees something hidden from it ({players}p, step {step})")
    if game.meta.hidden_information:
        expect(changed > 0, "redraw_hidden() never changed a state, yet the game hides things")


def check_determinism(game: Game) -> None:
    """The same seed gives the same game, move for move."""
    a, acts_a = random_game(game, 11)
    b, acts_b = random_game(game, 11)
    expect(acts_a == acts_b, "the same seed gave different legal actions or choices")
    expect(a == b, "the same seed and moves gave different states")


def check_replay(game: Game) -> None:
    """A record (seed, players, actions, through JSON) replays to the same state."""
    for players in player_counts(game):
        state, actions = random_game(game, 31, players)
        record = json.loads(json.dumps({"seed": 31, "players": players, "actions": actions}))
        again = game.new_state(record["players"], record["seed"])
        for k, action in enumerate(record["actions"]):
            try:
                again = game.applied(again, action)
            except IllegalAction as exc:
                expect(False, f"replay refused move {k} ({action!r}): {exc}")
        expect(again == state, f"{players}p: the replayed record ends in another state")


def check_advance(game: Game) -> None:
    """`advance` stops at the next turn and at the next round."""
    rng = Rng(2)
    state = game.new_state(game.meta.max_players, 21)

    def policy(s: State) -> Action:
        return rng.choice(game.legal_actions(s))

    _, turn = game.clock(state)
    game.advance(state, Stop.TURN, policy)
    expect(game.is_over(state) or game.clock(state)[1] == turn + 1, "Stop.TURN overshot")
    rnd, _ = game.clock(state)
    game.advance(state, Stop.ROUND, policy)
    expect(game.is_over(state) or game.clock(state)[0] == rnd + 1, "Stop.ROUND overshot")


def check_words(game: Game) -> None:
    """`render`, `describe` and `preview` answer for every position and move."""
    for state, legal in walk(game, 23, game.meta.min_players, steps=30):
        expect(bool(game.render(state)), "render() returned nothing")
        expect(all(game.describe(state, a) for a in legal[:5]), "describe() returned nothing")
        dicts = all(isinstance(game.preview(state, a), dict) for a in legal[:5])
        expect(dicts, "preview() is not a dict")


GAME_CHECKS: dict[str, Callable[[Game], None]] = {
    "metadata": check_metadata,
    "legality": check_legality,
    "endings": check_endings,
    "purity": check_purity,
    "json": check_json,
    "determinize": check_determinize,
    "no-leaks": check_no_leaks,
    "determinism": check_determinism,
    "replay": check_replay,
    "advance": check_advance,
    "words": check_words,
}
"""Every engine check by its name in a report."""
