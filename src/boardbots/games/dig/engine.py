"""The Dig engine: set-up, a turn's stake and digs, round scoring, and the contract (GAME).

A state is one JSON dict. Public: "options", "rules", "players", "round",
"rounds", "first", "cur", "phase", "event", "events_seen", "round_rules" (the
values the face-up event leaves in force), "scores", "gems", "hauls", "cart",
"last", "done", "scored" (the last round's settlement), "turn" (turns finished)
and "steps" (actions applied). Hidden from everyone: "deck" (the unseen events,
next card last) and "seed" (the dice stream). docs/dig.md has the rules.
"""

from __future__ import annotations

from typing import Any

from boardbots.core.contract import (
    Action,
    Game,
    GameMeta,
    IllegalAction,
    Pending,
    State,
    View,
)
from boardbots.core.results import shares_from_keys
from boardbots.core.rng import Rng, mix_seed
from boardbots.games.dig import text
from boardbots.games.dig.dice import roll
from boardbots.games.dig.events import round_gains, round_rules
from boardbots.games.dig.rules import MAX_ROUNDS, MAX_STAKE, DigRules, rules_from_options

STAKE, DIG, OVER = "stake", "dig", "over"
DIG_ACTION, HAUL = "dig", "haul"
STAKES = tuple(f"stake:{k}" for k in range(MAX_STAKE + 1))
HIDDEN = ("deck", "seed")

ROLLS_PER_TURN = 64
"""More than the digs any turn can hold, so every roll of a game has its own number."""

MAX_TURN = 40
"""Decisions a turn can take at the widest rules: the stake, then digs until the hazard
passes 12 for sure (at most 36 with a starting hazard of -3 and 20 points of beams)."""


def _fresh_cart(now: dict[str, Any], stake: int = 0) -> dict[str, int]:
    return {"ore": 0, "gems": 0, "stake": stake, "hazard": now["hazard_start"], "digs": 0}


def new_game(players: int, seed: int, options: dict[str, Any] | None = None) -> State:
    """A fresh game: the deck shuffled and the first seat drawn from the seed, round 0 begun."""
    opts = dict(options or {})
    rules = rules_from_options(opts).to_dict()
    rules["events"] = list(rules["events"])
    if not 2 <= players <= 4:
        raise ValueError(f"Dig is for 2 to 4 players, not {players}")
    deck = list(rules["events"])
    Rng(mix_seed("deck", seed)).shuffle(deck)
    state: State = {
        "game": "dig",
        "options": opts,
        "rules": rules,
        "players": players,
        "seed": mix_seed("dice", seed),
        "deck": deck,
        "round": 0,
        "rounds": rules["rounds"],
        "first": mix_seed("first", seed) % players,
        "scores": [0] * players,
        "gems": [rules["starting_gems"]] * players,
        "hauls": [0] * players,
        "events_seen": [],
        "event": None,
        "last": None,
        "scored": None,
        "turn": 0,
        "steps": 0,
    }
    _start_round(state)
    return state


def _start_round(state: State) -> None:
    """Turn the next event face up and give the round's first seat its stake decision."""
    if state["event"] is not None:
        state["events_seen"] = [*state["events_seen"], state["event"]]
    event = state["event"] = state["deck"].pop()
    now = state["round_rules"] = round_rules(state["rules"], event)
    state["cur"] = (state["first"] + state["round"]) % state["players"]
    state["done"] = []
    state["phase"] = STAKE
    state["cart"] = _fresh_cart(now)


def _end_turn(state: State) -> None:
    """The seat is done for the round; the next seat stakes, or the round is scored."""
    cur = state["cur"]
    done = state["done"]
    done.append(cur)
    state["turn"] += 1
    n = state["players"]
    if len(done) < n:
        state["cur"] = (cur + 1) % n
        state["phase"] = STAKE
        state["cart"] = _fresh_cart(state["round_rules"])
        return
    hauls = state["hauls"]
    gains = round_gains(state["rules"], state["round_rules"], hauls)
    state["scores"] = [s + g for s, g in zip(state["scores"], gains, strict=True)]
    state["scored"] = {
        "round": state["round"],
        "event": state["event"],
        "hauls": hauls,
        "gains": gains,
    }
    state["hauls"] = [0] * n
    state["round"] += 1
    if state["round"] >= state["rounds"]:
        state["phase"] = OVER
        state["cart"] = _fresh_cart(state["round_rules"])
        return
    _start_round(state)


def _dig(state: State) -> None:
    """Roll the dice: the cart collapses at or below the threshold, else it finds ore."""
    cart = state["cart"]
    now = state["round_rules"]
    cur = state["cur"]
    # Numbered by turn and dig, not by a running count: a seat's dice do not depend on
    # how long earlier turns lasted, so Hard's paired worlds give every candidate the
    # same dice for the turns that follow.
    d1, d2 = roll(state["seed"], state["turn"] * ROLLS_PER_TURN + cart["digs"])
    before = cart  # carts are replaced, never changed in place, so this stays as it was
    last: dict[str, Any] = {"seat": cur, "roll": [d1, d2], "before": before, "step": state["steps"]}
    last["event"] = state["event"]
    state["last"] = last
    if d1 + d2 <= cart["hazard"] - now["beam"] * cart["stake"]:
        last.update(outcome="collapse", ore=cart["ore"], gems=cart["gems"], stake=cart["stake"])
        state["scores"][cur] -= now["collapse_points"]
        _end_turn(state)
        return
    ore = (d1 if d1 > d2 else d2) + now["ore_bonus"]
    gems = now["gems_per_double"] if d1 == d2 else 0
    last.update(outcome="found", ore=ore, gems=gems, stake=cart["stake"])
    state["cart"] = {
        "ore": cart["ore"] + ore,
        "gems": cart["gems"] + gems,
        "stake": cart["stake"],
        "hazard": cart["hazard"] + now["hazard_step"],
        "digs": cart["digs"] + 1,
    }


