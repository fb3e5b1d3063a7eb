"""Ruleset `reserve_menace`: its data files (ruleset, catalogs, bestiary, house roll, demo).

Checks the sheet schema against the spec (section 2: RM-01…RM-64, A-RM-1…A-RM-24; section 7:
CFG-RM-*), and that the bestiary and the demo encounter fit it.
"""

import json
from itertools import pairwise

import msgspec
import pytest

from gui.engine.files import storage
from gui.engine.rulesets import registry
from gui.engine.state.model import Encounter
from gui.engine.state.references import reference_problem
from gui.engine.state.schema import (
    RulesetData,
    Template,
    check_combatant,
    check_flags,
    check_resources,
    check_value,
)

DATA = registry.RULESET_DATA_DIR / "reserve_menace"
EXTRAS = ("mineur", "standard", "majeur")

# Spec section 7: every CFG-RM flag with its adopted default, plus the house roll (off).
FLAG_DEFAULTS = {
    "CFG-RM-1": 1,
    "CFG-RM-3": False,
    "CFG-RM-6": True,
    "CFG-RM-7": False,
    "CFG-RM-8": True,
    "CFG-RM-9": False,
    "CFG-RM-10": True,
    "CFG-RM-12": True,
    "CFG-RM-19": True,
    "CFG-RM-20": False,
    "RM-MAISON-1": False,
}


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


def _by_name(enc: Encounter, name: str):
    return next(c for c in enc.combatants if c.name == name)


# --- ruleset.json ------------------------------------------------------------------------------


def test_ruleset_identity_tiers_and_groups(data):
    assert data.id == "reserve_menace" == DATA.name
    assert (data.name.fr, data.name.en) == ("Réserve et Menace", "Reserve and Threat")
    assert [t.value for t in data.tiers] == ["personnage", "mineur", "standard", "majeur"]
    groups = [g.value for g in data.groups]
    assert groups == ["identite", "scores", "combat", "ressources", "equipement"]
    assert {f.group for f in data.fields} == set(groups)
    assert all(f.label.fr and f.label.en and f.rule for f in data.fields)


def test_every_rule_and_ambiguity_has_a_text_in_both_languages(data):
    texts = {r.id: r.text for r in data.rules}
    assert len(texts) == len(data.rules), "duplicate rule id"
    wanted = [f"RM-{n:02d}" for n in range(1, 65)] + [f"A-RM-{n}" for n in range(1, 25)]
    wanted += ["A-RM-15b", "A-RM-18b"]
    missing = [rid for rid in wanted if rid not in texts]
    assert missing == []
    assert all(texts[rid].fr.strip() and texts[rid].en.strip() for rid in wanted)
    # The two answers adopted beyond the spec say so.
    assert all("pas dans la spécification" in texts[r].fr for r in ("A-RM-15b", "A-RM-18b"))


@pytest.mark.parametrize(("flag", "default"), FLAG_DEFAULTS.items())
def test_section_7_flags_exist_with_the_adopted_default(data, flag, default):
    spec = next((f for f in data.flags if f.id == flag), None)
    assert spec is not None, flag
    assert type(spec.default) is type(default) and spec.default == default
    assert spec.see.startswith("A-RM-")
    assert check_flags(data, {flag: default}) is None


def test_no_flag_beyond_section_7(data):
    assert {f.id for f in data.flags} == set(FLAG_DEFAULTS)


@pytest.mark.parametrize(
    ("key", "kind", "tiers", "default", "span", "rule"),
    [
        ("vigilance", "int", ("personnage",), 3, (0, 12), "RM-01"),
        ("tenacite", "int", ("personnage",), 3, (0, 12), "RM-31"),
        ("agression", "int", ("personnage",), 2, (0, 12), "RM-24"),
        ("ruse", "int", ("personnage",), 2, (0, 12), "RM-24"),
        ("porteur_arme", "bool", ("personnage",), False, None, "RM-02"),
        ("aspect_adapte", "bool", ("personnage",), False, None, "RM-03"),
        ("aptitude", "choice", EXTRAS, "bonne", None, "RM-06"),
        ("valeur", "int", EXTRAS, 3, (0, 12), "A-RM-21"),
        ("meneur", "bool", EXTRAS, False, None, "RM-55"),
        ("moniteur_taille", "int", ("standard", "majeur"), 2, (1, 4), "A-RM-6"),
        ("equipe", "bool", (), True, None, "RM-04"),
        ("tres_defavorable", "bool", (), False, None, "RM-05"),
        ("defense", "int", (), 0, (0, 30), "RM-11"),
        ("reserve", "int", ("personnage",), 0, (0, 12), "RM-12"),
        ("equipement", "table", (), [], None, "RM-41"),
    ],
)
def test_field_specs(data, key, kind, tiers, default, span, rule):
    spec = data.field(key)
    assert (spec.kind, spec.tiers, spec.default, spec.rule) == (kind, tiers, default, rule)
    if span is not None:
        assert (spec.minimum, spec.maximum) == span
    assert check_value(spec, default) is None


