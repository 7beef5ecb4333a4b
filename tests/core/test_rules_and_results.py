"""RulesConfig JSON round trip and win shares."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import ClassVar

import pytest

from boardbots.core.bounds import Check, Int, ListOf, Name
from boardbots.core.results import shares_from_keys
from boardbots.core.rules import RulesConfig


@dataclasses.dataclass(frozen=True)
class _Rules(RulesConfig):
    BOUNDS: ClassVar[Mapping[str, Check]] = {"size": Int(1, 9), "names": ListOf(Name(), 0, 3)}

    size: int = 5
    names: tuple[str, ...] = ()


def test_rules_round_trip_and_reject_unknown_keys() -> None:
    rules = _Rules(size=9)
    assert _Rules.loads(rules.dumps()) == _Rules(size=9)
    assert rules.replaced(size=3).size == 3
    with pytest.raises(ValueError, match=r"unknown rule option.*colour"):
        _Rules.from_dict({"colour": 1})


def test_shares_sum_to_one_and_split_ties() -> None:
    assert shares_from_keys([3, 1]) == [1.0, 0.0]
    assert shares_from_keys([5, 5, 2]) == [0.5, 0.5, 0.0]
    assert shares_from_keys([(4, -10), (4, -11)]) == [1.0, 0.0]
    assert sum(shares_from_keys([1, 1, 1])) == pytest.approx(1.0)
