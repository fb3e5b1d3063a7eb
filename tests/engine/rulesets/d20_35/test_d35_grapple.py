"""d20_35 grapple: grab and hold (D35-57, A-D35-11), join (D35-62), the participants limit
(D35-63, TV-D35-17), escape (D35-59, D35-61), pin and damage (D35-59), Concentration
(TV-D35-18) and ties (CFG-D35-13); several attempts at the iterative BBA (D35-56); the
pinner's options (D35-60); undo checked on every action (`take`)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action, ActionError
from gui.engine.rulesets.d20_35 import budget, sheet
from gui.engine.rulesets.d20_35 import grapple as g
from gui.engine.rulesets.d20_35 import grapple_options as go
from gui.engine.rulesets.d20_35.opposed import TIES_FLAG
from gui.engine.state.changes import apply, revert
from gui.engine.state.model import State
from tests.engine.acting import take
from tests.engine.builders import dump
from tests.engine.rulesets.d20_35.builders import MJ, PJ, arme, fighter, registered, table


@pytest.fixture(autouse=True)
def _d20():
    with registered():
        yield


def look(t, kind, actor="a", target="b", **options):
    return t.preview(Action(kind, actor, target, options))


def states(t, cid):
    return {s.key: s for s in t.enc.combatant(cid).states}


def blocking(preview):
    return [n.rule for n in preview.notices if n.blocking]


def terms_of(preview):
    return {(t.label, str(t.value)) for t in preview.terms}


def hold(t, cid, source, key=g.GRAPPLED):
    """`cid` gets `key` (grappled by default) with `source` as its source."""
    c = t.enc.combatant(cid)
    c.states = [*(s for s in c.states if s.key != key), State(key=key, label=key, source=source)]


def brute(a_mod, d_mod, ties="reroll"):
    """P(attacker wins) counted over every pair of d20s (rerolls followed to the end)."""
    win = lose = 0
    for x, y in itertools.product(range(1, 21), repeat=2):
        a, d = x + a_mod, y + d_mod
        if a > d or (a == d and a_mod > d_mod):
            win += 1
        elif a < d or (a == d and a_mod < d_mod) or ties == "defender":
            lose += 1
    return Fraction(win, win + lose) if ties == "reroll" else Fraction(win, 400)


def duel(a=None, b=None, flags=None):
    return table(
        fighter("a", PJ, (0, 0), **(a or {})), fighter("b", MJ, (1, 0), **(b or {})), flags=flags
    )


def grappling(a=None, b=None, flags=None):
    """A and B grappling each other."""
    t = duel(a, b, flags)
    hold(t, "a", "b")
    hold(t, "b", "a")
    return t


def crowd(sizes, target="medium"):
    """B (MJ, of size `target`) and PJ creatures p0, p1… of the given sizes, none holding."""
    people = [fighter(f"p{i}", PJ, (i % 10, 2 + i // 10), taille=s) for i, s in enumerate(sizes)]
    return table(fighter("b", MJ, (0, 0), taille=target), *people)


# --- Offered; the grapple bonus (D35-55); Concentration (TV-D35-18) ------------------------


def test_grapple_actions_are_offered_with_and_without_target():
    t = duel()
    for target in ("b", None):
        kinds = {s.kind for s in t.ruleset.actions(t.enc, "a", target)}
        assert {g.GRAB, g.ESCAPE, g.PIN, g.HURT} <= kinds


def test_d35_55_grapple_terms_add_up_to_the_sheet_bonus():
    c = duel(a={"bba": 3, "force": 14, "taille": "large", "bonus_lutte_divers": 1}).enc
    a = c.combatant("a")
    terms = g.grapple_terms(a)
    assert sum(t.value for t in terms) == sheet.grapple_bonus(a) == 3 + 2 + 4 + 1
    assert all(t.rule for t in terms)


def test_tv_d35_18_grappled_caster_level_3_concentration_dc_23():
    assert g.concentration_dc(3) == 23
    assert g.concentration_dc(0) == 20


# --- Grab (D35-57, A-D35-11) --------------------------------------------------------------


def test_d35_57_grab_touch_then_hold_both_grappled():
    t = duel()
    p = look(t, g.GRAB)
    assert p.target_number == 10  # touch CA
    assert p.odds == Fraction(11, 20) * Fraction(1, 2)
    assert len(p.more) == 2
    assert all(term.rule for term in p.terms)
    r = take(t, g.GRAB, "a", "b", "15", then=("15", "5"))
    assert r.success is True
    assert states(t, "a")[g.GRAPPLED].source == "b"
    assert states(t, "b")[g.GRAPPLED].source == "a"
    assert "lutte" in r.outcome_fr and "grappling" in r.outcome_en
    assert g.grapplers_weight(t.enc, t.enc.combatant("b")) == 1


def test_d35_57_grab_odds_touch_times_opposed():
    t = duel(a={"bba": 4, "force": 12}, b={"dexterite": 14, "force": 8})
    p = look(t, g.GRAB)
    assert p.target_number == 12  # 10 + Dex 2
    # touch: d20 + 5 ≥ 12 → 14/20; grapple +5 against −1
    assert p.odds == Fraction(14, 20) * brute(5, -1)


def test_d35_57_grab_touch_miss_needs_no_further_roll():
    t = duel()
    a = Action(g.GRAB, "a", "b", {})
    p = t.preview(a)
    r, cs = t.resolve(a, DiceResult.typed_faces("3", p.dice))
    before = dump(t.enc)
    apply(t.enc, cs)
    revert(t.enc, cs)
    assert dump(t.enc) == before
    t.apply(cs)
    assert r.success is False and not states(t, "a") and not states(t, "b")


def test_d35_57_grab_hold_lost_no_grapple():
    t = duel()
    r = take(t, g.GRAB, "a", "b", "15", then=("5", "15"))
    assert r.success is False
    assert g.GRAPPLED not in states(t, "a") and g.GRAPPLED not in states(t, "b")


def test_d35_57_grab_fails_when_the_aoo_dealt_damage():
    t = duel()
    p = look(t, g.GRAB, ao_degats=True)
    assert blocking(p) == ["D35-57"]
    with pytest.raises(ActionError, match="D35-57"):
        take(t, g.GRAB, "a", "b", "15", then=("15", "5"), ao_degats=True)


def test_a_d35_11_cannot_hold_two_sizes_larger_unless_forced():
    assert blocking(look(duel(b={"taille": "large"}), g.GRAB)) == []
    t = duel(b={"taille": "huge"})
    assert blocking(look(t, g.GRAB)) == ["A-D35-11"]
    with pytest.raises(ActionError, match="A-D35-11"):
        take(t, g.GRAB, "a", "b", "20", then=("20", "1"))
    assert g.GRAPPLED not in states(t, "b")
    r = take(t, g.GRAB, "a", "b", "20", then=("20", "1"), force=True)
    assert r.success is True and any(term.rule == "G-3" for term in r.terms)


def test_grab_refuses_itself_and_a_creature_already_held():
    t = grappling()
    assert blocking(look(t, g.GRAB)) == ["D35-57"]
    with pytest.raises(ActionError):
        look(t, g.GRAB, "a", "a")


# --- Joining (D35-62) and the participants limit (D35-63, TV-D35-17) ----------------------


def test_d35_62_joining_needs_no_touch_attack_only_the_check():
    t = table(fighter("a", PJ, (0, 0)), fighter("c", PJ, (0, 1)), fighter("b", MJ, (1, 0)))
    hold(t, "a", "b")
    hold(t, "b", "a")
    p = look(t, g.GRAB, "c", "b")
    assert p.target_number is None and len(p.more) == 1
    assert p.odds == Fraction(1, 2)
    assert any(term.rule == "D35-62" for term in p.terms)
    assert not any(term.rule == "D35-57" and "AO" in term.label for term in p.terms)
    r = take(t, g.GRAB, "c", "b", "15", then=("5",))
    assert r.success is True
    assert states(t, "c")[g.GRAPPLED].source == "b"
    assert states(t, "b")[g.GRAPPLED].source == "a"  # unchanged
    assert g.grapplers_weight(t.enc, t.enc.combatant("b")) == 2


def _joining(t, n_holding):
    for i in range(n_holding):
        hold(t, f"p{i}", "b")
    hold(t, "b", "p0")
    return look(t, g.GRAB, f"p{n_holding}", "b")


def test_tv_d35_17_four_medium_legal_a_fifth_illegal():
    t = crowd(["medium"] * 5)
    assert blocking(_joining(t, 3)) == []
    t = crowd(["medium"] * 5)
    p = _joining(t, 4)
    assert g.grapplers_weight(t.enc, t.enc.combatant("b")) == 4
    assert blocking(p) == ["D35-63"]
    with pytest.raises(ActionError, match="D35-63"):
        take(t, g.GRAB, "p4", "b", "20", then=("1",))


def test_tv_d35_17_two_large_legal_then_one_more_of_any_size_illegal():
    t = crowd(["large", "large"])
    assert blocking(_joining(t, 1)) == []
    hold(t, "p1", "b")
    assert g.grapplers_weight(t.enc, t.enc.combatant("b")) == 4
    for size in ("small", "medium", "large"):
        t = crowd(["large", "large", size])
        assert blocking(_joining(t, 2)) == ["D35-63"], size


def test_tv_d35_17_eight_small_legal():
    t = crowd(["small"] * 9)
    assert blocking(_joining(t, 7)) == []
    hold(t, "p7", "b")
    assert g.grapplers_weight(t.enc, t.enc.combatant("b")) == Fraction(4)
    assert blocking(look(t, g.GRAB, "p8", "b")) == ["D35-63"]


def test_d35_63_weights():
    t = crowd(["small", "medium", "large"])
    b = t.enc.combatant("b")
    weights = [g.weight(t.enc.combatant(f"p{i}"), b) for i in range(3)]
    assert weights == [Fraction(1, 2), 1, 2]


# --- Escape (D35-59, D35-61) --------------------------------------------------------------


def test_d35_59_escape_by_grapple_check_frees_both():
    t = grappling()
    p = look(t, g.ESCAPE, "b", "a")
    assert p.odds == Fraction(1, 2) and len(p.more) == 1
    r = take(t, g.ESCAPE, "b", "a", "15", then=("5",))
    assert r.success is True
    assert g.GRAPPLED not in states(t, "a") and g.GRAPPLED not in states(t, "b")


def test_d35_59_escape_lost_stays_grappled():
    t = grappling()
    r = take(t, g.ESCAPE, "b", "a", "5", then=("15",))
    assert r.success is False
    assert g.GRAPPLED in states(t, "a") and g.GRAPPLED in states(t, "b")


def test_d35_59_escape_artist_instead_of_the_grapple_check():
    t = grappling(a={"bba": 2}, b={"evasion": 7, "bba": 0})
    p = look(t, g.ESCAPE, "b", "a", moyen="evasion")
    assert ("B : Évasion", "7") in terms_of(p)
    assert p.odds == brute(7, 2)
    r = take(t, g.ESCAPE, "b", "a", "10", then=("10",), moyen="evasion")
    assert r.success is True and g.GRAPPLED not in states(t, "b")


def test_d35_59_escape_from_one_of_two_grapplers_stays_grappled():
    t = table(fighter("a", PJ, (0, 0)), fighter("c", PJ, (0, 1)), fighter("b", MJ, (1, 0)))
    hold(t, "a", "b")
    hold(t, "c", "b")
    hold(t, "b", "a")
    r = take(t, g.ESCAPE, "b", "a", "15", then=("5",))
    assert r.success is True and "others" in r.outcome_en
    assert g.GRAPPLED not in states(t, "a")
    assert states(t, "b")[g.GRAPPLED].source == "c"
    assert states(t, "c")[g.GRAPPLED].source == "b"


def test_d35_61_pinned_escape_leaves_it_grappled():
    t = grappling()
    hold(t, "b", "a", g.PINNED)
    r = take(t, g.ESCAPE, "b", "a", "15", then=("5",))
    assert r.success is True
    assert g.PINNED not in states(t, "b")
    assert g.GRAPPLED in states(t, "b") and g.GRAPPLED in states(t, "a")


def test_d35_59_escape_needs_a_grapple():
    t = duel()
    assert blocking(look(t, g.ESCAPE, "b", "a")) == ["D35-59"]
    with pytest.raises(ActionError, match="D35-59"):
        take(t, g.ESCAPE, "b", "a", "15", then=("5",))


# --- Pin (D35-59, D35-61) -----------------------------------------------------------------


def test_d35_59_pin_win_pins_for_one_round():
    t = grappling(a={"force": 14})
    p = look(t, g.PIN)
    assert p.odds == brute(2, 0)
    r = take(t, g.PIN, "a", "b", "12", then=("10",))
    assert r.success is True
    pinned = states(t, "b")[g.PINNED]
    assert pinned.source == "a"
    assert pinned.expiry.at == "turn_start" and pinned.expiry.whose == "source"


def test_d35_59_pin_lost_and_needs_a_grapple():
    t = grappling()
    r = take(t, g.PIN, "a", "b", "5", then=("15",))
    assert r.success is False and g.PINNED not in states(t, "b")
    assert blocking(look(duel(), g.PIN)) == ["D35-59"]


def test_d35_61_a_pinned_creature_cannot_pin_or_hurt():
    t = grappling()
    hold(t, "a", "b", g.PINNED)
    assert blocking(look(t, g.PIN)) == ["D35-61"]
    assert blocking(look(t, g.HURT)) == ["D35-61"]
    with pytest.raises(ActionError, match="D35-61"):
        take(t, g.PIN, "a", "b", "15", then=("5",))


# --- Damage (D35-59) ----------------------------------------------------------------------


def test_d35_59_damage_win_deals_unarmed_nonlethal_damage():
    t = grappling(a={"force": 14})
    p = look(t, g.HURT)
    assert len(p.more) == 2 and p.more[1].expr.sides == 3 and p.more[1].expr.modifier == 2
    r = take(t, g.HURT, "a", "b", "15", then=("5", "2"))
    assert r.success is True and r.amounts["damage"] == 4
    assert t.enc.combatant("b").stats["degats_non_letaux"] == 4
    assert t.enc.combatant("b").stats["pv"] == 10


def test_d35_59_damage_lethal_at_minus_4():
    t = grappling()
    p = look(t, g.HURT, letal=True)
    assert p.odds == brute(-4, 0)
    r = take(t, g.HURT, "a", "b", "15", then=("5", "3"), letal=True)
    assert r.success is True
    assert t.enc.combatant("b").stats["pv"] == 7


def test_d35_59_damage_lost_needs_no_damage_roll():
    t = grappling()
    r = take(t, g.HURT, "a", "b", "5", then=("15",))
    assert r.success is False and "damage" not in r.amounts
    assert t.enc.combatant("b").stats["degats_non_letaux"] == 0


def test_d35_59_damage_at_least_1():
    t = grappling(a={"force": 6})  # 1d3 − 2
    r = take(t, g.HURT, "a", "b", "15", then=("5", "1"))
    assert r.amounts["damage"] == 1


# --- Ties (CFG-D35-13, A-D35-13) ----------------------------------------------------------


def test_cfg_d35_13_tie_with_equal_modifiers_rerolls():
    t = grappling()
    r = take(t, g.PIN, "a", "b", "10", then=("10",))
    assert r.success is None and "relancer" in r.outcome_fr
    assert g.PINNED not in states(t, "b")
    t = duel()
    r = take(t, g.GRAB, "a", "b", "15", then=("10", "10"))
    assert r.success is None and g.GRAPPLED not in states(t, "b")


def test_cfg_d35_13_tie_goes_to_the_higher_modifier():
    t = grappling(a={"bba": 1})
    r = take(t, g.PIN, "a", "b", "10", then=("11",))
    assert r.success is True
    t = grappling(b={"bba": 1})
    r = take(t, g.ESCAPE, "a", "b", "11", then=("10",))
    assert r.success is False


def test_cfg_d35_13_defender_wins_ties_when_the_flag_says_so():
    t = grappling(flags={TIES_FLAG: "defenseur"})
    assert look(t, g.PIN).odds == brute(0, 0, "defender") == Fraction(190, 400)
    r = take(t, g.PIN, "a", "b", "10", then=("10",))
    assert r.success is False and g.PINNED not in states(t, "b")
    t = duel(flags={TIES_FLAG: "defenseur"})
    assert look(t, g.GRAB).odds == Fraction(11, 20) * Fraction(190, 400)


def test_d35_58_a_grappler_struck_out_of_the_fight_holds_no_one_any_more():
    t = grappling(a={"pv": 2, "pv_max": 10})
    r = take(t, "degats", "b", "a", agg=3)  # to −1: dying
    assert r.success is None
    assert g.GRAPPLED not in states(t, "a") and g.GRAPPLED not in states(t, "b")
    t = grappling(a={"pv": 9, "pv_max": 10})
    take(t, "degats", "b", "a", agg=3)  # still up: still grappling
    assert g.GRAPPLED in states(t, "a") and g.GRAPPLED in states(t, "b")


# --- D35-56: several attempts a round, each at the BBA of its attack ------------------------


def test_d35_56_a_second_attempt_takes_the_second_attack_s_bba():
    """BBA +6 (+6/+1): the second grab's touch attack and its grapple check are each 5 lower
    than the first's; a BBA +5 creature has a single attack and nothing to choose."""
    t = duel({"bba": 6, "force": 14})
    first, second = look(t, g.GRAB), look(t, g.GRAB, attaque="1")
    assert second.dice_bonus == first.dice_bonus - 5  # the touch attack
    assert ("A : BBA (2e attaque de la série)", "+1") in terms_of(second)
    assert ("A : BBA", "+6") in terms_of(first)
    spec = next(s for s in t.ruleset.actions(t.enc, "a", "b") if s.kind == g.GRAB)
    assert [c.value for c in next(o for o in spec.options if o.key == "attaque").choices] == [
        "0",
        "1",
    ]
    lone = duel({"bba": 5})
    spec = next(s for s in lone.ruleset.actions(lone.enc, "a", "b") if s.kind == g.GRAB)
    assert "attaque" not in {o.key for o in spec.options}


