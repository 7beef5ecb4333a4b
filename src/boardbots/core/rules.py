"""The base of every game's rule constants: a JSON round trip and a bound on every field.

Bots read costs, scores and sizes from here and never repeat them, so a
rule change is made in one place. Each subclass declares `BOUNDS`, a check
per field (see `bounds.py`), and `PLAYER_OPTIONS`, the fields a player may
set from the app; everything else (card tables, pile sizes) is for the lab.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from typing import Any, ClassVar, Self, TypeVar

from boardbots.core.bounds import Check


@dataclasses.dataclass(frozen=True)
class RulesConfig:
    """Subclass per game as a frozen dataclass whose fields are JSON values.

    Building one checks every field against `BOUNDS` (a field without a
    bound is a programming error), so a bad option is refused before a game
    is set up, never halfway through one.
    """

    BOUNDS: ClassVar[Mapping[str, Check]] = {}
    PLAYER_OPTIONS: ClassVar[frozenset[str]] = frozenset()

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            bound = self.BOUNDS.get(field.name)
            if bound is None:
                raise TypeError(f"{type(self).__name__}.{field.name} has no entry in BOUNDS")
            bound.check(field.name, getattr(self, field.name))

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    def dumps(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Build from JSON data; unknown keys are an error, not silently dropped."""
        if not isinstance(data, Mapping):
            raise ValueError("the options must be an object of rule settings")
        names = [f.name for f in dataclasses.fields(cls)]
        unknown = sorted(str(key) for key in data if key not in names)
        if unknown:
            raise ValueError(
                f"unknown rule option(s) {', '.join(unknown)}; the options are: {', '.join(names)}"
            )
        return cls(
            **{k: _from_json(f, data[k]) for f in dataclasses.fields(cls) if (k := f.name) in data}
        )

    @classmethod
    def loads(cls, text: str) -> Self:
        return cls.from_dict(json.loads(text))

    def replaced(self, **changes: Any) -> Self:
        return dataclasses.replace(self, **changes)


R = TypeVar("R", bound=RulesConfig)


def check_player_options(rules: type[R], options: Mapping[str, Any]) -> R:
    """The rules for options a player sent from the app, or a one-line ValueError.

    Only the fields in `rules.PLAYER_OPTIONS` may be set this way, each within
    its bounds; card tables and other lab settings stay with the CLI and lab.
    """
    if not isinstance(options, Mapping):
        raise ValueError("the options must be an object of rule settings")
    allowed = sorted(rules.PLAYER_OPTIONS)
    refused = sorted(str(key) for key in options if key not in rules.PLAYER_OPTIONS)
    if refused:
        raise ValueError(
            f"option(s) {', '.join(refused)} cannot be set for a table;"
            f" the options a player may set are: {', '.join(allowed) or 'none'}"
        )
    return rules.from_dict(options)


def _from_json(field: dataclasses.Field[Any], value: Any) -> Any:
    """JSON has no tuples: turn lists back into tuples where the field is one."""
    kind = field.type if isinstance(field.type, str) else getattr(field.type, "__name__", "")
    if isinstance(value, list) and str(kind).startswith("tuple"):
        return tuple(value)
    return value
