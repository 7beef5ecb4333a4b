"""What the bots know about the Game of Y: spec 003's Easy scoring, a connection
measure for Medium, threats, and Hard's rollout (an answer by a plan-based quick
policy, then the connection measure mixed with bridge-aware random fills).

Y has no rule numbers to read beyond the board size (from the state's
rules); the weights below belong to the bots, not to the rules.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import cache

from boardbots.core.contract import Action, State, Stop
from boardbots.core.heuristics import Heuristics, squash
from boardbots.core.rng import Rng
from boardbots.games.y import slices
from boardbots.games.y.board import Bitboard, Board
from boardbots.games.y.engine import GAME, SWAP, board_of
from boardbots.games.y.rave import RaveTree
from boardbots.games.y.replies import ReplyNode, ReplyTable

# Spec 003's weights (see docs/bots.md for how they are read).
LINK = 150  # per (stone, same-colour neighbour) pair: a new link counts twice
SIDE = 1000  # per side a stone's chain reaches
BLOCK = 1.2  # the opponent's value of a cell, for taking it away from them

FAR = 1_000  # a side no path can reach any more
WIN_BONUS = 100.0  # points a finished connection is worth beyond its distance of 0
ROBUST = 0.5  # most a distance is lowered for having many meeting cells (less than a stone)
ROBUST_HALF = 4  # meeting cells that earn half of ROBUST


@dataclasses.dataclass(frozen=True, slots=True)
class Geometry:
    """Per-cell lookups built once per board size."""

    board: Board
    near: tuple[Bitboard, ...]  # near[i]: the neighbours of cell i (0 off the board)
    side_bits: tuple[int, ...]  # side_bits[i]: the sides cell i lies on, as a 3-bit mask
    sides: tuple[Bitboard, Bitboard, Bitboard]


@cache
def geometry(b: Board) -> Geometry:
    size = b.n * b.n
    near = [0] * size
    on = [0] * size
    for i in b.cells:
        near[i] = b.neighbours(1 << i)
        on[i] = sum(1 << k for k, s in enumerate((b.side_a, b.side_b, b.side_c)) if s >> i & 1)
    return Geometry(b, tuple(near), tuple(on), (b.side_a, b.side_b, b.side_c))


def _bits(mask: Bitboard) -> list[int]:
    """Indices of the set bits, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# ---------------------------------------------------------------- Easy (spec 003)


def easy_scores(state: State) -> dict[int, float]:
    """Spec 003's value of each empty cell for the player to move.

    A stone scores LINK per same-colour neighbour and SIDE per side its chain
    reaches (docs/bots.md says why the chain). A cell is worth what the new
    stone adds for us plus BLOCK times what it would add for the opponent,
    since taking it denies them that.
    """
    g = geometry(board_of(state))
    me = state["to_move"]
    mine, theirs = state["stones"][me], state["stones"][1 - me]
    empty = g.board.full & ~(mine | theirs)
    ours, other = _chains(g, mine), _chains(g, theirs)
    return {i: _gain(g, i, mine, ours) + BLOCK * _gain(g, i, theirs, other) for i in _bits(empty)}


def _chains(g: Geometry, stones: Bitboard) -> list[tuple[Bitboard, int, int]]:
    """Each chain of `stones` as (bits, size, sides reached as a 3-bit mask)."""
    out = []
    rest = stones
    while rest:
        chain = g.board.group(stones, rest & -rest)
        rest &= ~chain
        out.append((chain, chain.bit_count(), _side_mask(g, chain)))
    return out


def _side_mask(g: Geometry, bits: Bitboard) -> int:
    a, b, c = g.sides
    return (bits & a != 0) | (bits & b != 0) << 1 | (bits & c != 0) << 2


def _gain(
    g: Geometry, cell: int, stones: Bitboard, chains: list[tuple[Bitboard, int, int]]
) -> float:
    """How much a stone on `cell` raises its owner's 003 board value.

    Its links count twice (its own and its neighbours'); the chains it joins
    become one, every stone of which then scores the merged chain's sides.
    """
    near = g.near[cell]
    size, sides, before = 1, g.side_bits[cell], 0
    for bits, n, mask in chains:
        if bits & near:
            size += n
            sides |= mask
            before += n * _SIDE_COUNT[mask]
    links = 2 * LINK * (near & stones).bit_count()
    return links + SIDE * (size * _SIDE_COUNT[sides] - before)