@pytest.mark.parametrize("kind", [g.PIN, g.HURT, g.ESCAPE])
def test_d35_56_d35_59_each_option_of_a_later_attempt_checks_at_its_bba(kind):
    t = grappling({"bba": 11})  # +11/+6/+1
    base = sheet.grapple_bonus(t.enc.combatant("a"))
    for k, drop in ((0, 0), (1, 5), (2, 10)):
        preview = look(t, kind, attaque=str(k))
        assert preview.distribution is not None
        assert preview.distribution.min_outcome == 1 + base - drop


def test_d35_56_a_later_attempt_is_a_full_attack_in_the_round_s_budget():
    t = grappling()
    assert budget.cost(t.ruleset, t.enc, Action(g.GRAB, "a", "b", {})).kind == "simple"
    later = Action(g.GRAB, "a", "b", {"attaque": "1"})
    assert budget.cost(t.ruleset, t.enc, later).kind == "complexe"


# --- D35-60: the pinner's options ----------------------------------------------------------


def pinning(a=None, b=None):
    """A pins B (both grappling each other)."""
    t = grappling(a, b)
    hold(t, "b", "a", g.PINNED)
    return t


def test_d35_60_the_pinner_releases_as_a_free_action_and_neither_is_grappled():
    t = pinning()
    r = take(t, go.RELEASE, "a", "b")
    assert r.success
    assert not {"lutte", "immobilise"} & (set(states(t, "a")) | set(states(t, "b")))
    assert budget.cost(t.ruleset, t.enc, Action(go.RELEASE, "a", "b", {})) is None