def test_aptitude_choices_and_equipment_columns(data):
    aptitude = [c.value for c in data.field("aptitude").choices]
    assert aptitude == ["mediocre", "bonne", "tres_bonne", "extremement_bonne"]
    columns = {c.key: c for c in data.field("equipement").columns}
    assert list(columns) == ["nom", "categorie", "etat"]
    categories = [c.value for c in columns["categorie"].choices]
    assert categories == ["armure", "bouclier", "arme", "autre"]
    etats = [c.value for c in columns["etat"].choices]
    assert etats == ["intact", "endommage", "hors_service", "detruit"]
    assert data.field("equipement").catalog == "equipement"


def test_side_resources_track_and_states(data):
    spans = {r.key: (r.minimum, r.maximum, r.default) for r in data.resources}
    assert spans == {
        "reserve": (0, 12, 0),
        "menace": (0, 5, 3),
        "mineurs_depart": (0, 999, 0),
        "moities": (0, 99, 0),
    }
    (track,) = data.tracks
    assert (track.key, track.size, track.marks, track.rule) == ("moniteur", 4, ("X",), "RM-36")
    assert (track.tiers, track.size_field) == (("standard", "majeur"), "moniteur_taille")
    states = {s.key: s.rule for s in data.states}
    assert states == {
        "terrasse": "RM-32",
        "brise": "RM-34",
        "hors_combat": "RM-39",
        "desarme": "RM-60",
        "sans_defense": "RM-08",
        "interdit": "RM-30",
        "dirige": "RM-43",
        "interruption": "RM-48",
    }
    assert all(s.text.fr and s.text.en for s in data.states)


def test_a_sheet_of_the_wrong_tier_is_refused(data, demo):
    """The checks below can fail: a minor extra has no Vigilance, a Moniteur has ≤ 4 boxes."""
    minor = next(c for c in demo.combatants if c.tier == "mineur")
    wrong = minor.replace(stats={**minor.stats, "vigilance": 3})
    assert check_combatant(data, wrong, ("combatants", 0)) is not None
    leader = _by_name(demo, "Maître contrebandier")
    too_big = leader.replace(stats={**leader.stats, "moniteur_taille": 5})
    assert check_combatant(data, too_big, ("combatants", 0)) is not None


# --- catalogs, bestiary, house roll ------------------------------------------------------------


def test_catalog_rows_fit_the_equipment_table(data):
    rows = _json("catalogs.json")["equipement"]
    assert len(rows) >= 16
    assert check_value(data.field("equipement"), rows) is None
    names = {r["nom"] for r in rows}
    assert {"Pioche de mineur", "Bouclier rond", "Cotte de mailles", "Casque"} <= names
    assert {r["categorie"] for r in rows} == {"arme", "bouclier", "armure"}


def test_bestiary_stats_fit_their_tier(data):
    bestiary = msgspec.json.decode((DATA / "bestiary.json").read_bytes(), type=list[Template])
    assert {t.tier for t in bestiary} == {"personnage", "mineur", "standard", "majeur"}
    for template in bestiary:
        specs = data.field_map(template.tier)
        for key, value in template.stats.items():
            assert key in specs, f"{template.name}: {key} not a {template.tier} field"
            assert check_value(specs[key], value) is None, f"{template.name}: {key}"
    by_name = {t.name: t for t in bestiary}
    assert by_name["Légionnaire vorozion"].stats["porteur_arme"] is True
    chef = by_name["Chef contrebandier"].stats
    assert (chef["meneur"], chef["aptitude"], chef["moniteur_taille"]) == (True, "tres_bonne", 2)
    assert by_name["Capitaine mercenaire"].stats["moniteur_taille"] == 3
    assert by_name["Ours des cavernes"].stats["moniteur_taille"] == 4


