"""attention_donjon dice (AD-25 to AD-29, A-AD-16, CFG-AD-9, G-1): counting successes, the
Coup de Poker, blessed and cursed rolls, typed counts, the floor at 0, no dice; exact odds
checked against icepool, and the Coup de Poker chance against a brute-force enumeration."""

import itertools
from fractions import Fraction

import icepool
import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.dice.rolling import DiceInputError
from gui.engine.rulesets.attention_donjon import traits
from tests.engine.rulesets.attention_donjon.builders import (
    act,
    agg,
    enemy,
    faces,
    figure,
    look,
    successes,
    table,
)

# Face sets by hand, written independently of traits.py: face 1…6 → successes.
NORMAL = (-1, 0, 0, 1, 1, 2)
BLESSED = (-1, 0, 1, 1, 1, 2)
CURSED = (-1, 0, 0, 0, 1, 2)
CURSED_SIX_ONE = (-1, 0, 0, 0, 1, 1)  # CFG-AD-9 « un »
SETS = {
    "normal": (NORMAL, {}, {}),
    "beni": (BLESSED, {"beni": True}, {}),
    "maudit": (CURSED, {"maudit": True}, {}),
    "beni_et_maudit": (NORMAL, {"beni": True, "maudit": True}, {}),
    "maudit_6_un": (CURSED_SIX_ONE, {"maudit": True}, {"CFG-AD-9": "un"}),
    "beni_6_un": (BLESSED, {"beni": True}, {"CFG-AD-9": "un"}),
}


def _roller(n=3, flags=None):
    return table(figure("a", agilite=n), flags=flags)


def _free(t, dice, **options):
    resolution, _cs = act(t, "jet", "a", dice=dice, trait="agilite", **options)
    return resolution


# --- AD-25: counting -----------------------------------------------------------------------


@pytest.mark.parametrize("face", range(1, 7))
@pytest.mark.parametrize("name", list(SETS))
def test_ad_25_ad_27_each_face_is_worth(name, face):
    values, options, flags = SETS[name]
    t = _roller(2, flags)
    # A 6 paired with a 6 keeps the total non-negative whatever the face.
    resolution = _free(t, faces(face, 6), difficulte_jet=1, **options)
    assert successes(resolution) == max(0, values[face - 1] + values[5])


def test_ad_25_faces_are_counted_in_the_breakdown():
    resolution = _free(_roller(4), faces(4, 5, 6, 1))
    assert any(
        term.rule == "AD-25" and "1 + 1 + 2 − 1" in term.label and term.value == "3 succès"
        for term in resolution.terms
    )


def test_g_1_typed_count_of_successes():
    t = _roller(3)
    preview = look(t, "jet", "a", trait="agilite")
    assert (preview.dice.minimum, preview.dice.maximum) == (0, 2 * 3 + 20)
    typed = DiceResult.typed_aggregate("4", preview.dice)
    resolution = _free(t, typed)
    assert successes(resolution) == 4 and resolution.success is True
    assert "G-1" in [term.rule for term in resolution.terms]
    with pytest.raises(DiceInputError):
        DiceResult.typed_aggregate(-1, preview.dice)


def test_typed_faces_must_match_the_pool():
    t = _roller(3)
    preview = look(t, "jet", "a", trait="agilite")
    assert DiceResult.typed_faces("4 5 6", preview.dice).faces == (4, 5, 6)
    for wrong in ("4 5", "4 5 6 1", "4 5 7"):
        with pytest.raises(DiceInputError):
            DiceResult.typed_faces(wrong, preview.dice)
    with pytest.raises(DiceInputError):
        _free(t, faces(4, 5))


@pytest.mark.parametrize("n", [0, -2])
def test_ad_25_no_dice_means_zero_successes(n):
    t = _roller(0)
    preview = look(t, "jet", "a", trait="agilite", mod_des=n)
    assert preview.dice is None and preview.odds == 0
    assert preview.computed["des"] == 0
    assert preview.distribution.weights == {0: 1}
    resolution = _free(t, DiceResult("none"), mod_des=n)
    assert successes(resolution) == 0 and resolution.success is False
    # Without dice a typed count is meaningless: there is nothing to count.
    assert successes(_free(t, agg(3), mod_des=n)) == 0


def test_ad_25_bonus_and_penalty_dice_change_the_pool_before_rolling():
    t = _roller(3)
    assert look(t, "jet", "a", trait="agilite", mod_des=2).dice.expr.count == 5
    assert look(t, "jet", "a", trait="agilite", mod_des=-1).dice.expr.count == 2
    assert look(t, "jet", "a", trait="agilite", mod_des=-5).dice is None


# --- AD-26: the Coup de Poker --------------------------------------------------------------


def test_ad_26_the_total_is_floored_once_at_the_end():
    # [1, 6→Poker, 5]: −1 + 1 + 1 = 1 (a floor after the 1 would give 2).
    assert successes(_free(_roller(2), faces(1, 6, 5, pokers=[1]))) == 1
    # [6→Poker, 1, 1, 1]: 1 − 1 − 1 − 1 → 0.
    assert successes(_free(_roller(3), faces(6, 1, 1, 1, pokers=[0]))) == 0


def test_ad_26_an_extra_die_is_counted_like_any_die_blessed_or_cursed():
    t = _roller(2)
    assert successes(_free(t, faces(6, 3, 2, pokers=[0]), beni=True)) == 2
    assert successes(_free(t, faces(6, 4, 2, pokers=[0]), maudit=True)) == 1


