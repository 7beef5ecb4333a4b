"""What kingdom cards do beyond their printed numbers, and how their sub-decisions resume.

Playing a card may need answers from several players (a Moat reveal, a
discard for Militia, Throne Room's choice). Work that must wait for an
answer is kept as plain-list frames on `state["stack"]`; the engine pops and
runs them whenever no decision is pending. A sub-decision is a pending dict
whose fields say what may be picked; answering it either keeps it open (one
card of several picked) or closes it and calls the card's finishing step.

Prompts depend only on public facts (hand sizes, revealed cards, the supply),
so that whether a player is asked never tells the table what they hold; the
one exception is Library, whose prompt shows that an Action card was drawn.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from boardbots.core.contract import Action, Pending, State
from boardbots.games.domination.tables import Tables
from boardbots.games.domination.zones import (
    MARK_OWNER,
    MARK_PUBLIC,
    discard_from,
    discard_unseen,
    distinct,
    draw,
    empty_piles,
    gain,
    log,
    log_discards,
    others,
    pop_top,
    put_on_deck,
    trash_from,
)

Effect = Callable[[State, Tables, str, list[int]], None]
FrameFn = Callable[[State, Tables, list[Any]], None]
Answer = Callable[[State, Tables, Pending, Action], None]
Finish = Callable[[State, Tables, Pending], None]

PICK_KINDS = ("discard", "trash", "topdeck")


def ask(state: State, p: int, kind: str, card: str, **fields: Any) -> None:
    """Open a sub-decision; every field must be public (views show it to all)."""
    state["pending"] = {"player": p, "kind": kind, "card": card, **fields}


def ask_pick(
    state: State,
    p: int,
    kind: str,
    card: str,
    zone: str = "hand",
    *,
    allow: list[str] | None = None,
    need: int = 0,
    left: int | None = 1,
    skip: str | None = None,
    mark: int = MARK_OWNER,
) -> None:
    """Ask for cards one at a time: at least `need`, at most `left` (None: no limit)."""
    ask(state, p, kind, card, zone=zone, allow=allow, need=need, left=left, skip=skip)
    state["pending"].update(count=0, last=None, mark=mark)


def ask_gain(
    state: State, t: Tables, card: str, max_cost: int, to: str, allow: list[str] | None = None
) -> None:
    """Ask the current player to gain a card; if none qualifies, finish straight away."""
    p = state["cur"]
    supply = state["supply"]
    if any(c <= max_cost and supply[n] and (allow is None or n in allow) for c, n, _ in t.buy_list):
        ask(state, p, "gain", card, max_cost=max_cost, allow=allow, to=to)
    else:
        hook = FINISH.get((card, "gain"))
        if hook is not None:
            hook(state, t, {"player": p, "kind": "gain", "card": card})


# -- playing cards ---------------------------------------------------------------


def resolve(state: State, t: Tables, card: str) -> None:
    """One play of `card` (Throne Room resolves twice): attacks open a reaction window first."""
    if card in t.attack:
        targets = others(state, state["cur"])
        players = state["players"]
        if t.reaction and any(_may_react(t, players[v]) for v in targets):
            state["blocked"] = []
            state["stack"] += [["effect", card], ["react", card, 0]]
            return
        effect(state, t, card, targets)
        return
    effect(state, t, card, [])


def _may_react(t: Tables, pl: dict[str, list[Any]]) -> bool:
    """Whether a player owns a Reaction card at all (public knowledge, unlike their hand)."""
    return any(r in pl["hand"] or r in pl["deck"] or r in pl["discard"] for r in t.reaction)


def effect(state: State, t: Tables, card: str, victims: list[int]) -> None:
    """The card's numbers, then its own function if it has one."""
    cards, actions, buys, coins = t.plus[card]
    if cards:
        pl = state["players"][state["cur"]]
        deck = pl["deck"]
        size = len(deck)
        if size >= cards and not pl["marks"]:
            # zones.draw's fast path, written out: most plays draw from a deck that has enough.
            pl["hand"] += deck[size - cards :]
            del deck[size - cards :]
        else:
            draw(state, pl, cards)
    if actions:
        state["actions"] += actions
    if buys:
        state["buys"] += buys
    if coins:
        state["coins"] += coins
    fn = EFFECTS.get(card)
    if fn is not None:
        fn(state, t, card, victims)


