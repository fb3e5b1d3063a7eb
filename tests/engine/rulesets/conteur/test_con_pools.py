"""conteur d10 pools (CON-42, A-CON-1, A-CON-3, CFG-CON-1, CFG-CON-3, G-1): success counting,
the rule of 1s, botches, the 2–10 difficulty clamp, typed aggregates, and exact odds checked
against icepool."""

from fractions import Fraction

import icepool
import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.dice.rolling import DiceInputError
from gui.engine.rulesets.conteur import pools
from tests.engine.rulesets.conteur.builders import MJ, RULESET, act, fighter, look, pool, table


def _roller(dex=4, flags=None):
    return table(fighter("a", dexterite=dex), fighter("b", MJ), flags=flags)


def _free(t, faces=None, agg=None, diff=6, **options):
    """A free roll of Dextérité alone at `diff` (an action roll: 1s cancel)."""
    options.setdefault("capacite", "-")
    return act(
        t, "jet", "a", faces=faces, agg=agg, attribut="dexterite", difficulte_jet=diff, **options
    )


# --- TV-CON-22, CON-42, A-CON-3, CFG-CON-3 ---------------------------------------------------


@pytest.mark.parametrize(
    ("faces", "net", "botch"),
    [("6 9 1 3", 1, False), ("1 3 4", 0, True), ("6 1", 0, False)],
)
def test_tv_con_22_success_counting_at_difficulty_6(faces, net, botch):
    t = _roller(dex=len(faces.split()))
    _p, resolution, _cs = _free(t, faces)
    expected = "Échec critique (CON-42)" if botch else (f"{net} succès" if net else "Échec")
    assert resolution.outcome_fr == expected
    assert resolution.success is (net > 0)
    assert pools.read(RULESET, t.enc, resolution.dice, _p.dice, True) == pools.Roll(net, botch)


@pytest.mark.parametrize(
    ("faces", "default", "second_edition"),
    [
        ("1 3 4", True, True),  # no success, a 1: botch either way
        ("6 1", False, False),  # one success, one 1: failure either way
        ("6 1 1", False, True),  # more 1s than successes: 2nd edition botch only
        ("7 8 1 1 1", False, True),
        ("2 3 4", False, False),  # no 1: plain failure
        ("10 10 1", False, False),
    ],
)
def test_cfg_con_3_botch_variants(faces, default, second_edition):
    for flag, botch in (("aucun_succes", default), ("plus_de_1", second_edition)):
        t = _roller(dex=len(faces.split()), flags={"CFG-CON-3": flag})
        preview = look(t, "jet", "a", attribut="dexterite", capacite="-", difficulte_jet=6)
        roll = pools.read(
            RULESET, t.enc, DiceResult.typed_faces(faces, preview.dice), preview.dice, True
        )
        assert roll.botch is botch, (faces, flag)


def test_con_42_each_face_at_or_above_the_difficulty_succeeds():
    for diff, faces, net in ((4, "4 3 2 10", 2), (8, "7 8 9 2", 2), (10, "9 10 10 5", 2)):
        t = _roller(dex=4)
        _p, resolution, _cs = _free(t, faces, diff=diff)
        assert resolution.outcome_fr == f"{net} succès"


def test_con_42_ones_cancel_real_successes_without_botching():
    t = _roller(dex=4)
    _p, resolution, _cs = _free(t, "6 7 1 1")
    assert resolution.outcome_fr == "Échec" and resolution.success is False


@pytest.mark.parametrize("kind", ["degats", "absorber"])
def test_con_22_con_28_damage_and_soak_rolls_ignore_the_rule_of_1s(kind):
    t = _roller()
    t.enc.combatant("b").stats["vigueur"] = 3
    act(t, "attaquer", "a", "b", force=True, agg=1)
    if kind == "degats":
        preview = look(t, "degats", "a", "b")
        assert preview.dice.face_values == (0, 0, 0, 0, 0, 1, 1, 1, 1, 1)
        assert preview.dice.minimum == 0
        _p, resolution, _cs = act(t, "degats", "a", "b", faces="1 7")
        assert resolution.success is True
    else:
        act(t, "degats", "a", "b", faces="7 8")
        preview = look(t, "absorber", "b")
        assert preview.dice.face_values == (0, 0, 0, 0, 0, 1, 1, 1, 1, 1)
        _p, resolution, _cs = act(t, "absorber", "b", faces="1 1 6")
        assert "1 niveau(x)" in resolution.outcome_fr  # 2 − 1 soaked, the 1s cancel nothing


# --- A-CON-1, A-CON-14, CFG-CON-1: d10 and the 2–10 clamp -----------------------------------


def test_a_con_1_every_roll_is_d10():
    t = _roller()
    assert {r.expr.sides for r in t.initiative_requests().values()} == {10}
    assert look(t, "jet", "a", attribut="dexterite").dice.expr.sides == 10
    assert look(t, "attaquer", "a", "b", force=True).dice.expr.sides == 10


