"""core/portable.py: its functions are accurate to a few units in the last place, and the
code the browser also runs (core, games, bots) does no float maths whose last bit
depends on the platform's maths library: only the IEEE-exact `math` functions,
no `**` and no `pow`. Whether Pyodide really gives the same bits is
tests/web/test_same_bits_browser.py's question."""

from __future__ import annotations

import ast
import math
from collections.abc import Callable

import pytest

from boardbots.core import portable
from boardbots.core.rng import Rng
from tests.core.test_determinism_guard import PACKAGE, _guarded_files

EXACT_MATH = {
    "ceil", "comb", "copysign", "fabs", "factorial", "floor", "frexp", "fsum", "gcd",
    "inf", "isfinite", "isinf", "isnan", "isqrt", "ldexp", "nan", "prod", "sqrt",
}  # fmt: skip
"""IEEE 754 (or exact integer arithmetic) fixes every bit of these."""

ULP = 2.0**-52


def maths_violations(source: str) -> list[str]:
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id == "math" and node.attr not in EXACT_MATH:
                found.append(f"line {node.lineno}: math.{node.attr} (use core/portable.py)")
        elif isinstance(node, ast.ImportFrom) and node.module == "math":
            found += [
                f"line {node.lineno}: from math import {a.name}"
                for a in node.names
                if a.name not in EXACT_MATH
            ]
        elif isinstance(node, ast.BinOp | ast.AugAssign) and isinstance(node.op, ast.Pow):
            found.append(f"line {node.lineno}: ** (use portable.power, or << for ints)")
        elif (
            isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "pow"
        ):
            found.append(f"line {node.lineno}: pow() (use portable.power)")
    return found


def test_browser_code_does_only_exact_float_maths() -> None:
    problems = {
        str(p.relative_to(PACKAGE)): v
        for p in _guarded_files()
        if (v := maths_violations(p.read_text()))
    }
    assert problems == {}


def test_the_maths_guard_bites() -> None:
    assert maths_violations("import math\nx = math.tanh(1.0)\n")
    assert maths_violations("import math\nx = math.log(3)\n")
    assert maths_violations("from math import exp\n")
    assert maths_violations("x = 0.5 ** 3\n")
    assert maths_violations("x = 2.0\nx **= 2\n")
    assert maths_violations("x = pow(2.0, 0.5)\n")
    assert maths_violations("import math\nx = math.sqrt(2.0) + math.fsum([1.0])\n") == []


def _relative_error(a: float, b: float) -> float:
    return abs(a - b) / abs(b) if b else abs(a)


@pytest.mark.parametrize(
    ("ours", "reference", "low", "high"),
    [
        (portable.tanh, math.tanh, -25.0, 25.0),
        (portable.tanh, math.tanh, -1e-4, 1e-4),
        (portable.exp, math.exp, -700.0, 700.0),
        (portable.exp, math.exp, -1.0, 1.0),
        (portable.expm1, math.expm1, -2.0, 2.0),
        (portable.expm1, math.expm1, -1e-6, 1e-6),
        (portable.log, math.log, 0.25, 4.0),
        (portable.log, math.log, 1e-300, 1e300),
    ],
)
def test_agrees_with_the_platform_to_a_few_ulps(
    ours: Callable[[float], float], reference: Callable[[float], float], low: float, high: float
) -> None:
    rng = Rng(7)
    worst = 0.0
    for _ in range(20_000):
        if low > 0:  # log-uniform, so every exponent is tried
            x = math.exp(math.log(low) + rng.random() * (math.log(high) - math.log(low)))
        else:
            x = low + rng.random() * (high - low)
        worst = max(worst, _relative_error(ours(x), reference(x)))
    assert worst < 8 * ULP


def test_edges() -> None:
    assert math.copysign(1.0, portable.tanh(0.0)) == 1.0 and portable.tanh(-0.0) == 0.0
    assert portable.tanh(40.0) == 1.0 and portable.tanh(-40.0) == -1.0
    assert portable.tanh(-0.3) == -portable.tanh(0.3)
    assert math.isnan(portable.tanh(math.nan)) and math.isnan(portable.log(math.nan))
    assert portable.exp(0.0) == 1.0 and portable.exp(1000.0) == math.inf
    assert portable.exp(-1000.0) == 0.0
    assert portable.log(1.0) == 0.0 and portable.log(math.inf) == math.inf
    with pytest.raises(ValueError, match="positive"):
        portable.log(0.0)
    with pytest.raises(ValueError, match="at least 1"):
        portable.log_count(0)
    with pytest.raises(ValueError, match="at least 0"):
        portable.power(2.0, -1)


def test_log_count_is_log_of_the_count() -> None:
    assert [portable.log_count(n) for n in (1, 2, 5000, 3)] == [
        portable.log(float(n)) for n in (1, 2, 5000, 3)
    ]


def test_power_multiplies_exactly_where_the_product_is_exact() -> None:
    assert portable.power(0.5, 10) == 2.0**-10
    assert portable.power(3.0, 0) == 1.0
    assert portable.power(-2.0, 5) == -32.0
    assert _relative_error(portable.power(0.83, 7), 0.83**7) < 8 * ULP


def test_fsum_is_exactly_rounded() -> None:
    assert portable.fsum([0.1] * 10) == 1.0
    assert portable.fsum([1e100, 1.0, -1e100]) == 1.0
