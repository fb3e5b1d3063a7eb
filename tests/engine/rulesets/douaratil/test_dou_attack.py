"""douaratil: VD, VO and VOG, the attack roll with its 6s, criticals and fumbles, advantage
as 4d6 keep 3, ranges, cover (TV-DOU-01 to TV-DOU-08, TV-DOU-20, TV-DOU-23, TV-DOU-27;
DOU-31 to DOU-42, DOU-57, DOU-70, DOU-71, DOU-73, A-DOU-1, A-DOU-26, CFG-DOU-1b)."""

from __future__ import annotations

import pytest

from gui.engine.contract.values import ActionError
from gui.engine.rulesets.douaratil import sheet
from tests.engine.rulesets.conteur.builders import act, blocking, look
from tests.engine.rulesets.douaratil.builders import MJ, PJ, add_state, arme, fighter, table


def _vo(t, cid="a", **options):
    return look(t, "attaquer", cid, "b", **options).computed["vo"]


def _vd(t, **options):
    return look(t, "attaquer", "a", "b", **options).computed["vd"]


# --- TV-DOU-01: VD (DOU-33, DOU-57) -------------------------------------------------------


def test_tv_dou_01_vd_and_the_best_cover_only():
    # Dex 14 (+2), Wis 12 (+1), armour +4, shield +2 → 19.
    b = fighter("b", MJ, dexterite=14, sagesse=12, armure=4, bouclier=2)
    t = table(fighter("a"), b)
    assert _vd(t) == 19
    add_state(t, "b", "abri_partiel")
    assert _vd(t) == 21
    t.enc.combatant("b").states = []
    add_state(t, "b", "abri_important")
    assert _vd(t) == 24
    add_state(t, "b", "abri_partiel")
    assert _vd(t) == 24  # the best only


def test_a_vd_typed_on_the_sheet_stands_a_dou_21():
    t = table(fighter("a"), fighter("b", MJ, vd=15, dexterite=18))
    assert _vd(t) == 15


def test_total_cover_cannot_be_targeted_dou_57():
    t = table(fighter("a"), fighter("b", MJ))
    add_state(t, "b", "abri_total")
    assert blocking(look(t, "attaquer", "a", "b")) == ["DOU-57"]


# --- TV-DOU-02: VO and VOG (DOU-32, DOU-34) -------------------------------------------------


def test_tv_dou_02_vo_and_vog():
    sword = arme("Épée longue", magie=1)
    t = table(fighter("a", force=16, maitrise=2, armes=[sword]), fighter("b", MJ))
    assert _vo(t, arme="1") == 6
    terms = look(t, "attaquer", "a", "b", arme="1").terms
    assert any(x.rule == "DOU-34" and x.value == 16 for x in terms)
    t.enc.combatant("a").stats["armes"] = [{**sword, "maitrise": False}]
    assert _vo(t, arme="1") == 4


def test_finesse_takes_the_better_of_str_and_dex_and_thrown_uses_str_a_dou_26():
    dagger = arme("Dague")
    assert dagger["finesse"] and dagger["lancer"]
    t = table(
        fighter("a", force=10, dexterite=16, armes=[dagger, arme("Javeline")]), fighter("b", MJ)
    )
    assert _vo(t, arme="1") == 2 + 3  # finesse: Dex
    assert _vo(t, arme="2", lancer=True) == 2 + 0  # thrown javelin: Str


# --- TV-DOU-03, 05, 06: the roll (DOU-31, DOU-35 to DOU-37) ----------------------------------


def _duel(vo_str=16, vd=17, **b_stats):
    a = fighter("a", force=vo_str, maitrise=2, armes=[arme("Épée longue", magie=1)])
    return table(a, fighter("b", MJ, vd=vd, **b_stats))


def test_tv_dou_03_hit_on_equal_miss_below():
    t = _duel(vd=17)
    _p, hit, _cs = act(t, "attaquer", "a", "b", faces="4 5 2", arme="1")
    assert hit.success and hit.amounts["total"] == 17
    t = _duel(vd=18)
    _p, miss, _cs = act(t, "attaquer", "a", "b", faces="4 5 2", arme="1")
    assert miss.success is False and not t.enc.windows


