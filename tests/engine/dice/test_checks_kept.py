"""Kept dice with counted faces (checks.kept, checks.rolls) against icepool and brute force."""

import itertools
import random
import time
from collections import Counter
from fractions import Fraction

import icepool
import pytest

from gui.engine.checks import EdgeRoll, KeptFaces, kept_dice, kept_of
from gui.engine.checks.edges import _joint
from gui.engine.dice.rolling import DiceInputError


def icepool_joint(count, sides, keep, highest):
    """(kept total, kept tops, kept 1s) -> probability, with icepool's own keep."""
    die = icepool.Die(range(1, sides + 1)).map(
        lambda f: icepool.Vector((f, int(f == sides), int(f == 1)))
    )
    pool = die.pool(count)
    pool = pool.highest(keep) if highest else pool.lowest(keep)
    result = pool.sum()
    return {tuple(o): Fraction(q, result.denominator()) for o, q in result.items()}


def ours(joint, fields=("total", "tops", "ones")):
    """Our joint projected on some fields -> probability."""
    out = Counter()
    for k, w in joint.weights.items():
        out[tuple(getattr(k, f) for f in fields)] += Fraction(w, joint.total)
    return dict(out)


CASES = [
    (3, 6, 3, True),  # 3d6 (DOU-31)
    (4, 6, 3, True),  # 4d6kh3, advantage (DOU-73)
    (4, 6, 3, False),  # 4d6kl3, disadvantage (DOU-73)
    (1, 20, 1, True),  # d20 (D35-80)
    (2, 20, 1, True),  # 2d20kh1
    (2, 20, 1, False),  # 2d20kl1
    (5, 6, 2, True),
    (5, 8, 3, False),
    (7, 4, 4, True),
]


@pytest.mark.parametrize(("count", "sides", "keep", "highest"), CASES)
def test_kept_joint_matches_icepool(count, sides, keep, highest):
    joint = kept_dice(count, sides, keep, highest)
    assert joint.total == sides**count
    assert ours(joint) == icepool_joint(count, sides, keep, highest)


@pytest.mark.parametrize(("count", "sides", "keep", "highest"), CASES[:3] + CASES[6:8])
def test_kept_joint_with_rolled_counts_matches_brute_force(count, sides, keep, highest):
    reference = Counter()
    for faces in itertools.product(range(1, sides + 1), repeat=count):
        kept = sorted(faces, reverse=highest)[:keep]
        reference[
            (sum(kept), kept.count(sides), kept.count(1), faces.count(sides), faces.count(1))
        ] += 1
    joint = kept_dice(count, sides, keep, highest)
    fields = ("total", "tops", "ones", "all_tops", "all_ones")
    assert {tuple(getattr(k, f) for f in fields): w for k, w in joint.weights.items()} == dict(
        reference
    )


def brute_edge(count, sides, edge, method):
    """Reference reading of every face sequence, written apart from checks.rolls."""
    better = edge == "advantage"

    def plain(dice):
        return (sum(dice), dice.count(sides), dice.count(1))

    out = Counter()
    n = count if edge == "normal" else 2 * count if method == "two_rolls" else count + 1
    for faces in itertools.product(range(1, sides + 1), repeat=n):
        all_tops, all_ones = faces.count(sides), faces.count(1)
        if edge == "normal":
            total, tops, ones = plain(faces)
        elif method == "keep":
            total, tops, ones = plain(sorted(faces, reverse=better)[:count])
        elif method == "two_rolls":
            a, b = plain(faces[:count]), plain(faces[count:])
            # Reading A-DOU-1 ties: the better (or worse) roll for the roller.
            ka, kb = (a[0], a[1], -a[2]), (b[0], b[1], -b[2])
            first = ka >= kb if better else ka <= kb
            total, tops, ones = a if first else b
        else:
            total, tops, ones = plain(faces[:count])
            total += faces[-1] if better else -faces[-1]
        out[KeptFaces(total, tops, ones, all_tops, all_ones)] += 1
    return out


EDGES = [
    (edge, method)
    for edge in ("normal", "advantage", "disadvantage")
    for method in ("keep", "two_rolls", "extra_die")
]


@pytest.mark.parametrize(("edge", "method"), EDGES)
def test_every_cfg_dou_1_method_matches_brute_force(edge, method):
    roll = EdgeRoll(3, 6, edge, method)
    assert dict(roll.joint().weights) == dict(brute_edge(3, 6, edge, method))