def test_house_roll_is_labelled_as_not_the_games_rule_and_off_by_default(data):
    roll = _json("house_roll.json")
    assert set(roll) == {"label", "sides", "face_values"}
    assert "pas dans le texte" in roll["label"]["fr"] and "not in the text" in roll["label"]["en"]
    assert roll["sides"] == 6 and roll["face_values"] == [0, 0, 0, 0, 1, 1]
    house = next(f for f in data.flags if f.id == "RM-MAISON-1")
    assert house.default is False and "pas dans le texte" in house.label.fr


# --- demo.json ---------------------------------------------------------------------------------


def test_demo_sheets_fit_the_schema(data, demo):
    assert (demo.id, demo.ruleset) == ("galeries", "reserve_menace")
    assert reference_problem(demo) is None
    assert check_flags(data, demo.flags) is None
    for i, side in enumerate(demo.sides):
        assert check_resources(data, side.resources, ("sides", i, "resources")) is None
    for i, c in enumerate(demo.combatants):
        assert check_combatant(data, c, ("combatants", i)) is None, c.id
        # Full sheets: every field of the tier is filled in.
        assert set(c.stats) == set(data.field_map(c.tier)), c.id
        assert c.stats["defense"] == 0, c.id


def test_demo_roster(demo):
    assert len(demo.combatants) == 10
    tiers = [(c.tier, c.side) for c in demo.combatants]
    assert tiers.count(("personnage", "compagnie")) == 3
    assert tiers.count(("mineur", "contrebandiers")) == 6
    assert tiers.count(("standard", "contrebandiers")) == 1
    leader = _by_name(demo, "Maître contrebandier")
    assert leader.stats["meneur"] is True and leader.stats["aptitude"] == "tres_bonne"
    assert leader.stats["valeur"] == 5 and leader.stats["moniteur_taille"] == 2
    assert leader.tracks["moniteur"].marks == ["", ""]
    for n in range(1, 7):
        minor = _by_name(demo, f"Contrebandier {n}")
        sheet = (minor.tier, minor.stats["aptitude"], minor.stats["valeur"], minor.stats["equipe"])
        assert sheet == ("mineur", "bonne", 3, True)
    smugglers = next(s for s in demo.sides if s.id == "contrebandiers")
    assert smugglers.resources == {"reserve": 2, "menace": 3, "mineurs_depart": 0, "moities": 0}
    assert demo.dice.seed == 20261121 and demo.log == [] and demo.turn.round == 0


def test_demo_rm03_legionary_aspect_unsuited_miner_aspect_suited(demo):
    pcs = [c for c in demo.combatants if c.tier == "personnage"]
    legionary = next(c for c in pcs if "Légionnaire vorozion" in c.stats["aspects"])
    miner = next(c for c in pcs if "Mineur" in c.stats["aspects"])
    assert legionary.stats["aspect_adapte"] is False and legionary.stats["porteur_arme"] is True
    assert "RM-03" in legionary.notes
    assert miner.stats["aspect_adapte"] is True and "RM-03" in miner.notes
    for pc in pcs:
        assert 4 <= pc.stats["vigilance"] <= 6 and 3 <= pc.stats["tenacite"] <= 5
        assert all(1 <= pc.stats[d] <= 5 for d in ("agression", "influence", "prouesse", "ruse"))
        assert 0 <= pc.stats["reserve"] <= 2
        if pc.stats["equipe"]:
            combat = [r for r in pc.stats["equipement"] if r["categorie"] != "autre"]
            assert len(combat) >= 2, pc.name  # RM-04: usually two pieces of combat equipment


def test_demo_map_runs_left_to_right_without_overlap(demo):
    zones = demo.map.zones
    assert 4 <= len(zones) <= 5
    for left, right in pairwise(zones):
        assert left.rect.x + left.rect.width < right.rect.x
    names = {z.id for z in zones}
    assert all(e.a in names and e.b in names for e in demo.map.edges)
    assert any(e.length_m for e in demo.map.edges)
    entrance = zones[0].id
    assert {c.position.zone for c in demo.combatants if c.side == "compagnie"} == {entrance}
    foes = {c.position.zone for c in demo.combatants if c.side == "contrebandiers"}
    assert entrance not in foes and 2 <= len(foes) <= 3