_SIDE_COUNT = tuple(bin(m).count("1") for m in range(8))


def easy_pick(state: State, rng: Rng) -> Action:
    """The best-scoring cell; equal best cells drawn at random (spec 003's tie rule)."""
    scores = easy_scores(state)
    top = max(scores.values())
    return rng.choice([i for i, s in scores.items() if s == top])


# ---------------------------------------------------------------- threats


def winning_cells(b: Board, own: Bitboard, other: Bitboard) -> Bitboard:
    """Empty cells that would connect all three sides for the owner of `own`.

    For each side, the cells whose stone would touch it: the side itself and
    the empty neighbours of every group already touching it. A cell in all
    three such sets wins.
    """
    empty = b.full & ~(own | other)
    reach = [b.side_a, b.side_b, b.side_c]
    rest = own
    while rest:
        grp = b.group(own, rest & -rest)
        rest &= ~grp
        around = b.neighbours(grp)
        for k, side in enumerate((b.side_a, b.side_b, b.side_c)):
            if grp & side:
                reach[k] |= around
    return reach[0] & reach[1] & reach[2] & empty


def threats(state: State) -> tuple[Bitboard, Bitboard]:
    """(cells that win now for the player to move, cells that would win for the opponent)."""
    b = board_of(state)
    me = state["to_move"]
    mine, theirs = state["stones"][me], state["stones"][1 - me]
    return winning_cells(b, mine, theirs), winning_cells(b, theirs, mine)


# ---------------------------------------------------------------- connection measure


def side_layers(b: Board, own: Bitboard, empty: Bitboard, side: Bitboard) -> list[Bitboard]:
    """Cells by their distance from `side`: layer k holds the cells whose path from the
    side must fill k empty cells (the cell itself included).

    Own stones cost nothing, so each layer grows by one ring of empty cells
    and then floods through every friendly group it touches.
    """
    reach = b.group(own, side & own)
    layers = [reach]
    while True:
        ring = (b.neighbours(reach) | side) & empty & ~reach
        if not ring:
            return layers
        grown = b.group(own, reach | ring)
        layers.append(grown & ~reach)
        reach = grown


def side_distances(b: Board, own: Bitboard, empty: Bitboard, side: Bitboard) -> list[int]:
    """Per cell, the fewest empty cells (itself included) a path from `side` must fill
    (FAR where none can)."""
    dist = [FAR] * (b.n * b.n)
    for k, layer in enumerate(side_layers(b, own, empty, side)):
        for i in b.cells_in(layer):
            dist[i] = k
    return dist


def y_distance(b: Board, own: Bitboard, other: Bitboard) -> float:
    """Stones `own`'s owner still needs to connect all three sides, less a robustness credit.

    A cheapest tree joining three sides meets at one cell, so the whole part
    is the least, over cells x, of the three side distances to x, minus the
    twice-counted cost of x itself (0 for a stone, 1 for an empty cell). The
    fraction credits the number of cells where such a cheapest tree can meet:
    with more of them, one enemy stone is less likely to cut every plan.
    """
    return plan(b, own, other).distance


# ---------------------------------------------------------------- plans, cached for Hard


@dataclasses.dataclass(frozen=True, slots=True)
class Plan:
    """One player's connection plan: `distance` as `y_distance` gives it, and per cell
    the stones a cheapest tree forced through that cell needs (`through`, as bit planes,
    see `slices.py`; 3·FAR for the opponent's stones)."""

    distance: float
    through: slices.Planes


def plan(b: Board, own: Bitboard, other: Bitboard) -> Plan:
    """The connection measure of `y_distance`, with the per-cell totals behind it."""
    empty = b.full & ~(own | other)
    total = slices.constant(-2, empty)  # an empty cell's own cost is counted three times
    for side in (b.side_a, b.side_b, b.side_c):
        layers = side_layers(b, own, empty, side)
        reached = 0
        for layer in layers:
            reached |= layer
        total = slices.add(total, slices.from_layers(layers, b.full & ~reached, FAR))
    best, ways = FAR, 0
    if own | empty:
        least, cells = slices.least(total, own | empty)
        if least <= FAR:  # else no plan at all: FAR, with no meeting cells
            best, ways = least, cells.bit_count()
    return Plan(best - ROBUST * ways / (ways + ROBUST_HALF), total)


PLAN_CACHE_SIZE = 8192
"""Positions whose plans are kept; Hard's rollouts revisit the same few hundred a move."""

