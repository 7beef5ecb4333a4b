"""The Game of Y engine, implementing the engine contract.

A state is {"game", "rules", "stones": [bits of player 0, bits of player 1],
"to_move", "ply", "last", "winner", "swapped"}. Actions are cell indices
(ints, see `board.py`) and "swap" for the pie rule. Y has no hidden
information and no chance, so a view is the state plus who is looking.
"""

from __future__ import annotations

from functools import cache, lru_cache
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
from boardbots.core.rng import Rng
from boardbots.games.y import track
from boardbots.games.y.board import Board, board
from boardbots.games.y.rules import MAX_SIZE, YRules

SWAP = "swap"
SIDE_NAMES = ("left", "bottom", "right")
_VIEW_ONLY = ("viewer", "pending")


def rules_of(state: State | View) -> YRules:
    r = state["rules"]
    return YRules(size=r["size"], swap=r["swap"])


def board_of(state: State | View) -> Board:
    return board(state["rules"]["size"])


def cell_name(b: Board, i: int) -> str:
    """Row letter from the top, then column from 1: the top cell is "a1"."""
    r, c = b.coords(i)
    return f"{chr(ord('a') + r)}{c + 1}"


def parse_cell(b: Board, text: str) -> int:
    """The cell index for a name like "c2"; ValueError explains a bad name."""
    text = text.strip().lower()
    if len(text) < 2 or not text[0].isalpha() or not text[1:].isdigit():
        raise ValueError(f"{text!r} is not a cell: write a row letter and a column, like c2")
    r, c = ord(text[0]) - ord("a"), int(text[1:]) - 1
    if not 0 <= r < b.n:
        raise ValueError(f"row {text[0]!r} is off the board (rows a to {chr(ord('a') + b.n - 1)})")
    if not 0 <= c <= r:
        raise ValueError(f"row {text[0]} has columns 1 to {r + 1}")
    return b.index(r, c)


def checked_rules(options: dict[str, Any]) -> dict[str, Any]:
    """The rules for `options`, checked, as JSON.

    Checking costs more than all the moves of a random game, so each distinct
    set of options is checked once; the key carries each value's type, so
    `1` is not taken for `True`.
    """
    if not isinstance(options, dict):
        return YRules.from_dict(options).to_dict()
    try:
        key = frozenset((k, type(v), v) for k, v in options.items())
    except TypeError:  # an unhashable value is no valid option: let the check say why
        return YRules.from_dict(options).to_dict()
    return dict(_checked(key))


@lru_cache(maxsize=128)
def _checked(key: frozenset[tuple[str, type, Any]]) -> dict[str, Any]:
    return YRules.from_dict({k: v for k, _, v in key}).to_dict()


@cache
def _empty_track(size: int) -> track.Track:
    return track.build(board(size), 0, 0)


