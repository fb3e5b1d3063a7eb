"""Benchmark P4: exact odds of a 20-die success pool, against icepool."""

from fractions import Fraction

import icepool

from gui.engine.dice.odds import success_pool
from tests.bench.timing import best_seconds

POOL_SIZE = 20


def _face_value(face: int) -> int:
    """Attention Donjon jet de trait scoring: 4-5 = 1 success, 6 = 2, a 1 cancels one."""
    return (2 if face >= 6 else 1 if face >= 4 else 0) - (face == 1)


def _ours() -> Fraction:
    """The question asked of gui.engine.dice.odds."""
    return success_pool(POOL_SIZE, 6, 4, double_from=6, ones_cancel=True).at_least(2)


def _clear_icepool_caches() -> None:
    """Drop icepool's persistent caches so every repetition pays for a fresh question."""
    # The shared sum evaluator memoises evaluations between calls, keyed by equal dice.
    icepool.evaluator.sum_evaluator.__dict__.pop("_cache", None)
    icepool.math.comb_row_cache.clear()


def _icepool_pool() -> Fraction:
    """icepool's pool evaluation: build the die and the pool, sum it, query >= 2."""
    _clear_icepool_caches()
    total = icepool.d(6).map(_face_value).pool(POOL_SIZE).sum()
    return Fraction(total.probability(">=", 2))


def _icepool_convolution() -> Fraction:
    """icepool's repeated sum (POOL_SIZE @ die), usually its faster route for a plain sum."""
    _clear_icepool_caches()
    total = POOL_SIZE @ icepool.d(6).map(_face_value)
    return Fraction(total.probability(">=", 2))


def bench_p4() -> str:
    """Time our exact 20-die pool odds against icepool's fastest from-scratch answer."""
    expected = _ours()
    for reference in (_icepool_pool, _icepool_convolution):
        # A speed comparison only means something if both give the same exact answer.
        if reference() != expected:
            raise AssertionError(f"icepool disagrees: {reference()} != {expected}")
    ours = best_seconds(_ours)
    theirs = min(best_seconds(_icepool_pool), best_seconds(_icepool_convolution))
    return (
        f"P4 {ours * 1e3:.3f} ms exact odds {POOL_SIZE}-die pool (d6 4-5=1, 6=2, 1s cancel)"
        f" ; icepool {theirs * 1e3:.2f} ms ; {theirs / ours:.1f}x faster"
        " (target <= 1 ms, >= 10x)"
    )


if __name__ == "__main__":
    print(bench_p4())