_PLANS: dict[tuple[int, Bitboard, Bitboard], tuple[Plan, Plan]] = {}


def clear_caches() -> None:
    """Forget remembered positions, so a benchmark times every decision from cold."""
    _PLANS.clear()
    _CELLS.clear()
    _PAIRS.clear()


def plans(b: Board, black: Bitboard, white: Bitboard) -> tuple[Plan, Plan]:
    """Both players' plans, remembered: the same answer for the same stones, only faster."""
    key = (b.n, black, white)
    found = _PLANS.get(key)
    if found is None:
        if len(_PLANS) >= PLAN_CACHE_SIZE:
            _PLANS.clear()
        found = (plan(b, black, white), plan(b, white, black))
        _PLANS[key] = found
    return found


def reply_cells(state: State) -> tuple[int, ...]:
    """The quick policy's greedy choices: the empty cells with the least sum of the
    mover's and the opponent's `through` totals, i.e. cells on (or nearest to) both
    players' cheapest trees, which build our connection and cut theirs at once."""
    b = board_of(state)
    black, white = state["stones"]
    key = (b.n, black, white)  # the sum is the same whoever moves
    found = _CELLS.get(key)
    if found is None:
        if len(_CELLS) >= PLAN_CACHE_SIZE:
            _CELLS.clear()
        found = _CELLS[key] = _reply_cells(b, black, white)
    return found


_CELLS: dict[tuple[int, Bitboard, Bitboard], tuple[int, ...]] = {}


def _reply_cells(b: Board, black: Bitboard, white: Bitboard) -> tuple[int, ...]:
    ours, theirs = plans(b, black, white)
    empty = b.full & ~(black | white)
    if not empty:
        return ()
    _, cells = slices.least(slices.add(ours.through, theirs.through), empty)
    return tuple(b.cells_in(cells))


def ranked_replies(state: State, count: int) -> tuple[int, ...]:
    """The `count` first empty cells in the quick policy's order: least `through` sum
    first (ties by cell number), so its greedy choices come first."""
    b = board_of(state)
    black, white = state["stones"]
    ours, theirs = plans(b, black, white)
    total = slices.add(ours.through, theirs.through)
    out: list[int] = []
    for group in slices.ranked(total, b.full & ~(black | white), count):
        out += b.cells_in(group)
    return tuple(out[:count])


def reply_node(state: State, width: int) -> ReplyNode:
    """The opponent's `width` best answers in `ranked_replies` order; a forced block
    alone; or a settled result when the opponent wins now or cannot stop the candidate's
    player (two winning cells), as the candidate's player's reward."""
    b = board_of(state)
    mover = state["to_move"]
    own, other = state["stones"][mover], state["stones"][1 - mover]
    if winning_cells(b, own, other):
        return ReplyNode((), settled=0.0)
    must = winning_cells(b, other, own)
    if must & (must - 1):
        return ReplyNode((), settled=1.0)
    cells = (must.bit_length() - 1,) if must else ranked_replies(state, width)
    return ReplyNode(cells, visits=[0] * len(cells), totals=[0.0] * len(cells))


def fill_share(state: State, me: int, fills: int, rng: Rng) -> float:
    """The share of `fills` uniformly random completions of the board that `me` wins
    (the engine's `random_winner`, `fills` times)."""
    b = board_of(state)
    black, white = state["stones"]
    empty_bits = b.full & ~(black | white)
    take = (empty_bits.bit_count() + 1) // 2
    mover_is_black = state["to_move"] == 0
    wins = 0
    for _ in range(fills):
        mine = rng.bit_subset(empty_bits, take)
        first = black | (mine if mover_is_black else empty_bits & ~mine)
        wins += b.full_board_winner(first) == me
    return wins / fills


@cache
def bridges(b: Board) -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """Per cell x, its two-bridges (y, carrier cell 1, carrier cell 2) and edge templates
    (-1, the two side cells x touches on a side it is not on)."""
    g = geometry(b)
    out = []
    for x in range(b.n * b.n):
        found: list[tuple[int, int, int]] = []
        if b.full >> x & 1:
            for y in b.cells:
                if y == x or g.near[x] >> y & 1:
                    continue
                common = g.near[x] & g.near[y]
                if common.bit_count() == 2:
                    c1, c2 = _bits(common)
                    found.append((y, c1, c2))
            for side in g.sides:
                touch = g.near[x] & side
                if not side >> x & 1 and touch.bit_count() == 2:
                    c1, c2 = _bits(touch)
                    found.append((-1, c1, c2))
        out.append(tuple(found))
    return tuple(out)


