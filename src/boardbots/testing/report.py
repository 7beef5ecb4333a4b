"""What a conformance run found: one line per check, and the error that names the failures."""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class CheckResult:
    """One check's outcome; `detail` says what broke, in words a game's author can act on."""

    name: str
    ok: bool
    detail: str = ""


@dataclasses.dataclass
class ConformanceReport:
    """Every check run on one game, in the order they ran."""

    game: str
    results: list[CheckResult] = dataclasses.field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.results)

    @property
    def failed(self) -> list[str]:
        """Names of the checks that failed, so a caller can assert on exactly which."""
        return [r.name for r in self.results if not r.ok]

    def __str__(self) -> str:
        lines = [f"conformance of {self.game!r}: " + ("passed" if self.ok else "FAILED")]
        for r in self.results:
            mark = "ok  " if r.ok else "FAIL"
            lines.append(f"  {mark} {r.name}" + (f": {r.detail}" if r.detail else ""))
        return "\n".join(lines)


class ConformanceError(AssertionError):
    """A game broke the contract; the message is the whole report, failures named.

    An AssertionError, so pytest shows it as a test failure rather than an error.
    """

    def __init__(self, report: ConformanceReport) -> None:
        super().__init__(str(report))
        self.report = report


class Failed(Exception):
    """Raised inside a check to stop it with a reason (a plain `assert` vanishes under -O)."""


def expect(condition: bool, reason: str) -> None:
    """Stop the running check with `reason` unless `condition` holds."""
    if not condition:
        raise Failed(reason)
