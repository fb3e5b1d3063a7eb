"""Checks against a target number (checks.check): icepool, brute force, TV-DOU-*, TV-D35-*."""

import itertools
from collections import Counter
from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gui.engine.checks import (
    D20_NATURALS,
    Check,
    EdgeRoll,
    check_faces,
    check_odds,
    triples,
)

D20 = EdgeRoll(1, 20)


def icepool_d20(die, modifier, target):
    """P(hit) of a d20-like icepool die: natural 20 hits, natural 1 misses (D35-80)."""
    hit = die.map(lambda f: f == 20 or (f != 1 and f + modifier >= target))
    return Fraction(hit.quantity(True), hit.denominator())


@pytest.mark.parametrize("modifier", [-5, 0, 3, 12, 30])
@pytest.mark.parametrize("target", [-10, 2, 10, 15, 21, 40])
@pytest.mark.parametrize("edge", ["normal", "advantage", "disadvantage"])
def test_d20_natural_20_and_1_match_icepool(modifier, target, edge):
    """D35-80: a natural 20 always hits, a natural 1 always misses, with 2d20 kh1/kl1 too."""
    die = {
        "normal": icepool.d20,
        "advantage": icepool.d20.pool(2).highest(1).sum(),
        "disadvantage": icepool.d20.pool(2).lowest(1).sum(),
    }[edge]
    odds = check_odds(EdgeRoll(1, 20, edge), Check(modifier, target, naturals=D20_NATURALS))
    assert odds.success == icepool_d20(die, modifier, target)
    assert odds.critical == 0
    assert odds.fumble == 0


def test_d20_naturals_hand_worked():
    """D35-80: +30 against CA 15 still misses on a 1 (19/20); −10 against 40 hits on a 20."""
    assert check_odds(D20, Check(30, 15, naturals=D20_NATURALS)).success == Fraction(19, 20)
    assert check_odds(D20, Check(-10, 40, naturals=D20_NATURALS)).success == Fraction(1, 20)
    assert check_faces(D20, "20", Check(-10, 40, naturals=D20_NATURALS)).automatic


def triple_pool(edge):
    """icepool (total, 6s, 1s) of the kept dice for 3d6, 4d6kh3, 4d6kl3."""
    die = icepool.d6.map(lambda f: icepool.Vector((f, int(f == 6), int(f == 1))))
    if edge == "normal":
        return die.pool(3).sum()
    pool = die.pool(4)
    return (pool.highest(3) if edge == "advantage" else pool.lowest(3)).sum()


@pytest.mark.parametrize("edge", ["normal", "advantage", "disadvantage"])
@pytest.mark.parametrize(("vo", "vd"), [(0, 11), (6, 17), (-2, 25), (10, 5), (3, 14)])
def test_triples_match_icepool(edge, vo, vd):
    """DOU-31/36/37 with DOU-73's kept dice; the fictitious 1 under disadvantage (DOU-37)."""
    fictitious = 1 if edge == "disadvantage" else 0

    def outcome(v):
        total, sixes, ones = v
        if sixes >= 3:
            return "critical"
        if ones + fictitious >= 3:
            return "fumble"
        return "success" if total + vo >= vd else "failure"

    ref = triple_pool(edge).map(outcome)
    odds = check_odds(EdgeRoll(3, 6, edge), Check(vo, vd, naturals=triples(edge)))
    assert odds.kinds() == {k: Fraction(ref.quantity(k), ref.denominator()) for k in odds.kinds()}


def brute(edge, method, count_all, vo, vd):
    """Every face sequence read by hand: (success, critical, fumble, kept 6s) -> count."""
    better = edge == "advantage"
    n = 3 if edge == "normal" else 6 if method == "two_rolls" else 4
    out = Counter()
    for faces in itertools.product(range(1, 7), repeat=n):
        if edge == "normal" or method == "extra_die":
            kept = list(faces[:3])
        elif method == "keep":
            kept = sorted(faces, reverse=better)[:3]
        else:
            a, b = faces[:3], faces[3:]
            ka = (sum(a), a.count(6), -a.count(1))
            kb = (sum(b), b.count(6), -b.count(1))
            kept = list(a if (ka >= kb if better else ka <= kb) else b)
        total = sum(kept)
        if edge != "normal" and method == "extra_die":
            total += faces[3] if better else -faces[3]
        counted = faces if count_all else kept
        sixes = counted.count(6)
        ones = counted.count(1) + (edge == "disadvantage")
        crit, fumble = sixes >= 3, ones >= 3
        if crit and fumble:  # reading: both at once cancel
            crit = fumble = False
        success = crit or (not fumble and total + vo >= vd)
        out[(success, crit, fumble, kept.count(6))] += 1
    return out


