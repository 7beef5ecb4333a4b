"""Faster engines change no game: seeded games replay to the stored golden records.

`records.json` was written from the engines before their speed work (see
`records.py` for what a record holds). Every record is compared in full;
only decision timings, which the records never hold, may differ.
"""

from __future__ import annotations

import json

import pytest

from tests.golden import regen_requested
from tests.golden.records import CASES, RECORDS_PATH, write


def _golden() -> dict[str, list[dict[str, object]]]:
    if regen_requested():
        write()
    stored: dict[str, list[dict[str, object]]] = json.loads(RECORDS_PATH.read_text())
    return stored


@pytest.mark.parametrize("name", sorted(CASES))
def test_games_replay_to_golden_records(name: str) -> None:
    golden = _golden()[name]
    now = json.loads(json.dumps(CASES[name]()))  # the same JSON round trip the file took
    assert len(now) == len(golden)
    for i, (got, want) in enumerate(zip(now, golden, strict=True)):
        assert got == want, f"{name}, record {i} changed"


def test_every_case_is_stored() -> None:
    assert sorted(_golden()) == sorted(CASES)
