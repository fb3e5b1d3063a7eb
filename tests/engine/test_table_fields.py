"""Table fields (FieldSpec kind "table"): libre's weapons and armour, their catalogs, and the
bestiary whose sheets must pass the ruleset's own schema."""

import json

import msgspec
import pytest

from gui.engine.edits import roster as roster_edits
from gui.engine.files import storage
from gui.engine.play.table import InputError, Table
from gui.engine.rulesets import registry
from gui.engine.state.changes import apply
from gui.engine.state.schema import check_combatant, check_value
from tests.engine.builders import fighter, libre_encounter

LIBRE = registry.get("libre")
CATALOGS_FILE = LIBRE.folder / "catalogs.json"
BESTIARY_FILE = LIBRE.folder / "bestiary.json"


def armes():
    return LIBRE.data.field("armes")


def armures():
    return LIBRE.data.field("armures")


def table_fields():
    return [f for f in LIBRE.data.fields if f.kind == "table"]


def catalog_rows(name):
    """Rows straight from ruleset_data/libre/catalogs.json (not through the loader)."""
    return json.loads(CATALOGS_FILE.read_text(encoding="utf-8"))[name]


# Loading ------------------------------------------------------------------------------------


def test_libre_declares_two_table_fields_with_columns_and_catalogs():
    assert [f.key for f in table_fields()] == ["armes", "armures"]
    assert [c.key for c in armes().columns] == ["nom", "attaque", "degats", "portee"]
    assert [c.key for c in armures().columns] == ["nom", "defense"]
    assert (armes().catalog, armures().catalog) == ("armes", "armures")
    assert armes().default == [] and armures().default == []


def test_catalogs_load_non_empty_and_match_the_file():
    catalogs = LIBRE.catalogs
    assert set(catalogs) == {"armes", "armures"}
    for name in catalogs:
        assert catalogs[name], name
        assert catalogs[name] == catalog_rows(name)


def test_every_table_field_catalog_exists():
    for spec in table_fields():
        assert spec.catalog in LIBRE.catalogs


def test_bestiary_loads_non_empty_with_unique_names():
    names = [t.name for t in LIBRE.bestiary]
    assert len(names) == len(json.loads(BESTIARY_FILE.read_text(encoding="utf-8"))) >= 1
    assert len(names) == len(set(names))
    assert "Gobelin" in names


# check_value on the weapons table -----------------------------------------------------------


@pytest.mark.parametrize("row", catalog_rows("armes"), ids=lambda r: r["nom"])
def test_every_weapon_of_the_catalog_is_accepted(row):
    assert check_value(armes(), [row]) is None


@pytest.mark.parametrize("row", catalog_rows("armures"), ids=lambda r: r["nom"])
def test_every_armour_of_the_catalog_is_accepted(row):
    assert check_value(armures(), [row]) is None


def test_the_whole_catalogs_are_accepted_as_one_table_each():
    assert check_value(armes(), catalog_rows("armes")) is None
    assert check_value(armures(), catalog_rows("armures")) is None


@pytest.mark.parametrize(
    "value",
    [[], [{}], [{"nom": "Gourdin"}], [{"nom": "Gourdin", "degats": ""}]],
)
def test_empty_table_and_partial_rows_are_accepted(value):
    assert check_value(armes(), value) is None


def test_unknown_column_is_refused_with_its_row():
    rows = [catalog_rows("armes")[0], {"nom": "Fléau", "poids": 3}]
    fr, en = check_value(armes(), rows)
    assert "ligne 2" in fr and "poids" in fr
    assert "row 2" in en and "poids" in en


def test_armour_column_in_the_weapons_table_is_refused():
    fr, en = check_value(armes(), [{"nom": "Bouclier", "defense": 1}])
    assert "ligne 1" in fr and "defense" in fr and "row 1" in en


@pytest.mark.parametrize(
    ("cell", "fr", "en"),
    [
        ({"attaque": "x"}, "ligne 2, Attaque : nombre entier attendu", "row 2, Attack"),
        ({"attaque": True}, "ligne 2, Attaque : nombre entier attendu", "row 2, Attack"),
        ({"attaque": 1.5}, "ligne 2, Attaque : nombre entier attendu", "row 2, Attack"),
        ({"attaque": 51}, "ligne 2, Attaque : hors de -20–50", "row 2, Attack: outside"),
        ({"attaque": None}, "ligne 2, Attaque : valeur requise", "row 2, Attack"),
        ({"degats": "2d"}, "ligne 2, Dégâts", "row 2, Damage"),
        ({"degats": 6}, "ligne 2, Dégâts : texte attendu", "row 2, Damage"),
        ({"nom": "n" * 61}, "ligne 2, Nom : 60 caractères au plus", "row 2, Name"),
        ({"portee": 12}, "ligne 2, Portée : texte attendu", "row 2, Range"),
    ],
)
def test_wrong_cells_are_refused_with_row_number_and_column(cell, fr, en):
    rows = [catalog_rows("armes")[0], {**catalog_rows("armes")[1], **cell}]
    why = check_value(armes(), rows)
    assert why is not None
    assert why[0].startswith(fr)
    assert why[1].startswith(en)


