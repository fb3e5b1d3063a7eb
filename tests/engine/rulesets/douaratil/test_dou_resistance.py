"""douaratil: resistances, vulnerabilities and immunities (DOU-61, DOU-72), with the text's
own example — a creature resistant to fire and to all non-magical damage takes a non-magical
fire blow halved once, not quartered (5e basis: several instances count once) — a blow made
magical by its weapon or by the GM's tick, and an immunity (5e basis, hors extrait)."""

from __future__ import annotations

import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action, AreaOf
from gui.engine.rulesets.douaratil import sheet
from gui.engine.state.schema import check_combatant
from tests.engine import acting
from tests.engine.rulesets.douaratil.builders import MJ, add_state, arme, fighter, ruleset, table

TORCH = arme("Épée longue", nom="Torche", type="feu")  # 1d6 + 1, fire, not magical
FIRE_AND_MUNDANE = [
    {"type": "feu", "effet": "resistance"},
    {"type": "non_magique", "effet": "resistance"},
]


def blow(target_stats: dict, weapon: dict = TORCH, faces: str = "5", states=(), **options):
    """A hit (VD 5) then its damage, `faces` on the damage die; the resolution."""
    t = table(
        fighter("a", force=10, armes=[weapon]),
        fighter("b", MJ, vd=5, pa=60, pa_max=60, **target_stats),
    )
    for key in states:
        add_state(t, "b", key)
    attack = Action("attaquer", "a", "b", {"arme": "1"})
    resolution, cs = t.resolve(attack, DiceResult.typed_faces("5 5 5", t.preview(attack).dice))
    assert resolution.success
    t.apply(cs)
    window = t.enc.windows[-1]
    return acting.take(t, "degats", "a", "b", faces, window=window.id, **options), t


def test_the_texts_example_a_non_magical_fire_blow_is_halved_once():
    """DOU-61: 5 + 1 = 6 fire damage against resistance to fire and to non-magical damage:
    3, not 1."""
    r, t = blow({"resistances": FIRE_AND_MUNDANE})
    assert r.amounts["damage"] == 3
    assert sheet.action_points(t.enc.combatant("b")) == 57
    shown = [x for x in r.terms if x.rule == "DOU-61" and x.value == "÷2"]
    assert len(shown) == 1 and "feu" in shown[0].label and "non magiques" in shown[0].label
    assert "fire" in shown[0].label_en and "non-magical" in shown[0].label_en


def test_non_magical_damage_of_any_type_is_halved():
    r, _t = blow({"resistances": [{"type": "non_magique", "effet": "resistance"}]})
    assert r.amounts["damage"] == 3  # fire here; any type of a non-magical blow


def test_a_magic_weapon_passes_the_non_magical_resistance():
    magic = {**TORCH, "magie": 1}  # 5 + 1 = 6 damage, the +1 is on the attack (DOU-32)
    r, _t = blow({"resistances": [{"type": "non_magique", "effet": "resistance"}]}, magic)
    assert r.amounts["damage"] == 6
    assert any(x.rule == "DOU-61" and x.value == "arme magique" for x in r.terms)
    # …but not the resistance to its own type.
    r, _t = blow({"resistances": FIRE_AND_MUNDANE}, magic)
    assert r.amounts["damage"] == 3


def test_the_gm_ticks_a_blow_magical():
    r, _t = blow({"resistances": [{"type": "non_magique", "effet": "resistance"}]}, magique=True)
    assert r.amounts["damage"] == 6
    assert any(x.rule == "DOU-61" and x.value == "MJ" and x.value_en == "GM" for x in r.terms)


def test_the_damage_dialog_offers_the_magical_tick_in_both_languages():
    t = table(fighter("a", armes=[TORCH]), fighter("b", MJ))
    spec = next(s for s in t.ruleset.actions(t.enc, "a", "b") if s.kind == "degats")
    field = next(f for f in spec.options if f.key == "magique")
    assert field.rule == "DOU-61" and "magiques" in field.label.fr and "Magical" in field.label.en


@pytest.mark.parametrize(
    ("rows", "taken"),
    [
        ([{"type": "non_magique", "effet": "vulnerabilite"}], 12),
        (  # vulnerable twice over counts once (DOU-61)
            [
                {"type": "feu", "effet": "vulnerabilite"},
                {"type": "non_magique", "effet": "vulnerabilite"},
            ],
            12,
        ),
        (  # resistance then vulnerability: 6 → 3 → 6
            [{"type": "feu", "effet": "vulnerabilite"}, *FIRE_AND_MUNDANE],
            6,
        ),
        ([{"type": "feu", "effet": "immunite"}], 0),
        ([{"type": "non_magique", "effet": "immunite"}], 0),
        ([{"type": "froid", "effet": "immunite"}], 6),  # another type: no effect
    ],
)
def test_vulnerability_and_immunity_by_type_or_for_non_magical_blows(rows, taken):
    r, _t = blow({"resistances": rows})
    assert r.amounts["damage"] == taken


def test_an_immunity_makes_no_critical_and_says_so():
    r, _t = blow({"resistances": [{"type": "feu", "effet": "immunite"}]}, faces="6 6 6 2")
    assert r.amounts["damage"] == 0 and "critique" not in r.outcome_fr
    immunity = next(x for x in r.terms if x.value == "×0")
    assert "immunité" in immunity.label and "hors extrait" in immunity.label
    assert "immunity" in immunity.label_en


def test_under_water_fire_resistance_and_the_sheets_count_once_dou_72():
    r, _t = blow({"resistances": FIRE_AND_MUNDANE}, states=("immerge",))
    assert r.amounts["damage"] == 3  # under water, resistant twice more: still halved once
    assert any(x.rule == "DOU-72" for x in r.terms)
    r, _t = blow({}, states=("immerge",))
    assert r.amounts["damage"] == 3  # TV-DOU-23's fire under water


def test_an_area_blow_hurts_each_by_its_own_sheet_dou_59():
    t = table(
        fighter("a", force=10, armes=[TORCH]),
        fighter("b", MJ, pa=60, pa_max=60),
        fighter("c", MJ, pa=60, pa_max=60, resistances=FIRE_AND_MUNDANE[1:]),
    )
    # The area action (area.py) in place of the old radius option: the torch's 1d6 + 1 fire,
    # not magical, over the zone both stand in, no save.
    fire = {"des": "1d6+1", "type": "feu", "magique": False, "jet": ""}
    area = AreaOf("zone", zone="z1", caught=("b", "c"))
    r, cs = t.resolve(Action("aire", "a", None, fire, area=area), DiceResult("faces", (5,)))
    t.apply(cs)
    assert r.amounts["damage"] == 6
    assert sheet.action_points(t.enc.combatant("b")) == 54
    assert sheet.action_points(t.enc.combatant("c")) == 57


def test_old_sheets_still_load_and_the_new_rows_fit_the_sheet():
    """The shape is the same table: an old file's rows stay valid, and the new values are
    allowed ones (no migration needed)."""
    data = ruleset().data
    old = fighter("o", resistances=[{"type": "contondant", "effet": "vulnerabilite"}])
    new = fighter("n", resistances=[*FIRE_AND_MUNDANE, {"type": "acide", "effet": "immunite"}])
    assert check_combatant(data, old, ("c", 0)) is None
    assert check_combatant(data, new, ("c", 1)) is None
    names = {c.value: c.label for c in data.field("resistances").columns[0].choices}
    assert names["non_magique"].fr.startswith("Non magiques")
    assert names["non_magique"].en.startswith("Non-magical")
