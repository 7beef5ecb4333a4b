"""Games replay across processes: no decision may hang on Python's string-hash seed.

Every process gets its own random hash seed, so a bot or rule that walks a
set of names would play differently after a server restart, in a replay or
in another worker. The in-process tests cannot see that; two interpreters
started with different PYTHONHASHSEED values can.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import boardbots

SCRIPT = """
import json
from boardbots.sim.harness import MatchSpec, run
specs = [
    MatchSpec("domination", ("hard:iterations=60", "medium", "easy", "random")),
    MatchSpec("domination", ("hard:iterations=60", "medium"), {"kingdom": "first-game"}),
    MatchSpec("y", ("hard:iterations=60", "medium"), {"size": 7}),
    MatchSpec("y", ("easy", "random"), {"size": 9}),
]
print(json.dumps([[r.results_part() for r in run(s, 2, seed=11)] for s in specs]))
"""


def _play(hash_seed: str) -> str:
    src = str(Path(boardbots.__file__).parent.parent)
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": src}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout


def test_games_do_not_depend_on_the_hash_seed() -> None:
    first = _play("1")
    assert '"scores"' in first
    assert first == _play("2")
