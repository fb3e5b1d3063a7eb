"""Timing for the benchmarks: the best of several runs after a warm-up."""

import time
from collections.abc import Callable

WARM_UP = 3
REPEATS = 15


def best_seconds(fn: Callable[[], object], repeats: int = REPEATS, warm_up: int = WARM_UP) -> float:
    """Best wall time over `repeats` calls, after `warm_up` untimed calls."""
    for _ in range(warm_up):
        fn()
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best
