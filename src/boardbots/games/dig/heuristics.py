"""What Dig teaches the bots: standings, exact dice expectations and the quick policy.

Easy, Medium and Hard are the generic levels of `bots/`; this file is all they
know of Dig. Medium's outlook averages the next roll exactly (all 36, `odds.py`),
never a sample; Hard searches on paired worlds around a favourite that plans the
whole turn and the race for the round's bonus, and rolls out with the whole-turn
exact-mean rule, judging each rollout against every rival (`playout.py`).
docs/dig.md has the measurements behind the numbers here.
"""

from __future__ import annotations

from functools import lru_cache

from boardbots.core.contract import Action, State, Stop
from boardbots.core.heuristics import Heuristics
from boardbots.core.rng import Rng
from boardbots.games.dig import odds, playout, race
from boardbots.games.dig.dice import collapse_chance
from boardbots.games.dig.engine import DIG, DIG_ACTION, HAUL, STAKE, STAKES, legal
from boardbots.games.dig.events import round_rules

EASY_RANDOM_RATE = 0.25  # spec 000's share of random moves
MEDIUM_BETA = 1.0  # the outlook carries the whole mean of a dig: see `outlook`
HARD_ITERATIONS = 100  # about 0.8 s of CPU a 2v2 game with Medium (docs/dig.md)
HARD_TOP_K = len(STAKES)  # every candidate is searched: there are never more than six
DISASTER_RISK = 0.5  # Easy never digs into an even or worse chance of collapse with a load


class DigHeuristics(Heuristics):
    """Standings in points, as the final score counts them (points plus gems)."""

    easy_random_rate = EASY_RANDOM_RATE
    paired_worlds = True
    hard_trusts_obvious = True

    def forget(self) -> None:
        for table in (odds.dig_gain, odds.dig_value, odds.should_dig, odds.roll_value):
            table.cache_clear()
        for memo in (race.haul_odds, race.extra, race.race_value, race.race_dig, best_stake):
            memo.cache_clear()

    def points(self, state: State) -> list[float]:
        """Each seat's standing: points, gems, this round's haul, and for the digger the
        worth of the cart (what hauling now would add)."""
        rules, now = state["rules"], state["round_rules"]
        gp, cap = rules["gem_points"], now["haul_cap"]
        out = [
            float(s + g * gp + (h if cap is None or h <= cap else cap))
            for s, g, h in zip(state["scores"], state["gems"], state["hauls"], strict=True)
        ]
        if state["phase"] == DIG:
            t = odds.terms(rules, now)
            out[state["cur"]] += odds.worth(odds.cart_of(state["cart"]), t)
        return out

    def outlook(self, state: State, me: int) -> float:
        """What the next roll should add to `me`'s standing, over all 36 rolls (never a
        sample), as spec 000 defines the outlook: one random event ahead.

        Mid-turn it is the mean gain of one more dig when that is positive. Right after
        `me` dug, the world holds one roll the bot happened to draw; the outlook then
        swaps that roll for the mean of all 36 (what the roll brought is taken away,
        the mean of the roll and of the next one after it is added), so Medium's value
        of digging, at its weight of 1, is an exact mean. Otherwise 0, as once the game
        is over. Looking one roll ahead is Medium's short sight: it cannot tell a stake
        of 1 from 3 when the first dig is safe with either (Hard's favourite can).
        """
        value = 0.0
        last = state["last"]
        if last is not None and last["seat"] == me and last["step"] == state["steps"] - 1:
            value = _roll_swap(state, last)
        if state["phase"] == DIG and state["cur"] == me:
            t = odds.terms(state["rules"], state["round_rules"])
            value += odds.next_roll(odds.cart_of(state["cart"]), t)
        return value

    def evaluate(self, state: State, me: int) -> float:
        """Our standing and the rest of our turn against the best rival's: the protocol's
        value for the generic rollout. Hard's rollouts in Dig are `playout`, which judges
        each rival instead."""
        standing = self.points(state)
        if state["phase"] == DIG:
            cur = state["cur"]
            t = odds.terms(state["rules"], state["round_rules"])
            standing[cur] += odds.turn_value(odds.cart_of(state["cart"]), t)
        return standing[me] - max(v for p, v in enumerate(standing) if p != me)

    def reward_scale(self, state: State) -> float:
        """About one round's haul plus the majority bonus."""
        return 12.0 + float(state["rules"]["majority_bonus"])

    def medium_horizon(self, state: State) -> Stop | None:
        return None  # the outlook already averages the rest of the turn exactly

    def medium_beta(self, state: State) -> float:
        return MEDIUM_BETA

    def neutral_action(self, state: State) -> Action:
        return HAUL if state["phase"] == DIG else STAKES[0]

    def quick_action(self, state: State, rng: Rng, epsilon: float) -> Action:
        if epsilon and rng.random() < epsilon:
            return rng.choice(legal(state))
        return quick(state)

    def playout(self, state: State, me: int, rng: Rng) -> float:
        """The quick rule for everyone to the round's end, or to the game's end in its last
        rounds, with `me` judged against each rival (`playout.py`)."""

        def policy(s: State) -> Action:
            return self.quick_action(s, rng, playout.EPSILON)

        return playout.play(state, me, policy, self.points, self.reward_scale(state))

    def hard_new_search(self) -> None:
        return None  # the only memory kept across iterations is the odds' exact tables

    def hard_limits(self, state: State) -> tuple[int, int]:
        return HARD_ITERATIONS, HARD_TOP_K

    def hard_favourite(self, state: State, actions: list[Action]) -> Action | None:
        return greedy(state)

    def obvious_answer(self, state: State, actions: list[Action]) -> Action | None:
        """Digging when it cannot lose: no collapse is possible, or nothing rides on one."""
        if state["phase"] != DIG:
            return None
        cart, now = state["cart"], state["round_rules"]
        line = cart["hazard"] - now["beam"] * cart["stake"]
        if collapse_chance(line) == 0.0:
            return DIG_ACTION
        empty = not (cart["ore"] or cart["gems"] or cart["stake"] or now["collapse_points"])
        return DIG_ACTION if empty else None

    def disasters(self, state: State, actions: list[Action]) -> list[Action]:
        """Digging with a load into an even or worse chance of losing it."""
        if state["phase"] != DIG:
            return []
        cart, now = state["cart"], state["round_rules"]
        loaded = cart["ore"] or cart["gems"] or cart["stake"]
        line = cart["hazard"] - now["beam"] * cart["stake"]
        return [DIG_ACTION] if loaded and collapse_chance(line) >= DISASTER_RISK else []

    def immediate(self, state: State, action: Action) -> float:
        """A dig's mean gain over the 36 rolls; a haul's banked worth; a stake, nothing yet."""
        if action in (HAUL, DIG_ACTION):
            t = odds.terms(state["rules"], state["round_rules"])
            cart = odds.cart_of(state["cart"])
            return odds.dig_gain(cart, t) if action == DIG_ACTION else odds.worth(cart, t)
        return 0.0


