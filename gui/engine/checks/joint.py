"""An exact distribution over any hashable outcomes (tuples, dataclasses), integer weights."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from types import MappingProxyType

from ..odds import Distribution


class Joint[T]:
    """Immutable outcome -> positive integer weight; probabilities are weight / total.

    Used for joint distributions such as (kept total, 6s kept, 1s kept): ``marginal`` projects
    to an integer odds.Distribution, ``given`` conditions on an event.
    """

    __slots__ = ("_total", "_weights")

    def __init__(self, weights: Mapping[T, int]) -> None:
        """Build from outcome -> weight; zero weights are dropped, negative ones rejected."""
        clean: dict[T, int] = {}
        for outcome, weight in weights.items():
            if not isinstance(weight, int) or isinstance(weight, bool) or weight < 0:
                raise ValueError(
                    f"Poids invalide {outcome!r} : {weight!r}"
                    f" / Invalid weight {outcome!r}: {weight!r}"
                )
            if weight:
                clean[outcome] = weight
        if not clean:
            raise ValueError("Distribution vide / Empty distribution")
        self._weights = MappingProxyType(clean)
        self._total = sum(clean.values())

    @property
    def weights(self) -> Mapping[T, int]:
        """Read-only outcome -> weight mapping."""
        return self._weights

    @property
    def total(self) -> int:
        """Sum of the weights, the common denominator of the probabilities."""
        return self._total

    def __iter__(self) -> Iterator[T]:
        """The possible outcomes."""
        return iter(self._weights)

    def __len__(self) -> int:
        """Number of possible outcomes."""
        return len(self._weights)

    def probability(self, outcome: T) -> Fraction:
        """Exact probability of one outcome."""
        return Fraction(self._weights.get(outcome, 0), self._total)

    def chance(self, event: Callable[[T], bool]) -> Fraction:
        """Exact probability of an event (a predicate on outcomes)."""
        return Fraction(sum(w for o, w in self._weights.items() if event(o)), self._total)

    def map[U](self, fn: Callable[[T], U]) -> Joint[U]:
        """Distribution of fn(outcome): outcomes with the same image are merged."""
        mapped: dict[U, int] = defaultdict(int)
        for outcome, weight in self._weights.items():
            mapped[fn(outcome)] += weight
        return Joint(mapped)

    def marginal(self, fn: Callable[[T], int]) -> Distribution:
        """The integer-valued distribution of fn(outcome), e.g. the totals alone."""
        mapped: dict[int, int] = defaultdict(int)
        for outcome, weight in self._weights.items():
            mapped[fn(outcome)] += weight
        return Distribution(mapped)

    def given(self, event: Callable[[T], bool]) -> Joint[T]:
        """The distribution conditioned on an event (ValueError if it cannot happen)."""
        return Joint({o: w for o, w in self._weights.items() if event(o)})

    def __eq__(self, other: object) -> bool:
        """Equal when every outcome has the same probability (weights may differ by a factor)."""
        if not isinstance(other, Joint):
            return NotImplemented
        if self._weights.keys() != other._weights.keys():
            return False
        return all(
            w * other._total == other._weights[o] * self._total for o, w in self._weights.items()
        )

    def __hash__(self) -> int:
        """Hash of the gcd-reduced weights, consistent with __eq__."""
        g = math.gcd(*self._weights.values())
        return hash(frozenset((o, w // g) for o, w in self._weights.items()))

    def __repr__(self) -> str:
        """Constructor-like representation."""
        return f"Joint({dict(self._weights)!r})"
