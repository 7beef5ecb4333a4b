"""The base of every game's rule constants, with a JSON round trip.

Bots read costs, scores and sizes from here and never repeat them, so a
rule change is made in one place.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any, Self


@dataclasses.dataclass(frozen=True)
class RulesConfig:
    """Subclass per game as a frozen dataclass whose fields are JSON values."""

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    def dumps(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """Build from JSON data; unknown keys are an error, not silently dropped."""
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - names)
        if unknown:
            raise ValueError(f"unknown rule option(s) for {cls.__name__}: {', '.join(unknown)}")
        return cls(
            **{k: _from_json(f, data[k]) for f in dataclasses.fields(cls) if (k := f.name) in data}
        )

    @classmethod
    def loads(cls, text: str) -> Self:
        return cls.from_dict(json.loads(text))

    def replaced(self, **changes: Any) -> Self:
        return dataclasses.replace(self, **changes)


def _from_json(field: dataclasses.Field[Any], value: Any) -> Any:
    """JSON has no tuples: turn lists back into tuples where the field is one."""
    kind = field.type if isinstance(field.type, str) else getattr(field.type, "__name__", "")
    if isinstance(value, list) and str(kind).startswith("tuple"):
        return tuple(value)
    return value