def _haul(state: State) -> None:
    cart = state["cart"]
    cur = state["cur"]
    state["hauls"][cur] += cart["ore"]
    state["gems"][cur] += cart["gems"] + cart["stake"]
    _end_turn(state)


def _stake(state: State, k: int) -> None:
    state["gems"][state["cur"]] -= k
    state["cart"] = _fresh_cart(state["round_rules"], k)
    state["phase"] = DIG


def legal(state: State | View) -> list[Action]:
    phase = state["phase"]
    if phase == DIG:
        return [DIG_ACTION, HAUL]
    if phase == STAKE:
        top = min(state["rules"]["max_stake"], state["gems"][state["cur"]])
        return list(STAKES[: top + 1])
    return []


class DigGame(Game):
    """Stateless engine object; every call takes the state it works on."""

    meta = GameMeta(
        name="dig",
        title="Dig",
        min_players=2,
        max_players=4,
        hidden_information=True,
        chance=True,
        max_length=MAX_ROUNDS * 4 * MAX_TURN,
    )

    def default_rules(self) -> DigRules:
        return DigRules()

    def rules(self, state: State | View) -> DigRules:
        return DigRules.from_dict(state["rules"])

    def new_state(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        return new_game(players, seed, options)

    def pending(self, state: State | View) -> Pending | None:
        phase = state["phase"]
        return None if phase == OVER else {"player": state["cur"], "kind": phase}

    def legal_actions(self, state: State) -> list[Action]:
        return legal(state)

    def check(self, state: State, action: Action) -> None:
        if state["phase"] == OVER:
            raise IllegalAction("the game is over")
        options = legal(state)
        if action in options:
            return
        if state["phase"] == STAKE:
            most = len(options) - 1
            raise IllegalAction(f"choose a stake first: stake:0 to stake:{most}, not {action!r}")
        raise IllegalAction(f"dig or haul now, not {action!r}")

    def apply(self, state: State, action: Action) -> None:
        head = str(action)[0]
        if head == "d":
            _dig(state)
        elif head == "h":
            _haul(state)
        else:
            _stake(state, int(str(action)[6:]))
        state["steps"] += 1

    def clock(self, state: State | View) -> tuple[int, int]:
        return state["round"], state["turn"]

    def player_view(self, state: State, player: int | None) -> View:
        view = self.clone({k: v for k, v in state.items() if k not in HIDDEN})
        view["cart"] = dict(state["cart"])  # a view is handed out: it shares nothing mutable
        view["events_seen"] = list(state["events_seen"])
        view["events_left"] = sorted(state["deck"])
        view["me"] = player
        view["viewer"] = player
        view["pending"] = self.pending(state)
        return view

    def preview(self, state: State, action: Action) -> dict[str, Any]:
        return text.preview(state, str(action))

    def determinize(self, view: View, rng: Rng) -> State:
        state = self.clone(view)
        for key in ("events_left", "me", "viewer", "pending"):
            state.pop(key, None)
        deck = list(view["events_left"])
        rng.shuffle(deck)
        state["deck"] = deck
        state["seed"] = rng.getrandbits(63)
        return state

    def redraw_hidden(self, state: State, seat: int | None, rng: Rng) -> State:
        twin = self.clone(state)
        rng.shuffle(twin["deck"])
        twin["seed"] = rng.getrandbits(63)
        return twin

    def clone(self, state: State) -> State:
        # "cart", "last", "scored", "events_seen" and the rules are replaced whole, never
        # changed in place, so a clone may share them; only the lists apply edits are copied.
        copy = dict(state)
        copy["scores"] = list(state["scores"])
        copy["gems"] = list(state["gems"])
        copy["hauls"] = list(state["hauls"])
        copy["done"] = list(state["done"])
        if "deck" in state:
            copy["deck"] = list(state["deck"])
        return copy

    def is_over(self, state: State | View) -> bool:
        return bool(state["phase"] == OVER)

    def scores(self, state: State | View) -> list[float]:
        worth = state["rules"]["gem_points"]
        return [float(s + g * worth) for s, g in zip(state["scores"], state["gems"], strict=True)]

    def result(self, state: State) -> list[float]:
        if state["phase"] != OVER:
            raise ValueError("the game is not over")
        return shares_from_keys(self.scores(state))

    def describe(self, state: State | View, action: Action) -> str:
        return text.describe(state, str(action))

    def action_text(self, state: State | View, action: Action) -> str:
        return text.typed(str(action))

    def reveals(self, before: State, after: State, actor: int) -> bool:
        # A roll or a newly turned event card is news to everyone; a stake or a haul
        # that does not end the round shows nothing that was hidden.
        last = after["last"]
        rolled = last is not None and last["step"] == before["steps"]
        return rolled or len(after["events_seen"]) != len(before["events_seen"])

    def render(self, state: State | View) -> str:
        return text.render(state)


GAME = DigGame()
