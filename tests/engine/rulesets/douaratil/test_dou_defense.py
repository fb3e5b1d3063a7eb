"""douaratil: damage and defensive reactions after a hit (TV-DOU-09, TV-DOU-10, TV-DOU-12,
TV-DOU-13, TV-DOU-15, TV-DOU-18, TV-DOU-19; DOU-35, DOU-38, DOU-44 to DOU-52, DOU-58 to
DOU-62, A-DOU-2, A-DOU-3, A-DOU-9, A-DOU-12 to A-DOU-17, CFG-DOU-2, CFG-DOU-13,
CFG-DOU-14, CFG-DOU-17)."""

from __future__ import annotations

import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action, ActionError, AreaOf
from gui.engine.rulesets.douaratil import sheet
from gui.engine.state.changes import ChangeSet, apply
from tests.engine import acting
from tests.engine.rulesets.douaratil.builders import (
    MJ,
    PJ,
    add_state,
    arme,
    dice_needed,
    fighter,
    table,
)

SWORD = arme("Épée longue")  # one hand, 1d6+1 slashing
GREATSWORD = arme("Épée à deux mains")


def hit(t, attacker="a", target="b", faces="5 5 5", weapon="1"):
    """An attack that hits (VD 5), its window open."""
    t.enc.combatant(target).stats["vd"] = 5
    a = Action("attaquer", attacker, target, {"arme": weapon})
    resolution, cs = t.resolve(a, DiceResult.typed_faces(faces, t.preview(a).dice))
    assert resolution.success
    t.apply(cs)
    return t.enc.windows[-1]


def take(t, kind, actor, target, window, faces=None, then=(), force=False, **options):
    """An action taken in the window, undo checked (G-4); its resolution."""
    return acting.take(t, kind, actor, target, faces, then, force, window=window.id, **options)


def duel(**b):
    return table(
        fighter("a", force=16, dexterite=12, armes=[SWORD, arme("Griffes")]),
        fighter("b", MJ, **({"important": True, "dexterite": 14, "armes": [SWORD]} | b)),
    )


# --- Damage (DOU-35, DOU-58, DOU-61, A-DOU-2) --------------------------------------------------


def test_damage_adds_the_attacks_sixes_explodes_and_closes_the_window():
    t = duel(pa=30, pa_max=30)
    window = hit(t, faces="6 5 6")  # two 6s: +2
    r = take(t, "degats", "a", "b", window, faces="6 4")  # 6 explodes: 6 + 4 = 10
    # 10 + Str +3 + sword +1 + 2 = 16
    assert r.amounts["damage"] == 16 and sheet.action_points(t.enc.combatant("b")) == 14
    assert not t.enc.windows


def test_cfg_dou_2_caps_the_explosions():
    t = table(
        fighter("a", armes=[SWORD]), fighter("b", MJ, pa=40, pa_max=40), flags={"CFG-DOU-2": 1}
    )
    window = hit(t, faces="5 5 5")
    r = take(t, "degats", "a", "b", window, faces="6 6 6 2")  # capped: 6 + 6 only
    assert r.amounts["damage"] == 12 + 0 + 1


def test_resistance_then_vulnerability_dou_61():
    res = [
        {"type": "tranchant", "effet": "resistance"},
        {"type": "tranchant", "effet": "resistance"},
    ]
    t = table(
        fighter("a", force=10, armes=[SWORD]), fighter("b", MJ, pa=40, pa_max=40, resistances=res)
    )
    window = hit(t)
    r = take(t, "degats", "a", "b", window, faces="5")  # 5 + 1 = 6 → 3 (once only)
    assert r.amounts["damage"] == 3


# --- TV-DOU-15: the critical threshold (DOU-60, A-DOU-9) --------------------------------------


@pytest.mark.parametrize(("faces", "critical"), [("5", False), ("6 1", True)])
def test_tv_dou_15_threshold_critical(faces, critical):
    t = table(
        fighter("a", force=10, armes=[arme("Épée courte")]),
        fighter("b", MJ, constitution=12, pa=40, pa_max=40),
    )
    window = hit(t)
    # Str +0; shortsword 1d6: "5" → 5 (no crit at Con 12); "6 1" → 7… not above 12.
    t.enc.combatant("a").stats["force"] = 30 if critical else 10  # +10: 17 > 12
    r = take(t, "degats", "a", "b", window, faces=faces)
    assert ("critique" in r.outcome_fr) == critical


