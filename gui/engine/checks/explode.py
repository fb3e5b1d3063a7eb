"""Exploding dice with exact odds for any threshold, damage taken and the threshold critical.

An explosion only raises a total, so the depth a threshold needs is finite.  Cut a die's
chain after d extra dice: the cut chain shows d + 1 exploding faces, so it is worth at least
(d + 1) * E (E the lowest exploding face) and the other dice at least 1 each.  Once
(d + 1) * E + count - 1 + modifier >= t, every cut chain already reaches t, so P(total >= t)
at depth d is the exact P(total >= t) of dice that explode for ever.  With a cap on
explosions per die (CFG-DOU-2) the cap is the rule itself: the distribution is finite and
exact at that depth.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from fractions import Fraction
from types import MappingProxyType

from msgspec import Struct

from gui.engine.checks.check import CheckOdds
from gui.engine.dice.odds import Distribution, sum_dice


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


class Bounded(Struct, frozen=True):
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


def damage_taken(raw: int, resistant: bool = False, vulnerable: bool = False) -> int:
    """Damage taken from a raw total (dice + every modifier): never negative (DOU-58), then
    halved by resistance rounding down (DOU-61, A-DOU-32), then doubled by vulnerability."""
    taken = max(raw, 0)
    if resistant:
        taken //= 2
    return taken * 2 if vulnerable else taken


def threshold_critical(taken: int, threshold: int, out_of_points: bool = False) -> bool:
    """DOU-60 (a): the damage taken from one blow is strictly above the critical threshold
    (the Con score, A-DOU-9); (b): any damage taken with no action points left (0 PA).
    (c), three 6s on the attack roll, is CheckOutcome.critical (DOU-36)."""
    return taken > threshold or (out_of_points and taken > 0)


class DamageRoll(Struct, frozen=True):
    """`dice` d`sides` exploding from `explode_on` (None: they do not explode) + modifier,
    at most `cap` explosions per die (CFG-DOU-2; None: no cap, A-DOU-2), then taken with
    resistance and vulnerability (DOU-61)."""

    dice: int
    modifier: int = 0
    sides: int = 6
    explode_on: int | None = 6
    cap: int | None = None
    resistant: bool = False
    vulnerable: bool = False

    def _raw_needed(self, taken: int) -> int | None:
        """The least raw total whose damage taken is >= taken (None: any total is)."""
        if taken <= 0:
            return None
        raw = 1
        while damage_taken(raw, self.resistant, self.vulnerable) < taken:
            raw += 1
        return raw

    def _cap(self) -> int | None:
        """The explosion cap passed to the dice (0 when the dice do not explode)."""
        return 0 if self.explode_on is None else self.cap

    def at_least(self, taken: int, bonus: int = 0) -> Fraction:
        """Exact P(damage taken >= taken), `bonus` added to the raw total (DOU-35: +1 per 6
        kept on the attack roll)."""
        raw = self._raw_needed(taken)
        if raw is None:
            return Fraction(1)
        face = self.sides if self.explode_on is None else self.explode_on
        return exploding_at_least(
            raw, self.dice, self.sides, self.modifier + bonus, face, self._cap()
        )

    def upto(self, bound: int, bonus: int = 0) -> Bounded:
        """Every damage taken <= bound exactly, and P(damage taken > bound)."""
        raw = self._raw_needed(bound + 1)
        raw_bound = -1 if raw is None else raw - 1
        face = self.sides if self.explode_on is None else self.explode_on
        dist = exploding_upto(
            raw_bound, self.dice, self.sides, self.modifier + bonus, face, self._cap(), floor=0
        )
        return dist.map(lambda n: damage_taken(n, self.resistant, self.vulnerable), bound)


def critical_odds(
    attack: CheckOdds, damage: DamageRoll, threshold: int, out_of_points: bool = False
) -> Fraction:
    """Exact P(the attack hits and is a critical hit), DOU-60: a critical roll (c), or damage
    taken above the threshold (a), or any damage at 0 PA (b), each kept 6 adding +1 damage
    (DOU-35).  A blow stopped by an active defence deals no damage (A-DOU-9): not modelled
    here, the defence is its own roll."""
    needed = min(threshold + 1, 1) if out_of_points else threshold + 1
    chance = Fraction(0)
    for outcome, weight in attack.outcomes.weights.items():
        if not outcome.success:
            continue
        p = Fraction(weight, attack.outcomes.total)
        chance += p if outcome.critical else p * damage.at_least(needed, outcome.tops)
    return chance
