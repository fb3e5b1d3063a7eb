"""Kept dice with counted faces: the exact joint of (kept total, top faces, 1s) as a Joint."""

from __future__ import annotations

import functools
import math
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from ..dice import MAX_EXPR_COUNT, MAX_EXPR_SIDES, DiceInputError
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


@dataclass(frozen=True, order=True)
class KeptFaces:
    """What the rules read on one roll of kept dice.

    `tops` and `ones` count the kept dice on the highest face (the 6 of a d6, the 20 of a
    d20) and on 1: the natural faces of D35-80, the 6s of DOU-35/DOU-36 and the 1s of
    DOU-37 (A-DOU-1). `all_tops` and `all_ones` count them on every die rolled, kept or
    not, for CFG-DOU-1b.
    """

    total: int
    tops: int = 0
    ones: int = 0
    all_tops: int = 0
    all_ones: int = 0


def check_dice(count: int, sides: int, keep: int) -> None:
    """Refuse dice the tables cannot hold (bilingual DiceInputError)."""
    if not 1 <= count <= MAX_EXPR_COUNT or not 2 <= sides <= MAX_EXPR_SIDES:
        raise DiceInputError(f"Dés invalides : {count}d{sides}", f"Invalid dice: {count}d{sides}")
    if not 1 <= keep <= count:
        raise DiceInputError(
            f"Dés gardés hors de 1–{count} : {keep}", f"Kept dice outside 1–{count}: {keep}"
        )


@functools.lru_cache(maxsize=128)
def kept_dice(
    count: int, sides: int, keep: int | None = None, highest: bool = True
) -> Joint[KeptFaces]:
    """Exact joint of count d`sides` keeping the `keep` highest (or lowest) dice.

    A DP over the faces from the best one down (highest: S, S-1…; lowest: 1, 2…): a state
    is (dice placed, kept total, kept tops, kept 1s, rolled tops, rolled 1s), and placing m
    of the free dice on a face has comb(free, m) orders.  Weights are over sides**count.
    """
    keep = count if keep is None else keep
    check_dice(count, sides, keep)
    order = list(range(sides, 0, -1) if highest else range(1, sides + 1))
    states: dict[tuple[int, int, int, int, int, int], int] = {(0, 0, 0, 0, 0, 0): 1}
    for i, face in enumerate(order):
        last = i == len(order) - 1
        is_top, is_one = int(face == sides), int(face == 1)
        nxt: dict[tuple[int, int, int, int, int, int], int] = defaultdict(int)
        for (placed, total, tops, ones, all_tops, all_ones), weight in states.items():
            free = count - placed
            room = max(0, keep - placed)
            # The last face takes every die still free: each state ends with count placed.
            for m in [free] if last else range(free + 1):
                k = min(m, room)
                key = (
                    placed + m,
                    total + k * face,
                    tops + k * is_top,
                    ones + k * is_one,
                    all_tops + m * is_top,
                    all_ones + m * is_one,
                )
                nxt[key] += weight * math.comb(free, m)
        states = nxt
    return Joint({KeptFaces(*key[1:]): w for key, w in states.items()})


def kept_of(faces: Sequence[int], keep: int, highest: bool = True) -> list[int]:
    """The kept faces in the order rolled: the dropped ones are the last-rolled among equals."""
    ranked = sorted(range(len(faces)), key=lambda i: (-faces[i] if highest else faces[i], i))
    chosen = set(ranked[:keep])
    return [f for i, f in enumerate(faces) if i in chosen]


def read_kept(
    faces: Sequence[int], sides: int, keep: int | None = None, highest: bool = True
) -> KeptFaces:
    """KeptFaces of faces already checked to lie in 1..sides (G-1 b)."""
    kept = kept_of(faces, len(faces) if keep is None else keep, highest)
    return KeptFaces(
        total=sum(kept),
        tops=kept.count(sides),
        ones=kept.count(1),
        all_tops=list(faces).count(sides),
        all_ones=list(faces).count(1),
    )