def test_tv_dou_15_any_damage_at_0_pa_is_critical():
    t = table(
        fighter("a", force=10, armes=[arme("Épée courte")]), fighter("b", MJ, pa=0, pa_max=10)
    )
    window = hit(t)
    r = take(t, "degats", "a", "b", window, faces="1", blessure="Bras cassé")
    assert "critique" in r.outcome_fr and t.enc.combatant("b").stats["blessures"] == ["Bras cassé"]


# --- TV-DOU-18, TV-DOU-19: bare hands and the off hand (DOU-38, DOU-44) -----------------------


@pytest.mark.parametrize(("strength", "damage"), [(14, 3), (8, 0), (4, 0)])
def test_tv_dou_18_unarmed_damage(strength, damage):
    t = table(fighter("a", force=strength), fighter("b", MJ, pa=20, pa_max=20))
    window = hit(t, weapon="0")
    r = take(t, "degats", "a", "b", window)
    assert r.amounts["damage"] == damage


@pytest.mark.parametrize(("strength", "damage"), [(16, 4), (8, 3)])
def test_tv_dou_19_off_hand_damage_drops_a_positive_modifier_only(strength, damage):
    short = arme("Épée courte")
    # Dex 4: Str is the better of the two for the finesse shortsword (A-DOU-26).
    a = fighter("a", force=strength, dexterite=4, armes=[short])
    t = table(a, fighter("b", MJ, pa=20, pa_max=20))
    window = hit(t)
    r = take(t, "degats", "a", "b", window, faces="4", deux_armes=True)
    assert r.amounts["damage"] == damage


# --- TV-DOU-09, TV-DOU-13: how many reactions (DOU-45, DOU-46, A-DOU-12) ----------------------


@pytest.mark.parametrize(("dex", "count"), [(9, 1), (10, 2), (14, 2), (15, 3), (19, 3), (20, 4)])
def test_tv_dou_09_defensive_reactions_per_round(dex, count):
    assert sheet.defensive_reactions(fighter("x", PJ, dexterite=dex)) == count


def test_tv_dou_13_one_reaction_per_attack_and_two_a_round_at_dex_12():
    t = duel(dexterite=12, pa=40, pa_max=40)
    window = hit(t)
    r = take(t, "parer", "b", "a", window, faces="1 2 1", avec="1")
    assert r.success is False
    window = t.enc.windows[0]
    again = Action("esquiver", "b", "a", {}, {}, window.id)
    assert "DOU-46" in [n.rule for n in t.preview(again).notices if n.blocking]
    take(t, "degats", "a", "b", window, faces="1")
    window = hit(t)
    take(t, "parer", "b", "a", window, faces="1 2 1", avec="1")  # the second this round
    take(t, "degats", "a", "b", t.enc.windows[0], faces="1")
    window = hit(t)
    third = Action("parer", "b", "a", {"avec": "1"}, {}, window.id)
    assert "DOU-45" in [n.rule for n in t.preview(third).notices if n.blocking]
    with pytest.raises(ActionError, match="DOU-45"):
        t.resolve(third, DiceResult.typed_faces("6 6 5", t.preview(third).dice))


def test_reactions_come_back_at_the_creatures_own_turn_a_dou_12():
    t = duel(dexterite=12)
    add_state(t, "b", "reactions_def", 2)
    entry = next(e for e in t.ruleset.turn_units(t.enc) if "b" in e.members)
    apply(t.enc, ChangeSet("", tuple(t.ruleset.turn_started(t.enc, entry))))
    assert not t.enc.combatant("b").states
    add_state(t, "b", "reactions_def", 2)
    t.enc.flags["CFG-DOU-12"] = "rencontre"  # once per encounter: they do not come back
    assert t.ruleset.turn_started(t.enc, entry) == []