def _frame_react(state: State, t: Tables, frame: list[Any]) -> None:
    _, card, start = frame
    targets = others(state, state["cur"])
    for j in range(start, len(targets)):
        v = targets[j]
        if _may_react(t, state["players"][v]):
            state["stack"].append(["react", card, j + 1])
            allow = sorted(t.reaction)
            ask(state, v, "react", card, zone="hand", allow=allow, skip="pass")
            return


def _frame_effect(state: State, t: Tables, frame: list[Any]) -> None:
    blocked = state["blocked"]
    victims = [v for v in others(state, state["cur"]) if v not in blocked]
    state["blocked"] = []
    effect(state, t, frame[1], victims)


# -- kingdom cards ---------------------------------------------------------------


def _cellar(state: State, t: Tables, card: str, victims: list[int]) -> None:
    p = state["cur"]
    if state["players"][p]["hand"]:
        ask_pick(state, p, "discard", card, left=None, skip="done")


def _chapel(state: State, t: Tables, card: str, victims: list[int]) -> None:
    p = state["cur"]
    if state["players"][p]["hand"]:
        ask_pick(state, p, "trash", card, left=t.params[card]["trash_max"], skip="done")


def _harbinger(state: State, t: Tables, card: str, victims: list[int]) -> None:
    p = state["cur"]
    if state["players"][p]["discard"]:
        ask_pick(state, p, "topdeck", card, "discard", skip="pass")


def _merchant(state: State, t: Tables, card: str, victims: list[int]) -> None:
    # Only a Silver played after this Merchant can be the "first Silver".
    if not state["silvers"]:
        state["merchant"] += t.params[card]["silver_bonus"]


def _vassal(state: State, t: Tables, card: str, victims: list[int]) -> None:
    p = state["cur"]
    pl = state["players"][p]
    top = pop_top(state, pl)
    if top is None:
        return
    pl["discard"].append(top)
    log(state, p, "discard", top)
    if top in t.action:
        ask(state, p, "yesno", card, about=top, question="play")


def _workshop(state: State, t: Tables, card: str, victims: list[int]) -> None:
    ask_gain(state, t, card, t.params[card]["gain_max"], "discard")


def _bureaucrat(state: State, t: Tables, card: str, victims: list[int]) -> None:
    gain(state, state["cur"], "Silver", "deck")
    state["stack"] += [["bureaucrat", v] for v in reversed(victims)]


def _frame_bureaucrat(state: State, t: Tables, frame: list[Any]) -> None:
    v = frame[1]
    hand = state["players"][v]["hand"]
    allow = [n for n in t.supply if n in t.victory]
    if any(c in t.victory for c in hand):
        ask_pick(state, v, "topdeck", "Bureaucrat", allow=allow, need=1, mark=MARK_PUBLIC)
    else:
        # The rules have the hand revealed, so naming it leaks nothing.
        log(state, v, "reveal", ",".join(hand) or None)


def _militia(state: State, t: Tables, card: str, victims: list[int]) -> None:
    state["stack"] += [["militia", v, card] for v in reversed(victims)]


def _frame_militia(state: State, t: Tables, frame: list[Any]) -> None:
    _, v, card = frame
    extra = len(state["players"][v]["hand"]) - t.params[card]["hand_to"]
    if extra > 0:
        ask_pick(state, v, "discard", card, need=extra, left=extra)


def _moneylender(state: State, t: Tables, card: str, victims: list[int]) -> None:
    ask_pick(state, state["cur"], "trash", card, allow=["Copper"], skip="pass")


