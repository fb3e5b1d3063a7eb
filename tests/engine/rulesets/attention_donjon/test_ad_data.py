"""Ruleset `attention_donjon`: its data files (rule texts, catalogs, bestiary, demo).

Checks the rule texts against the spec (section 1: AD-01…AD-37, A-AD-1…A-AD-21; section 7:
CFG-AD-5…13), the text's example weapons (Épée, Épée à deux mains, Arbalète, Hache de lancer)
and cast (Traqueur nain, Mage gobelin, Araignée géante), and the demo built on the text's
example: zones 1–2–3 in a row, the Tracker in zone 1, the spider in 2, the goblin mage in 3.
The generic checks (schemas, cited rules, demo loading) are in test_ruleset_data.py.
"""

import math
import re
from itertools import pairwise
from pathlib import Path

import pytest

from gui.engine.files import storage
from gui.engine.rulesets import registry
from gui.engine.space.zones import ZoneGraph
from gui.engine.state.model import Combatant, Encounter
from gui.engine.state.schema import RulesetData

SPEC = Path(__file__).resolve().parents[5] / "shared" / "spec" / "rulesets.md"
HORS_EXTRAIT = "hors extrait"


def _spec_text() -> str:
    if not SPEC.is_file():
        pytest.skip(f"spec not found: {SPEC}")
    return SPEC.read_text(encoding="utf-8")


def _spec_section_1() -> str:
    text = _spec_text()
    start = text.index("## 1. `attention_donjon`")
    return text[start : text.index("\n## 2. ", start)]


@pytest.fixture(scope="module")
def ruleset():
    return registry.get("attention_donjon")


@pytest.fixture(scope="module")
def data(ruleset) -> RulesetData:
    return ruleset.data


@pytest.fixture(scope="module")
def texts(data) -> dict[str, tuple[str, str]]:
    return {r.id: (r.text.fr, r.text.en) for r in data.rules}


@pytest.fixture(scope="module")
def weapons(ruleset) -> dict[str, dict]:
    return {row["nom"]: row for row in ruleset.catalogs["armes"]}


@pytest.fixture(scope="module")
def demo(ruleset) -> Encounter:
    return storage.load(ruleset.demo_path)


def _armour(c_stats: dict) -> int:
    """Armour points (AD-31): the part of Endurance that Pénétration removes."""
    return sum(row["bonus"] for row in c_stats["protections"] if row["type"] == "armure")


def _endurance(c_stats: dict) -> int:
    """AD-31: ceil(Vigueur / 2) + armour + other Endurance bonuses."""
    bonus = sum(row["bonus"] for row in c_stats["protections"] if row["type"] == "endurance")
    return math.ceil(c_stats["vigueur"] / 2) + _armour(c_stats) + bonus


def _parade(c_stats: dict) -> int:
    """AD-30: ceil(Mêlée / 2) + shield and other Parade bonuses."""
    kinds = ("bouclier", "parade")
    bonus = sum(row["bonus"] for row in c_stats["protections"] if row["type"] in kinds)
    return math.ceil(c_stats["melee"] / 2) + bonus


# --- ruleset.json: rule texts and flags --------------------------------------------------------


def test_every_rule_and_ambiguity_of_spec_section_1_has_a_text(texts):
    section = _spec_section_1()
    wanted = set(re.findall(r"\*\*((?:A-)?AD-\d+)\b", section))
    assert {f"AD-{n:02d}" for n in range(1, 38)} <= wanted
    assert {f"A-AD-{n}" for n in range(1, 22)} <= wanted
    assert sorted(wanted - set(texts)) == []


def test_rule_texts_are_short_bilingual_and_french_first(texts):
    assert {"G-3", "G-6", "AD-CARTES"} <= set(texts)
    for rid, (fr, en) in texts.items():
        assert fr.strip() and en.strip() and fr != en, rid
        assert len(fr) <= 500 and len(en) <= 500, rid  # tooltip-sized
    # French game terms are quoted in the statements.
    assert "Parade" in texts["AD-03"][0] and "Endurance" in texts["AD-15"][0]
    assert "Secoué" in texts["AD-16"][0] and "Blessé" in texts["AD-16"][0]
    assert "Seuil de réussite" in texts["AD-28"][0] and "Coup de Poker" in texts["AD-26"][0]
    assert "Allonge" in texts["AD-01"][0] and "Pénétration" in texts["AD-18"][0]
    assert HORS_EXTRAIT in texts["G-6"][0]


