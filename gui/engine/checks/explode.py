"""Exploding dice with exact odds for any threshold: the depth a threshold needs is finite.

An explosion only raises a total.  Cut a die's chain after d extra dice: the cut chain shows
d + 1 exploding faces, so it is worth at least (d + 1) * E (E the lowest exploding face) and
the other dice at least 1 each.  Once (d + 1) * E + count - 1 + modifier >= t, every cut
chain already reaches t, so P(total >= t) at depth d is the exact P(total >= t) of dice that
explode for ever.  With a cap on explosions per die (CFG-DOU-2) the cap is the rule itself:
the distribution is finite and exact at that depth.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from ..odds import Distribution, sum_dice


def depth_for(threshold: int, count: int, modifier: int = 0, explode_on: int = 6) -> int:
    """Extra dice per die after which every cut chain totals >= threshold already."""
    need = threshold - modifier - (count - 1)
    return max(0, -(-need // explode_on) - 1)


def _depth(
    threshold: int, count: int, sides: int, modifier: int, explode_on: int | None, cap: int | None
) -> tuple[int, int]:
    """(explode_on, depth): the exact depth for the threshold, never beyond the cap."""
    face = sides if explode_on is None else explode_on
    if cap is not None and cap < 0:
        raise ValueError(f"Plafond négatif : {cap} / Negative cap: {cap}")
    depth = depth_for(threshold, count, modifier, face)
    return face, depth if cap is None else min(depth, cap)


def exploding_at_least(
    threshold: int,
    count: int,
    sides: int = 6,
    modifier: int = 0,
    explode_on: int | None = None,
    cap: int | None = None,
    floor: int | None = None,
) -> Fraction:
    """Exact P(total >= threshold) of count exploding d`sides` + modifier.

    Each die showing >= explode_on (default: its highest face) adds one more die, for ever,
    or at most `cap` times per die (CFG-DOU-2).  With `floor` the total is at least floor
    (DOU-58: damage is never negative, floor=0).
    """
    if floor is not None and threshold <= floor:
        return Fraction(1)
    face, depth = _depth(threshold, count, sides, modifier, explode_on, cap)
    return sum_dice(count, sides, modifier, explode_on=face, explode_depth=depth).at_least(
        threshold
    )


def exploding_distribution(
    count: int, cap: int, sides: int = 6, modifier: int = 0, explode_on: int | None = None
) -> Distribution:
    """The whole (finite) distribution of exploding dice with a cap per die (CFG-DOU-2).

    Without a cap it is endless: ask exploding_at_least or exploding_upto instead.
    """
    face, _ = _depth(0, count, sides, modifier, explode_on, cap)
    return sum_dice(count, sides, modifier, explode_on=face, explode_depth=cap)


@dataclass(frozen=True)
class Bounded:
    """Exact weights of every total up to `bound` and the weight of all totals above it,
    over the common denominator `total`: an endless distribution told without truncation."""

    weights: Mapping[int, int]
    above: int
    total: int
    bound: int

    def probability(self, outcome: int) -> Fraction:
        """Exact probability of one total <= bound."""
        self._within(outcome)
        return Fraction(self.weights.get(outcome, 0), self.total)

    def at_least(self, threshold: int) -> Fraction:
        """Exact P(total >= threshold) for threshold <= bound + 1."""
        self._within(threshold - 1)
        below = sum(w for o, w in self.weights.items() if o < threshold)
        return Fraction(self.total - below, self.total)

    @property
    def remainder(self) -> Fraction:
        """P(total > bound): the mass not itemised."""
        return Fraction(self.above, self.total)

    def _within(self, outcome: int) -> None:
        """Refuse a question beyond the itemised totals."""
        if outcome > self.bound:
            raise ValueError(
                f"Au-delà de la borne {self.bound} : {outcome}"
                f" / Beyond the bound {self.bound}: {outcome}"
            )

    def map(self, fn: Callable[[int], int], bound: int) -> Bounded:
        """Totals through a non-decreasing fn (a floor, halving…) with the new bound:
        fn(self.bound) <= bound < fn(self.bound + 1), so the remainder maps above it."""
        mapped: dict[int, int] = defaultdict(int)
        for outcome, weight in self.weights.items():
            mapped[fn(outcome)] += weight
        return Bounded(
            MappingProxyType(dict(sorted(mapped.items()))), self.above, self.total, bound
        )


def exploding_upto(
    bound: int,
    count: int,
    sides: int = 6,
    modifier: int = 0,
    explode_on: int | None = None,
    cap: int | None = None,
    floor: int | None = None,
) -> Bounded:
    """Every total <= bound exactly, and the remainder's mass P(total > bound) stated."""
    face, depth = _depth(bound + 1, count, sides, modifier, explode_on, cap)
    dist = sum_dice(count, sides, modifier, explode_on=face, explode_depth=depth)
    if floor is not None:
        dist = floor_at(dist, floor)
    kept = {o: w for o, w in dist.weights.items() if o <= bound}
    return Bounded(MappingProxyType(kept), dist.total - sum(kept.values()), dist.total, bound)


def floor_at(dist: Distribution, minimum: int = 0) -> Distribution:
    """The distribution of max(total, minimum) (DOU-58: damage is 0 or more)."""
    return dist.map(lambda n: max(n, minimum))