def test_d35_60_release_and_silence_are_the_pinner_s_only():
    t = grappling()
    kinds = {s.kind for s in t.ruleset.actions(t.enc, "a", "b")}
    assert go.RELEASE not in kinds and go.SILENCE not in kinds
    assert blocking(look(t, go.RELEASE)) == ["D35-60"]
    with pytest.raises(ActionError):
        take(t, go.RELEASE, "a", "b")
    t = pinning()
    kinds = {s.kind for s in t.ruleset.actions(t.enc, "a", "b")}
    assert {go.RELEASE, go.SILENCE} <= kinds


def test_d35_60_the_pinner_silences_its_opponent_for_as_long_as_the_pin():
    t = grappling()
    take(t, g.PIN, "a", "b", faces="20", then=("1",))
    pin = states(t, "b")["immobilise"]
    r = take(t, go.SILENCE, "a", "b")
    assert r.success
    silenced = states(t, "b")[go.SILENCED]
    assert silenced.source == "a" and silenced.expiry == pin.expiry
    take(t, go.RELEASE, "a", "b")
    assert go.SILENCED not in states(t, "b")


def test_d35_60_the_pinner_cannot_escape_nor_pin_again():
    t = pinning()
    assert blocking(look(t, g.ESCAPE)) == ["D35-60"]
    assert "D35-60" in blocking(look(t, g.PIN))
    assert blocking(look(t, g.HURT)) == []  # damage stays open to it


