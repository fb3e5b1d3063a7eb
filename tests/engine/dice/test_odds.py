"""Exact odds checked against icepool, built independently in the most obvious way."""

import itertools
import math
from fractions import Fraction

import icepool
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gui.engine.dice.odds import (
    DEFAULT_EXPLODE_DEPTH,
    Distribution,
    from_expr,
    success_pool,
    success_pool_joint,
    sum_dice,
)
from gui.engine.dice.rolling import DiceExpr

COUNTS = range(1, 21)


def face_value(threshold, double_from=None, ones_cancel=False):
    """Reference scoring of one face, written independently of odds.py."""

    def value(f):
        score = 2 if double_from is not None and f >= double_from else int(f >= threshold)
        return score - int(ones_cancel and f == 1)

    return value


def probs_of(die):
    """icepool die -> outcome -> exact probability."""
    return {o: Fraction(q, die.denominator()) for o, q in die.items() if q}


def probs_of_dist(dist):
    """Distribution -> outcome -> exact probability."""
    return {o: dist.probability(o) for o in dist.weights}


def normalised(weights):
    """Any outcome -> weight mapping -> outcome -> exact probability."""
    total = sum(weights.values())
    return {o: Fraction(w, total) for o, w in weights.items() if w}


POOLS = {
    "d6 4+": dict(sides=6, threshold=4),
    "Attention Donjon jet de trait": dict(sides=6, threshold=4, double_from=6, ones_cancel=True),
    "d10 6+ ones cancel": dict(sides=10, threshold=6, ones_cancel=True),
    "d10 8+": dict(sides=10, threshold=8),
}


@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("name", POOLS)
def test_success_pool_matches_icepool(name, count):
    kw = POOLS[name]
    value = face_value(kw["threshold"], kw.get("double_from"), kw.get("ones_cancel", False))
    reference = icepool.d(kw["sides"]).map(value).pool(count).sum()
    assert probs_of_dist(success_pool(count, **kw)) == probs_of(reference)


@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("depth", [1, 2, 3])
@pytest.mark.parametrize("ones_cancel", [False, True])
def test_exploding_pool_matches_icepool_explode(count, depth, ones_cancel):
    value = face_value(8, ones_cancel=ones_cancel)
    # A 100 marker on the 10 lets icepool's own explode() tell exploding faces apart;
    # the net successes are recovered modulo 100 (they stay within -50..49).
    marked = icepool.d10.map(lambda f: value(f) + (100 if f == 10 else 0))
    exploded = marked.explode([101], depth=depth).map(lambda t: (t + 50) % 100 - 50)
    reference = exploded.pool(count).sum()
    ours = success_pool(count, 10, 8, ones_cancel=ones_cancel, explode_from=10, explode_depth=depth)
    assert probs_of_dist(ours) == probs_of(reference)


def joint_reference(sides, value, explode_from, depth):
    """One die (explosion chain included) as Vector((successes, ones)) by recursive mapping."""

    def pair(f):
        return icepool.Vector((value(f), int(f == 1)))

    if depth == 0 or explode_from is None:
        return icepool.d(sides).map(pair)
    rest = joint_reference(sides, value, explode_from, depth - 1)
    return icepool.d(sides).map(lambda f: pair(f) + rest if f >= explode_from else pair(f))


JOINTS = {
    "d10 6+ ones cancel": dict(sides=10, threshold=6, ones_cancel=True),
    "d6 AD": dict(sides=6, threshold=4, double_from=6, ones_cancel=True),
    "d10 8+ explode 10 depth 2": dict(sides=10, threshold=8, explode_from=10, explode_depth=2),
}


@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("name", JOINTS)
def test_joint_matches_icepool(name, count):
    kw = JOINTS[name]
    value = face_value(kw["threshold"], kw.get("double_from"), kw.get("ones_cancel", False))
    die = joint_reference(kw["sides"], value, kw.get("explode_from"), kw.get("explode_depth", 0))
    reference = {tuple(o): p for o, p in probs_of(die.pool(count).sum()).items()}
    assert normalised(success_pool_joint(count, **kw)) == reference


@pytest.mark.parametrize("name", list(JOINTS))
def test_joint_marginal_is_success_pool(name):
    kw = JOINTS[name]
    marginal: dict[int, int] = {}
    for (successes, _ones), weight in success_pool_joint(7, **kw).items():
        marginal[successes] = marginal.get(successes, 0) + weight
    assert Distribution(marginal) == success_pool(7, **kw)


def test_botch_probability_single_d10():
    # One d10, 6+ succeeds, 1 cancels: botch = no net success and a 1 showing = the face 1.
    joint = success_pool_joint(1, 10, 6, ones_cancel=True)
    botch = sum(w for (s, o), w in joint.items() if s <= 0 and o >= 1)
    assert Fraction(botch, sum(joint.values())) == Fraction(1, 10)


def test_empty_pools():
    assert success_pool(0).weights == {0: 1}
    assert success_pool_joint(0, 10, 6, ones_cancel=True) == {(0, 0): 1}
    assert sum_dice(0, 6).weights == {0: 1}
    assert sum_dice(0, 6, modifier=5).weights == {5: 1}


def test_extreme_coefficients_do_not_carry():
    # d2 with 2+ is a fair coin: binomial weights, and one coefficient equals the whole total.
    assert dict(success_pool(20, 2, 2).weights) == {k: math.comb(20, k) for k in range(21)}
    assert dict(success_pool(20, 6, 7).weights) == {0: 6**20}
    assert success_pool(20, 6, 1).weights == {20: 6**20}


