"""Exploding dice thresholds and damage criticals (checks.explode, checks.damage) vs icepool."""

import itertools
import time
from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gui.engine.checks import (
    Check,
    DamageRoll,
    EdgeRoll,
    check_faces,
    check_odds,
    critical_odds,
    damage_taken,
    exploding_at_least,
    exploding_distribution,
    exploding_upto,
    floor_at,
    threshold_critical,
    triples,
)
from gui.engine.dice.odds import sum_dice


def reference(count, depth, sides=6, explode_on=None, modifier=0):
    """icepool's own explosion, `depth` extra dice at most per die."""
    faces = [sides] if explode_on is None else list(range(explode_on, sides + 1))
    return count @ icepool.Die(range(1, sides + 1)).explode(faces, depth=depth) + modifier


def p_at_least(die, t):
    """Exact P(outcome >= t) of an icepool die."""
    return Fraction(sum(q for o, q in die.items() if o >= t), die.denominator())


@pytest.mark.parametrize("count", [1, 2, 3])
def test_uncapped_thresholds_1_to_40_match_icepool(count):
    """A-DOU-2 (no cap): icepool exploded deep enough that no chain cut matters below 41."""
    deep = reference(count, 9)  # a chain cut after 9 extra dice is worth >= 60
    for t in range(1, 41):
        assert exploding_at_least(t, count) == p_at_least(deep, t), t


@pytest.mark.parametrize("cap", [0, 1, 2, 3])
@pytest.mark.parametrize("count", [1, 2, 3])
def test_capped_thresholds_1_to_40_match_icepool(count, cap):
    """CFG-DOU-2: at most `cap` explosions per die, exactly icepool's depth."""
    capped = reference(count, cap)
    for t in range(1, 41):
        assert exploding_at_least(t, count, cap=cap) == p_at_least(capped, t), t
    whole = exploding_distribution(count, cap)
    assert {o: whole.probability(o) for o in whole.weights} == {
        o: Fraction(q, capped.denominator()) for o, q in capped.items()
    }


@pytest.mark.parametrize(("sides", "explode_on", "modifier"), [(6, 5, 0), (10, 10, 3), (4, 4, -2)])
def test_other_dice_and_explosion_faces(sides, explode_on, modifier):
    deep = reference(2, 14, sides, explode_on, modifier)
    for t in range(-3, 35):
        got = exploding_at_least(t, 2, sides, modifier, explode_on)
        assert got == p_at_least(deep, t), t


def test_hand_worked_thresholds():
    """1d6!: P(>= 7) = 1/6 (a 6, then anything); P(>= 12) = 1/36; P(>= 13) = 1/36."""
    assert exploding_at_least(7, 1) == Fraction(1, 6)
    assert exploding_at_least(12, 1) == Fraction(1, 36)
    assert exploding_at_least(13, 1) == Fraction(1, 36)
    assert exploding_at_least(6, 1) == Fraction(1, 6)  # a 6 always explodes: 6 is never final
    assert exploding_at_least(13, 1, cap=1) == 0  # 6 + 6 stops at 12 with one explosion


def test_upto_itemises_exactly_and_states_the_rest():
    deep = reference(2, 12)
    bounded = exploding_upto(30, 2)
    for o in range(2, 31):
        assert bounded.probability(o) == Fraction(deep.quantity(o), deep.denominator())
    assert bounded.remainder == p_at_least(deep, 31)
    assert bounded.at_least(20) == p_at_least(deep, 20)
    with pytest.raises(ValueError, match="Beyond the bound 30"):
        bounded.at_least(32)
    with pytest.raises(ValueError, match="Beyond the bound"):
        bounded.probability(31)


def test_floor_zero():
    """DOU-58: 1d6! − 4 is never below 0 (P(0) = P(d6 <= 4) = 4/6)."""
    assert exploding_at_least(0, 1, modifier=-4, floor=0) == 1
    assert exploding_at_least(1, 1, modifier=-4, floor=0) == Fraction(2, 6)
    bounded = exploding_upto(5, 1, modifier=-4, floor=0)
    assert bounded.probability(0) == Fraction(4, 6)
    assert floor_at(sum_dice(1, 6, -4)).probability(0) == Fraction(4, 6)


def test_TV_DOU_18():
    """Unarmed damage 1 + Str modifier, never negative: +2 → 3, −1 → 0, −3 → 0."""
    assert [damage_taken(1 + m) for m in (2, -1, -3)] == [3, 0, 0]