class YGame(Game):
    """Stateless engine object; every call takes the state it works on."""

    meta = GameMeta(
        name="y",
        title="Game of Y",
        min_players=2,
        max_players=2,
        hidden_information=False,
        chance=False,
        max_length=MAX_SIZE * (MAX_SIZE + 1) // 2 + 1,
    )

    def default_rules(self) -> YRules:
        return YRules()

    def rules(self, state: State | View) -> YRules:
        return rules_of(state)

    def new_state(self, players: int, seed: int, options: dict[str, Any] | None = None) -> State:
        if players != 2:
            raise ValueError("the Game of Y is for exactly 2 players")
        rules = checked_rules(options or {})
        return {
            "game": "y",
            "rules": rules,
            "stones": [0, 0],
            "to_move": 0,
            "ply": 0,
            "last": None,
            "winner": None,
            "swapped": False,
            track.KEY: track.copy(_empty_track(rules["size"])),
        }

    def max_length(self, state: State | View) -> int:
        n = int(state["rules"]["size"])
        return n * (n + 1) // 2 + 1

    def pending(self, state: State | View) -> Pending | None:
        if state["winner"] is not None:
            return None
        return {"player": state["to_move"], "kind": "place"}

    def swap_allowed(self, state: State | View) -> bool:
        return bool(state["rules"]["swap"]) and state["ply"] == 1 and state["winner"] is None

    def legal_actions(self, state: State) -> list[Action]:
        if state["winner"] is not None:
            return []
        stones = state["stones"]
        known = state.get(track.KEY)
        moves: list[Action]
        # The legal list is the hottest call of all. A track made by `apply` holds the very
        # objects the state holds, so identity is checked first and values only after.
        if known is not None and (
            (known[0] is stones[0] and known[1] is stones[1])
            or (known[0] == stones[0] and known[1] == stones[1])
        ):
            moves = known[2].copy()
        else:
            b = board_of(state)
            moves = list(b.cells_in(b.full & ~(stones[0] | stones[1])))
        if state["ply"] == 1 and state["rules"]["swap"]:
            moves.append(SWAP)
        return moves

    def check(self, state: State, action: Action) -> None:
        if state["winner"] is not None:
            raise IllegalAction("the game is over")
        if action == SWAP:
            if not self.swap_allowed(state):
                raise IllegalAction("swap is only allowed as the second player's first move")
            return
        b = board_of(state)
        if isinstance(action, bool) or not isinstance(action, int):
            raise IllegalAction(f"a move is a cell number or 'swap', not {action!r}")
        if action not in b.cells:
            raise IllegalAction(f"cell {action} is not on a size-{b.n} board")
        if (state["stones"][0] | state["stones"][1]) >> action & 1:
            raise IllegalAction(f"cell {cell_name(b, action)} is already taken")

    def apply(self, state: State, action: Action) -> None:
        stones = state["stones"]
        known = state.get(track.KEY)
        # A stone on a position tracked by `apply` itself (its stones are then the very
        # objects the state holds) first, in as few steps as it takes: this is every
        # move of every game played move by move.
        if (
            type(action) is int
            and known is not None
            and known[0] is stones[0]
            and known[1] is stones[1]
        ):
            me = state["to_move"]
            own = stones[me] = stones[me] | 1 << action
            state["last"] = action
            state["ply"] += 1
            state["to_move"] = 1 - me
            if track.place(board(state["rules"]["size"]), known, me, action, own):
                state["winner"] = me
            return
        if known is not None:
            if known[0] != stones[0] or known[1] != stones[1]:
                known = state[track.KEY] = track.build(board_of(state), *stones)
            known[0], known[1] = stones  # equal already; now the same objects, as above
        if action == SWAP:
            # The pie rule: the opening stone changes hands, colours stay with seats.
            stones[0], stones[1] = 0, stones[0]
            if known is not None:
                track.swap(known)
            state["swapped"] = True
            state["to_move"] = 0
            state["ply"] += 1
            return
        if known is not None:
            self.apply(state, int(action))  # the short way above, now that it applies
            state["last"] = action
            return
        me = state["to_move"]
        cell = int(action)
        own = stones[me] = stones[me] | 1 << cell
        state["last"] = action
        state["ply"] += 1
        state["to_move"] = 1 - me
        b = board_of(state)
        group = b.group(own, 1 << cell)
        if group & b.side_a and group & b.side_b and group & b.side_c:
            state["winner"] = me

    def clock(self, state: State | View) -> tuple[int, int]:
        return state["ply"] // 2, state["ply"]

    def player_view(self, state: State, player: int | None) -> View:
        # The track is the engine's cache: the same for every seat and news to none, so
        # it is left out rather than copied.
        view = {key: value for key, value in state.items() if key != track.KEY}
        view["stones"] = list(state["stones"])
        view["viewer"] = player
        view["pending"] = self.pending(state)
        return view

    def preview(self, state: State, action: Action) -> dict[str, Any]:
        if action == SWAP:
            return {"swap": True, "group_size": 1, "sides": [], "wins": False}
        b = board_of(state)
        me = state["to_move"]
        bit = 1 << int(action)
        group = b.group(state["stones"][me] | bit, bit)
        sides = [
            name
            for name, mask in zip(SIDE_NAMES, (b.side_a, b.side_b, b.side_c), strict=True)
            if group & mask
        ]
        return {"group_size": group.bit_count(), "sides": sides, "wins": len(sides) == 3}

    def determinize(self, view: View, rng: Rng) -> State:
        # Perfect information: the only world consistent with the view is the view.
        state = self.clone(view)
        for key in _VIEW_ONLY:
            state.pop(key, None)
        return state

    def clone(self, state: State) -> State:
        copy = dict(state)
        copy["stones"] = list(state["stones"])
        known = state.get(track.KEY)
        if known is not None:
            copy[track.KEY] = track.copy(known)
        return copy

    def is_over(self, state: State | View) -> bool:
        return state["winner"] is not None

    def scores(self, state: State | View) -> list[float]:
        w = state["winner"]
        return [0.0, 0.0] if w is None else [float(w == 0), float(w == 1)]

    def result(self, state: State) -> list[float]:
        if state["winner"] is None:
            raise ValueError("the game is not over")
        return shares_from_keys(self.scores(state))

    def winning_chain(self, state: State | View) -> int:
        """Bits of the winner's group that touches all three sides (0 if none)."""
        w = state["winner"]
        if w is None:
            return 0
        b = board_of(state)
        return b.group(state["stones"][w], 1 << state["last"]) if state["last"] is not None else 0

    def describe(self, state: State | View, action: Action) -> str:
        if action == SWAP:
            return "swaps: takes the opening stone"
        return f"places a stone on {cell_name(board_of(state), int(action))}"

    def action_text(self, state: State | View, action: Action) -> str:
        return SWAP if action == SWAP else cell_name(board_of(state), int(action))

    def reveals(self, before: State, after: State, actor: int) -> bool:
        return False  # nothing in Y is hidden or left to chance

    def render(self, state: State | View) -> str:
        b = board_of(state)
        black, white = state["stones"]
        lines = []
        for r in range(b.n):
            marks = []
            for c in range(r + 1):
                i = b.index(r, c)
                marks.append("X" if black >> i & 1 else "O" if white >> i & 1 else ".")
            lines.append(f"{chr(ord('a') + r)} {' ' * (b.n - r - 1)}{' '.join(marks)}")
        return "\n".join(lines)


def random_winner(state: State, rng: Rng) -> int:
    """Who wins if both players fill the empty cells uniformly at random.

    Playing random moves to the end is the same as giving the player to move
    a uniformly random ceil(e/2) of the e empty cells, so one random subset
    and the full-board test replace e calls to `apply`.
    """
    if state["winner"] is not None:
        return int(state["winner"])
    b = board_of(state)
    black, white = state["stones"]
    empty_bits = b.full & ~(black | white)
    mine = rng.bit_subset(empty_bits, (empty_bits.bit_count() + 1) // 2)
    first = (black | mine) if state["to_move"] == 0 else (black | (empty_bits & ~mine))
    return b.full_board_winner(first)


GAME = YGame()