@pytest.mark.parametrize(
    ("mod", "clamped", "raw"),
    [(5, 10, 11), (4, 10, 10), (-4, 2, 2), (-5, 2, 1), (0, 6, 6)],
)
def test_cfg_con_1_difficulty_kept_within_2_and_10(mod, clamped, raw):
    on = _roller()
    p_on = look(on, "attaquer", "a", "b", mod_diff=mod)
    assert pool(p_on)[1] == clamped
    assert p_on.dice.face_values == pools.face_values(clamped, True)
    assert any(t.rule == "A-CON-1" for t in p_on.terms) is (clamped != raw)
    off = _roller(flags={"CFG-CON-1": False})
    p_off = look(off, "attaquer", "a", "b", mod_diff=mod)
    assert pool(p_off)[1] == raw
    assert p_off.dice.face_values == pools.face_values(raw, True)
    assert "A-CON-1" not in [t.rule for t in p_off.terms]


def test_cfg_con_1_off_difficulty_above_10_has_no_chance():
    t = _roller(flags={"CFG-CON-1": False})
    preview = look(t, "attaquer", "a", "b", mod_diff=5)  # 6 + 5 = 11
    assert preview.odds == 0 and "au-delà de 10" in preview.odds_note


# --- G-1 c: the typed aggregate -------------------------------------------------------------


def test_g_1_action_roll_aggregate_is_net_successes_with_minus_one_for_a_botch():
    t = _roller(dex=3)
    preview = look(t, "jet", "a", attribut="dexterite", capacite="-")
    assert (preview.dice.minimum, preview.dice.maximum) == (-1, 3)
    for agg, outcome in ((-1, "Échec critique (CON-42)"), (0, "Échec"), (3, "3 succès")):
        _p, resolution, _cs = _free(t, agg=agg)
        assert resolution.outcome_fr == outcome
    with pytest.raises(DiceInputError):
        DiceResult.typed_aggregate(4, preview.dice)
    with pytest.raises(DiceInputError):
        DiceResult.typed_aggregate(-2, preview.dice)


def test_g_1_damage_aggregate_is_successes_from_0():
    t = _roller()
    act(t, "attaquer", "a", "b", force=True, agg=1)
    preview = look(t, "degats", "a", "b")
    assert (preview.dice.minimum, preview.dice.maximum) == (0, 2)
    with pytest.raises(DiceInputError):
        DiceResult.typed_aggregate(-1, preview.dice)


# --- Exact odds against icepool --------------------------------------------------------------


def _reference(count, diff, ones_cancel):
    """(P(≥ 1 net success), P(botch), P(2nd-edition botch)) by icepool, built the obvious way."""
    die = icepool.d10.map(lambda f: icepool.Vector((int(f >= diff), int(f == 1 and ones_cancel))))
    outcomes = die.pool(count).sum()
    denominator = outcomes.denominator()
    hit = botch = botch2 = Fraction(0)
    for (successes, ones), weight in outcomes.items():
        p = Fraction(weight, denominator)
        if successes - ones >= 1:
            hit += p
        if successes == 0 and ones >= 1:
            botch += p
        if ones > successes:
            botch2 += p
    return hit, botch, botch2


@pytest.mark.parametrize("count", range(1, 11))
@pytest.mark.parametrize("diff", [4, 6, 8])
def test_action_pool_odds_match_icepool(count, diff):
    hit, botch, botch2 = _reference(count, diff, True)
    t = _roller(dex=count)
    preview = look(t, "jet", "a", attribut="dexterite", capacite="-", difficulte_jet=diff)
    assert preview.odds == hit
    assert preview.distribution.at_least(1) == hit
    assert f"échec critique {float(botch):.1%}" in preview.odds_note
    assert pools.botch_chance(RULESET, t.enc, count, diff) == botch
    t.enc.flags["CFG-CON-3"] = "plus_de_1"
    assert pools.botch_chance(RULESET, t.enc, count, diff) == botch2
    _dist, chance, note = pools.odds(RULESET, t.enc, count, diff, True)
    assert chance == hit and f"échec critique {float(botch2):.1%}" in note[0]
    assert f"botch {float(botch2):.1%}" in note[1]


@pytest.mark.parametrize("count", range(1, 11))
@pytest.mark.parametrize("diff", [4, 6, 8])
def test_damage_pool_odds_match_icepool(count, diff):
    hit, _botch, _ = _reference(count, diff, False)
    t = _roller()
    preview = look(t, "degats", "a", "b", overrides={"des": count, "difficulte": diff})
    assert preview.odds == hit
    assert "échec critique" not in preview.odds_note
    reference = icepool.d10.map(lambda f: int(f >= diff)).pool(count).sum()
    for k in range(count + 1):
        assert preview.distribution.probability(k) == Fraction(
            reference.quantity(k), reference.denominator()
        )


def test_zero_dice_means_no_roll():
    t = _roller(dex=0)
    preview = look(t, "jet", "a", attribut="dexterite", capacite="-")
    assert preview.dice is None and preview.odds_note == "0 dé : pas de jet"
    _p, resolution, _cs = _free(t)
    assert resolution.outcome_fr == "Échec"