def test_d35_60_d35_59_moving_the_grapple_gets_4_against_a_pinned_opponent():
    free = grappling({"vd": 9.0})
    pinned = pinning({"vd": 9.0})
    low = look(free, go.MOVE).distribution.min_outcome
    assert look(pinned, go.MOVE).distribution.min_outcome == low + 4
    r = take(pinned, go.MOVE, "a", "b", faces="20", then=("1",))
    assert r.success and "4,50 m" in r.outcome_fr and "4.50 m" in r.outcome_en
    assert ("moitié de la VD", "4,50 m") in {(x.label, str(x.value)) for x in r.terms}


def test_d35_59_d35_60_turning_the_opponent_s_weapon_checks_then_attacks_at_minus_4():
    t = pinning(None, {"armes": [arme("Dague")]})
    preview = look(t, go.TURN_WEAPON, arme_cible="1")
    assert len(preview.more) == 2  # the opponent's check, then the attack
    assert any(x.rule == "D35-59" and x.value == "-4" for x in preview.terms)
    won = take(t, go.TURN_WEAPON, "a", "b", faces="20", then=("1", "20"), arme_cible="1")
    assert won.success
    bonus = sheet.stat(t.enc.combatant("a"), "bba") + sheet.modifier(t.enc.combatant("a"), "force")
    assert won.amounts["attack"] == 20 + bonus - 4  # d20 + BBA + Str − 4 (D35-59)
    missed = take(t, go.TURN_WEAPON, "a", "b", faces="20", then=("1", "1"), arme_cible="1")
    assert missed.success is False
    lost = take(t, go.TURN_WEAPON, "a", "b", faces="1", then=("20",), arme_cible="1")
    assert lost.success is False