_PAIRS: dict[tuple[int, Bitboard, Bitboard], tuple[tuple[int, int], ...]] = {}


def bridge_pairs(b: Board, black: Bitboard, white: Bitboard) -> tuple[tuple[int, int], ...]:
    """Disjoint pairs of empty cells that carry a bridge (or edge template) of either
    player: in a fill the owner answers an intrusion, so each side gets one of each pair."""
    key = (b.n, black, white)
    found = _PAIRS.get(key)
    if found is not None:
        return found
    empty = b.full & ~(black | white)
    table = bridges(b)
    used = 0
    pairs = []
    for own in (black, white):
        for x in _bits(own):
            for y, c1, c2 in table[x]:
                if (y < 0 or own >> y & 1) and empty >> c1 & 1 and empty >> c2 & 1:
                    both = 1 << c1 | 1 << c2
                    if not used & both:
                        used |= both
                        pairs.append((c1, c2))
    if len(_PAIRS) >= PLAN_CACHE_SIZE:
        _PAIRS.clear()
    found = _PAIRS[key] = tuple(pairs)
    return found


def pattern_fill_share(state: State, me: int, fills: int, rng: Rng) -> float:
    """As `fill_share`, but each bridge carrier is split between the players (the owner
    saves an intruded bridge) and only the other empty cells are shared out at random.

    One draw of a bit per pair picks which cell of each pair the mover gets:
    XOR-ing the chosen pairs' (c1 | c2) into the c2 cells swaps their c2 for c1.
    """
    b = board_of(state)
    black, white = state["stones"]
    pairs = bridge_pairs(b, black, white)
    seconds, swaps = _pair_masks(pairs)
    empty_bits = b.full & ~(black | white)
    free_bits = empty_bits & ~(seconds | _union(swaps))
    take = (free_bits.bit_count() + 2 * len(pairs) + 1) // 2 - len(pairs)
    mover_is_black = state["to_move"] == 0
    wins = 0
    count = len(pairs)
    for _ in range(fills):
        mine = rng.bit_subset(free_bits, take) | seconds
        if count:
            pick = rng.getrandbits(count)
            for j, swap in enumerate(swaps):
                if pick >> j & 1:
                    mine ^= swap
        first = black | (mine if mover_is_black else empty_bits & ~mine)
        wins += b.full_board_winner(first) == me
    return wins / fills


def _pair_masks(pairs: tuple[tuple[int, int], ...]) -> tuple[Bitboard, tuple[Bitboard, ...]]:
    """The c2 cells of all pairs as one bitboard, and each pair's c1 | c2."""
    seconds = 0
    for _, c2 in pairs:
        seconds |= 1 << c2
    return seconds, tuple(1 << c1 | 1 << c2 for c1, c2 in pairs)


def _union(masks: tuple[Bitboard, ...]) -> Bitboard:
    out = 0
    for m in masks:
        out |= m
    return out


# ---------------------------------------------------------------- the protocol


