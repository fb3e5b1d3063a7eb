"""Ruleset `conteur`: its data files (rule texts, catalogs, bestiary, demo).

Checks the rule texts against the spec (section 5: CON-01…CON-45, A-CON-1…A-CON-18; section 7:
CFG-CON-*), the default health track (A-CON-2), and that the weapons catalog, the bestiary and
the demo encounter fit the sheet schema.
"""

import json

import msgspec
import pytest

from gui.engine.files import storage
from gui.engine.rulesets import registry
from gui.engine.space.zones import ZoneGraph
from gui.engine.state.model import Combatant, Encounter
from gui.engine.state.references import reference_problem
from gui.engine.state.schema import (
    RulesetData,
    Template,
    check_combatant,
    check_flags,
    check_value,
)

DATA = registry.RULESET_DATA_DIR / "conteur"

RULE_IDS = [f"CON-{n:02d}" for n in range(1, 46)] + [f"A-CON-{n}" for n in range(1, 19)]

# Spec section 7: every CFG-CON flag with its adopted default.
FLAG_DEFAULTS = {
    "CFG-CON-1": True,
    "CFG-CON-2": "aucune",
    "CFG-CON-3": "aucun_succes",
    "CFG-CON-4": "v20",
    "CFG-CON-6": "melee",
    "CFG-CON-7": "fixe",
    "CFG-CON-8a": "contre_lui",
    "CFG-CON-8b": "succes",
    "CFG-CON-9": "apres_abri",
    "CFG-CON-10": "symboles",
}

WEAPON_COLUMNS = [
    "nom",
    "usage",
    "allonge",
    "force",
    "degats",
    "type",
    "source",
    "portee",
    "cadence",
    "automatique",
    "mod_des",
    "mod_diff",
    "mod_init",
]