def greedy(state: State) -> Action:
    """Hard's favourite: the quick rule's stake, then dig or haul counting the race for
    the round's bonus against every seat still to dig (`race.py`)."""
    if state["phase"] == STAKE:
        return quick(state)
    t = odds.terms(state["rules"], state["round_rules"])
    cart = odds.cart_of(state["cart"])
    return DIG_ACTION if race.race_dig(cart, t, race_of(state)) else HAUL


def quick(state: State) -> Action:
    """The rollouts' rule, cheap enough for every simulated turn: the stake with the best
    mean turn, then dig while a dig pays on average; the round's last seat also counts
    the bonus its haul would win, which it knows exactly."""
    rules, now = state["rules"], state["round_rules"]
    t = odds.terms(rules, now)
    if state["phase"] == STAKE:
        top = min(rules["max_stake"], state["gems"][state["cur"]])
        return STAKES[best_stake(top, state["cart"]["hazard"], t)]
    cart = odds.cart_of(state["cart"])
    if len(state["done"]) < state["players"] - 1:
        return DIG_ACTION if odds.should_dig(cart, t) else HAUL
    last = race_of(state)
    return DIG_ACTION if race.race_dig(cart, t, last) else HAUL


@lru_cache(maxsize=1 << 12)
def best_stake(top: int, hazard: int, t: odds.Terms) -> int:
    """The stake (0 to `top`) whose turn adds the most on average, the lowest on a tie."""
    # A stake moves gems into the cart without changing the standing (its worth counts
    # them), so the turn's mean gain alone compares the stakes.
    values = [odds.turn_value((0, 0, k, hazard), t) for k in range(top + 1)]
    return max(range(top + 1), key=values.__getitem__)


def race_of(state: State) -> race.Race:
    """The race for this round's bonus as the seat to act faces it."""
    now, rules = state["round_rules"], state["rules"]
    hauls, done = state["hauls"], state["done"]
    best = max((hauls[p] for p in done), default=0)
    holders = sum(1 for p in done if hauls[p] == best) if best > 0 else 0
    cur, n = state["cur"], state["players"]
    top, start = rules["max_stake"], now["hazard_start"]
    gems = state["gems"]
    later = tuple((min(top, gems[p]), start) for p in range(n) if p != cur and p not in done)
    need = rules["shared_find_haul"] if now["shared_find"] else 0
    return best, holders, later, now["majority_bonus"], need, rules["shared_find_points"]


def _roll_swap(state: State, last: dict[str, object]) -> float:
    """The mean worth of the roll just made and the turn after it, less what it brought."""
    rules = state["rules"]
    event = str(last["event"])
    now = state["round_rules"] if event == state["event"] else round_rules(rules, event)
    t = odds.terms(rules, now)
    b = last["before"]
    assert isinstance(b, dict)
    cart = (b["ore"], b["gems"], b["stake"], b["hazard"])
    roll = last["roll"]
    assert isinstance(roll, list)
    brought = odds.delta(cart, t, roll[0], roll[1])
    nxt = odds.after(cart, t, roll[0], roll[1])
    kept = odds.next_roll(nxt, t) if nxt is not None else 0.0
    return odds.roll_value(cart, t) - brought - kept


HEURISTICS = DigHeuristics()
