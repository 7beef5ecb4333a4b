"""Float arithmetic that gives the same bits on every machine a bot runs on.

A decision replays only if the browser's Pyodide (WebAssembly, musl's maths
library, a newer Python) computes exactly what the server's CPython computes.
IEEE 754 fixes the result of +, -, *, / and sqrt to the bit, but not of tanh,
exp, log or pow: musl and glibc disagree in the last bit of about one tanh in
ten, and that was enough to change a Y Hard decision between the two. Python
3.12 also changed `sum` over floats to compensated summation, so the same
code adds differently under 3.11 and 3.12.

So bots, games and core compute these through the functions here, which use
only the exactly rounded operations (`math.fsum` is exactly rounded as well).
A test walks their source for any other maths call, and a browser test
compares these functions bit for bit between Pyodide and CPython.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

LN2_HI = float.fromhex("0x1.62e42feep-1")
"""ln 2 to 32 bits, so that k * LN2_HI is exact for any k a float exponent takes."""
LN2_LO = float.fromhex("0x1.a39ef35793c76p-33")
"""ln 2 - LN2_HI."""
INV_LN2 = float.fromhex("0x1.71547652b82fep+0")

_EXP_TERMS = tuple(1.0 / math.factorial(i) for i in range(14, -1, -1))
"""1/i! for i = 14 down to 0: the Taylor series of exp, Horner order. |r| <= ln2/2
leaves a remainder under 1e-18 after the r^14 term."""
_ATANH_TERMS = tuple(1.0 / (2 * i + 1) for i in range(12, 0, -1))
"""1/(2i+1) for i = 12 down to 1: the odd series of atanh past its first term."""
_SQRT_HALF = float.fromhex("0x1.6a09e667f3bcdp-1")
_HALF_LN2 = LN2_HI / 2
_TANH_ONE = 19.1
"""tanh is 1.0 in binary64 from about 19.06 on."""


def exp(x: float) -> float:
    """e**x to about one part in 1e16 for |x| <= 700 (beyond, 0.0 or inf), the same
    everywhere: x = k ln2 + r with |r| <= ln2/2, a Taylor series in r, then 2**k
    exactly."""
    if x != x:
        return x
    if x > 700.0:
        return math.inf
    if x < -700.0:
        return 0.0
    k = round(x * INV_LN2)
    r = (x - k * LN2_HI) - k * LN2_LO
    p = 0.0
    for c in _EXP_TERMS:
        p = p * r + c
    return math.ldexp(p, k)


def expm1(x: float) -> float:
    """e**x - 1, with its full relative precision near 0 too: there the series
    starts at its x term, so nothing cancels."""
    if -_HALF_LN2 < x < _HALF_LN2:
        p = 0.0
        for c in _EXP_TERMS[:-1]:
            p = p * x + c
        return p * x
    return exp(x) - 1.0


def tanh(x: float) -> float:
    """tanh(y) = -u / (2 + u) with u = expm1(-2y), y = |x|, signed."""
    if x != x:
        return x
    y = -x if x < 0 else x
    if y >= _TANH_ONE:
        value = 1.0
    else:
        u = expm1(-2.0 * y)
        value = (0.0 - u) / (2.0 + u)  # not -u: tanh(0.0) is 0.0, not -0.0
    return -value if x < 0 else value


def log(x: float) -> float:
    """The natural log of x > 0: x = m 2**e with m in [sqrt(1/2), sqrt(2)), then
    log m = 2 atanh(s) for s = (m - 1) / (m + 1), |s| < 0.172."""
    if x != x or x == math.inf:
        return x
    if x <= 0:
        raise ValueError(f"log of {x!r}: a positive number is needed")
    m, e = math.frexp(x)
    if m < _SQRT_HALF:
        m *= 2.0
        e -= 1
    f = m - 1.0  # exact: m is within a factor of two of 1
    s = f / (2.0 + f)
    w = s * s
    p = 0.0
    for c in _ATANH_TERMS:
        p = p * w + c
    return e * LN2_HI + (2.0 * s + (2.0 * s * w * p + e * LN2_LO))


_LOG_COUNTS: list[float] = [math.nan]  # index 0 is never read


def log_count(n: int) -> float:
    """`log(n)` for a visit count n >= 1, remembered: bandits ask for it every step."""
    if n < 1:
        raise ValueError(f"log_count needs a count of at least 1, not {n}")
    found = _LOG_COUNTS
    if n >= len(found):
        found.extend(log(float(i)) for i in range(len(found), max(n + 1, 2 * len(found))))
    return found[n]


def power(base: float, n: int) -> float:
    """base**n for a whole n >= 0 by repeated squaring (float ** calls the C pow)."""
    if n < 0:
        raise ValueError(f"power needs a whole exponent of at least 0, not {n}")
    result = 1.0
    while n:
        if n & 1:
            result *= base
        base *= base
        n >>= 1
    return result


def fsum(values: Iterable[float]) -> float:
    """The exactly rounded sum: the same on every Python, unlike `sum` over floats."""
    return math.fsum(values)
