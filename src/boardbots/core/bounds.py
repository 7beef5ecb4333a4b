"""Type and range checks for rule options, declared as data beside each game's rules.

Options arrive from players, files and the command line, so each value is
checked before any game is built: a value that is huge, negative or of the
wrong kind would otherwise make set-up slow or the engine fail mid-game.
Every refusal is one line that names the field and what it accepts, such as
"hand_size must be an integer from 1 to 10, not 10000000".
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

SHOWN_CHARS = 40
"""How much of a refused value an error quotes: enough to recognise, never a flood."""


class Check(Protocol):
    """One field's rule: `describe` says what is accepted, `check` refuses anything else."""

    def describe(self) -> str: ...

    def check(self, name: str, value: Any) -> None: ...


def shown(value: Any) -> str:
    """A refused value as the sender wrote it (JSON), cut short so errors stay one line."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 3] + "..."


def refuse(name: str, wanted: str, value: Any) -> ValueError:
    return ValueError(f"{name} must be {wanted}, not {shown(value)}")


def is_int(value: Any) -> bool:
    """JSON integers only: True and False are not numbers here."""
    return isinstance(value, int) and not isinstance(value, bool)


@dataclasses.dataclass(frozen=True)
class Int:
    low: int
    high: int

    def describe(self) -> str:
        return f"an integer from {self.low} to {self.high}"

    def check(self, name: str, value: Any) -> None:
        if not is_int(value) or not self.low <= value <= self.high:
            raise refuse(name, self.describe(), value)


@dataclasses.dataclass(frozen=True)
class Flag:
    def describe(self) -> str:
        return "true or false"

    def check(self, name: str, value: Any) -> None:
        if not isinstance(value, bool):
            raise refuse(name, self.describe(), value)


@dataclasses.dataclass(frozen=True)
class Name:
    """A short non-empty text, optionally one of a fixed few."""

    longest: int = 40
    choices: tuple[str, ...] = ()

    def describe(self) -> str:
        if self.choices:
            return "one of " + ", ".join(self.choices)
        return f"a text of 1 to {self.longest} characters"

    def check(self, name: str, value: Any) -> None:
        ok = isinstance(value, str) and 0 < len(value) <= self.longest
        if not ok or (self.choices and value not in self.choices):
            raise refuse(name, self.describe(), value)


@dataclasses.dataclass(frozen=True)
class Maybe:
    """Null (the option is off) or a value `inner` accepts."""

    inner: Check

    def describe(self) -> str:
        return "null or " + self.inner.describe()

    def check(self, name: str, value: Any) -> None:
        if value is None:
            return
        try:
            self.inner.check(name, value)
        except ValueError:
            raise refuse(name, self.describe(), value) from None


@dataclasses.dataclass(frozen=True)
class Either:
    """A value that `first` or `second` accepts; the error quotes both."""

    first: Check
    second: Check
    wanted: str = ""
    """What to call the pair in errors, when that reads better than both descriptions."""

    def describe(self) -> str:
        return self.wanted or f"{self.first.describe()}, or {self.second.describe()}"

    def check(self, name: str, value: Any) -> None:
        for option in (self.first, self.second):
            try:
                option.check(name, value)
            except ValueError:
                continue
            return
        raise refuse(name, self.describe(), value)


@dataclasses.dataclass(frozen=True)
class ListOf:
    """A list of `fewest` to `most` items, each checked as `name[i]`."""

    item: Check
    fewest: int
    most: int
    distinct: bool = False

    def describe(self) -> str:
        what = "different items" if self.distinct else "items"
        return f"a list of {self.fewest} to {self.most} {what}, each {self.item.describe()}"

    def check(self, name: str, value: Any) -> None:
        if not isinstance(value, Sequence) or isinstance(value, str):
            raise refuse(name, self.describe(), value)
        if not self.fewest <= len(value) <= self.most:
            raise refuse(name, f"a list of {self.fewest} to {self.most} items", value)
        for i, item in enumerate(value):
            self.item.check(f"{name}[{i}]", item)
        if self.distinct and len({json.dumps(v, sort_keys=True) for v in value}) != len(value):
            raise ValueError(f"{name} lists an item twice: {shown(value)}")


@dataclasses.dataclass(frozen=True)
class TableOf:
    """An object of up to `most` named entries, each value checked as `name.key`;
    `total` bounds the sum of the values when they are numbers."""

    value: Check
    most: int
    total: Int | None = None
    key: Check = Name()

    def describe(self) -> str:
        return f"an object of up to {self.most} entries, each {self.value.describe()}"

    def check(self, name: str, value: Any) -> None:
        if not isinstance(value, Mapping) or len(value) > self.most:
            raise refuse(name, self.describe(), value)
        for key, item in value.items():
            self.key.check(f"a key of {name}", key)
            self.value.check(f"{name}.{key}", item)
        if self.total is not None:
            whole = sum(value.values())
            if not self.total.low <= whole <= self.total.high:
                low, high = self.total.low, self.total.high
                raise ValueError(f"{name} must add up to {low} to {high}, not {whole}")


@dataclasses.dataclass(frozen=True)
class Record:
    """An object with exactly these keys, each value checked as `name.key`."""

    fields: Mapping[str, Check]

    def describe(self) -> str:
        return "an object with the keys " + ", ".join(self.fields)

    def check(self, name: str, value: Any) -> None:
        if not isinstance(value, Mapping):
            raise refuse(name, self.describe(), value)
        missing = [key for key in self.fields if key not in value]
        if missing:
            raise ValueError(f"{name} lacks {', '.join(missing)}")
        unknown = sorted(str(key) for key in value if key not in self.fields)
        if unknown:
            raise ValueError(f"{name} has unknown keys: {', '.join(unknown)}")
        for key, check in self.fields.items():
            check.check(f"{name}.{key}", value[key])