def test_TV_DOU_23_fire_resistance_halves():
    """10 fire damage to a submerged creature (resistance, DOU-72, DOU-61) → 5."""
    assert damage_taken(10, resistant=True) == 5
    assert damage_taken(11, resistant=True) == 5  # rounded down (A-DOU-32)
    assert damage_taken(11, resistant=True, vulnerable=True) == 10  # resistance first
    assert damage_taken(-3, vulnerable=True) == 0


def test_TV_DOU_15():
    """Critical threshold with Con 12: 12 no, 13 yes; 0 PA hit for 1 yes; three 6s yes."""
    assert not threshold_critical(12, 12)
    assert threshold_critical(13, 12)
    assert threshold_critical(1, 12, out_of_points=True)
    assert not threshold_critical(0, 12, out_of_points=True)
    assert check_faces(EdgeRoll(), [6, 6, 6], Check(0, 30, naturals=triples("normal"))).critical


@pytest.mark.parametrize("resistant", [False, True])
@pytest.mark.parametrize("vulnerable", [False, True])
@pytest.mark.parametrize("cap", [None, 1])
def test_damage_at_least_matches_icepool(resistant, vulnerable, cap):
    damage = DamageRoll(2, 1, cap=cap, resistant=resistant, vulnerable=vulnerable)
    die = reference(2, 12 if cap is None else cap, modifier=1).map(
        lambda n: damage_taken(n, resistant, vulnerable)
    )
    for t in range(0, 30):
        assert damage.at_least(t) == p_at_least(die, t), t
    bounded = damage.upto(15)
    for o in range(0, 16):
        assert bounded.probability(o) == Fraction(die.quantity(o), die.denominator()), o
    assert bounded.remainder == p_at_least(die, 16)


@pytest.mark.parametrize("out_of_points", [False, True])
@pytest.mark.parametrize(("vo", "vd", "sc", "mod"), [(4, 14, 12, 2), (0, 12, 8, 0), (6, 20, 15, 3)])
def test_critical_odds_match_brute_force(vo, vd, sc, mod, out_of_points):
    """DOU-60 (a, b, c) with DOU-35: 3d6 attack, 1d6! + mod + kept 6s damage."""
    deep = reference(1, 12, modifier=mod)
    want = Fraction(0)
    for faces in itertools.product(range(1, 7), repeat=3):
        sixes, ones = faces.count(6), faces.count(1)
        if sixes < 3 and (ones >= 3 or sum(faces) + vo < vd):
            continue
        if sixes == 3:
            want += Fraction(1, 216)
            continue
        bonus_die = deep + sixes
        need = 1 if out_of_points else sc + 1
        want += Fraction(1, 216) * p_at_least(bonus_die, need)
    attack = check_odds(EdgeRoll(), Check(vo, vd, naturals=triples("normal")))
    got = critical_odds(attack, DamageRoll(1, mod), sc, out_of_points)
    assert got == want


def test_non_exploding_damage_and_bad_caps():
    assert DamageRoll(1, 0, explode_on=None).at_least(7) == 0
    assert DamageRoll(0, 3).at_least(3) == 1
    with pytest.raises(ValueError, match="Negative cap"):
        exploding_at_least(5, 1, cap=-1)


def test_deep_thresholds_stay_fast():
    """4d6! at least 60, and everything up to 60 itemised, each well under 50 ms."""
    for fn in (lambda: exploding_at_least(60, 4), lambda: exploding_upto(60, 4)):
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            fn()
            best = min(best, time.perf_counter() - start)
        assert best < 0.05


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 4),
    st.integers(-3, 45),
    st.integers(-4, 4),
    st.one_of(st.none(), st.integers(0, 4)),
)
def test_thresholds_are_monotone_and_capped_never_beats_uncapped(count, t, modifier, cap):
    p = exploding_at_least(t, count, modifier=modifier, cap=cap)
    assert 0 <= p <= 1
    assert exploding_at_least(t + 1, count, modifier=modifier, cap=cap) <= p
    assert p <= exploding_at_least(t, count, modifier=modifier)
    bounded = exploding_upto(t, count, modifier=modifier, cap=cap)
    assert (
        sum(Fraction(w, bounded.total) for w in bounded.weights.values()) + bounded.remainder == 1
    )
    assert bounded.remainder == exploding_at_least(t + 1, count, modifier=modifier, cap=cap)