def _poacher(state: State, t: Tables, card: str, victims: list[int]) -> None:
    p = state["cur"]
    hand = state["players"][p]["hand"]
    k = empty_piles(state)
    if not k or not hand:
        return
    if len(hand) <= k:
        count = len(hand)
        for name in list(hand):
            discard_unseen(state, p, hand, name)
        log_discards(state, p, count)
    else:
        ask_pick(state, p, "discard", card, need=k, left=k)


def _remodel(state: State, t: Tables, card: str, victims: list[int]) -> None:
    p = state["cur"]
    if state["players"][p]["hand"]:
        ask_pick(state, p, "trash", card, need=1)


def _throne_room(state: State, t: Tables, card: str, victims: list[int]) -> None:
    # Asked even without an Action in hand, so the prompt reveals nothing.
    allow = list(t.action_order)
    ask(state, state["cur"], "play", card, zone="hand", allow=allow, skip="pass")


def _bandit(state: State, t: Tables, card: str, victims: list[int]) -> None:
    gain(state, state["cur"], "Gold")
    state["stack"] += [["bandit", v, card] for v in reversed(victims)]


def _frame_bandit(state: State, t: Tables, frame: list[Any]) -> None:
    _, v, card = frame
    pl = state["players"][v]
    shown = pl["shown"]
    for _ in range(t.params[card]["reveal"]):
        top = pop_top(state, pl)
        if top is None:
            break
        shown.append(top)
        log(state, v, "reveal", top)
    allow = [n for n in t.treasure_order if n != "Copper"]
    found = distinct(t, shown, allow)
    if len(found) > 1:
        ask_pick(state, v, "trash", card, "shown", allow=allow, need=1)
        return
    if found:
        trash_from(state, v, shown, found[0])
    _discard_shown(state, v)


def _discard_shown(state: State, p: int) -> None:
    shown = state["players"][p]["shown"]
    for name in list(shown):
        discard_from(state, p, shown, name)


def _council_room(state: State, t: Tables, card: str, victims: list[int]) -> None:
    players = state["players"]
    for v in others(state, state["cur"]):
        draw(state, players[v], t.params[card]["others_draw"])


def _library(state: State, t: Tables, card: str, victims: list[int]) -> None:
    _frame_library(state, t, ["library", card])


def _frame_library(state: State, t: Tables, frame: list[Any]) -> None:
    card = frame[1]
    p = state["cur"]
    pl = state["players"][p]
    hand = pl["hand"]
    while len(hand) < t.params[card]["hand_to"]:
        drawn = pop_top(state, pl)
        if drawn is None:
            break
        if drawn in t.action:
            pl["look"].append(drawn)
            state["stack"].append(["library", card])
            ask(state, p, "yesno", card, question="set aside")
            return
        hand.append(drawn)
    _discard_shown(state, p)


def _mine(state: State, t: Tables, card: str, victims: list[int]) -> None:
    allow = list(t.treasure_order)
    ask_pick(state, state["cur"], "trash", card, allow=allow, skip="pass")


def _sentry(state: State, t: Tables, card: str, victims: list[int]) -> None:
    p = state["cur"]
    pl = state["players"][p]
    for _ in range(t.params[card]["look"]):
        top = pop_top(state, pl)
        if top is None:
            break
        pl["look"].append(top)
    if pl["look"]:
        ask(state, p, "sentry", card, discarded=0)


def _witch(state: State, t: Tables, card: str, victims: list[int]) -> None:
    for v in victims:
        gain(state, v, "Curse")


def _artisan(state: State, t: Tables, card: str, victims: list[int]) -> None:
    ask_gain(state, t, card, t.params[card]["gain_max"], "hand")