def test_a_hit_opens_the_defence_window_with_its_6s():
    t = _duel(vd=10)
    act(t, "attaquer", "a", "b", faces="6 5 6", arme="1")
    (window,) = t.enc.windows
    assert (window.kind, window.actor, window.target, window.value) == ("defense", "a", "b", 2)
    assert window.data["vog"] == 16 and window.data["critique"] is False


def test_tv_dou_05_three_sixes_hit_whatever_the_vd_and_are_critical():
    t = table(fighter("a", force=6, maitrise=0), fighter("b", MJ, vd=25))  # VO −2
    _p, r, _cs = act(t, "attaquer", "a", "b", faces="6 6 6", arme="0")
    assert r.success and t.enc.windows[0].data["critique"] is True
    assert t.enc.windows[0].value == 3  # +3 damage (DOU-35)
    assert "critique" in r.outcome_fr.lower() and "critical" in r.outcome_en.lower()
    assert (r.critical, r.fumble) == (True, False)  # as data, issue 32


def test_an_ordinary_hit_and_miss_are_neither_critical_nor_fumble_as_data():
    t = table(fighter("a", force=10), fighter("b", MJ, vd=12))
    _p, hit, _cs = act(t, "attaquer", "a", "b", faces="6 6 5", arme="0")
    _p, miss, _cs = act(t, "attaquer", "a", "b", faces="1 1 2", arme="0")
    assert hit.success and not miss.success
    assert (hit.critical, hit.fumble, miss.critical, miss.fumble) == (False,) * 4


def test_tv_dou_06_three_ones_miss_whatever_the_vo_and_are_a_fumble():
    t = table(fighter("a", force=30, maitrise=10), fighter("b", MJ, vd=5))
    _p, r, _cs = act(t, "attaquer", "a", "b", faces="1 1 1", arme="0")
    assert r.success is False and "maladresse" in r.outcome_fr.lower()
    assert "table" in r.outcome_fr  # G-6: the fumble table is not in the excerpt
    assert (r.critical, r.fumble) == (False, True)  # as data, issue 32


# --- TV-DOU-08: advantage and disadvantage (DOU-73, A-DOU-1, CFG-DOU-1b) ---------------------


@pytest.mark.parametrize(
    ("state", "faces", "critical", "tops", "fumble"),
    [
        ("invisible", "6 6 6 2", True, 3, False),  # advantage: kept 6 6 6
        ("invisible", "6 6 2 1", False, 2, False),  # kept 6 6 2
        ("invisible", "1 1 1 6", False, 0, False),  # kept 6 1 1: advantage protects
        ("aveugle", "6 6 6 2", False, 2, False),  # disadvantage: kept 2 6 6
        ("aveugle", "1 1 5 6", False, 0, True),  # two 1s and the fictitious one
    ],
)
def test_tv_dou_08_edges_count_the_kept_dice(state, faces, critical, tops, fumble):
    t = table(fighter("a", force=10), fighter("b", MJ, vd=12))
    add_state(t, "a", state)  # invisible attacker: advantage; blinded: disadvantage (DOU-39)
    preview = look(t, "attaquer", "a", "b", arme="0")
    assert preview.dice.expr.count == 4
    _p, r, _cs = act(t, "attaquer", "a", "b", faces=faces, arme="0")
    window = t.enc.windows[0] if t.enc.windows else None
    assert bool(window and window.data["critique"]) == critical
    assert (window.value if window else 0) == (tops if r.success else 0)
    assert ("maladresse" in r.outcome_fr.lower()) == fumble
    assert (r.critical, r.fumble) == (critical, fumble)  # counted on the kept dice, as data


def test_cfg_dou_1b_counts_the_sixes_on_every_die_rolled():
    t = table(fighter("a"), fighter("b", MJ, vd=30), flags={"CFG-DOU-1b": "tous"})
    add_state(t, "a", "aveugle")  # disadvantage: keep the lowest 3
    _p, r, _cs = act(t, "attaquer", "a", "b", faces="6 6 6 2", arme="0")
    assert r.success and t.enc.windows[0].data["critique"] is True


def test_advantage_and_disadvantage_cancel_dou_73():
    t = table(fighter("a"), fighter("b", MJ))
    add_state(t, "a", "invisible")
    add_state(t, "a", "aveugle")
    preview = look(t, "attaquer", "a", "b", arme="0")
    assert preview.dice.expr.count == 3
    assert any("annulent" in x.label for x in preview.terms)