class YHeuristics(Heuristics):
    """Game of Y heuristics for the bot ladder (see `bots/heuristics.py`)."""

    easy_random_rate = 0.0  # spec 003's Easy is pure greedy: no random-move step
    rollout = "bandit"  # Hard's rollout: "bandit", "reply" (see `playout`), "fill", "policy"
    # Where Hard searches one RAVE tree instead (`hard_tree`, `rave.py`): "off", "always",
    # or "first" (only as the player who moved first, seat 0). "always": at a table's
    # 900 ms budget the flat search gets about a quarter of its iterations as second
    # player and the tree nearly all of its cap (a median of about 18,700 of 20,000),
    # and the tree won far more (docs/bots.md).
    tree = "always"
    # The tree's simulation cap, and it searches every cell: a wider root keeps the tree
    # shallower, so 20,000 simulations over all cells took less time than over 24
    # (docs/bots.md).
    tree_iterations = 20_000
    rave_c = 0.1  # that tree's exploration weight (its AMAF means explore for it)
    rave_k = 500.0  # visits at which a child's own mean and its AMAF mean weigh about the same
    reply_width = 8  # the opponent's answers the "bandit" rollout chooses among
    reply_c = 0.4  # that bandit's exploration weight (Hard's own c)
    reply_depth = 4  # stones the reply bandits may play in a row (1: the opponent's answer only)
    replies = 1  # quick-policy stones after Hard's candidate: the opponent's answer
    epsilon = 0.1  # the quick policy's random share (Hard's default epsilon)
    mix = 0.5  # weight of the fill win share in the reply rollout's reward
    fills = 8  # random fills averaged per Hard iteration
    patterns = True  # fills split bridge carriers (the owner saves an intruded bridge)
    # Hard's iteration cap when its bot code sets none. Y iterations are cheap: at the
    # seed's 1,500 a decision used about 150 ms of its 900 ms budget; docs/bots.md has
    # the timings and the matches behind this number.
    hard_iterations = 10_000
    hard_top_k = 24  # Medium's best moves the flat search keeps as candidates
    # A win, or the only cell that stops the opponent's win, is never worse than any
    # other move; the reply bandit would rate every move that keeps two winning cells a
    # sure win too, so Hard must take the win rather than a later one.
    hard_trusts_obvious = True
    paired_worlds = False  # nothing is hidden: every arm sees the one real board

    # The last search's tree, freed when the next search starts: freeing some ten
    # thousand nodes takes tens of milliseconds, which would otherwise come after the
    # budget's last check and make the player wait past the budget.
    _last_tree: RaveTree | None = None

    def forget(self) -> None:
        clear_caches()
        self._last_tree = None

    def __init__(self) -> None:
        self.reply_table = ReplyTable()

    def hard_horizon_turns(self, state: State) -> int | None:
        return None  # one turn per seat, for the "policy" rollout (the others end the game)

    def hard_new_search(self) -> None:
        """Hard starts a search: forget the last one's reply statistics and tree."""
        self.reply_table.reset()
        self._last_tree = None

    def points(self, state: State) -> list[float]:
        """Minus the stones each player still needs; a finished connection adds WIN_BONUS."""
        black, white = plans(board_of(state), *state["stones"])
        pts = [-black.distance, -white.distance]
        if state["winner"] is not None:
            pts[state["winner"]] += WIN_BONUS
        return pts

    def evaluate(self, state: State, me: int) -> float:
        pts = self.points(state)
        return pts[me] - pts[1 - me]

    def outlook(self, state: State, me: int) -> float:
        return 0.0  # Y has no chance events: nothing is averaged

    def reward_scale(self, state: State) -> float:
        return 2.0  # a round is two stones; each moves a distance by about one

    def medium_horizon(self, state: State) -> Stop | None:
        return None  # the scoring point is our own stone: evaluate straight after it

    def neutral_action(self, state: State) -> Action:
        b = board_of(state)
        occupied = state["stones"][0] | state["stones"][1]
        return next(i for i in b.cells if not occupied >> i & 1)

    def quick_action(self, state: State, rng: Rng, epsilon: float) -> Action:
        """Epsilon-greedy over cells on both players' cheapest plans (cached, no cloning)."""
        if rng.random() < epsilon:
            b = board_of(state)
            occupied = state["stones"][0] | state["stones"][1]
            return rng.choice(_bits(b.full & ~occupied))
        return rng.choice(reply_cells(state))

    def playout(self, state: State, me: int, rng: Rng) -> float | None:
        """Hard's rollout after its candidate stone; `me`'s reward in [0, 1].

        "bandit" (the default): the opponent answers with the best of its
        `reply_width` most promising cells by a per-position bandit (see
        `replies.py`); "reply": the quick policy answers (`replies` stones in
        all). Either way the reward is then `mix` times the share of `fills`
        pattern fills `me` wins plus the rest times the squashed connection
        measure (`evaluate` through tanh). "fill": the fill share alone,
        straight after the candidate. "policy": None, so Hard runs its
        standard rollout (quick policy to the horizon, then `evaluate`).
        docs/bots.md has the measurements behind each.
        """
        if self.rollout == "policy":
            return None
        if state["winner"] is not None:
            return float(state["winner"] == me)
        if self.rollout == "fill":
            return self._fills(state, me, rng)
        if self.rollout == "bandit":
            return self._bandit(state, me, rng)
        for _ in range(self.replies):
            GAME.apply(state, self.quick_action(state, rng, self.epsilon))
            if state["winner"] is not None:
                return float(state["winner"] == me)
        return self._settle(state, me, rng)

    def _bandit(self, state: State, me: int, rng: Rng) -> float:
        """Descend the search's reply nodes from the position after our candidate (each
        player answering by its node's bandit) for at most `reply_depth` stones, adding
        the first position not met before as a new node; score where it stops and
        credit every bandit on the way with its mover's share of that score."""
        width, table = self.reply_width, self.reply_table
        node, _ = table.node(state, lambda s: reply_node(s, width))
        path: list[tuple[ReplyNode, int, bool]] = []
        value = None
        for depth in range(self.reply_depth):
            ours = state["to_move"] == me
            if node.settled is not None:  # the non-mover's reward
                value = 1.0 - node.settled if ours else node.settled
                break
            j = node.pick(self.reply_c)
            GAME.apply(state, node.cells[j])
            path.append((node, j, ours))
            if state["winner"] is not None:
                value = float(state["winner"] == me)
                break
            if depth + 1 == self.reply_depth:
                break
            node, new = table.node(state, lambda s: reply_node(s, width))
            if new and node.settled is None:
                break
        if value is None:
            value = self._settle(state, me, rng)
        for seen, j, ours in path:
            seen.record(j, 1.0 - value if ours else value)
        return value

    def _settle(self, state: State, me: int, rng: Rng) -> float:
        """The reward of a position where the game goes on: fills mixed with the measure."""
        value = squash(self.evaluate(state, me), self.reward_scale(state))
        if self.mix:
            value = self.mix * self._fills(state, me, rng) + (1 - self.mix) * value
        return value

    def _fills(self, state: State, me: int, rng: Rng) -> float:
        fill = pattern_fill_share if self.patterns else fill_share
        return fill(state, me, self.fills, rng)

    def hard_tree(
        self,
        state: State,
        actions: list[Action],
        me: int,
        rng: Rng,
        limit: int,
        spent: Callable[[int], bool],
    ) -> tuple[int, list[tuple[int, float]]] | None:
        """One RAVE tree over the candidates (`rave.py`) where `tree` says so."""
        if not self._tree_for(state):
            return None
        cells = [int(a) for a in actions]
        stones = (state["stones"][0], state["stones"][1])
        search = RaveTree(board_of(state), stones, me, cells, self.rave_c, self.rave_k)
        done = 0
        while done < limit and not spent(done):
            search.simulate(rng)
            done += 1
        root = search.root
        self._last_tree = search
        return done, list(zip(root.visits, root.wins, strict=True))

    def _tree_for(self, state: State) -> bool:
        """Whether this decision is the tree's: the swap move is not a cell, so a choice
        that offers it keeps the flat search, with the flat search's limits."""
        if GAME.swap_allowed(state):
            return False
        return self.tree == "always" or (self.tree == "first" and state["to_move"] == 0)

    def hard_limits(self, state: State) -> tuple[int, int]:
        if self._tree_for(state):
            return self.tree_iterations, len(board_of(state).cells)
        return self.hard_iterations, self.hard_top_k

    def hard_page_numbers(self) -> dict[str, float]:
        # The page's shared steps describe the flat search, which Y's Hard keeps for
        # the swap offer; the game's own step tells of the tree (en.json
        # "explain.hard.s0.y").
        if self.tree == "off":
            return {}
        return {
            "iterations": self.hard_iterations,
            "top_k": self.hard_top_k,
            "tree_iterations": self.tree_iterations,
        }

    def hard_favourite(self, state: State, actions: list[Action]) -> Action | None:
        return None  # Medium's favourite leads Hard's candidates

    def obvious_answer(self, state: State, actions: list[Action]) -> Action | None:
        """Win if we can; otherwise take the opponent's only winning cell."""
        win, lose = threats(state)
        if win:
            return _bits(win)[0]
        if lose and lose & (lose - 1) == 0:
            return lose.bit_length() - 1
        return None

    def disasters(self, state: State, actions: list[Action]) -> list[Action]:
        """With exactly one cell letting the opponent win, every other move loses."""
        win, lose = threats(state)
        if win or not lose or lose & (lose - 1):
            return []
        return [a for a in actions if a == SWAP or not lose >> int(a) & 1]

    def immediate(self, state: State, action: Action) -> float:
        return 0.0 if action == SWAP else easy_scores(state)[int(action)]

    def easy_pick(self, state: State, actions: list[Action], rng: Rng) -> Action | None:
        return easy_pick(state, rng)

    def easy_weights(self) -> dict[str, float]:
        return {"link": LINK, "side": SIDE, "block": BLOCK}


HEURISTICS = YHeuristics()
