"""Numbers and decisions that must come out bit for bit the same in CPython and in the
browser's Pyodide. `test_same_bits_browser.py` runs this file's source in both and
compares the JSON; it imports only the standard library and the browser bundle.

Floats are written with `float.hex`, so a last-bit difference shows. The bot
decisions use fixed iteration counts (no clock), after seeded random plies, and
keep their notes: every candidate's mean is in there.
"""

from __future__ import annotations

import json
import math
from typing import Any


def numbers() -> dict[str, list[str]]:
    from boardbots.core import portable
    from boardbots.core.heuristics import squash
    from boardbots.core.rng import Rng

    rng = Rng(20261201)
    wide = [rng.random() * 60.0 - 30.0 for _ in range(3000)]
    narrow = [rng.random() * 2.0 - 1.0 for _ in range(1000)]
    positive = [math.ldexp(0.5 + rng.random() / 2, rng.randrange(200) - 100) for _ in range(2000)]
    out = {
        "tanh": [portable.tanh(x).hex() for x in wide + narrow],
        "exp": [portable.exp(x).hex() for x in wide + narrow],
        "expm1": [portable.expm1(x).hex() for x in narrow],
        "log": [portable.log(x).hex() for x in positive],
        "log_count": [portable.log_count(n).hex() for n in range(1, 30_001, 7)],
        "power": [portable.power(rng.random(), n).hex() for n in range(40) for _ in range(20)],
        "fsum": [portable.fsum(wide[i : i + 37]).hex() for i in range(0, 2900, 13)],
        "squash": [squash(x, 2.0).hex() for x in wide + narrow],
    }
    weights = [rng.random() for _ in range(9)]
    out["weighted"] = [str(Rng(s).weighted(list(range(9)), weights)) for s in range(500)]
    return out


def decisions() -> list[dict[str, Any]]:
    from boardbots.bots.base import BotContext
    from boardbots.bots.registry import make_bot
    from boardbots.core.rng import Rng, decision_seed
    from boardbots.games import get_game

    cases = [
        ("y", 2, {"size": 6}, "hard:iterations=400", range(3), (2, 7)),
        ("y", 2, {"size": 6}, "medium", range(2), (3,)),
        ("domination", 2, {}, "hard:iterations=60", range(2), (14, 40)),
        ("domination", 3, {}, "medium", range(2), (30,)),
        ("dig", 2, {}, "hard:iterations=150", range(3), (3, 9)),
        ("dig", 2, {}, "easy", range(2), (5,)),
    ]
    out = []
    for name, players, options, code, seeds, plies_list in cases:
        game = get_game(name)
        for seed in seeds:
            for plies in plies_list:
                rng = Rng(seed)
                state = game.new_state(players, seed, options)
                for _ in range(plies):
                    if game.is_over(state):
                        break
                    game.apply(state, rng.choice(game.legal_actions(state)))
                pending = game.pending(state)
                if pending is None:
                    continue
                seat = int(pending["player"])
                ctx = BotContext(rng=Rng(decision_seed(seed, plies)))
                action = make_bot(code, name).decide(game.player_view(state, seat), ctx)
                out.append({"case": f"{name} {code} {seed}/{plies}", "action": action})
                out[-1]["notes"] = json.loads(json.dumps(ctx.notes, default=str))
    return out


def probe() -> str:
    return json.dumps({"numbers": numbers(), "decisions": decisions()}, sort_keys=True)