@pytest.mark.parametrize(
    ("dice", "pokers"),
    [((6, 5), [1]), ((5, 6), [1]), ((4, 6, 5), [0]), ((6, 5), [0, 0])],
)
def test_ad_26_only_a_6_followed_by_its_extra_die_is_traded(dice, pokers):
    with pytest.raises(DiceInputError):
        _free(_roller(2), faces(*dice, pokers=pokers))


def test_cfg_ad_9_alternative_a_cursed_6_is_one_success_and_no_poker():
    t = _roller(2, {"CFG-AD-9": "un"})
    assert successes(_free(t, faces(6, 5), maudit=True)) == 2
    assert look(t, "jet", "a", trait="agilite", maudit=True).dice.trade is None
    with pytest.raises(DiceInputError):
        _free(t, faces(6, 5, 2, pokers=[0]), maudit=True)
    # The default keeps a cursed 6 at two successes (A-AD-16).
    assert successes(_free(_roller(2), faces(6, 5), maudit=True)) == 3


# --- Exact odds ----------------------------------------------------------------------------


def _icepool(values, n):
    """Successes of n dice by icepool, a negative total counted as 0."""
    if n == 0:
        return {0: Fraction(1)}
    die = icepool.Die([values[f - 1] for f in range(1, 7)])
    total = die.pool(n).sum().map(lambda s: max(0, s))
    return {o: Fraction(q, total.denominator()) for o, q in total.items() if q}


@pytest.mark.parametrize("n", range(13))
@pytest.mark.parametrize("name", list(SETS))
def test_odds_match_icepool(name, n):
    values, options, flags = SETS[name]
    reference = _icepool(values, n)
    t = _roller(n, flags)
    for difficulty in (1, 2, 3, 5):
        preview = look(t, "jet", "a", trait="agilite", difficulte_jet=difficulty, **options)
        dist = preview.distribution
        assert {o: dist.probability(o) for o in dist.weights} == reference
        expected = sum((p for o, p in reference.items() if o >= difficulty), Fraction(0))
        assert preview.odds == expected


def _count(values, dice, traded):
    """Successes of dice (each (face, traded?)), floored at 0 once (AD-25, AD-26)."""
    return max(0, sum(1 if tr else values[f - 1] for f, tr in zip(dice, traded, strict=True)))


def _brute(values, dice, traded, difficulty):
    """P(success) from these dice when the roller trades a 6 (the first untraded one) for
    a Coup de Poker as long as the roll is short of the Difficulty: every extra die's
    face enumerated."""
    if _count(values, dice, traded) >= difficulty:
        return Fraction(1)
    sixes = [i for i, (f, tr) in enumerate(zip(dice, traded, strict=True)) if f == 6 and not tr]
    if not sixes:
        return Fraction(0)
    i = sixes[0]
    now = [*traded[:i], True, *traded[i + 1 :]]
    return (
        sum(
            (_brute(values, [*dice, f], [*now, False], difficulty) for f in range(1, 7)),
            Fraction(0),
        )
        / 6
    )


def _brute_chance(values, n, difficulty):
    total = Fraction(0)
    for roll in itertools.product(range(1, 7), repeat=n):
        total += _brute(values, list(roll), [False] * n, difficulty)
    return total / 6**n


@pytest.mark.parametrize("n", range(1, 5))
@pytest.mark.parametrize("difficulty", [1, 2, 3, 4])
@pytest.mark.parametrize("name", ["normal", "beni", "maudit"])
def test_poker_chance_matches_a_brute_force_enumeration(name, n, difficulty):
    values, options, _flags = SETS[name]
    how = traits.faces(options.get("beni", False), options.get("maudit", False))
    assert how.values == values
    expected = _brute_chance(values, n, difficulty)
    assert traits.poker_chance(n, how, difficulty) == expected
    # Trading while short never does worse than keeping every 6 at two successes.
    _dist, plain, note = traits.odds(n, how, difficulty)
    assert expected >= plain
    assert f"{float(expected):.1%} (AD-26)" in note


def test_poker_chance_is_shown_in_the_preview():
    t = _roller(3)
    preview = look(t, "jet", "a", trait="agilite", difficulte_jet=4)
    chance = _brute_chance(NORMAL, 3, 4)
    assert f"{float(chance):.1%} (AD-26)" in preview.odds_note
    assert preview.odds < chance


def test_poker_counts_like_the_brute_force_sequences():
    """The engine's faces + pokers format (each traded 6 followed by its extra die) counts
    like the reference on every sequence of two dice with up to two trades."""
    t = _roller(2)
    request = look(t, "jet", "a", trait="agilite").dice
    for a, b, x, y in itertools.product(range(1, 7), repeat=4):
        if a != 6:
            continue
        # a traded: its extra die x; x traded too when it is a 6: its extra die y.
        if x == 6:
            seq, pokers = (a, x, y, b), (0, 1)
            ref = _count(NORMAL, [a, x, y, b], [True, True, False, False])
        else:
            seq, pokers = (a, x, b), (0,)
            ref = _count(NORMAL, [a, x, b], [True, False, False])
        assert DiceResult("faces", seq, trades=pokers).total(request) == ref


# --- AD-29: opposed rolls ------------------------------------------------------------------


def test_ad_29_opposed_preview_needs_more_than_the_defender_and_the_difficulty():
    t = table(figure("a", agilite=4), enemy("b"))
    assert look(t, "jet_oppose", "a", "b", trait="agilite", defenseur=3).target_number == 4
    assert look(t, "jet_oppose", "a", "b", trait="agilite", defenseur=0).target_number == 2
    resolution, _cs = act(t, "jet_oppose", "a", "b", agg(3), trait="agilite", defenseur=1)
    assert resolution.success is True
    assert any(term.rule == "A-AD-21" for term in resolution.terms)