EFFECTS: dict[str, Effect] = {
    "Cellar": _cellar,
    "Chapel": _chapel,
    "Harbinger": _harbinger,
    "Merchant": _merchant,
    "Vassal": _vassal,
    "Workshop": _workshop,
    "Bureaucrat": _bureaucrat,
    "Militia": _militia,
    "Moneylender": _moneylender,
    "Poacher": _poacher,
    "Remodel": _remodel,
    "Throne Room": _throne_room,
    "Bandit": _bandit,
    "Council Room": _council_room,
    "Library": _library,
    "Mine": _mine,
    "Sentry": _sentry,
    "Witch": _witch,
    "Artisan": _artisan,
}

FRAMES: dict[str, FrameFn] = {
    "card": lambda state, t, frame: resolve(state, t, frame[1]),
    "react": _frame_react,
    "effect": _frame_effect,
    "bureaucrat": _frame_bureaucrat,
    "militia": _frame_militia,
    "bandit": _frame_bandit,
    "library": _frame_library,
}


# -- answering sub-decisions -------------------------------------------------------


def choices(state: State, t: Tables, pend: Pending) -> list[Action]:
    """The legal answers to a sub-decision, in a stable order."""
    kind = pend["kind"]
    pl = state["players"][pend["player"]]
    if kind == "gain":
        supply, top, allow = state["supply"], pend["max_cost"], pend["allow"]
        return [
            "gain:" + n
            for c, n, _ in t.buy_list
            if c <= top and supply[n] and (allow is None or n in allow)
        ]
    if kind == "yesno":
        return ["yes", "no"]
    if kind == "sentry":
        names = distinct(t, pl["look"])
        return [*("trash:" + n for n in names), *("discard:" + n for n in names), "done"]
    acts: list[Action] = [kind + ":" + n for n in distinct(t, pl[pend["zone"]], pend["allow"])]
    skip = pend.get("skip")
    if skip and not pend.get("need"):
        acts.append(skip)
    return acts


def card_named(action: Action) -> str:
    """The card an answer such as "gain:Silver" names, as the one shared string object.

    Cards that move into a zone must be the interned names the tables hold: zone
    scans (`name in hand`), set tests and dict lookups then match on identity
    instead of comparing characters, which the random-game benchmark showed.
    """
    return sys.intern(str(action).partition(":")[2])


def answer(state: State, t: Tables, pend: Pending, action: Action) -> None:
    ANSWERS[pend["kind"]](state, t, pend, action)


def _answer_pick(state: State, t: Tables, pend: Pending, action: Action) -> None:
    if action == pend["skip"]:
        _finish(state, t, pend)
        return
    name = card_named(action)
    p = pend["player"]
    pl = state["players"][p]
    zone = pl[pend["zone"]]
    kind = pend["kind"]
    if kind == "discard":
        discard_unseen(state, p, zone, name)
    elif kind == "trash":
        trash_from(state, p, zone, name)
    else:
        zone.remove(name)
        put_on_deck(pl, name, pend["mark"])
        log(state, p, "topdeck", name if pend["mark"] == MARK_PUBLIC else None)
    pend["count"] += 1
    # A discarded card stays unnamed until the batch closes (see log_discards).
    pend["last"] = name if kind != "discard" else None
    pend["need"] = max(0, pend["need"] - 1)
    if pend["left"] is not None:
        pend["left"] -= 1
    if pend["left"] == 0 or not distinct(t, zone, pend["allow"]):
        _finish(state, t, pend)


def _finish(state: State, t: Tables, pend: Pending) -> None:
    state["pending"] = None
    if pend["kind"] == "discard":
        log_discards(state, pend["player"], pend["count"])
    hook = FINISH.get((pend["card"], pend["kind"]))
    if hook is not None:
        hook(state, t, pend)


def _answer_gain(state: State, t: Tables, pend: Pending, action: Action) -> None:
    gain(state, pend["player"], card_named(action), pend["to"])
    _finish(state, t, pend)


def _answer_play(state: State, t: Tables, pend: Pending, action: Action) -> None:
    state["pending"] = None
    if action == "pass":
        return
    name = card_named(action)
    p = pend["player"]
    state["players"][p]["hand"].remove(name)
    state["play"].append(name)
    log(state, p, "play", name)
    times = t.params[pend["card"]]["times"]
    state["stack"] += [["card", name] for _ in range(times)]