def test_odds_say_the_chance_of_a_hit_of_a_critical_and_of_a_fumble():
    t = table(fighter("a", force=10, maitrise=0), fighter("b", MJ, vd=11))
    preview = look(t, "attaquer", "a", "b", arme="0")
    assert preview.odds == pytest.approx(0.5)  # 3d6 ≥ 11
    assert "0,5 %" in preview.odds_note  # 1/216 each


# --- TV-DOU-20: range and a hostile nearby (DOU-40, DOU-41, DOU-42) --------------------------


@pytest.mark.parametrize(
    ("metres", "edge", "illegal"), [(30, 3, False), (50, 4, False), (200, 3, True)]
)
def test_tv_dou_20_longbow_ranges(metres, edge, illegal):
    t = table(fighter("a", dexterite=14, armes=[arme("Arc long")]), fighter("b", MJ, "z3"))
    preview = look(t, "attaquer", "a", "b", arme="1", distance=metres)
    assert preview.dice.expr.count == edge
    assert (blocking(preview) == ["DOU-40"]) == illegal
    if illegal:
        with pytest.raises(ActionError, match="DOU-40"):
            act(t, "attaquer", "a", "b", faces="3 3 3", arme="1", distance=metres)


def test_tv_dou_20_a_hostile_within_1_50_m_hampers_a_shot():
    t = table(
        fighter("a", armes=[arme("Arc long")]),
        fighter("b", MJ, "z3"),
        fighter("c", MJ, "z1"),
    )
    t.apply(t.set_contact("a", "c", True))
    preview = look(t, "attaquer", "a", "b", arme="1")
    assert preview.dice.expr.count == 4 and "DOU-41" in [x.rule for x in preview.terms]
    t.enc.combatant("c").stats["pa"] = 0  # out of the fight: no longer a threat
    assert look(t, "attaquer", "a", "b", arme="1").dice.expr.count == 3


def test_a_melee_target_out_of_reach_is_refused_dou_42():
    t = table(fighter("a", armes=[arme("Épée longue")]), fighter("b", MJ, "z2"))
    assert blocking(look(t, "attaquer", "a", "b", arme="1")) == ["DOU-42"]
    assert blocking(look(t, "attaquer", "a", "b", arme="1", distance=1)) == []


# --- TV-DOU-23: under water (DOU-70, DOU-71) --------------------------------------------------


def test_tv_dou_23_under_water():
    t = table(
        fighter(
            "a",
            armes=[arme("Épée longue"), arme("Dague"), arme("Arbalète légère"), arme("Arc long")],
        ),
        fighter("b", MJ),
    )
    add_state(t, "a", "immerge")
    count = {
        i: look(t, "attaquer", "a", "b", arme=str(i), distance=1).dice.expr.count
        for i in (1, 2, 3, 4)
    }
    assert count == {1: 4, 2: 3, 3: 3, 4: 4}
    far = look(t, "attaquer", "a", "b", arme="3", distance=40)
    assert blocking(far) == ["DOU-71"]


# --- TV-DOU-27: unseen (DOU-39) ---------------------------------------------------------------


def test_tv_dou_27_an_unseen_target_gives_disadvantage():
    t = table(fighter("a"), fighter("b", MJ))
    add_state(t, "b", "invisible")
    preview = look(t, "attaquer", "a", "b", arme="0")
    assert preview.dice.expr.count == 4 and preview.dice.expr.keep_lowest == 3


def test_sheet_reads_the_modifier_as_5e_a_dou_5():
    c = fighter("x", PJ, force=9, dexterite=20, constitution=1)
    assert [sheet.modifier(c, k) for k in ("force", "dexterite", "constitution")] == [-1, 5, -5]


# --- CFG-DOU-1: the other ways to roll an edge -----------------------------------------------


@pytest.mark.parametrize(
    ("method", "faces", "total"),
    [
        ("3d6x2", "1 2 3 6 5 4", 15),  # two rolls of 3d6, the better total
        ("1d6", "3 3 3 5", 14),  # 3d6 and one more die added
    ],
)
def test_cfg_dou_1_advantage_by_the_other_methods(method, faces, total):
    t = table(
        fighter("a", force=10, maitrise=0), fighter("b", MJ, vd=14), flags={"CFG-DOU-1": method}
    )
    add_state(t, "a", "invisible")  # advantage (DOU-39)
    preview = look(t, "attaquer", "a", "b", arme="0")
    assert preview.dice.expr.count == len(faces.split())
    _p, r, _cs = act(t, "attaquer", "a", "b", faces=faces, arme="0")
    assert r.amounts["total"] == total and r.success
    typed = act(
        table(
            fighter("a", force=10, maitrise=0), fighter("b", MJ, vd=14), flags={"CFG-DOU-1": method}
        ),
        "attaquer",
        "a",
        "b",
        agg=13,
        arme="0",
    )
    assert typed[1].success is False