@pytest.mark.parametrize(("edge", "method"), EDGES)
def test_read_faces_agrees_with_the_joint(edge, method):
    """Every face sequence read one by one gives back the joint (G-1 b equals the odds)."""
    for count, sides in [(3, 6), (1, 20)]:
        roll = EdgeRoll(count, sides, edge, method)
        seen = Counter(
            roll.read_faces(list(f))
            for f in itertools.product(range(1, sides + 1), repeat=roll.dice)
        )
        assert dict(seen) == dict(roll.joint().weights)


def test_dice_exprs_of_each_edge():
    assert [str(EdgeRoll(3, 6, e)) for e in ("normal", "advantage", "disadvantage")] == [
        "3d6",
        "4d6kh3",
        "4d6kl3",
    ]
    assert str(EdgeRoll(1, 20, "advantage").expr) == "2d20kh1"
    assert str(EdgeRoll(1, 20, "disadvantage").expr) == "2d20kl1"
    assert EdgeRoll(3, 6, "advantage", "two_rolls").expr is None
    assert str(EdgeRoll(3, 6, "advantage", "two_rolls")) == "3d6×2 max"
    assert str(EdgeRoll(3, 6, "disadvantage", "extra_die")) == "3d6-1d6"
    assert EdgeRoll(3, 6, "advantage", "two_rolls").dice == 6
    assert EdgeRoll(3, 6, "advantage", "extra_die").dice == 4


def test_kept_faces_for_the_breakdown():
    """TV-DOU-08's kept dice; the dropped die is the last-rolled among equals."""
    adv, dis = EdgeRoll(3, 6, "advantage"), EdgeRoll(3, 6, "disadvantage")
    assert sorted(adv.kept("6 6 6 2")) == [6, 6, 6]
    assert sorted(adv.kept("6 6 2 1")) == [2, 6, 6]
    assert sorted(adv.kept("1 1 1 6")) == [1, 1, 6]
    assert sorted(dis.kept("6 6 6 2")) == [2, 6, 6]
    assert kept_of([3, 5, 3, 1], 2, highest=False) == [3, 1]
    two = EdgeRoll(3, 6, "advantage", "two_rolls")
    assert two.kept([1, 2, 3, 6, 6, 1]) == [6, 6, 1]
    assert EdgeRoll(3, 6, "disadvantage", "extra_die").kept("4 4 4 6") == [4, 4, 4]


def test_rolling_gives_faces_the_reading_accepts():
    rng = random.Random(7)
    for edge, method in EDGES:
        roll = EdgeRoll(3, 6, edge, method)
        faces = roll.roll(rng)
        assert len(faces) == roll.dice
        assert roll.read_faces(faces) in roll.joint().weights


@pytest.mark.parametrize(
    ("text", "fr", "en"),
    [
        ("6 6", "3 faces attendues, 2 saisies", "Expected 3 faces, got 2"),
        ("6 6 7", "hors de 1–6", "outside 1–6"),
        ("", "Aucune face saisie", "No faces entered"),
    ],
)
def test_typed_faces_are_checked_in_both_languages(text, fr, en):
    with pytest.raises(DiceInputError) as err:
        EdgeRoll().read_faces(text)
    assert fr in err.value.fr
    assert en in err.value.en


def test_bad_sizes_and_edges_are_refused():
    with pytest.raises(DiceInputError):
        kept_dice(3, 6, keep=4)
    with pytest.raises(DiceInputError):
        kept_dice(0, 6)
    with pytest.raises(ValueError, match="Unknown edge"):
        EdgeRoll(3, 6, "avantage")
    with pytest.raises(ValueError, match="Unknown edge"):
        EdgeRoll(3, 6, "advantage", "twice")


@pytest.mark.parametrize(("edge", "method"), EDGES)
def test_joints_are_fast_enough_for_interactive_use(edge, method):
    """3d6 and 4d6 joints, uncached, in well under 10 ms (best of five)."""
    best = float("inf")
    for _ in range(5):
        kept_dice.cache_clear()
        _joint.cache_clear()
        start = time.perf_counter()
        EdgeRoll(3, 6, edge, method).joint()
        best = min(best, time.perf_counter() - start)
    assert best < 0.010