def test_dou_52_only_pcs_and_important_npcs_react():
    t = duel(important=False)
    window = hit(t)
    block = Action("parer", "b", "a", {"avec": "1"}, {}, window.id)
    assert "DOU-52" in [n.rule for n in t.preview(block).notices if n.blocking]
    t = table(fighter("a", armes=[SWORD]), fighter("b", MJ, armes=[SWORD]), flags={"DOU-52": False})
    window = hit(t)
    block = Action("parer", "b", "a", {"avec": "1"}, {}, window.id)
    assert not [n for n in t.preview(block).notices if n.blocking]


# --- TV-DOU-10: dodge (DOU-51, A-DOU-14, A-DOU-18) --------------------------------------------


def test_tv_dou_10_dodge_needs_a_higher_dex_and_beats_the_vog():
    t = duel(dexterite=14)  # attacker Dex 12 here; make it 14
    t.enc.combatant("a").stats["dexterite"] = 14
    window = hit(t)
    dodge = Action("esquiver", "b", "a", {}, {}, window.id)
    assert "DOU-51" in [n.rule for n in t.preview(dodge).notices if n.blocking]
    t = duel(dexterite=15)
    t.enc.combatant("a").stats["dexterite"] = 14
    t.enc.combatant("a").stats["force"] = 16  # VO +2+3 = 5, VOG 15 with the sword (+0 magic)
    t.enc.combatant("a").stats["armes"] = [{**SWORD, "magie": 1}]  # VOG 16
    window = hit(t)
    assert window.data["vog"] == 16
    # Dex save: 3d6 + 2 (Dex 15), no proficiency: 14 rolled → 16 ≥ 16: damage ignored.
    r = take(t, "esquiver", "b", "a", window, faces="5 5 4")
    assert r.success and not t.enc.windows
    t = duel(dexterite=15)
    t.enc.combatant("a").stats["armes"] = [{**SWORD, "magie": 1}]
    window = hit(t)
    r = take(t, "esquiver", "b", "a", window, faces="5 4 4")  # 15: the hit stands
    assert r.success is False and t.enc.windows


# --- TV-DOU-12: what can block what (DOU-47 to DOU-50, A-DOU-15 to A-DOU-17) ------------------


def _legal(t, window, item):
    block = Action("parer", "b", "a", {"avec": item}, {}, window.id)
    return not [n for n in t.preview(block).notices if n.blocking]


def test_tv_dou_12_a_two_hand_weapon_is_blocked_with_a_shield_not_one_hand():
    t = table(
        fighter("a", armes=[GREATSWORD]),
        fighter("b", MJ, important=True, bouclier=2, armes=[SWORD]),
    )
    window = hit(t)
    assert not _legal(t, window, "1") and _legal(t, window, "bouclier")


def test_tv_dou_12_unarmed_blocked_with_a_sword_hurts_the_attacker():
    t = table(fighter("a", pa=20, pa_max=20), fighter("b", MJ, important=True, armes=[SWORD]))
    window = hit(t, weapon="0")
    assert window.data["vog"] == 10 + 2 + 0
    r = take(t, "parer", "b", "a", window, faces="6 6 5", then=("6 3",), avec="1")
    assert r.success and sheet.action_points(t.enc.combatant("a")) == 20 - 9  # 1d6 exploding


@pytest.mark.parametrize(
    ("size", "item", "legal", "effect"),
    [
        ("large", "bouclier", True, "repoussé"),
        ("large", "1", True, None),
        ("large", "0", False, None),
        ("huge", "bouclier", True, "renversé"),
        ("huge", "1", False, None),
        ("gargantuan", "bouclier", False, None),
    ],
)
def test_tv_dou_12_natural_attacks_by_size(size, item, legal, effect):
    claws = arme("Griffes")
    t = table(
        fighter("a", taille=size, armes=[claws]),
        fighter("b", MJ, important=True, bouclier=2, armes=[SWORD], dexterite=10),
    )
    window = hit(t)
    assert _legal(t, window, item) == legal
    if effect:
        r = take(t, "parer", "b", "a", window, faces="6 6 6", avec=item)
        assert r.success and effect in r.outcome_fr
        assert ("a_terre" in [s.key for s in t.enc.combatant("b").states]) == (size == "huge")