def test_the_first_wrong_row_is_the_one_reported():
    rows = [{"nom": "A"}, {"nom": "B", "attaque": "x"}, {"nom": "C", "degats": "2d"}]
    fr, en = check_value(armes(), rows)
    assert fr.startswith("ligne 2") and en.startswith("row 2")


@pytest.mark.parametrize(
    "value",
    ["Dague", {"nom": "Dague"}, 3, True, ["Dague"], [{"nom": "Dague"}, "Arc"], [[]]],
    ids=["text", "dict", "int", "bool", "list-of-text", "mixed-list", "list-of-list"],
)
def test_non_table_values_are_refused(value):
    assert check_value(armes(), value) == ("tableau attendu", "table expected")


def test_none_is_refused_for_a_required_table():
    assert check_value(armes(), None) == ("valeur requise", "a value is required")


@pytest.mark.parametrize(("defense", "ok"), [(-10, True), (20, True), (21, False), (-11, False)])
def test_armour_defence_range(defense, ok):
    why = check_value(armures(), [{"nom": "X", "defense": defense}])
    assert (why is None) is ok
    if not ok:
        assert why[0].startswith("ligne 1, Défense : hors de -10–20")


# Through the sheet --------------------------------------------------------------------------


def test_edit_weapons_on_a_sheet_applies_and_reverts():
    t = Table(libre_encounter(fighter("x", "a")))
    before = msgspec.to_builtins(t.enc)
    rows = catalog_rows("armes")[:3]
    cs = t.edit_stat("x", "armes", rows)
    t.apply(cs)
    assert t.enc.combatant("x").stats["armes"] == rows
    t.revert(cs)
    assert msgspec.to_builtins(t.enc) == before


def test_edit_weapons_with_a_bad_row_is_an_input_error_with_path_and_row():
    t = Table(libre_encounter(fighter("x", "a"), fighter("y", "b")))
    before = msgspec.to_builtins(t.enc)
    with pytest.raises(InputError) as err:
        t.edit_stat("y", "armes", [{"nom": "Dague"}, {"nom": "Arc", "attaque": "x"}])
    assert err.value.problem.path == "$.combatants[1].stats.armes"
    assert "ligne 2" in err.value.fr and "row 2" in err.value.en
    assert msgspec.to_builtins(t.enc) == before


# Bestiary -----------------------------------------------------------------------------------


def made(template, side="b"):
    """A bestiary entry made into a Combatant: a blank sheet updated with the entry's stats."""
    enc = libre_encounter()
    blank = roster_edits.blank(LIBRE, enc, template.name, side, template.tier)
    return blank.replace(stats={**blank.stats, **template.stats}, notes=template.notes)


@pytest.mark.parametrize("template", LIBRE.bestiary, ids=lambda t: t.name)
def test_every_bestiary_entry_passes_the_libre_schema(template):
    c = made(template)
    assert check_combatant(LIBRE.data, c, ("combatants", 0)) is None
    assert set(c.stats) == {f.key for f in LIBRE.data.fields}


@pytest.mark.parametrize("template", LIBRE.bestiary, ids=lambda t: t.name)
def test_every_bestiary_entry_only_uses_known_fields(template):
    assert set(template.stats) <= {f.key for f in LIBRE.data.fields}
    assert template.tier is None  # libre has no tiers


def test_the_whole_bestiary_can_join_the_demo():
    enc = storage.load(LIBRE.demo_path)
    count = len(enc.combatants)
    for template in LIBRE.bestiary:
        _, cs = roster_edits.add_combatants(LIBRE, enc, made(template, "brigands"), 2, "bosquet")
        apply(enc, cs)
    assert len(enc.combatants) == count + 2 * len(LIBRE.bestiary)
    assert registry.check_encounter(enc) is None
    assert len({c.id for c in enc.combatants}) == len(enc.combatants)


def test_blank_sheet_has_every_field_at_its_default_and_passes():
    enc = libre_encounter()
    c = roster_edits.blank(LIBRE, enc, "Nouveau", "a", None)
    assert c.stats == {f.key: f.default for f in LIBRE.data.fields}
    assert c.tracks == {} and c.tier is None
    assert check_combatant(LIBRE.data, c, ("combatants", 0)) is None
