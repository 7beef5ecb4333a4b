"""Playthrough transcripts: short seeded games between scripted bots, compared as text.

`transcripts/y_random_size5.txt` is the Random bot against itself on a size-5
board with the pie rule, to the end, with the final board rendered;
`transcripts/domination_bigmoney_vs_random.txt` is Big Money (seat 0) against
the Random strategy (seat 1) on the first-game kingdom for 8 rounds, with the
spectator's table and each seat's public summary at the cut-off. Every line
is one decision: its number k, the pending player and kind (and the card
asking), the action, and `describe(state, action)`. Decision k's bot gets
`Rng(decision_seed(seed, k))`, so the text depends only on the code: a change
in rules, shuffling, views, determinize, the bots or the descriptions shows
up as a diff (see `transcripts.py`).

Regenerate after an intended change with `python -m tests.golden.regen` (all
golden files) or `BOARDBOTS_REGEN_GOLDEN=1 pytest tests/golden`, then read
the diff before committing it.
"""

from __future__ import annotations

import difflib

import pytest

from tests.golden import regen_requested
from tests.golden.transcripts import TRANSCRIPT_DIR, TRANSCRIPTS


@pytest.mark.parametrize("name", sorted(TRANSCRIPTS))
def test_transcript_matches_golden(name: str) -> None:
    path = TRANSCRIPT_DIR / name
    text = TRANSCRIPTS[name]()
    if regen_requested():
        path.write_text(text)
    golden = path.read_text()
    diff = "".join(
        difflib.unified_diff(golden.splitlines(True), text.splitlines(True), "golden", "now")
    )
    assert text == golden, f"{name} changed (regenerate only if intended):\n{diff}"


def test_transcripts_replay_the_same_twice() -> None:
    """The text depends on the seeds alone: nothing carried over between runs."""
    for make in TRANSCRIPTS.values():
        assert make() == make()