@pytest.mark.parametrize("method", ["keep", "two_rolls", "extra_die"])
@pytest.mark.parametrize("edge", ["advantage", "disadvantage"])
@pytest.mark.parametrize("count_all", [False, True])
def test_every_cfg_dou_1_and_1b_setting_matches_brute_force(method, edge, count_all):
    """CFG-DOU-1 (three methods) × CFG-DOU-1b (kept or all dice), with the fictitious 1."""
    vo, vd = 2, 13
    check = Check(vo, vd, naturals=triples(edge, count_all))
    odds = check_odds(EdgeRoll(3, 6, edge, method), check)
    ref = brute(edge, method, count_all, vo, vd)
    got = odds.outcomes.map(lambda o: (o.success, o.critical, o.fumble, o.tops))
    assert dict(got.weights) == dict(ref)


def test_fumble_rate_under_disadvantage_is_about_13_percent():
    """A-DOU-1: at least two 1s among 4d6 = 171/1296 (13.2%), against 1/216 (0.46%)."""
    dis = check_odds(EdgeRoll(3, 6, "disadvantage"), Check(0, 10, naturals=triples("disadvantage")))
    normal = check_odds(EdgeRoll(), Check(0, 10, naturals=triples("normal")))
    assert dis.fumble == Fraction(171, 1296)
    assert normal.fumble == normal.critical == Fraction(1, 216)


def test_advantage_never_adds_a_fumble_and_disadvantage_never_adds_a_critical():
    """A-DOU-1: on the kept dice only four 1s (or four 6s) can make them: 1/1296."""
    adv = check_odds(EdgeRoll(3, 6, "advantage"), Check(0, 10, naturals=triples("advantage")))
    dis = check_odds(EdgeRoll(3, 6, "disadvantage"), Check(0, 10, naturals=triples("disadvantage")))
    assert adv.fumble == dis.critical == Fraction(1, 1296)


def test_sixes_given_a_hit():
    """DOU-35: the +1 damage per kept 6 given a hit, by brute force on 3d6 + 6 against 17."""
    odds = check_odds(EdgeRoll(), Check(6, 17, naturals=triples("normal")))
    ref = Counter()
    for f in itertools.product(range(1, 7), repeat=3):
        if f.count(6) == 3 or (f.count(1) < 3 and sum(f) + 6 >= 17):
            ref[f.count(6)] += 1
    dist = odds.tops_given_success()
    assert {k: dist.probability(k) for k in ref} == {
        k: Fraction(v, sum(ref.values())) for k, v in ref.items()
    }
    assert check_odds(EdgeRoll(), Check(0, 100)).tops_given_success() is None


DOU = triples("normal")


def test_TV_DOU_03():
    """[4, 5, 2] = 11, VO +6 → 17: hits VD 17, misses VD 18; no 6s → +0 damage."""
    hit = check_faces(EdgeRoll(), "4 5 2", Check(6, 17, naturals=DOU))
    miss = check_faces(EdgeRoll(), "4 5 2", Check(6, 18, naturals=DOU))
    assert (hit.total, hit.success, hit.tops) == (17, True, 0)
    assert not miss.success


def test_TV_DOU_05():
    """[6, 6, 6], VO −2 against VD 25 → automatic hit, critical, +3 damage."""
    o = check_faces(EdgeRoll(), [6, 6, 6], Check(-2, 25, naturals=DOU))
    assert (o.success, o.automatic, o.critical, o.tops, o.kind) == (True, True, True, 3, "critical")


def test_TV_DOU_06():
    """[1, 1, 1], VO +10 against VD 5 → automatic miss, fumble."""
    o = check_faces(EdgeRoll(), [1, 1, 1], Check(10, 5, naturals=DOU))
    assert (o.success, o.automatic, o.fumble, o.kind) == (False, True, True, "fumble")


def test_TV_DOU_08():
    """Advantage keeps the highest 3, disadvantage the lowest 3; counts on the kept dice."""
    adv, dis = EdgeRoll(3, 6, "advantage"), EdgeRoll(3, 6, "disadvantage")
    a_rule = Check(0, 30, naturals=triples("advantage"))
    d_rule = Check(0, 10, naturals=triples("disadvantage"))
    o = check_faces(adv, [6, 6, 6, 2], a_rule)
    assert (o.critical, o.tops) == (True, 3)
    o = check_faces(adv, [6, 6, 2, 1], Check(0, 10, naturals=triples("advantage")))
    assert (o.critical, o.tops) == (False, 2)
    assert not check_faces(adv, [1, 1, 1, 6], Check(0, 10, naturals=triples("advantage"))).fumble
    o = check_faces(dis, [6, 6, 6, 2], d_rule)
    assert (o.critical, o.tops, o.success) == (False, 2, True)