def test_section_7_flags_point_at_their_ambiguity_which_names_them(data, texts):
    rows = re.findall(r"^\| (CFG-AD-\d+) \|.*\| (A-AD-\d+) \|$", _spec_text(), re.MULTILINE)
    assert len(rows) == 9  # CFG-AD-5 to CFG-AD-13 (1 to 4 are retired)
    flags = {f.id: f for f in data.flags}
    for flag_id, ambiguity in rows:
        assert flags[flag_id].see == ambiguity, flag_id
        fr, en = texts[ambiguity]
        assert flag_id in fr and flag_id in en, flag_id
    assert "AD-CARTES" in texts[flags["AD-CARTES"].see][0]


# --- catalogs.json -----------------------------------------------------------------------------


def test_the_texts_example_weapons(weapons):
    sword = weapons["Épée"]
    assert (sword["type"], sword["allonge"], sword["attribut"], sword["dommages"]) == (
        "melee",
        1,
        "force",
        0,
    )
    great = weapons["Épée à deux mains"]
    assert (great["type"], great["attribut"], great["dommages"]) == ("melee", "force", 2)
    crossbow = weapons["Arbalète"]
    assert (crossbow["type"], crossbow["attribut"], crossbow["dommages"]) == ("tir", "-", 5)
    assert crossbow["allonge"] >= 3  # TV-AD-01: it reaches zone 3 from zone 1
    axe = weapons["Hache de lancer"]
    assert axe["type"] == "lancer" and axe["allonge"] >= 2  # TV-AD-04: zone 1 to zone 2
    assert HORS_EXTRAIT in axe["regles"] and "G-6" in axe["regles"]


def test_catalog_weapons_cover_the_three_types_and_mark_invented_values(weapons):
    from_text = {"Épée", "Épée à deux mains", "Arbalète", "Hache de lancer"}
    assert len(weapons) >= 15
    assert {r["type"] for r in weapons.values()} == {"melee", "tir", "lancer"}
    assert {"Dague", "Hache", "Lance", "Arc court", "Shuriken", "Cailloux"} <= set(weapons)
    assert weapons["Lance"]["allonge"] == 2 and weapons["Marteau de guerre"]["penetration"] == 1
    for name, row in weapons.items():
        if name not in from_text:
            assert HORS_EXTRAIT in row["regles"], name
        if row["attribut"] == "-":
            assert row["dommages"] >= 1, name  # fixed dice: at least one die


def test_catalog_protections(ruleset):
    rows = ruleset.catalogs["protections"]
    by_type: dict[str, list[int]] = {}
    for row in rows:
        assert HORS_EXTRAIT in row["regles"] and HORS_EXTRAIT not in row["nom"], row
        assert row["bonus"] >= 1, row["nom"]
        by_type.setdefault(row["type"], []).append(row["bonus"])
    assert {"armure", "bouclier"} <= set(by_type)
    bonus = {row["nom"]: row["bonus"] for row in rows}
    leather, mail, plate = (
        bonus[n] for n in ("Armure de cuir", "Cotte de mailles", "Armure de plates")
    )
    assert (leather, mail, plate) == (1, 2, 3)
    assert (bonus["Petit bouclier"], bonus["Grand bouclier"]) == (1, 2)


# --- bestiary.json -----------------------------------------------------------------------------


def test_bestiary_has_the_texts_cast(ruleset):
    by_name = {t.name: t for t in ruleset.bestiary}
    tracker = by_name["Traqueur nain"].stats
    assert tracker["heros"] is True and tracker["heroisme"] >= 1
    assert tracker["tir"] >= 2 and 1 <= tracker["sante"] == tracker["sante_max"]
    names = [row["nom"] for row in tracker["armes"]]
    assert names[:2] == ["Arbalète", "Hache de lancer"]
    mage = by_name["Mage gobelin"].stats
    assert _endurance(mage) == 2 and _armour(mage) == 0  # the text: Endurance 2, "2(0)"
    assert mage["heros"] is False
    spider = by_name["Araignée géante"]
    assert HORS_EXTRAIT in spider.notes and "G-6" in spider.notes
    assert "parade_imposee" not in spider.stats  # Parade from Mêlée (AD-30)
    assert _parade(spider.stats) == math.ceil(spider.stats["melee"] / 2) >= 1