def _answer_react(state: State, t: Tables, pend: Pending, action: Action) -> None:
    state["pending"] = None
    if action != "pass":
        state["blocked"].append(pend["player"])
        log(state, pend["player"], "reveal", card_named(action))


def _answer_yesno(state: State, t: Tables, pend: Pending, action: Action) -> None:
    state["pending"] = None
    p = pend["player"]
    pl = state["players"][p]
    if pend["card"] == "Vassal":
        if action == "yes":
            name = pend["about"]
            # It is still the top card: nothing can cover it before this answer.
            pl["discard"].pop()
            state["play"].append(name)
            log(state, p, "play", name)
            resolve(state, t, name)
        return
    drawn = pl["look"].pop()  # Library's drawn Action card
    if action == "yes":
        pl["shown"].append(drawn)
        log(state, p, "set aside", drawn)
    else:
        pl["hand"].append(drawn)


def _answer_sentry(state: State, t: Tables, pend: Pending, action: Action) -> None:
    p = pend["player"]
    look = state["players"][p]["look"]
    if action != "done":
        verb, _, raw = str(action).partition(":")
        name = sys.intern(raw)
        if verb == "trash":
            trash_from(state, p, look, name)
        else:
            discard_unseen(state, p, look, name)
            pend["discarded"] += 1
        if look:
            return
    state["pending"] = None
    log_discards(state, p, pend["discarded"])
    _sentry_put_back(state, t, pend)


def _sentry_put_back(state: State, t: Tables, pend: Pending) -> None:
    """Two cards left: ask which goes back first (the other ends on top)."""
    p = pend["player"]
    pl = state["players"][p]
    look = pl["look"]
    if len(look) > 1:
        ask_pick(state, p, "topdeck", "Sentry", "look", need=1)
    elif look:
        put_on_deck(pl, look.pop(), MARK_OWNER)
        log(state, p, "topdeck", None)


ANSWERS: dict[str, Answer] = {
    "discard": _answer_pick,
    "trash": _answer_pick,
    "topdeck": _answer_pick,
    "gain": _answer_gain,
    "play": _answer_play,
    "react": _answer_react,
    "yesno": _answer_yesno,
    "sentry": _answer_sentry,
}


def _cellar_draw(state: State, t: Tables, pend: Pending) -> None:
    draw(state, state["players"][pend["player"]], pend["count"])


def _moneylender_coins(state: State, t: Tables, pend: Pending) -> None:
    if pend["count"]:
        state["coins"] += t.params["Moneylender"]["trash_coins"]


def _remodel_gain(state: State, t: Tables, pend: Pending) -> None:
    if pend["last"] is not None:
        limit = t.cost[pend["last"]] + t.params["Remodel"]["gain_more"]
        ask_gain(state, t, "Remodel", limit, "discard")


def _mine_gain(state: State, t: Tables, pend: Pending) -> None:
    if pend["last"] is not None:
        limit = t.cost[pend["last"]] + t.params["Mine"]["gain_more"]
        ask_gain(state, t, "Mine", limit, "hand", list(t.treasure_order))


def _artisan_topdeck(state: State, t: Tables, pend: Pending) -> None:
    p = pend["player"]
    if state["players"][p]["hand"]:
        ask_pick(state, p, "topdeck", "Artisan", need=1)


FINISH: dict[tuple[str, str], Finish] = {
    ("Cellar", "discard"): _cellar_draw,
    ("Moneylender", "trash"): _moneylender_coins,
    ("Remodel", "trash"): _remodel_gain,
    ("Mine", "trash"): _mine_gain,
    ("Bandit", "trash"): lambda state, t, pend: _discard_shown(state, pend["player"]),
    ("Artisan", "gain"): _artisan_topdeck,
    ("Sentry", "topdeck"): _sentry_put_back,
}
