"""The Domination engine: set-up, the turn's phases, and the engine contract (GAME).

A state is one JSON dict. Public parts: "supply" (pile counts), "trash",
"play" (the current player's cards in play), "first" (the seat that started,
drawn from the seed), "cur", "turn" (turns finished),
"phase", "actions"/"buys"/"coins", "bought" (cards bought this turn),
"merchant"/"silvers" (Merchant's pending bonus and Silvers played), "stack"
(work waiting on answers, see `effects.py`), "blocked", "pending", "steps"
and "log". Hidden parts: "players" (zones, see `zones.py`), "seed" and
"shuffles" (the game's own random stream). See docs/domination.md for the
action scheme.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from boardbots.core.contract import (
    Action,
    Game,
    GameMeta,
    IllegalAction,
    Pending,
    Policy,
    State,
    Stop,
    View,
    run_until,
)
from boardbots.core.results import shares_from_keys
from boardbots.core.rng import Rng, mix_seed
from boardbots.games.domination import hidden, text, view
from boardbots.games.domination.effects import FRAMES, answer, choices, effect, resolve
from boardbots.games.domination.options import MAX_PLAYERS
from boardbots.games.domination.rules import TABLES, DominationRules, rules_from_options
from boardbots.games.domination.tables import Tables
from boardbots.games.domination.zones import (
    draw,
    empty_piles,
    new_player,
    owned,
    shuffle,
    tables,
)

ACTION_PHASE = "action"
BUY_PHASE = "buy"
OVER = "over"
TREASURES = "treasures"
END = "end"

# The phase prompts, one per seat, shared by every state: a step then makes no new
# dict for its prompt. Nothing changes a phase prompt in place (sub-decision prompts,
# which their answers update, are made afresh), so sharing them is safe.
ACTION_PROMPTS: list[Pending] = [{"player": p, "kind": ACTION_PHASE} for p in range(MAX_PLAYERS)]
BUY_PROMPTS: list[Pending] = [{"player": p, "kind": BUY_PHASE} for p in range(MAX_PLAYERS)]


def new_game(players: int, seed: int, options: dict[str, Any] | None = None) -> State:
    """A fresh game: supply by player count, shuffled starting decks, first hand drawn."""
    opts = dict(options or {})
    rules = rules_from_options(opts)
    if not rules.min_players <= players <= rules.max_players:
        raise ValueError(
            f"Domination is for {rules.min_players} to {rules.max_players} players, not {players}"
        )
    kingdom = [sys.intern(name) for name in rules.choose_kingdom(seed)]
    first = first_player(seed, players)
    okey = json.dumps(opts, sort_keys=True, separators=(",", ":"))
    # Interned, as every card name in a zone is (see effects.card_named).
    start = [sys.intern(name) for name, k in rules.starting_deck.items() for _ in range(k)]
    state: State = {
        "game": "domination",
        "options": opts,
        "kingdom": kingdom,
        "tkey": okey + "|" + ",".join(kingdom),
        "seed": seed,
        "shuffles": 0,
        "n": players,
        "supply": {
            sys.intern(name): rules.pile_size(name, players) for name in [*rules.basic, *kingdom]
        },
        "trash": [],
        "players": [new_player(list(start)) for _ in range(players)],
        "play": [],
        "first": first,
        "cur": first,
        "turn": 0,
        "phase": ACTION_PHASE,
        "stack": [],
        "blocked": [],
        "pending": None,
        "steps": 0,
        "log": [],
    }
    _reset_turn(state, tables(state))
    for pl in state["players"]:
        shuffle(state, pl["deck"])
        draw(state, pl, rules.hand_size)
    _prompt_phase(state, tables(state))
    return state


def first_player(seed: int, players: int) -> int:
    """The seat that starts, drawn from the game seed as the rules draw it at random.

    A hash of its own (like the kingdom's stream) keeps the draw independent of
    the shuffles; taking it straight from the hash skips seeding a generator,
    which would cost as much as a shuffle.
    """
    return mix_seed("first", seed) % players


def _reset_turn(state: State, t: Tables) -> None:
    state["actions"] = t.start_actions
    state["buys"] = t.start_buys
    state["coins"] = 0
    state["bought"] = 0
    state["merchant"] = 0
    state["silvers"] = 0


# -- the turn ---------------------------------------------------------------------


def _prompt_phase(state: State, t: Tables) -> None:
    """Ask the current player for their next phase decision.

    The Action phase is skipped outright when no Action can be played: with
    nothing to choose there is no decision to ask for.
    """
    cur = state["cur"]
    if state["phase"] == ACTION_PHASE:
        if state["actions"] > 0:
            action = t.action
            for card in state["players"][cur]["hand"]:
                if card in action:
                    state["pending"] = ACTION_PROMPTS[cur]
                    return
        state["phase"] = BUY_PHASE
    state["pending"] = BUY_PROMPTS[cur]


def settle(state: State, t: Tables) -> None:
    """Run waiting work until someone must decide, then fall back to the phase prompt."""
    stack = state["stack"]
    while state["pending"] is None:
        if not stack:
            _prompt_phase(state, t)
            return
        frame = stack.pop()
        FRAMES[frame[0]](state, t, frame)


def _end_turn(state: State, t: Tables) -> None:
    """Clean-up, the end-of-game check, and the next player's turn."""
    cur = state["cur"]
    pl = state["players"][cur]
    disc = pl["discard"]
    # The hand goes first so the visible top of the discard is a card that was in play.
    disc += pl["hand"]
    disc += state["play"]
    state["play"] = []
    deck, n = pl["deck"], t.hand_size
    size = len(deck)
    if size >= n and not pl["marks"]:
        # zones.draw's fast path, written out: most clean-ups need no reshuffle.
        pl["hand"] = deck[size - n :]
        del deck[size - n :]
    else:
        pl["hand"] = []
        draw(state, pl, n)
    turn = state["turn"] = state["turn"] + 1
    game_log = state["log"]
    if len(game_log) > t.log_length:
        del game_log[: -t.log_length]
    if _ends_now(state, t, turn):
        state["phase"] = OVER
        state["pending"] = None
        return
    state["cur"] = (cur + 1) % state["n"]
    _reset_turn(state, t)
    state["phase"] = ACTION_PHASE
    _prompt_phase(state, t)


def _ends_now(state: State, t: Tables, turn: int) -> bool:
    supply = state["supply"]
    if not supply[t.end_pile] or (
        not all(supply.values()) and empty_piles(state) >= t.piles_to_end
    ):
        return True
    limit = t.turn_limit
    return limit is not None and turn >= limit * state["n"]


def _play_treasures(state: State, t: Tables, only: str | None) -> None:
    """Play every Treasure in hand (or one copy of `only`) and count the coins."""
    pl = state["players"][state["cur"]]
    play = state["play"]
    treasure, value = t.treasure, t.coins
    total = silver = 0
    if only is None:
        keep = []
        for card in pl["hand"]:
            if card in treasure:
                play.append(card)
                total += value[card]
                silver += card == "Silver"
            else:
                keep.append(card)
        pl["hand"] = keep
    else:
        pl["hand"].remove(only)
        play.append(only)
        total = value[only]
        silver = only == "Silver"
    if silver:
        # Merchant: the first Silver of the turn brings the bonus.
        if not state["silvers"]:
            total += state["merchant"]
        state["silvers"] += silver
    state["coins"] += total


def _apply_buy(state: State, t: Tables, action: Action) -> None:
    name = t.bought_name.get(action)
    if name is None:
        if action == TREASURES:
            _play_treasures(state, t, None)
        elif action == END:
            _end_turn(state, t)
        else:  # "play:<Treasure>"
            _play_treasures(state, t, str(action)[5:])
        return
    cur = state["cur"]
    state["supply"][name] -= 1
    state["players"][cur]["discard"].append(name)
    state["coins"] -= t.cost[name]
    state["bought"] += 1
    state["log"].append([cur, "buy", name])  # zones.log, written out for the hot path
    state["buys"] -= 1
    if not state["buys"]:
        _end_turn(state, t)


def _apply_action(state: State, t: Tables, action: Action) -> None:
    state["pending"] = None
    if action == END:
        state["phase"] = BUY_PHASE
        return
    name = t.played_name[action]
    cur = state["cur"]
    state["actions"] -= 1
    state["players"][cur]["hand"].remove(name)
    state["play"].append(name)
    state["log"].append([cur, "play", name])  # zones.log, written out for the hot path
    if name in t.attack:
        resolve(state, t, name)
    else:
        effect(state, t, name, [])


def legal(state: State, t: Tables) -> list[Action]:
    """The legal actions; the phase prompts are built inline because they are the hot path."""
    pend = state["pending"]
    if pend is None:
        return []
    kind = pend["kind"]
    hand = state["players"][state["cur"]]["hand"]
    if kind == BUY_PHASE:
        coins, supply = state["coins"], state["supply"]
        buys: list[Action]
        # "Some pile is empty": pile sizes are never negative, and the builtin `all`
        # tests truth in C, faster than `0 in` compares each count with 0.
        if not all(supply.values()):
            buys = [b for c, n, b in t.buy_list if c <= coins and supply[n]]
        else:
            buys = t.buys_with[coins if coins < t.max_cost else t.max_cost]
        if not state["bought"]:
            found = [play for n, play in t.treasure_plays if n in hand]
            if found:
                return [TREASURES, *found, *buys, END]
        return [*buys, END]
    if kind == ACTION_PHASE:
        acts: list[Action] = [play for n, play in t.action_plays if n in hand]
        acts.append(END)
        return acts
    return choices(state, t, pend)


def treasures_to_play(state: State, t: Tables) -> bool:
    """Whether the buy phase offers to play Treasures (`legal` makes the same test
    inline): a script asks this on every buy, where listing the moves would cost more."""
    if state["bought"]:
        return False
    hand = state["players"][state["cur"]]["hand"]
    return any(n in hand for n, _ in t.treasure_plays)


def buy_options(state: State, t: Tables) -> list[Action]:
    """The cards the current player can buy now, cheapest first, as "buy:" actions.

    While no pile is empty (most of a game) this is a shared table row: read it,
    never change it.
    """
    coins, supply = state["coins"], state["supply"]
    if not all(supply.values()):  # some pile is empty (see `legal`)
        return [b for c, n, b in t.buy_list if c <= coins and supply[n]]
    return t.buys_with[coins if coins < t.max_cost else t.max_cost]


def apply_action(state: State, action: Action) -> None:
    """The in-place step: no validation, so simulations pay only for the move."""
    state["steps"] += 1
    t = TABLES.get(state["tkey"]) or tables(state)
    pend = state["pending"]
    kind = pend["kind"]
    if kind == BUY_PHASE:
        _apply_buy(state, t, action)
        return
    if kind == ACTION_PHASE:
        _apply_action(state, t, action)
    else:
        answer(state, t, pend, action)
    settle(state, t)


# -- scoring ---------------------------------------------------------------------


def victory_points(t: Tables, cards: list[str]) -> int:
    """VP of a player's cards; Gardens count the cards they sit among."""
    vp = t.vp
    total = sum(vp[c] for c in cards)
    gardens = cards.count("Gardens")
    if gardens:
        total += gardens * (len(cards) // t.params["Gardens"]["cards_per_vp"])
    return total


def cards_of(state: State | View, p: int) -> list[str]:
    """All the cards player p owns (known from public information in a view)."""
    cards = view.known_cards(state, p) if "viewer" in state else owned(state["players"][p])
    if p == state["cur"]:
        cards += state["play"]
    return cards


def turns_taken(state: State | View, p: int) -> int:
    """How many turns seat p has had: turns go round from the first player."""
    n = state["n"]
    behind = (p - state["first"]) % n
    return int((state["turn"] - behind + n - 1) // n)


def shares(state: State, scores: list[float]) -> list[float]:
    """The result from the final scores: ties go to whoever had fewer turns."""
    return shares_from_keys([(s, -turns_taken(state, p)) for p, s in enumerate(scores)])


class DominationGame(Game):
    """Stateless engine object: every call takes the state it works on."""

    meta = GameMeta(
        name="domination",
        title="Domination",
        min_players=2,
        max_players=4,
        hidden_information=True,
        chance=True,
        # Random play can stretch a game out without bound (it may never buy
        # the last Province), so there is no declared maximum; see turn_limit.
        max_length=None,
    )

    def default_rules(self) -> DominationRules:
        return rules_from_options({})

    def rules(self, state: State | View) -> DominationRules:
        return rules_from_options(state["options"])

    def new_state(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        return new_game(players, seed, options)

    def pending(self, state: State | View) -> Pending | None:
        pend: Pending | None = state["pending"]
        return pend

    def legal_actions(self, state: State) -> list[Action]:
        # zones.tables, written out: every step of every game asks this.
        t = TABLES.get(state["tkey"])
        return legal(state, t if t is not None else tables(state))

    def check(self, state: State, action: Action) -> None:
        if state["pending"] is None:
            raise IllegalAction("the game is over")
        options = legal(state, tables(state))
        if action not in options:
            shown = ", ".join(map(str, options))
            raise IllegalAction(f"{action!r} is not allowed now; choose one of: {shown}")

    # The module function itself, not a method calling it: one call less per move.
    apply = staticmethod(apply_action)

    def applied(self, state: State, action: Action) -> State:
        self.check(state, action)
        nxt = self.clone(state)
        apply_action(nxt, action)
        return nxt

    def advance(self, state: State, stop: Stop, policy: Policy) -> None:
        if stop is not Stop.TURN:
            run_until(self, state, stop, policy)
            return
        # The rollout hot path: the shared loop's clock reads, inlined.
        turn = state["turn"]
        while state["phase"] != OVER and state["turn"] == turn:
            apply_action(state, policy(state))

    def clock(self, state: State | View) -> tuple[int, int]:
        turn = int(state["turn"])
        return turn // int(state["n"]), turn

    def player_view(self, state: State, player: int | None) -> View:
        return view.player_view(state, player)

    def preview(self, state: State, action: Action) -> dict[str, Any]:
        return text.preview(state, tables(state), action)

    def determinize(self, view_: View, rng: Rng) -> State:
        return view.determinize(view_, rng)

    def clone(self, state: State) -> State:
        return clone(state)

    def is_over(self, state: State | View) -> bool:
        return bool(state["phase"] == OVER)

    def scores(self, state: State | View) -> list[float]:
        t = tables(state)
        return [float(victory_points(t, cards_of(state, p))) for p in range(state["n"])]

    def result(self, state: State) -> list[float]:
        if state["phase"] != OVER:
            raise ValueError("the game is not over")
        return shares(state, self.scores(state))

    def describe(self, state: State | View, action: Action) -> str:
        return text.describe(state, action)

    def reveals(self, before: State, after: State, actor: int) -> bool:
        """The hidden parts are draw piles (their order unknown even to their owner),
        hands (unknown to others), looked-at cards and the shuffle stream: a decision
        reveals nothing when none of them moved and the public log gained no reveal."""
        if before["shuffles"] != after["shuffles"]:
            return True
        for p, (old, new) in enumerate(zip(before["players"], after["players"], strict=True)):
            if any(old[zone] != new[zone] for zone in ("deck", "marks", "look")):
                return True
            if p != actor and old["hand"] != new["hand"]:
                return True
        added = after["log"][len(before["log"]) :]
        return any(entry[1] == "reveal" for entry in added)

    def render(self, state: State | View) -> str:
        return text.render(state, tables(state), self.scores(state))

    def redraw_hidden(self, state: State, seat: int | None, rng: Rng) -> State:
        return hidden.redraw(clone(state), state, seat, rng)


def clone(state: State) -> State:
    """Copy every container that play mutates; frames, log entries and options are never
    changed in place, so they are shared."""
    copy = dict(state)
    view.own_containers(copy, state)
    copy["players"] = [{k: list(v) for k, v in pl.items()} for pl in state["players"]]
    return copy


GAME = DominationGame()
