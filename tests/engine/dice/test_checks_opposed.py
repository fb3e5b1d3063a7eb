"""Edge sources, opposed checks and chains of rolls (checks.edges, .opposed, .chain)."""

import itertools
from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gui.engine.checks import (
    D20_NATURALS,
    D35_TIES,
    DEFENDER_TIES,
    ChainStep,
    Check,
    EdgeRoll,
    EdgeSource,
    TieRule,
    chain_odds,
    check_odds,
    concealment,
    miss_chance_step,
    net_edge,
    next_step,
    opposed_odds,
    opposed_outcome,
    remaining_odds,
)
from gui.engine.dice.odds import sum_dice

INVISIBLE = EdgeSource("Cible qui ne voit pas l’attaquant", "DOU-39", True, "Target cannot see")
SQUEEZED = EdgeSource("Cible qui se faufile", "DOU-17", True)
FAR = EdgeSource("Au-delà de la portée normale", "DOU-40", False)
ADJACENT = EdgeSource("Ennemi à 1,50 m", "DOU-41", False)


def test_no_source_is_a_normal_roll_with_no_terms():
    net = net_edge([], rule="DOU-73")
    assert (net.edge, str(net.roll), net.terms()) == ("normal", "3d6", ())


def test_sources_and_their_terms():
    """DOU-73: advantage → 4d6kh3, each source a term with its rule, then the result."""
    net = net_edge([INVISIBLE, SQUEEZED], rule="DOU-73")
    assert (net.edge, str(net.roll.expr)) == ("advantage", "4d6kh3")
    assert [str(t) for t in net.terms()] == [
        f"DOU-39 {INVISIBLE.label} : avantage",
        f"DOU-17 {SQUEEZED.label} : avantage",
        "DOU-73 Résultat : avantage (4d6kh3)",
    ]
    assert [t.english() for t in net.terms()] == [
        "DOU-39 Target cannot see: advantage",
        f"DOU-17 {SQUEEZED.label}: advantage",  # a source with no English keeps its French
        "DOU-73 Result: advantage (4d6kh3)",
    ]
    assert str(net_edge([FAR], rule="DOU-73").roll) == "4d6kl3"


def test_any_advantage_and_any_disadvantage_cancel():
    """A-DOU-1 / DOU-73: two advantages and one disadvantage are a normal 3d6 roll."""
    net = net_edge([INVISIBLE, SQUEEZED, FAR], rule="DOU-73")
    assert (net.edge, str(net.roll), net.advantages, net.disadvantages) == ("normal", "3d6", 2, 1)
    assert str(net.terms()[-1]) == "DOU-73 Avantage et désavantage s’annulent : jet normal (3d6)"
    assert (
        net.terms()[-1].english()
        == "DOU-73 Advantage and disadvantage cancel out: normal roll (3d6)"
    )


def test_counting_against_each_other_is_a_parameter():
    net = net_edge([INVISIBLE, SQUEEZED, FAR], rule="DOU-73", netting="count")
    assert net.edge == "advantage"
    assert net.terms()[-1].value == "avantage (4d6kh3)"
    assert (
        net_edge([INVISIBLE, FAR, ADJACENT], rule="DOU-73", netting="count").edge == "disadvantage"
    )
    assert net_edge([INVISIBLE, FAR], rule="DOU-73", netting="count").edge == "normal"
    with pytest.raises(ValueError):
        net_edge([], rule="DOU-73", netting="stack")


def test_d20_edges_and_other_methods():
    assert str(net_edge([INVISIBLE], count=1, sides=20, rule="X").roll) == "2d20kh1"
    assert str(net_edge([FAR], count=1, sides=20, rule="X").roll) == "2d20kl1"
    assert str(net_edge([FAR], method="two_rolls", rule="X").roll) == "3d6×2 min"


def icepool_opposed(a, b, ma, mb):
    """(P(>), P(=), P(<)) of a + ma against b + mb, with icepool."""
    diff = (a + ma) - (b + mb)
    den = diff.denominator()
    return tuple(
        Fraction(sum(q for o, q in diff.items() if test(o)), den)
        for test in (lambda o: o > 0, lambda o: o == 0, lambda o: o < 0)
    )


PAIRS = [
    (icepool.d20, sum_dice(1, 20), icepool.d20, sum_dice(1, 20)),
    (icepool.d6.pool(3).sum(), sum_dice(3, 6), icepool.d6.pool(3).sum(), sum_dice(3, 6)),
    (
        icepool.d6.pool(4).highest(3).sum(),
        EdgeRoll(3, 6, "advantage").totals(),
        icepool.d6.pool(3).sum(),
        EdgeRoll().totals(),
    ),
]