def test_cfg_dou_17_a_weapon_blocks_any_larger_natural_attack():
    t = table(
        fighter("a", taille="huge", armes=[arme("Griffes")]),
        fighter("b", MJ, important=True, armes=[SWORD]),
        flags={"CFG-DOU-17": "toute_taille"},
    )
    assert _legal(t, hit(t), "1")


def test_a_block_beats_the_vog_plus_one_per_exploding_die_dou_50():
    t = duel()
    window = hit(t, faces="6 6 5")  # two 6s: VOG + 2
    block = Action("parer", "b", "a", {"avec": "1"}, {}, window.id)
    preview = t.preview(block)
    # a's VOG: 10 + 2 + Str 3 = 15, + 2; b's VO with the sword: +2 proficiency + Str 0.
    assert dice_needed(preview) == 15 + 2 - 2


def test_cfg_dou_13_criticals_cannot_be_blocked_when_set():
    t = table(
        fighter("a", armes=[SWORD]),
        fighter("b", MJ, important=True, armes=[SWORD]),
        flags={"CFG-DOU-13": False},
    )
    window = hit(t, faces="6 6 6")
    assert not _legal(t, window, "1")


def test_a_shot_is_blocked_only_with_a_shield_and_the_gm_s_word_a_dou_15():
    t = table(
        fighter("a", armes=[arme("Arc long")]),
        fighter("b", MJ, important=True, bouclier=2, armes=[SWORD]),
    )
    window = hit(t)
    block = Action("parer", "b", "a", {"avec": "bouclier"}, {}, window.id)
    assert [n.rule for n in t.preview(block).notices if n.blocking] == ["A-DOU-15"]
    r = take(t, "parer", "b", "a", window, faces="6 6 5", force=True, avec="bouclier")
    assert r.success and any(x.rule == "G-3" for x in r.terms)


def test_cfg_dou_3_the_block_test_with_the_main_weapon():
    # b blocks with its shield (Str 16: +3, proficiency +2, shield magic +1) or, under the
    # alternative, with its main weapon's VO (the dagger, finesse: Dex 18 +4, +2).
    shield = {"bouclier": 2, "bouclier_magie": 1, "force": 16, "dexterite": 18}
    t = table(
        fighter("a", armes=[SWORD]),
        fighter("b", MJ, important=True, armes=[arme("Dague")], **shield),
    )
    window = hit(t)
    block = Action("parer", "b", "a", {"avec": "bouclier"}, {}, window.id)
    vog = window.data["vog"] + window.value
    assert dice_needed(t.preview(block)) == vog - (2 + 3 + 1)
    t.enc.flags["CFG-DOU-3"] = "arme_principale"
    assert dice_needed(t.preview(block)) == vog - (2 + 4)


def test_cfg_dou_14_exploding_dice_raise_the_dodge_too():
    t = duel(dexterite=16)
    window = hit(t, faces="6 6 5")  # two 6s
    dodge = Action("esquiver", "b", "a", {}, {}, window.id)
    plain = dice_needed(t.preview(dodge))
    t.enc.flags["CFG-DOU-14"] = True
    assert dice_needed(t.preview(dodge)) == plain + 2


def test_dou_59_an_area_is_rolled_once_and_taken_by_each():
    """The area action (area.py) in place of the old radius option of the damage."""
    res = [{"type": "feu", "effet": "resistance"}]
    t = table(
        fighter("a", force=10, dexterite=10),
        fighter("b", MJ, "z2", pa=30, pa_max=30),
        fighter("c", MJ, "z2", pa=30, pa_max=30, resistances=res),
        fighter("d", MJ, "z3", pa=30, pa_max=30),
    )
    fire = {"des": "2d6", "type": "feu", "jet": ""}  # a fireball with no save
    a = Action("aire", "a", None, fire, area=AreaOf("zone", zone="z2", caught=("b", "c")))
    preview = t.preview(a)
    assert any(x.rule == "DOU-59" and x.value == "B, C" for x in preview.terms)
    _r, cs = t.resolve(a, DiceResult.typed_faces("4 5", preview.dice))
    t.apply(cs)
    pa = {cid: sheet.action_points(t.enc.combatant(cid)) for cid in "bcd"}
    assert pa == {"b": 30 - 9, "c": 30 - 4, "d": 30}  # C resists: 9 // 2; D is elsewhere
