"""The First Game engine: Villages, up to six Smithies and five Markets, one each of
Militia, Mine, Remodel and Workshop, written to beat Smithy Big Money.

Its plan is michaeljb's "First Game" bot from Geronimoo's Dominion simulator
(DomBots.xml), which that simulator's author wrote up as the deck that beats
Smithy-BM on the First Game board. A buy list alone cannot play it: the deck
gains through Workshop, Remodel and Mine, keeps its terminals fed by Villages,
and greens by the score. So unlike the gauntlet's other scripts this one is
code, with the simulator's way of playing a turn (docs/gauntlet.md, "The First
Game engine"): actions by a fixed play order, each gain and trash chosen by the
same buy list, the simulator's discard order. Like every script, each rule
reads only the seat's own cards and public facts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from boardbots.core.contract import Action, State
from boardbots.games.domination.engine import (
    TREASURES,
    legal,
    treasures_to_play,
    turns_taken,
    victory_points,
)
from boardbots.games.domination.scripted import Strategy
from boardbots.games.domination.strategies import minimal_answer
from boardbots.games.domination.tables import Tables
from boardbots.games.domination.zones import owned, tables

CARDS = ("Cellar", "Market", "Militia", "Mine", "Remodel", "Smithy", "Village", "Workshop")
"""The kingdom cards the plan needs (First Game holds them all)."""

PLAY_ORDER = {
    "Village": 5,
    "Market": 13,
    "Cellar": 16,
    "Mine": 24,
    "Remodel": 24,
    "Smithy": 25,
    "Militia": 30,
    "Workshop": 38,
}
"""The simulator's play priorities: lowest first. Smithy moves up to 6 while two actions
or more are left, Workshop to the front when it can gain before a reshuffle."""

WORTH = {
    "Curse": 0,
    "Province": 60,
    "Duchy": 8,
    "Estate": 9,
    "Copper": 15,
    "Cellar": 17,
    "Remodel": 18,
    "Silver": 20,
    "Village": 21,
    "Mine": 22,
    "Workshop": 22,
    "Smithy": 24,
    "Gold": 24,
    "Militia": 25,
    "Market": 30,
}
"""How much the plan wants to keep each card (the simulator's trash order): Remodel and
Mine take the lowest first. A Duchy or Estate the buy list wants right now counts 40 or
35 instead. Cards outside the plan count as Silver."""

DROP = {**WORTH, "Province": 7, "Curse": 10}
"""The simulator's discard order, for Cellar and an attack's discards: the trash order
except that a Province in hand is dead weight (it is never worth trashing)."""

KEEP_WANTED = {"Duchy": 40, "Estate": 35}
DISCARD_AT_MOST = 20
"""Cellar discards every card this low in the discard order or lower (Silver's place)."""

TRASH_FODDER = 16
"""A card this low in the trash order (Curse, Estate, Copper) is kept with a Remodel when
an attack makes the hand discard: the simulator keeps the pair so the Remodel has work."""


class Facts:
    """The deciding seat's own cards and the public facts its rules read, counted once."""

    t: Tables
    _cards: list[str]
    _less: tuple[Facts, str] | None
    own: Counter[str]
    hand: Counter[str]
    provinces: int
    turn: int
    terminals: int
    treasures: int
    greens: int

    def __init__(
        self, state: State, p: int, action_phase: bool, less: tuple[Facts, str] | None = None
    ):
        """`less`: facts of the same seat and position, and a card of its hand to count
        as gone (Remodel's "what if"). These are derived from those, not counted again:
        `remodel_target` asks this of every card in hand at every Remodel in every
        playout, and counting the whole deck each time was the largest cost of Hard's
        search with the plan (benchmarks/README.md, "The First Game engine in Hard's
        playouts")."""
        self.state = state
        self.p = p
        self.in_action = action_phase
        supply: dict[str, int] = state["supply"]
        self.supply = supply
        self.coins: int = state["coins"]
        self.buys: int = state["buys"]
        self._lead: int | None = None
        if less is not None:
            base, card = less
            t = self.t = base.t
            self.provinces = base.provinces
            self.turn = base.turn
            self._less = less
            self.own = _one_less(base.own, card)
            self.hand = _one_less(base.hand, card)
            terminal = card in t.action and not t.plus[card][1]
            self.terminals = base.terminals - terminal
            self.treasures = base.treasures - (card in t.treasure)
            self.greens = base.greens - (card in t.victory)
            return
        t = self.t = tables(state)
        pl = state["players"][p]
        cards = owned(pl)
        if p == state["cur"]:
            cards += state["play"]
        self._cards = cards
        self._less = None
        own = self.own = Counter(cards)
        self.hand = Counter(pl["hand"])
        self.provinces = supply[t.rules.end_pile]
        self.turn = turns_taken(state, p)
        plus, action, treasure, victory = t.plus, t.action, t.treasure, t.victory
        terminals = treasures = greens = 0
        for c, n in own.items():
            if c in action and not plus[c][1]:
                terminals += n
            if c in treasure:
                treasures += n
            if c in victory:
                greens += n
        self.terminals, self.treasures, self.greens = terminals, treasures, greens

    def cards(self) -> list[str]:
        """Every card the seat owns, play area included: counted only when the score is
        read, which few rules do."""
        if self._less is None:
            return self._cards
        base, card = self._less
        cards = list(base.cards())
        cards.remove(card)
        return cards

    def lead(self) -> int:
        """Our VP minus the best opponent's (at least 0), as the greening rules read it."""
        if self._lead is None:
            t, state = self.t, self.state
            others = [
                victory_points(t, owned(q) + (state["play"] if i == state["cur"] else []))
                for i, q in enumerate(state["players"])
                if i != self.p
            ]
            self._lead = victory_points(t, self.cards()) - max(0, *others)
        return self._lead


def _one_less(counts: Counter[str], card: str) -> Counter[str]:
    # Counter.copy() runs Counter's Python-level __init__; a bare dict copy into a new
    # Counter gives the same counts in a quarter of the time, on the search's hot path.
    out: Counter[str] = Counter.__new__(Counter)
    dict.update(out, counts)
    if out[card] > 1:
        out[card] -= 1
    else:
        del out[card]
    return out


Rule = tuple[str, Callable[[Facts], bool]]


def _smithy_for(copper: int, silver: int, gold: int, coins: int | None) -> Callable[[Facts], bool]:
    """A Smithy gained (by Workshop or Remodel) while a hand this weak is all the money."""

    def holds(f: Facts) -> bool:
        return (
            f.in_action
            and f.own["Village"] == f.terminals - 1
            and f.own["Smithy"] < 6
            and (f.hand["Copper"], f.hand["Silver"], f.hand["Gold"]) == (copper, silver, gold)
            and (coins is None or f.coins == coins)
        )

    return holds


RULES: tuple[Rule, ...] = (
    (
        "Duchy",
        lambda f: f.provinces > 2 and not f.in_action and f.own["Province"] > 0 and f.lead() <= -20,
    ),
    ("Duchy", lambda f: f.provinces == 2 and not f.in_action and f.lead() <= 0),
    ("Province", lambda f: f.own["Province"] > 0),
    ("Province", lambda f: f.own["Smithy"] > 4 and f.coins > 13 and f.buys > 1),
    ("Duchy", lambda f: f.own["Province"] > 0 and f.provinces <= 5),
    ("Estate", lambda f: f.own["Province"] > 2 and f.own["Cellar"] > 0 and f.own["Smithy"] > 5),
    ("Estate", lambda f: f.provinces <= 2),
    ("Mine", lambda f: f.own["Mine"] == 0 and f.own["Market"] > 0),
    ("Mine", lambda f: f.turn < 2),  # its first two turns (`turns_taken` counts from 0)
    ("Remodel", lambda f: f.own["Remodel"] == 0),
    ("Village", lambda f: f.terminals > f.own["Village"] + 1),
    ("Workshop", lambda f: f.own["Workshop"] == 0 and f.own["Smithy"] < 4),
    ("Militia", lambda f: f.own["Militia"] == 0 and f.own["Smithy"] > 2),
    ("Market", lambda f: f.own["Market"] == 0),
    ("Gold", lambda f: f.own["Gold"] < 1),
    ("Village", lambda f: f.coins == 7 and f.buys > 1 and not f.in_action),
    (
        "Village",
        lambda f: (
            not f.in_action
            and f.coins == 6
            and f.buys > 1
            and f.terminals > f.own["Village"]
            and f.supply["Village"] > 1
            and f.own["Smithy"] > 0
        ),
    ),
    ("Market", lambda f: f.own["Market"] < 5 and not f.in_action and f.own["Smithy"] > 1),
    (
        "Market",
        lambda f: (
            f.own["Market"] < 5 and f.in_action and f.own["Smithy"] > 3 and not f.hand["Mine"]
        ),
    ),
    ("Smithy", _smithy_for(3, 0, 0, 0)),
    ("Smithy", _smithy_for(2, 0, 0, 1)),
    ("Smithy", _smithy_for(1, 1, 0, 0)),
    ("Smithy", _smithy_for(1, 0, 0, 2)),
    ("Smithy", _smithy_for(0, 1, 0, 1)),
    ("Smithy", _smithy_for(0, 0, 1, None)),
    ("Smithy", _smithy_for(0, 0, 0, 3)),
    ("Village", lambda f: f.own["Village"] < f.terminals),
    ("Smithy", lambda f: f.own["Smithy"] < 6),
    ("Market", lambda f: not f.in_action),
    ("Village", lambda f: f.own["Village"] < 9),
    ("Cellar", lambda f: f.own["Cellar"] < 1 and not f.in_action),
    ("Cellar", lambda f: f.own["Cellar"] < 2 and not f.in_action and f.own["Smithy"] > 0),
    (
        "Cellar",
        lambda f: (
            f.own["Cellar"] < 1
            and f.in_action
            and not (f.hand["Militia"] or f.hand["Workshop"] or f.hand["Mine"])
        ),
    ),
    (
        "Cellar",
        lambda f: (
            f.own["Cellar"] < 2
            and f.in_action
            and f.own["Smithy"] > 0
            and not (f.hand["Militia"] or f.hand["Workshop"] or f.hand["Mine"])
        ),
    ),
    ("Gold", lambda f: f.in_action),
    ("Silver", lambda f: f.in_action),
    ("Cellar", lambda f: f.own["Cellar"] < 3 and f.greens > 3),
    ("Silver", lambda f: f.treasures < 7),
    ("Copper", lambda f: f.treasures < 5),
)
"""The buy list, top down. It also names every gain: in the action phase (Workshop,
Remodel, Mine) the rules that ask for it read the hand and the coins made so far."""


def desired(f: Facts, limit: int, only: frozenset[str] | None = None) -> str | None:
    """The first card of the list that costs at most `limit`, is on sale, and would not
    end the game lost."""
    supply = f.supply
    for card, holds in _affordable(f, limit):
        left = supply.get(card)
        if (
            left
            and (only is None or card in only)
            and holds(f)
            and (left != 1 or not _loses(f, card))
        ):
            return card
    return None


_AFFORDABLE: dict[tuple[str, int], tuple[Rule, ...]] = {}


def _affordable(f: Facts, limit: int) -> tuple[Rule, ...]:
    """The rules whose card costs at most `limit` in this kingdom, in list order: most
    gains have a low limit, and `desired` runs in every turn of every playout."""
    key = (f.state["tkey"], limit)
    rules = _AFFORDABLE.get(key)
    if rules is None:
        cost = f.t.cost
        rules = _AFFORDABLE[key] = tuple(rule for rule in RULES if cost[rule[0]] <= limit)
    return rules


def _loses(f: Facts, card: str) -> bool:
    """Whether gaining `card`, the last of its pile (only that can end the game), ends
    the game with us behind: only the Province pile or a third empty pile ends it."""
    t = f.t
    if card != t.rules.end_pile and list(f.supply.values()).count(0) < 2:
        return False
    lead = f.lead() + t.vp[card]
    return lead < 0 or (lead == 0 and f.p == f.state["first"])


_RULES_FOR = {card: tuple(holds for c, holds in RULES if c == card) for card in KEEP_WANTED}
"""The rules that ask for a Duchy or an Estate: `_worth` reads only those."""


def _worth(f: Facts, card: str) -> int:
    wanted = KEEP_WANTED.get(card)
    if wanted is not None and any(holds(f) for holds in _RULES_FOR[card]):
        return wanted
    return WORTH.get(card, WORTH["Silver"])


def _hand_money(f: Facts) -> int:
    coins = f.t.coins
    return f.coins + sum(coins[c] * n for c, n in f.hand.items() if c in f.t.treasure)


def remodel_target(state: State, p: int, itself: bool = True) -> str | None:
    """The card Remodel should trash: one whose gain is worth more than it, and which does
    not cost the buy this hand was going to make. Early (no green card yet) the least
    useful card goes; later the one that gains the most.

    Asked before the play, it may name the Remodel itself, where the simulator skips
    that card (`itself=False`) and does not play it; `engine_policy` then trashes the
    least wanted card in hand (a Copper, or a Curse, for a $2 card). Kept on purpose:
    on the same 4,000 games the simulator's way changed the share by half a point or
    less against the money scripts and lost 3.7 to 3.9 points against the Witch bots,
    whose Curses it then trashes less; that is the whole of our difference from the
    simulator's figure against Witch (docs/gauntlet.md, "The First Game engine")."""
    f = Facts(state, p, True)
    base = desired(f, _hand_money(f))
    early = not (f.own["Duchy"] or f.own["Province"])
    best: tuple[tuple[int, ...], str] | None = None
    for card in sorted(f.hand):
        if not itself and card == "Remodel" and f.hand[card] == 1:
            continue
        fw = Facts(state, p, True, less=(f, card))
        gain = desired(fw, f.t.cost[card] + f.t.params["Remodel"]["gain_more"])
        if gain is None or _worth(f, gain) <= _worth(f, card):
            continue
        costs_the_buy = base is not None and _worth(f, gain) < _worth(f, base)
        if costs_the_buy and desired(fw, _hand_money(fw)) != base:
            continue
        key = (_worth(f, card),) if early else (-_worth(f, gain), _worth(f, card))
        if best is None or key < best[0]:
            best = (key, card)
    return None if best is None else best[1]


_LIST_PLACE = {card: i for i, (card, _) in reversed(list(enumerate(RULES)))}
"""Where each card first stands in the buy list (the earliest place is written last)."""


def mine_target(state: State, p: int) -> str | None:
    """The Treasure Mine should upgrade: the one whose upgrade stands highest in the list."""
    t = tables(state)
    treasures = t.treasure
    if not any(c in treasures for c in state["players"][p]["hand"]):
        return None
    f = Facts(state, p, True)
    best: tuple[tuple[int, int], str] | None = None
    for card in sorted((c for c in f.hand if c in treasures), key=lambda c: WORTH.get(c, 20)):
        gain = desired(f, t.cost[card] + t.params["Mine"]["gain_more"], treasures)
        if gain is None or gain == card:
            continue
        key = (_LIST_PLACE[gain], t.cost[card])
        if best is None or key < best[0]:
            best = (key, card)
    return None if best is None else best[1]


def _wants_to_play(state: State, p: int, card: str, remodel_itself: bool) -> bool:
    if card == "Workshop":
        f = Facts(state, p, True)
        return desired(f, f.t.params["Workshop"]["gain_max"]) is not None
    if card == "Remodel":
        return remodel_target(state, p, remodel_itself) is not None
    if card == "Mine":
        return mine_target(state, p) is not None
    return True


BUSY_ORDER = {**PLAY_ORDER, "Smithy": 6}
CYCLING_ORDER = {**BUSY_ORDER, "Workshop": 1}


def _play_order(state: State, p: int, t: Tables, actions: list[str]) -> dict[str, int]:
    """The priorities for this hand: with two actions or more left Smithy moves up, and
    Workshop goes first when it can gain before a reshuffle and a card in hand gives the
    action back."""
    if state["actions"] <= 1:
        return PLAY_ORDER
    if not state["players"][p]["deck"] and any(t.plus[c][1] for c in actions):
        return CYCLING_ORDER
    return BUSY_ORDER


def engine_policy(state: State) -> Action:
    """The plan's action wherever its seat is to decide."""
    return _decide(state, True)


def simulators_remodel_policy(state: State) -> Action:
    """The plan with Remodel played only as the simulator plays it, for a benchmark to
    show what that departure is worth (`benchmarks/firstgame_engine.py --remodel
    simulator`); Hard never plays it."""
    return _decide(state, False)


def _decide(state: State, remodel_itself: bool) -> Action:
    pend = state["pending"]
    kind, p = pend["kind"], pend["player"]
    t = tables(state)
    hand: list[str] = state["players"][p]["hand"]
    if kind == "action":
        actions = [c for c in hand if c in t.action]
        if len(actions) > 1:
            order = _play_order(state, p, t, actions)
            actions.sort(key=lambda c: order.get(c, 50))
        for name in actions:
            if _wants_to_play(state, p, name, remodel_itself):
                return "play:" + name
        return "end"
    if kind == "buy":
        if treasures_to_play(state, t):
            return TREASURES
        card = desired(Facts(state, p, False), state["coins"])
        return "end" if card is None else "buy:" + card
    card = pend["card"]
    if kind == "discard" and card == "Cellar":
        return _cellar(state, t, p, pend)
    # Listed only here: the action phase, the buys and Cellar (most of the calls) need
    # no list of the legal moves.
    options = legal(state, t)
    if kind == "gain":
        f = Facts(state, p, True)
        allowed = frozenset(str(a).partition(":")[2] for a in options)
        gain = desired(f, pend["max_cost"], allowed)
        if gain is None:
            gain = max(allowed, key=lambda c: (_worth(f, c), t.cost[c], c))
        return "gain:" + gain
    if kind == "trash" and card in ("Remodel", "Mine"):
        target = remodel_target(state, p) if card == "Remodel" else mine_target(state, p)
        if target is not None and "trash:" + target in options:
            return "trash:" + target
        if card == "Mine":
            return "pass"
        return min(options, key=lambda a: (WORTH.get(str(a).partition(":")[2], 20), str(a)))
    if kind == "discard" and pend.get("need"):
        return _let_go(state, t, p, int(str(pend["need"])), options)
    return minimal_answer(state, t, pend, options)


def _cellar(state: State, t: Tables, p: int, pend: dict[str, object]) -> Action:
    """Terminals the actions left cannot play, then Cellars, then every card no higher
    than a Silver in the discard order; never more cards than the deck and discard pile
    held when Cellar was played (the cards discarded so far are in that pile now)."""
    pl = state["players"][p]
    done = int(str(pend["count"]))
    if done >= len(pl["deck"]) + len(pl["discard"]) - done:
        return "done"
    hand: list[str] = pl["hand"]
    terminals = sorted((c for c in hand if c in t.action and not t.plus[c][1]), key=_drop_key)
    if len(terminals) > state["actions"]:
        return "discard:" + terminals[0]
    if "Cellar" in hand:
        return "discard:Cellar"
    junk = sorted((c for c in hand if DROP.get(c, 20) <= DISCARD_AT_MOST), key=_drop_key)
    return "discard:" + junk[0] if junk else "done"


def _drop_key(card: str) -> tuple[int, str]:
    return (DROP.get(card, 20), card)


def _let_go(state: State, t: Tables, p: int, need: int, options: list[Action]) -> Action:
    """An attack's discard, as the simulator makes it: terminals beyond the one an action
    can play go first; then, where the kept hand has room, a Remodel and the card it would
    trash stay together; then the lowest card of the discard order."""
    hand: list[str] = list(state["players"][p]["hand"])
    terminals = sorted((c for c in hand if c in t.action and not t.plus[c][1]), key=_drop_key)
    if len(terminals) > 1:
        return _named_or_least(terminals[0], options)
    order = sorted(hand, key=_drop_key)
    if "Remodel" in hand and len(hand) > need + 1:
        f = Facts(state, p, False)
        fodder = sorted(
            (c for c in hand if _worth(f, c) < TRASH_FODDER), key=lambda c: _worth(f, c)
        )
        if fodder:
            order.remove(fodder[0])
            order.remove("Remodel")
    return _named_or_least(order[0], options)


def _named_or_least(card: str, options: list[Action]) -> Action:
    if "discard:" + card in options:
        return "discard:" + card
    return min(options, key=lambda a: _drop_key(str(a).partition(":")[2]))


ENGINE = Strategy(
    "firstgame-engine",
    "First Game engine",
    'Geronimoo\'s Dominion simulator, DomBots.xml "First Game by michaeljb"',
    CARDS,
    tuple((card, ()) for card, _ in RULES),
    play=engine_policy,
)
"""The plan as a lab strategy. Its buys name the cards it may gain (what `_reach` reads);
the policy decides which."""

COUNTERS = frozenset({"smithy-bm", "bmu", "moat-bm", "militia-bm", "doublewitch"})
"""The scripts Hard plays the plan against (`playbook.own_version`). Script against script
(seed 77, 2,000 games each) it beats Smithy-BM 90.7%, BMU 98.2%, Moat-BM 94.7% and
Militia-BM 87.6%, far more than Hard's search did with their own lists; DoubleWitch only
55.4%, but Hard playing it won two games in three there on a tuning seed, where Hard with
DoubleWitch's own list had stalled at 56% (docs/gauntlet.md, "The First Game engine")."""