def test_dou_20_a_help_counts_against_its_foe_only_and_a_tasks_help_not_at_all():
    from gui.engine.state.model import State

    t = table(fighter("a"), fighter("b", MJ), fighter("c", MJ))
    helped = State(key="aide", label="Aidé", text="Attaque (DOU-20) contre B", source="a")
    t.enc.combatant("a").states = [helped]
    assert look(t, "attaquer", "a", "b", arme="0").dice.expr.count == 4
    assert look(t, "attaquer", "a", "c", arme="0").dice.expr.count == 3
    t.enc.combatant("a").states = [helped.replace(text="Tâche (DOU-19)")]
    assert look(t, "attaquer", "a", "b", arme="0").dice.expr.count == 3


def test_dou_23_the_dodge_action_stops_at_speed_0():
    t = table(fighter("a"), fighter("b", MJ))
    add_state(t, "b", "esquive")
    assert look(t, "attaquer", "a", "b", arme="0").dice.expr.keep_lowest == 3
    t.enc.combatant("b").stats["vitesse"] = 0.0
    assert look(t, "attaquer", "a", "b", arme="0").dice.expr.count == 3


def test_cfg_dou_11_the_off_hand_drops_its_positive_modifier_from_the_attack_too():
    dagger = arme("Dague")
    t = table(fighter("a", dexterite=16, armes=[dagger, dagger]), fighter("b", MJ))
    assert _vo(t, arme="2", bonus=True) == 2 + 3  # A-DOU-11: the attack keeps it
    t.enc.flags["CFG-DOU-11"] = "attaque_et_degats"
    assert _vo(t, arme="2", bonus=True) == 2
    terms = look(t, "attaquer", "a", "b", arme="2", bonus=True).terms
    assert any(x.rule == "CFG-DOU-11" and x.value == -3 for x in terms)


def test_cfg_dou_5_the_gm_s_table_gives_the_modifiers():
    t = table(fighter("a", force=16, bonus_force=1), fighter("b", MJ))
    assert _vo(t) == 2 + 3  # 5e: floor((16 − 10) / 2), the typed bonus not read
    t.enc.flags["CFG-DOU-5"] = "table"
    assert _vo(t) == 2 + 1
    terms = look(t, "attaquer", "a", "b", arme="0").terms
    assert any(x.rule == "CFG-DOU-5" and x.value == 1 for x in terms)
    t.enc.combatant("a").stats["bonus_force"] = None  # not typed: the formula
    assert _vo(t) == 2 + 3
    c = t.enc.combatant("a")
    assert sheet.modifier(c, "force") == 3  # outside the ruleset's calls: the formula


def test_tv_dou_27_an_unseen_target_not_in_the_square_aimed_at_is_a_plain_miss():
    t = table(fighter("a", force=18), fighter("b", MJ, vd=5))
    add_state(t, "b", "invisible")
    _p, r, _cs = act(t, "attaquer", "a", "b", faces="6 5 5 5", arme="0", cible_absente=True)
    assert r.success is False and r.outcome_fr == "Raté" and r.outcome_en == "Miss"
    assert any(x.rule == "DOU-39" and x.value == "raté" for x in r.terms)
    assert not t.enc.windows
    options = [f.key for f in t.ruleset.actions(t.enc, "a", "b")[0].options]
    assert "cible_absente" in options
    t.enc.combatant("b").states = []  # seen: no such question
    assert "cible_absente" not in [f.key for f in t.ruleset.actions(t.enc, "a", "b")[0].options]


def test_the_chart_marks_the_total_to_reach():
    """The newcomer saw a 4,6 % shot drawn as 30 %: the number marked is the VD, on the
    chart of 3d6 + VO."""
    t = _duel(vd=17)
    preview = look(t, "attaquer", "a", "b", arme="1")
    assert preview.target_number == 17
    assert preview.distribution.at_least(17) == preview.odds
