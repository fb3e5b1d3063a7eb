"""Exact dice distributions with integer weights, computed by generating polynomials.

A die is a polynomial whose coefficient of x^k counts the faces (or explosion paths) giving
value k; n dice are that polynomial to the n-th power.  The power is computed by Kronecker
substitution: the coefficients are packed into one big int, each in a fixed-width bit field
wide enough for any final coefficient, so one C big-int ``pow`` does all the convolutions
with no carry between fields: exact and fast.

Explosion on a single die, with S sides and depth d extra dice at most:

    D_0(x) = sum_f x^v(f)
    D_d(x) = sum_{f not exploding} S^d x^v(f) + sum_{f exploding} x^v(f) D_{d-1}(x)

D_d has denominator S^(d+1): a face that stops the chain has probability 1/S = S^d/S^(d+1),
and an exploding face contributes 1/S times D_{d-1}/S^d.  Scaling the stopping faces by S^d
puts every path over the same denominator, so weights stay integers.  A die at the depth cap
keeps its face without rolling again.
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType

from gui.engine.core.problems import BilingualError
from gui.engine.dice.rolling import DiceExpr

DEFAULT_EXPLODE_DEPTH = 4
# Issue 31: the exact odds a preview computes stay within about a tenth of a second on this
# kind of machine, so the window never freezes on a valid roll (« 100d1000 » took 70 s).
POWER_BITS_LIMIT = 2_000_000  # bits of the packed power (100d20 is 0.8 M, 100d100 6.6 M)
KEEP_STEPS_LIMIT = 1_000_000  # steps of the keep-highest/lowest DP (100d20kh50 is ~10^8)


class OddsTooCostly(BilingualError):
    """Exact odds of a roll too large to compute while the GM waits (the dice themselves are
    fine: the app rolls them or the GM types them)."""

    def __init__(self) -> None:
        super().__init__(
            "Cote non calculée : trop de dés pour un calcul exact immédiat",
            "Odds not computed: too many dice for an exact result at once",
        )


class Joint[T]:
    """Immutable outcome -> positive integer weight; probabilities are weight / total.

    Used for joint distributions such as (kept total, 6s kept, 1s kept) (checks/kept.py):
    ``marginal`` projects to an integer Distribution, ``given`` conditions on an event.
    """

    __slots__ = ("_total", "_weights")
    _outcomes: type | None = None  # the type every outcome must have, if any
    _sorted = False  # outcomes kept in increasing order (else as given)

    def __init__(self, weights: Mapping[T, int]) -> None:
        """Build from outcome -> weight; zero weights are dropped, negative ones rejected."""
        clean: dict[T, int] = {}
        kind = self._outcomes
        items = sorted(weights.items()) if self._sorted else weights.items()
        for outcome, weight in items:
            bad_outcome = kind is not None and not isinstance(outcome, kind)
            if bad_outcome or not isinstance(weight, int) or isinstance(weight, bool) or weight < 0:
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

    def _mapped[U](self, fn: Callable[[T], U]) -> dict[U, int]:
        """The weights of fn(outcome): outcomes with the same image are merged."""
        mapped: dict[U, int] = defaultdict(int)
        for outcome, weight in self._weights.items():
            mapped[fn(outcome)] += weight
        return mapped

    def map[U](self, fn: Callable[[T], U]) -> Joint[U]:
        """Distribution of fn(outcome): outcomes with the same image are merged."""
        return Joint(self._mapped(fn))

    def marginal(self, fn: Callable[[T], int]) -> Distribution:
        """The integer-valued distribution of fn(outcome), e.g. the totals alone."""
        return Distribution(self._mapped(fn))

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
        return f"{type(self).__name__}({dict(self._weights)!r})"


class Distribution(Joint[int]):
    """Immutable discrete distribution: integer outcome -> positive integer weight, the
    outcomes kept in increasing order."""

    __slots__ = ()
    _outcomes = int
    _sorted = True

    @property
    def min_outcome(self) -> int:
        """Smallest possible outcome."""
        return next(iter(self._weights))

    @property
    def max_outcome(self) -> int:
        """Largest possible outcome."""
        return next(reversed(self._weights))

    def at_least(self, k: int) -> Fraction:
        """Exact probability that the outcome is >= k (no predicate call: odds' hot path)."""
        return Fraction(sum(w for o, w in self._weights.items() if o >= k), self._total)

    def at_most(self, k: int) -> Fraction:
        """Exact probability that the outcome is <= k."""
        return Fraction(sum(w for o, w in self._weights.items() if o <= k), self._total)

    def mean(self) -> Fraction:
        """Exact expected outcome."""
        return Fraction(sum(o * w for o, w in self._weights.items()), self._total)

    def map(self, fn: Callable[[int], int]) -> Distribution:  # type: ignore[override]
        """Distribution of fn(outcome), e.g. ``dist.map(lambda n: max(n, 0))`` to clamp."""
        return Distribution(self._mapped(fn))


def _power(poly: Mapping[int, int], count: int) -> list[int]:
    """Coefficients (index = exponent) of poly(x)**count, by Kronecker substitution."""
    if count == 0:
        return [1]
    degree = max(poly)
    # Every coefficient of the power is <= (sum of coefficients)**count; byte-aligned fields
    # (plus two spare bits) let to_bytes/from_bytes do the packing and unpacking in C.
    width = (count * sum(poly.values()).bit_length() + 2 + 7) // 8  # (a bound, cheaply)
    if (degree * count + 1) * width * 8 > POWER_BITS_LIMIT:
        raise OddsTooCostly
    width = ((sum(poly.values()) ** count).bit_length() + 2 + 7) // 8
    packed = int.from_bytes(
        b"".join(poly.get(e, 0).to_bytes(width, "little") for e in range(degree + 1)), "little"
    )
    size = degree * count + 1
    raw = pow(packed, count).to_bytes(size * width, "little")
    return [int.from_bytes(raw[i * width : (i + 1) * width], "little") for i in range(size)]


def _exploding_die(
    exponents: list[int], exploding: list[bool], depth: int, pad: int
) -> dict[int, int]:
    """D_depth as exponent -> weight over S^(depth+1); a stopped chain is padded by pad/level."""
    sides = len(exponents)
    poly: dict[int, int] = defaultdict(int)
    for e in exponents:
        poly[e] += 1
    for level in range(1, depth + 1):
        scale = sides**level
        nxt: dict[int, int] = defaultdict(int)
        for e, boom in zip(exponents, exploding, strict=True):
            if boom:
                for sub_e, w in poly.items():
                    nxt[e + sub_e] += w
            else:
                # Padding keeps every chain at the same total offset whatever its length.
                nxt[e + pad * level] += scale
        poly = nxt
    return poly


def _check_pool(count: int, sides: int, explode_from: int | None, explode_depth: int) -> int:
    """Validate pool arguments and return the effective explosion depth."""
    # An explosion on 1 would explode every die forever: 2..sides only.
    bad_explosion = explode_from is not None and not 2 <= explode_from <= sides
    if min(count, explode_depth) < 0 or sides < 2 or bad_explosion:
        raise ValueError(
            f"Dés invalides : {count}d{sides}, explosion {explode_from}, profondeur {explode_depth}"
            f" / Invalid dice: {count}d{sides}, explode {explode_from}, depth {explode_depth}"
        )
    return 0 if explode_from is None else explode_depth


def _pool_power(
    count: int,
    sides: int,
    threshold: int,
    double_from: int | None,
    ones_cancel: bool,
    explode_from: int | None,
    explode_depth: int,
    joint: bool,
) -> tuple[list[int], int, int]:
    """Coefficients of the pool polynomial, the success offset and the ones stride (joint)."""
    depth = _check_pool(count, sides, explode_from, explode_depth)
    faces = range(1, sides + 1)
    values = [
        (2 if double_from is not None and f >= double_from else 1 if f >= threshold else 0)
        - (1 if ones_cancel and f == 1 else 0)
        for f in faces
    ]
    pad = -min(values)  # exponent = value + pad >= 0 on every die of a chain
    exploding = [explode_from is not None and f >= explode_from for f in faces]
    chain = depth + 1
    # Joint: 2-D Kronecker x^s y^o -> x^(s + o*stride), stride above any total success exponent.
    stride = (max(values) + pad) * chain * count + 1 if joint else 0
    exponents = [v + pad + (stride if f == 1 else 0) for v, f in zip(values, faces, strict=True)]
    die = _exploding_die(exponents, exploding, depth, pad)
    return _power(die, count), pad * chain * count, stride


def success_pool(
    count: int,
    sides: int = 6,
    threshold: int = 4,
    double_from: int | None = None,
    ones_cancel: bool = False,
    explode_from: int | None = None,
    explode_depth: int = 0,
) -> Distribution:
    """Net successes of a pool: die >= threshold = 1, >= double_from = 2, a 1 = -1 if ones_cancel.

    A die >= explode_from adds one extra die (which may explode too), up to explode_depth
    extra generations per base die; extra dice score like any other die.  The net may be
    negative with ones_cancel: callers clamp with ``.map``.
    """
    coefs, offset, _ = _pool_power(
        count, sides, threshold, double_from, ones_cancel, explode_from, explode_depth, False
    )
    return Distribution({k - offset: c for k, c in enumerate(coefs) if c})


def counted_pool(count: int, face_values: Sequence[int]) -> Distribution:
    """The sum of `count` dice whose faces 1, 2… are worth `face_values` (each ≥ 0)."""
    if any(v < 0 for v in face_values):
        raise ValueError("face values must be >= 0")
    die: dict[int, int] = {}
    for value in face_values:
        die[value] = die.get(value, 0) + 1
    coefs = _power(die, count)
    return Distribution({k: c for k, c in enumerate(coefs) if c})


def success_pool_joint(
    count: int,
    sides: int = 6,
    threshold: int = 4,
    double_from: int | None = None,
    ones_cancel: bool = False,
    explode_from: int | None = None,
    explode_depth: int = 0,
) -> dict[tuple[int, int], int]:
    """Weights of (net successes as in success_pool, number of dice showing 1) pairs.

    Ones are counted on every die, explosion dice included; weights share the denominator
    sides ** (count * (effective depth + 1)), e.g. for botches (no success, at least one 1).
    """
    coefs, offset, stride = _pool_power(
        count, sides, threshold, double_from, ones_cancel, explode_from, explode_depth, True
    )
    return {(k % stride - offset, k // stride): c for k, c in enumerate(coefs) if c}


def _keep_dp(die: Mapping[int, int], count: int, keep: int, highest: bool) -> dict[int, int]:
    """Weights of the sum of the best `keep` of `count` dice, by a DP from best value down."""
    order = sorted(die, reverse=highest)
    states = keep + (max(order) - min(order)) * keep * (keep - 1) // 2  # (placed, total) pairs
    if len(order) * states * (count + 1) > KEEP_STEPS_LIMIT:
        raise OddsTooCostly
    # worse[i] = total weight of the values ranked at or after order[i].
    worse = list(itertools.accumulate((die[v] for v in reversed(order)), initial=0))[::-1]
    result: dict[int, int] = defaultdict(int)
    # State: (dice placed so far, all of them kept as placed < keep, their sum) -> weight.
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    for i, value in enumerate(order):
        w, rest = die[value], worse[i + 1]
        nxt: dict[tuple[int, int], int] = defaultdict(int)
        for (placed, total), weight in states.items():
            free = count - placed
            w_m = 1
            for m in range(free + 1):
                ways = weight * math.comb(free, m) * w_m
                if placed + m >= keep:
                    # The kept set is complete: the other free - m dice all rank lower.
                    result[total + (keep - placed) * value] += ways * rest ** (free - m)
                else:
                    nxt[(placed + m, total + m * value)] += ways
                w_m *= w
        states = nxt
    return result


def sum_dice(
    count: int,
    sides: int,
    modifier: int = 0,
    keep_highest: int | None = None,
    keep_lowest: int | None = None,
    explode_on: int | None = None,
    explode_depth: int = 0,
) -> Distribution:
    """Sum of count dice (+ modifier), optionally keeping the highest/lowest k, exploding.

    A die showing >= explode_on adds another die to its own value, recursively, up to
    explode_depth extra dice per die.  With keep, each die is exploded first and the keep
    applies to the exploded per-die totals (as DiceExpr.total does).
    """
    depth = _check_pool(count, sides, explode_on, explode_depth)
    if keep_highest is not None and keep_lowest is not None:
        raise ValueError("Garder hauts et bas à la fois / Cannot keep both highest and lowest")
    keep = keep_highest if keep_highest is not None else keep_lowest
    if keep is not None and not 0 <= keep <= count:
        raise ValueError(f"Dés gardés hors de 0–{count} / Kept dice outside 0–{count}: {keep}")
    faces = range(1, sides + 1)
    exploding = [explode_on is not None and f >= explode_on for f in faces]
    die = _exploding_die(list(faces), exploding, depth, 0)
    if keep is None or keep == count:
        coefs = _power(die, count)
        return Distribution({k + modifier: c for k, c in enumerate(coefs) if c})
    weights = _keep_dp(die, count, keep, highest=keep_highest is not None)
    return Distribution({k + modifier: c for k, c in weights.items()})


def from_expr(expr: DiceExpr) -> Distribution:
    """Distribution of a DiceExpr total; explosion is capped at DEFAULT_EXPLODE_DEPTH."""
    explode_on = expr.sides if expr.explode else None
    depth = DEFAULT_EXPLODE_DEPTH if expr.explode else 0
    kh, kl = expr.keep_highest, expr.keep_lowest
    return sum_dice(expr.count, expr.sides, expr.modifier, kh, kl, explode_on, depth)