@pytest.mark.parametrize("pair", range(len(PAIRS)))
@pytest.mark.parametrize(("ma", "mb"), [(0, 0), (3, 1), (-2, 4), (5, 5)])
def test_opposed_matches_icepool(pair, ma, mb):
    ia, da, ib, db = PAIRS[pair]
    g, e, lo = icepool_opposed(ia, ib, ma, mb)
    odds = opposed_odds(da, db, ma, mb, TieRule(False, "tie"))
    assert (odds.greater, odds.equal, odds.less) == (g, e, lo)
    assert (odds.attacker, odds.defender, odds.tie) == (g, lo, e)
    att = opposed_odds(da, db, ma, mb, TieRule(False, "attacker"))
    assert (att.attacker, att.defender, att.tie) == (g + e, lo, 0)
    dfd = opposed_odds(da, db, ma, mb, DEFENDER_TIES)
    assert (dfd.attacker, dfd.defender) == (g, lo + e)
    rer = opposed_odds(da, db, ma, mb, TieRule(False, "reroll"))
    assert (rer.attacker, rer.defender) == (g / (g + lo), lo / (g + lo))


def test_cfg_d35_13_higher_modifier_then_reroll():
    """A-D35-13: ties go to the higher modifier; equal modifiers reroll (a geometric series)."""
    d20 = sum_dice(1, 20)
    higher = opposed_odds(d20, d20, 5, 3, D35_TIES)
    assert higher.attacker == higher.greater + higher.equal
    same = opposed_odds(d20, d20, 4, 4, D35_TIES)
    assert same.attacker == same.defender == Fraction(1, 2)
    assert opposed_outcome(15, 15, 5, 3) == "attacker"
    assert opposed_outcome(15, 15, 2, 3) == "defender"
    assert opposed_outcome(15, 15, 3, 3) == "reroll"
    assert opposed_outcome(15, 15, 3, 3, DEFENDER_TIES) == "defender"


def test_TV_D35_05_who_wins_the_bull_rush():
    """Attacker 20 against defender 12 → the attacker wins; 11 against 12 → it loses."""
    assert opposed_outcome(20, 12) == "attacker"
    assert opposed_outcome(11, 12) == "defender"


def test_a_tie_that_cannot_end():
    fixed = sum_dice(1, 2).map(lambda n: 1)
    odds = opposed_odds(fixed, fixed, 0, 0, D35_TIES)
    assert (odds.attacker, odds.defender, odds.tie) == (0, 0, 1)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(-6, 6),
    st.integers(-6, 6),
    st.sampled_from(["attacker", "defender", "reroll", "tie"]),
    st.booleans(),
)
def test_opposed_odds_sum_to_one_and_rise_with_the_modifier(ma, mb, then, higher):
    a, b = sum_dice(1, 20), EdgeRoll().totals()
    rule = TieRule(higher, then)
    odds = opposed_odds(a, b, ma, mb, rule)
    assert odds.greater + odds.equal + odds.less == 1
    assert odds.attacker + odds.defender + odds.tie == 1
    assert opposed_odds(a, b, ma + 1, mb, rule).attacker >= odds.attacker


def attack(bonus, ca):
    return ChainStep("Attaque", "D35-80", EdgeRoll(1, 20), Check(bonus, ca, naturals=D20_NATURALS))


def test_concealment_chain_hand_worked():
    """D35-16: +5 against CA 15 (11/20 hit), then 20% concealment: 11/20 × 4/5 = 11/25."""
    steps = [attack(5, 15), miss_chance_step(20, "Camouflage", "D35-16")]
    odds = chain_odds(steps)
    assert odds.steps == (Fraction(11, 20), Fraction(4, 5))
    assert odds.reached == (1, Fraction(11, 20))
    assert odds.success == Fraction(11, 25)


def test_concealment_chain_matches_enumeration():
    """D35-17: total concealment 50%, every d20 × d100 pair enumerated."""
    wins = sum(
        1
        for d20, d100 in itertools.product(range(1, 21), range(1, 101))
        if (d20 == 20 or (d20 != 1 and d20 + 3 >= 16)) and d100 > 50
    )
    assert chain_odds(
        [attack(3, 16), miss_chance_step(50, "Camouflage total", "D35-17")]
    ).success == (Fraction(wins, 2000))


def test_concealments_do_not_add_up():
    """D35-16: only the highest miss chance applies."""
    assert concealment([20, 50, 20]) == 50
    assert concealment([]) == 0
    assert chain_odds([miss_chance_step(0, "Camouflage", "D35-16")]).success == 1
    assert chain_odds([miss_chance_step(100, "Camouflage", "D35-16")]).success == 0
    with pytest.raises(ValueError, match="outside 0–100"):
        miss_chance_step(101, "Camouflage", "D35-16")


def test_chain_progress():
    steps = [attack(5, 15), miss_chance_step(20, "Camouflage", "D35-16")]
    assert next_step(steps, []) == 0
    assert next_step(steps, [True]) == 1
    assert next_step(steps, [False]) is None
    assert next_step(steps, [True, True]) is None
    assert remaining_odds(steps, [True]) == Fraction(4, 5)
    assert remaining_odds(steps, [False]) == 0
    assert remaining_odds(steps, [True, False]) == 0
    assert remaining_odds(steps, [True, True]) == 1
    with pytest.raises(ValueError):
        next_step(steps, [False, True])


def test_chain_step_chance_is_the_check_odds():
    step = ChainStep("Jet", "DOU-31", EdgeRoll(3, 6, "advantage"), Check(4, 15))
    assert step.chance() == check_odds(step.roll, step.check).success