def test_bestiary_monsters_say_their_values_are_not_from_the_text(ruleset):
    others = [t for t in ruleset.bestiary if t.name not in ("Traqueur nain", "Mage gobelin")]
    assert len(others) >= 5  # the spider and 4–6 common dungeon monsters
    for template in others:
        assert HORS_EXTRAIT in template.notes and "G-6" in template.notes, template.name
        assert template.stats["heros"] is False and template.stats["armes"], template.name


def test_bestiary_weapons_and_protections_come_from_the_catalog(ruleset):
    catalog_rows = [*ruleset.catalogs["armes"], *ruleset.catalogs["protections"]]
    for template in ruleset.bestiary:
        for row in (*template.stats["armes"], *template.stats.get("protections", [])):
            assert row in catalog_rows, (template.name, row["nom"])


# --- demo.json ---------------------------------------------------------------------------------


def _by_id(enc: Encounter, cid: str) -> Combatant:
    return next(c for c in enc.combatants if c.id == cid)


def test_demo_zones_1_2_3_in_a_row(demo):
    assert [z.id for z in demo.map.zones] == ["1", "2", "3"]
    assert {frozenset((e.a, e.b)) for e in demo.map.edges} == {
        frozenset(("1", "2")),
        frozenset(("2", "3")),
    }
    assert len(demo.map.edges) == 2
    rects = [z.rect for z in demo.map.zones]
    for left, right in pairwise(rects):
        assert left.x + left.width < right.x  # laid out left to right, apart
    for zone in demo.map.zones:
        assert zone.name.startswith(f"Zone {zone.id}")
        assert zone.rect.width >= 160 and zone.rect.height >= 160  # room for the tokens
        assert len(zone.name) * 9 <= zone.rect.width  # the bold title fits on one line


def test_demo_cast_positions_and_sheets(data, demo):
    assert (demo.ruleset, demo.flags, demo.log, demo.turn.round) == (
        "attention_donjon",
        {},
        [],
        0,
    )
    assert {s.id: s.name for s in demo.sides} == {"heros": "Les héros", "monstres": "Les monstres"}
    assert {c.id: c.position.zone for c in demo.combatants} == {
        "traqueur": "1",
        "araignee": "2",
        "mage": "3",
    }
    for c in demo.combatants:
        assert set(c.stats) == {f.key for f in data.fields}, c.id  # full sheets
        assert c.contacts == [] and c.states == [] and c.stats["actif"] is True, c.id
    tracker = _by_id(demo, "traqueur")
    assert tracker.side == "heros" and tracker.stats["heros"] is True
    assert [row["type"] for row in tracker.stats["armes"]] == ["tir", "lancer", "melee"]
    assert tracker.stats["armes"][0]["nom"] == "Arbalète"
    mage = _by_id(demo, "mage")
    assert mage.side == "monstres" and mage.stats["protections"] == []
    assert _endurance(mage.stats) == 2 and mage.stats["endurance_imposee"] is None
    assert 2 <= mage.stats["sante"] == mage.stats["sante_max"]
    assert _by_id(demo, "araignee").side == "monstres"


def test_demo_supports_the_texts_shooting_example(demo):
    """TV-AD-01/02: the Tracker, alone in zone 1, shoots the mage (zone 3, Difficulty 2 + 1
    zone crossed = 3) or the spider (zone 2, Difficulty 2). Nobody is in contact (AD-06, AD-08)."""
    graph = ZoneGraph(demo.map)
    tracker = _by_id(demo, "traqueur")
    reach = tracker.stats["armes"][0]["allonge"]
    difficulty = {}
    for target in ("mage", "araignee"):
        zone = _by_id(demo, target).position.zone
        assert graph.distance("1", zone) <= reach - 1  # AD-01: legal
        difficulty[target] = 2 + len(graph.crossed("1", zone))  # AD-05, AD-07
    assert difficulty == {"mage": 3, "araignee": 2}


def test_the_trait_names_the_module_writes_are_the_data_fields_labels_in_both_languages():
    """The Trait names attention_donjon writes into terms and choices (sheet.TRAITS and
    words.TRAITS_EN) are ruleset.json's own labels: the two lists cannot drift apart."""
    from gui.engine.rulesets.attention_donjon.sheet import TRAITS
    from gui.engine.rulesets.attention_donjon.words import TRAITS_EN

    data = registry.get("attention_donjon").data
    assert {k: data.field(k).label.fr for k in TRAITS} == TRAITS
    assert {k: data.field(k).label.en for k in TRAITS} == TRAITS_EN