def _json(name: str):
    return json.loads((DATA / name).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def data() -> RulesetData:
    return msgspec.json.decode((DATA / "ruleset.json").read_bytes(), type=RulesetData)


@pytest.fixture(scope="module")
def demo() -> Encounter:
    doc = _json("demo.json")
    assert doc["format"] == storage.FORMAT and doc["schema_version"] == storage.SCHEMA_VERSION
    return msgspec.json.decode(json.dumps(doc["encounter"]), type=Encounter)


def _by_id(enc: Encounter, cid: str) -> Combatant:
    return next(c for c in enc.combatants if c.id == cid)


def _weapon_names(c: Combatant) -> list[str]:
    return [row["nom"] for row in c.stats["armes"]]


# --- ruleset.json: rules and flags -------------------------------------------------------------


def test_every_rule_and_ambiguity_has_a_text_in_both_languages(data):
    texts = {r.id: r.text for r in data.rules}
    assert len(texts) == len(data.rules), "duplicate rule id"
    assert [rid for rid in RULE_IDS if rid not in texts] == []
    assert set(texts) == set(RULE_IDS)
    for rid in RULE_IDS:
        fr, en = texts[rid].fr.strip(), texts[rid].en.strip()
        assert fr and en and fr != en, rid
        assert len(fr) <= 500 and len(en) <= 500, rid  # tooltip-sized


def test_ambiguities_name_the_flag_they_adopt(data):
    texts = {r.id: r.text for r in data.rules}
    for flag in data.flags:
        assert flag.id in texts[flag.see].fr and flag.id in texts[flag.see].en, flag.id


@pytest.mark.parametrize(("flag", "default"), FLAG_DEFAULTS.items())
def test_section_7_flags_exist_with_the_adopted_default(data, flag, default):
    spec = next((f for f in data.flags if f.id == flag), None)
    assert spec is not None, flag
    assert type(spec.default) is type(default) and spec.default == default
    assert spec.see.startswith("A-CON-")
    assert check_flags(data, {flag: default}) is None


def test_no_flag_beyond_section_7(data):
    assert {f.id for f in data.flags} == set(FLAG_DEFAULTS)


def test_default_health_track_is_the_a_con_2_vampire_track(data):
    levels = data.field("niveaux_sante").default
    assert len(levels) == 7
    penalties = [row["malus"] for row in levels[:6]]
    assert penalties == [0, -1, -1, -2, -2, -5]
    assert [row["incapable"] for row in levels] == [False] * 6 + [True]
    assert levels[0]["niveau"] == "Contusionné"
    (track,) = data.tracks
    assert track.key == "sante" and track.size_field == "niveaux_sante"
    assert check_value(data.field("niveaux_sante"), levels) is None


# --- catalogs.json, bestiary.json --------------------------------------------------------------


def test_catalog_rows_fit_the_weapons_table(data):
    rows = _json("catalogs.json")["armes"]
    spec = data.field("armes")
    assert spec.catalog == "armes"
    assert [c.key for c in spec.columns] == WEAPON_COLUMNS
    for row in rows:
        assert list(row) == WEAPON_COLUMNS, row["nom"]
        assert check_value(spec, [row]) is None, row["nom"]
    by_name = {r["nom"]: r for r in rows}
    assert len(by_name) == len(rows)
    assert {r["usage"] for r in rows} == {"bagarre", "melee", "tir", "jet"}
    # Reach table (CON-12): unarmed 0, knife 1, simple 2, two-handed 3, polearms 4 and 5.
    reach = {n: by_name[n]["allonge"] for n in ("Mains nues", "Couteau", "Épée")}
    assert reach == {"Mains nues": 0, "Couteau": 1, "Épée": 2}
    assert by_name["Épée à deux mains"]["allonge"] == 3
    assert {r["allonge"] for r in rows if r["usage"] == "melee"} >= {1, 2, 3, 4, 5}
    claws = by_name["Griffes"]
    assert (claws["type"], claws["source"], claws["force"]) == ("A", "griffes", True)
    torch = by_name["Torche"]
    assert (torch["type"], torch["source"], torch["force"]) == ("A", "feu", False)
    light = by_name["Pistolet léger"]
    assert (light["usage"], light["force"], light["degats"], light["portee"]) == (
        "tir",
        False,
        4,
        20,
    )
    assert by_name["Couteau de lancer"]["usage"] == "jet"
    assert by_name["Couteau de lancer"]["portee"] == 6
    autos = {r["nom"] for r in rows if r["automatique"]}
    assert autos == {"Pistolet-mitrailleur", "Fusil d'assaut"}
    assert all(r["portee"] > 0 for r in rows if r["usage"] in ("tir", "jet"))


def test_bestiary_entries_pass_the_sheet_check(data):
    bestiary = msgspec.json.decode((DATA / "bestiary.json").read_bytes(), type=list[Template])
    assert len(bestiary) >= 7
    assert all(t.tier is None for t in bestiary)
    for i, template in enumerate(bestiary):
        sheet = Combatant(id=f"t{i}", name=template.name, side="s", stats=dict(template.stats))
        assert check_combatant(data, sheet, ("bestiary", i)) is None, template.name
        assert "niveaux_sante" not in template.stats, template.name
        assert template.stats["armes"], template.name
        assert template.notes.strip(), template.name
    natures = {t.stats["nature"] for t in bestiary}
    assert natures == {"mortel", "vampire", "loup_garou", "surnaturel"}
    by_name = {t.name: t for t in bestiary}
    garou = by_name["Loup-garou (Crinos)"].stats
    assert garou["rage"] == 5 and garou["vigueur"] >= 5
    assert "Griffes" in [row["nom"] for row in garou["armes"]]
    assert by_name["Policier"].stats["armure"] == 2


# --- demo.json ---------------------------------------------------------------------------------


def test_demo_sheets_are_complete(data, demo):
    assert (demo.id, demo.ruleset, demo.flags) == ("ruelle", "conteur", {})
    assert reference_problem(demo) is None
    levels = data.field("niveaux_sante").default
    for i, c in enumerate(demo.combatants):
        assert check_combatant(data, c, ("combatants", i)) is None, c.id
        assert set(c.stats) == {f.key for f in data.fields}, c.id
        assert c.stats["niveaux_sante"] == levels, c.id
        assert c.tracks["sante"].marks == [""] * 7, c.id
        assert c.tier is None and c.stats["armes"], c.id
    assert demo.dice.seed == 1977 and demo.log == [] and demo.turn.round == 0
    assert "3" in demo.notes and "2" in demo.notes and "CON-31" in demo.notes


def test_demo_roster(demo):
    assert len(demo.combatants) == 6
    sides = {s.id for s in demo.sides}
    assert sides == {"coterie", "bande"}
    vampires = [c for c in demo.combatants if c.stats["nature"] == "vampire"]
    assert {c.side for c in vampires} == {"coterie"} and len(vampires) == 2
    ghouls = [c for c in demo.combatants if c.stats["nature"] == "surnaturel"]
    assert len(ghouls) == 1
    (ghoul,) = ghouls
    assert ghoul.side == "bande" and "Pistolet léger" in _weapon_names(ghoul)
    mortals = [c for c in demo.combatants if c.stats["nature"] == "mortel"]
    assert len(mortals) == 3 and {c.side for c in mortals} == {"bande"}
    assert all(c.stats["armes"][0]["nom"] != "Mains nues" for c in mortals)
    assert "Couteau" in _weapon_names(_by_id(demo, "anatole"))
    assert "Pistolet lourd" in _weapon_names(_by_id(demo, "mireille"))
    assert "Fusil de chasse" in _weapon_names(_by_id(demo, "tireur"))


def test_demo_map_distances_and_cover(demo):
    zones = {z.id: z for z in demo.map.zones}
    names = " ".join(z.name.lower() for z in zones.values())
    assert "voiture" in names and "porte" in names
    assert all(e.length_m and 4 <= e.length_m <= 12 for e in demo.map.edges)
    car = next(zid for zid, z in zones.items() if "voiture" in z.name.lower())
    door = next(zid for zid, z in zones.items() if "porte" in z.name.lower())
    assert _by_id(demo, "gaspard").position.zone == car
    assert any(c.position.zone == door for c in demo.combatants if c.stats["nature"] == "mortel")
    entrance = {c.position.zone for c in demo.combatants if c.side == "coterie"}
    assert len(entrance) == 1
    (start,) = entrance
    graph = ZoneGraph(demo.map)
    foes = {c.position.zone for c in demo.combatants if c.side == "bande"}
    metres = {z: graph.metres(start, z) for z in foes}
    assert all(m is not None for m in metres.values())
    assert any(m < 10 for m in metres.values())  # CON-18 point-blank difficulty 4
    assert any(10 <= m <= 20 for m in metres.values())  # difficulty 6 within range
    # Zones lie apart on a ~900 × 600 canvas.
    rects = [z.rect for z in zones.values()]
    for i, a in enumerate(rects):
        assert a.x >= 0 and a.y >= 0 and a.x + a.width <= 900 and a.y + a.height <= 600
        for b in rects[i + 1 :]:
            apart = (
                a.x + a.width <= b.x
                or b.x + b.width <= a.x
                or a.y + a.height <= b.y
                or b.y + b.height <= a.y
            )
            assert apart
