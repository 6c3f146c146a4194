"""Where a judgement turns: the least or the most price that a monotonic test still passes, by halving.

Bots search prices this way when they price an offer, name an asking price or cap a bid; the tests are
dear (each appraises a deal), so the search asks as few as it can.
"""

from __future__ import annotations

from collections.abc import Callable


def least_passing(lo: int, hi: int, ok: Callable[[int], bool], within: int = 1) -> int:
    """Return the least price in (lo, hi] that passes, to `within`, when `ok(hi)` passes and every price above
    a passing one passes too."""
    while hi - lo > within:
        mid = (lo + hi) // 2
        if ok(mid):
            hi = mid
        else:
            lo = mid
    return hi


def most_passing(lo: int, hi: int, ok: Callable[[int], bool]) -> int:
    """Return the most price in [lo, hi) that passes, when `ok(lo)` passes and every price below a passing one
    passes too."""
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if ok(mid):
            lo = mid
        else:
            hi = mid
    return lo


def round_up(price: int) -> int:
    """Return a price rounded up to a round figure: tens from $100, fives below."""
    step = 10 if abs(price) >= 100 else 5
    return -((-price) // step) * step
