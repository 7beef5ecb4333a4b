"""What a bot's parameters may be: each one's name, type and range, declared as data.

A bot code comes from people (the CLI, a table's creator), so every value is
checked against its declaration before a bot is built: a typo must be an
error that names the parameter, not a bot that silently plays its defaults
or crashes on its first move.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

NONE_WORDS = ("none", "default")
"""The text that leaves an optional parameter to the game's own default."""

_BOOLS = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}


@dataclasses.dataclass(frozen=True)
class Param:
    """One parameter: `kind` is int, float or bool; `low`/`high` bound numbers (inclusive);
    `optional` lets "none" stand for "the game decides" (the field's default is None)."""

    name: str
    kind: type
    low: float | None = None
    high: float | None = None
    optional: bool = False

    def wanted(self) -> str:
        """What a valid value looks like, for error messages."""
        if self.kind is bool:
            text = "true or false"
        else:
            noun = "a whole number" if self.kind is int else "a number"
            text = f"{noun} from {_num(self.low)} to {_num(self.high)}"
        return f"{text}, or none" if self.optional else text

    def convert(self, raw: Any) -> Any:
        """The typed value of `raw` (text from a code, or already typed); ValueError if invalid."""
        text = str(raw).strip().lower()
        if raw is None or (self.optional and text in NONE_WORDS):
            if self.optional:
                return None
            raise ValueError(self.wanted())
        if self.kind is bool:
            if isinstance(raw, bool) or text in _BOOLS:
                return raw if isinstance(raw, bool) else _BOOLS[text]
            raise ValueError(self.wanted())
        value = _number(raw, self.kind is int)
        if value is None or not self._in_range(value):
            raise ValueError(self.wanted())
        return value

    def _in_range(self, value: float) -> bool:
        low = -math.inf if self.low is None else self.low
        high = math.inf if self.high is None else self.high
        return math.isfinite(value) and low <= value <= high


def _number(raw: Any, whole: bool) -> float | None:
    """`raw` as an int (whole) or float, or None when it is not one; bools are not numbers."""
    if isinstance(raw, bool):
        return None
    try:
        value = float(raw)
    except (TypeError, ValueError):
        return None
    if not whole:
        return value
    if not math.isfinite(value) or value != int(value) or "." in str(raw):
        return None
    return int(value)


def _num(bound: float | None) -> str:
    if bound is None:
        return "any"
    return f"{bound:g}" if isinstance(bound, float) else str(bound)


def check_params(bot: str, specs: tuple[Param, ...], given: dict[str, Any]) -> dict[str, Any]:
    """The typed parameters of `given` (name -> raw value), each checked against `specs`."""
    by_name = {p.name: p for p in specs}
    out: dict[str, Any] = {}
    for name, raw in given.items():
        spec = by_name.get(name)
        if spec is None and not by_name:
            raise ValueError(f"bot {bot!r} takes no parameters, not {name!r}")
        if spec is None:
            known = ", ".join(by_name)
            raise ValueError(f"bot {bot!r} has no parameter {name!r} (its parameters: {known})")
        try:
            out[name] = spec.convert(raw)
        except ValueError:
            raise ValueError(
                f"bot {bot!r}: parameter {name} must be {spec.wanted()}, not {str(raw)!r}"
            ) from None
    return out