@pytest.mark.parametrize(
    ("kwargs", "reference"),
    [
        (dict(count=3, sides=6), 3 @ icepool.d6),
        (dict(count=2, sides=20, keep_highest=1), icepool.d20.pool(2).highest(1).sum()),
        (dict(count=2, sides=20, keep_lowest=1), icepool.d20.pool(2).lowest(1).sum()),
        (dict(count=4, sides=6, keep_highest=3), icepool.d6.pool(4).highest(3).sum()),
        (dict(count=4, sides=6, keep_lowest=3), icepool.d6.pool(4).lowest(3).sum()),
        (dict(count=1, sides=20, modifier=5), icepool.d20 + 5),
        (dict(count=5, sides=8, modifier=-3, keep_highest=2), icepool.d8.pool(5)[-2:].sum() - 3),
        *[
            (dict(count=2, sides=6, explode_on=6, explode_depth=d), 2 @ icepool.d6.explode(depth=d))
            for d in (1, 2, 3)
        ],
        (
            dict(count=4, sides=6, keep_highest=3, explode_on=6, explode_depth=2),
            icepool.d6.explode(depth=2).pool(4).highest(3).sum(),
        ),
        (
            dict(count=3, sides=10, keep_lowest=1, explode_on=9, explode_depth=1),
            icepool.d10.explode([9, 10], depth=1).pool(3).lowest(1).sum(),
        ),
    ],
)
def test_sum_dice_matches_icepool(kwargs, reference):
    assert probs_of_dist(sum_dice(**kwargs)) == probs_of(reference)


@pytest.mark.parametrize("text", ["3d6kh2-1", "4d4kl2+3", "2d8", "1d12+0"])
def test_from_expr_agrees_with_expr_total_over_every_roll(text):
    expr = DiceExpr.parse(text)
    counts: dict[int, int] = {}
    for faces in itertools.product(range(1, expr.sides + 1), repeat=expr.count):
        total = expr.total(faces)
        counts[total] = counts.get(total, 0) + 1
    assert from_expr(expr) == Distribution(counts)
    assert from_expr(expr).min_outcome == expr.minimum
    assert from_expr(expr).max_outcome == expr.maximum


def test_from_expr_explodes_with_default_depth():
    expected = 3 @ icepool.d6.explode(depth=DEFAULT_EXPLODE_DEPTH) + 1
    assert probs_of_dist(from_expr(DiceExpr.parse("3d6!+1"))) == probs_of(expected)


def test_distribution_queries():
    dist = Distribution({1: 1, 2: 2, 3: 1})
    assert dist.total == 4
    assert (dist.min_outcome, dist.max_outcome) == (1, 3)
    assert dist.probability(2) == Fraction(1, 2)
    assert dist.probability(7) == 0
    assert dist.at_least(2) == Fraction(3, 4)
    assert dist.at_most(1) == Fraction(1, 4)
    assert dist.at_least(4) == 0 and dist.at_most(3) == 1
    assert dist.mean() == 2
    assert list(dist.weights) == [1, 2, 3]


def test_distribution_equality_is_on_probabilities():
    a = Distribution({3: 1, 1: 2})
    b = Distribution({1: 20, 3: 10})
    assert a == b and hash(a) == hash(b)
    assert a != Distribution({1: 2, 3: 2})
    assert a != Distribution({1: 2, 4: 1})
    assert eval(repr(a)) == a  # repr is meant to round trip


def test_distribution_is_immutable_and_validated():
    dist = Distribution({0: 1, 1: 0})
    assert dict(dist.weights) == {0: 1}
    with pytest.raises(TypeError):
        dist.weights[0] = 5  # type: ignore[index]
    for bad in ({}, {0: 0}, {0: -1}, {0: 1.5}):
        with pytest.raises(ValueError):
            Distribution(bad)


def test_map_clamps_negative_nets():
    clamped = success_pool(3, 6, 4, double_from=6, ones_cancel=True).map(lambda n: max(n, 0))
    assert clamped.min_outcome == 0
    assert clamped.total == 6**3


@given(st.integers(0, 12), st.integers(2, 12), st.integers(1, 13), st.booleans())
def test_pool_total_weight_is_every_roll(count, sides, threshold, ones_cancel):
    dist = success_pool(count, sides, threshold, ones_cancel=ones_cancel)
    assert dist.total == sides**count
    assert dist.mean() == count * Fraction(
        sum(face_value(threshold, ones_cancel=ones_cancel)(f) for f in range(1, sides + 1)), sides
    )


def test_invalid_arguments_raise():
    with pytest.raises(ValueError):
        success_pool(-1)
    with pytest.raises(ValueError):
        success_pool(3, 6, 4, explode_from=1, explode_depth=2)
    with pytest.raises(ValueError):
        sum_dice(2, 20, keep_highest=1, keep_lowest=1)
    with pytest.raises(ValueError):
        sum_dice(2, 20, keep_highest=3)


def test_odds_too_large_to_compute_at_once_are_refused_not_frozen_on():
    """Issue 31: exact odds stay within about a tenth of a second; past the bound the caller
    is told (OddsTooCostly, in both languages) instead of the window freezing for a minute."""
    import time

    from gui.engine.dice.odds import OddsTooCostly

    for count, sides, keep in [(100, 100, None), (100, 1000, None), (100, 20, 50)]:
        begin = time.perf_counter()
        with pytest.raises(OddsTooCostly) as refused:
            sum_dice(count, sides, keep_highest=keep)
        assert time.perf_counter() - begin < 0.5
        assert "Cote non calculée" in refused.value.fr and "Odds not computed" in refused.value.en
    assert sum_dice(100, 20).total == 20**100  # the largest plain sums still exact
    assert sum_dice(50, 1000, keep_highest=1).max_outcome == 1000
