"""Counts and labels follow the fight (issue 34, item 4): a turn unit's label counts the
members still in the fight (Ruleset.is_out), in every ruleset with groups: reserve_menace's
minors (RM-17, RM-39), libre's initiative groups (LIB-01, LIB-05), attention_donjon's card
groups (AD-CARTES, AD-20). One left is named by its name; a group all down by its name alone.
"""

from __future__ import annotations

from gui.engine.play.table import Table
from gui.engine.state.model import State
from tests.engine.builders import fighter, libre_encounter
from tests.engine.rulesets.attention_donjon import builders as ad
from tests.engine.rulesets.reserve_menace import builders as rm


def _unit(t: Table, prefix: str):
    return next(e for e in t.ruleset.turn_units(t.enc) if e.unit.startswith(prefix))


def _fall_rm(t: Table, *cids: str) -> None:
    for cid in cids:  # RM-39: Terrassé, out of the fight
        t.enc.combatant(cid).states.append(State(key="terrasse", label="Terrassé"))


def _labels(t: Table, entry, with_side: bool = False) -> tuple[str, str]:
    label = t.ruleset.unit_label(t.enc, entry, with_side)
    return label.fr, label.en


def _rm_table() -> Table:
    minors = [rm.extra(f"m{i}") for i in range(1, 7)]
    return rm.start(rm.encounter(rm.pc("ana"), *minors))


def test_rm_17_minors_count_those_still_in_the_fight():
    t = _rm_table()
    minors = _unit(t, "mineurs.")
    assert _labels(t, minors) == ("Figurants mineurs ×6", "Minor extras ×6")
    _fall_rm(t, "m1", "m3", "m5")
    assert _labels(t, minors) == ("Figurants mineurs ×3", "Minor extras ×3")
    assert _labels(t, minors, with_side=True) == (
        "Figurants mineurs (Camp) ×3",
        "Minor extras (Camp) ×3",
    )


def test_rm_17_the_last_minor_standing_is_named_and_none_left_drops_the_count():
    t = _rm_table()
    minors = _unit(t, "mineurs.")
    _fall_rm(t, "m1", "m2", "m3", "m4", "m5")
    assert _labels(t, minors) == ("M6", "M6")
    _fall_rm(t, "m6")
    assert _labels(t, minors) == ("Figurants mineurs", "Minor extras")


def test_rm_17_the_passes_able_list_names_the_minors_by_their_count():
    """What « Peuvent encore agir » lists (AlternatingSides.able) is named by the label."""
    t = _rm_table()
    _fall_rm(t, "m2", "m4")
    rm.nxt(t)  # the players' side gives the initiative to the camp
    able = [_labels(t, e)[0] for e in t.mode().able(t.enc.turn) if e.side == rm.MJ]
    assert able == ["Figurants mineurs ×4"]


def test_lib01_lib05_a_group_counts_its_members_above_0_hp():
    t = Table(
        libre_encounter(
            fighter("hero", "a"),
            fighter("b1", "b", groupe="Brigands"),
            fighter("b2", "b", groupe="Brigands"),
            fighter("b3", "b", groupe="Brigands"),
        )
    )
    group = _unit(t, "groupe:")
    assert _labels(t, group) == ("Brigands ×3", "Brigands ×3")
    t.enc.combatant("b2").stats["pv"] = 0  # LIB-05: out of the fight
    assert _labels(t, group) == ("Brigands ×2", "Brigands ×2")
    assert _labels(t, group, with_side=True)[0] == "Brigands ×2 (B)"
    t.enc.combatant("b1").stats["pv"] = -3
    assert _labels(t, group) == ("B3", "B3")  # one left: by its name
    t.enc.combatant("b3").stats["pv"] = 0
    assert _labels(t, group) == ("Brigands", "Brigands")


def test_ad_cartes_a_sides_group_counts_its_living_figurines():
    t = ad.table(
        ad.figure("hero", heros=True),
        ad.enemy("g1"),
        ad.enemy("g2"),
        ad.enemy("g3"),
        flags={"AD-CARTES": True},
    )
    group = _unit(t, "groupe.")
    side = t.enc.side(group.side).name
    assert _labels(t, group)[0] == f"{side} (groupe de 3)"
    ad.kill(t, "g1")  # AD-20: dead
    assert _labels(t, group) == (f"{side} (groupe de 2)", f"{side} (group of 2)")
    ad.kill(t, "g3")
    assert _labels(t, group)[0] == t.enc.combatant("g2").name
    ad.kill(t, "g2")
    assert _labels(t, group) == (f"{side} (groupe)", f"{side} (group)")


def test_a_unit_of_one_out_of_the_fight_keeps_its_name():
    t = Table(libre_encounter(fighter("hero", "a"), fighter("b1", "b")))
    t.enc.combatant("b1").stats["pv"] = 0
    entry = next(e for e in t.ruleset.turn_units(t.enc) if e.members == ["b1"])
    assert _labels(t, entry) == ("B1", "B1")