def test_TV_DOU_08_under_cfg_dou_1b_all_dice():
    """CFG-DOU-1b alternative: the same rolls counted on every die rolled."""
    dis = EdgeRoll(3, 6, "disadvantage")
    all_rule = Check(0, 30, naturals=triples("disadvantage", True))
    assert check_faces(dis, [6, 6, 6, 2], all_rule).critical
    adv_rule = Check(0, 10, naturals=triples("advantage", True))
    assert check_faces(EdgeRoll(3, 6, "advantage"), [1, 1, 1, 6], adv_rule).fumble


def test_fictitious_one_makes_two_ones_a_fumble():
    """DOU-37: with disadvantage two natural 1s are enough; not without it."""
    dis = EdgeRoll(3, 6, "disadvantage")
    assert check_faces(dis, [1, 1, 5, 6], Check(20, 5, naturals=triples("disadvantage"))).fumble
    assert not check_faces(EdgeRoll(), [1, 1, 5], Check(20, 5, naturals=DOU)).fumble


def test_TV_DOU_10_save_against_vog():
    """A Dex save total of 16 against VOG 16 → the damage is ignored; 15 → the hit stands."""
    assert check_faces(EdgeRoll(), "5 5 4", Check(2, 16, naturals=DOU)).success
    assert not check_faces(EdgeRoll(), "5 4 4", Check(2, 16, naturals=DOU)).success


def test_TV_D35_04():
    """Aid another: attack total 10 against CA 10 → success; 9 → failure."""
    assert check_faces(D20, "8", Check(2, 10, naturals=D20_NATURALS)).success
    assert not check_faces(D20, "7", Check(2, 10, naturals=D20_NATURALS)).success


def test_TV_D35_10_meet_or_beat():
    """Sunder an object of CA 13: an attack of 13 hits (≥, A-D35-14); strict > with CFG-D35-14."""
    assert check_faces(D20, "10", Check(3, 13, naturals=D20_NATURALS)).success
    assert not check_faces(D20, "10", Check(3, 13, strict=True, naturals=D20_NATURALS)).success


def test_TV_D35_25():
    """Ride 19 against DC 20 fails; 20 succeeds."""
    assert not check_faces(D20, "15", Check(4, 20)).success
    assert check_faces(D20, "16", Check(4, 20)).success


EDGE = st.sampled_from(["normal", "advantage", "disadvantage"])
METHOD = st.sampled_from(["keep", "two_rolls", "extra_die"])


@settings(max_examples=60, deadline=None)
@given(EDGE, METHOD, st.integers(-8, 8), st.integers(-5, 30), st.booleans(), st.booleans())
def test_kinds_sum_to_one_and_success_falls_with_the_target(
    edge, method, modifier, target, count_all, strict
):
    roll = EdgeRoll(3, 6, edge, method)
    check = Check(modifier, target, strict, triples(edge, count_all))
    odds = check_odds(roll, check)
    assert sum(odds.kinds().values()) == 1
    assert odds.totals().total == odds.outcomes.total
    harder = check_odds(roll, Check(modifier, target + 1, strict, triples(edge, count_all)))
    assert harder.success <= odds.success


@settings(max_examples=60, deadline=None)
@given(METHOD, st.integers(-8, 8), st.integers(-5, 30))
def test_advantage_beats_normal_beats_disadvantage(method, modifier, target):
    """On the kept dice (CFG-DOU-1b default), for every CFG-DOU-1 method, and for a d20."""
    chances = [
        check_odds(EdgeRoll(3, 6, e, method), Check(modifier, target, naturals=triples(e))).success
        for e in ("advantage", "normal", "disadvantage")
    ]
    assert chances[0] >= chances[1] >= chances[2]
    d20 = [
        check_odds(EdgeRoll(1, 20, e, method), Check(modifier, target, naturals=D20_NATURALS))
        for e in ("advantage", "normal", "disadvantage")
    ]
    assert d20[0].success >= d20[1].success >= d20[2].success


def test_all_dice_counting_lets_advantage_fumble_more_than_a_normal_roll():
    """CFG-DOU-1b "all" (spec literal): three 1s among 4d6 fumble even under advantage."""
    easy = {e: Check(10, 0, naturals=triples(e, True)) for e in ("advantage", "normal")}
    adv = check_odds(EdgeRoll(3, 6, "advantage"), easy["advantage"])
    assert adv.fumble == Fraction(21, 1296) > check_odds(EdgeRoll(), easy["normal"]).fumble
