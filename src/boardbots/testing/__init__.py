"""The conformance kit: one call checks that a game keeps the engine contract.

    from boardbots.testing import check_game
    check_game(MY_GAME)            # raises ConformanceError naming what failed

It needs only the standard library (no pytest), so a plug-in's author can run it
from a script, a notebook or their own test suite. The project's suite runs it on
every registered game (`tests/contract`).
"""

from __future__ import annotations

from collections.abc import Iterable

from boardbots.core.contract import Game
from boardbots.testing.checks import GAME_CHECKS
from boardbots.testing.ladder import LADDER, check_ladder
from boardbots.testing.report import CheckResult, ConformanceError, ConformanceReport, Failed

CHECKS = (*GAME_CHECKS, "ladder")
"""Every check's name, in the order `check_game` runs them."""

__all__ = ["CHECKS", "CheckResult", "ConformanceError", "ConformanceReport", "check_game"]


def check_game(
    game: Game,
    *,
    only: Iterable[str] | None = None,
    ladder: tuple[str, ...] = LADDER,
    raise_on_failure: bool = True,
) -> ConformanceReport:
    """Run the contract checks (all, or those named in `only`) on `game`.

    Every check runs even after one fails, so the report lists all failures.
    `ladder` names the bot codes the "ladder" check asks for moves; a game must
    be registered (`boardbots.games.register`) for the bots to find it.
    Raises ConformanceError unless every check passed or `raise_on_failure` is False.
    """
    names = list(CHECKS if only is None else only)
    unknown = [n for n in names if n not in CHECKS]
    if unknown:
        raise ValueError(f"unknown checks {unknown}; known: {', '.join(CHECKS)}")
    report = ConformanceReport(game.meta.name)
    for name in names:
        report.results.append(_run(game, name, ladder))
    if raise_on_failure and not report.ok:
        raise ConformanceError(report)
    return report


def _run(game: Game, name: str, ladder: tuple[str, ...]) -> CheckResult:
    try:
        if name == "ladder":
            check_ladder(game, ladder)
        else:
            GAME_CHECKS[name](game)
    except Failed as exc:
        return CheckResult(name, False, str(exc))
    except Exception as exc:  # a crash is a failure of that check, named, not of the kit
        return CheckResult(name, False, f"raised {type(exc).__name__}: {exc}")
    return CheckResult(name, True)
