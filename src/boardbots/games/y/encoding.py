"""The Game of Y as fixed-size numbers for learning tools (the contract is in core/encoding.py).

Actions: the board's cells in reading order (row a first, left to right),
then "swap". Swap keeps its index even when the pie rule is off, so one
agent's output layer fits both rule sets; the mask rules it out.

Observation, from the viewer's seat (seat 0 for a spectator), C = cells:
C values "my stone here", C values "the opponent's stone here", C values
"empty", then "swap is legal now" and "it is my move". All are 0 or 1.
"""

from __future__ import annotations

from boardbots.core.contract import Action, View
from boardbots.core.rules import RulesConfig
from boardbots.games.y.board import board
from boardbots.games.y.engine import SWAP
from boardbots.games.y.rules import YRules


def _size(rules: RulesConfig) -> int:
    if not isinstance(rules, YRules):
        raise TypeError(f"expected Game of Y rules, got {type(rules).__name__}")
    return rules.size


class YEncoding:
    observation_high = 1.0

    def actions(self, rules: RulesConfig, players: int) -> list[Action]:
        return [*board(_size(rules)).cells, SWAP]

    def observation_size(self, rules: RulesConfig, players: int) -> int:
        return 3 * len(board(_size(rules)).cells) + 2

    def observe(self, view: View) -> list[float]:
        b = board(int(view["rules"]["size"]))
        me = view["viewer"] or 0
        mine, theirs = view["stones"][me], view["stones"][1 - me]
        taken = mine | theirs
        out = [float(mine >> i & 1) for i in b.cells]
        out += [float(theirs >> i & 1) for i in b.cells]
        out += [float(not taken >> i & 1) for i in b.cells]
        pending = view["pending"]
        swap_now = bool(view["rules"]["swap"]) and view["ply"] == 1 and pending is not None
        out.append(float(swap_now))
        out.append(float(pending is not None and pending["player"] == me))
        return out


ENCODING = YEncoding()
