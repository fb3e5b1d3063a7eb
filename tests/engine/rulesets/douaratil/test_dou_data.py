"""Ruleset `douaratil`: its data files (sheet fields, states, flags, rule texts, catalog,
bestiary), read the way the engine reads them.

Checks the field keys the engine reads by name, the rule texts against the spec (section 4:
DOU-01…DOU-73, A-DOU-1…A-DOU-32; section 7: CFG-DOU-*), the weapons the text names
(underwater exceptions, DOU-70/71) and the SRD conversions (d6 dice, metres), and that every
bestiary creature is a valid sheet, from Tiny to Gargantuan. The files are loaded through the
generic Ruleset loader (base.py), so these tests do not need the ruleset to be registered.
"""

import json
import re
from pathlib import Path

import msgspec
import pytest

from gui.engine.contract.base import Ruleset
from gui.engine.state.model import Combatant
from gui.engine.state.schema import (
    FieldSpec,
    RulesetData,
    check_combatant,
    check_flags,
    check_value,
    default_stats,
)

ROOT = Path(__file__).resolve().parents[4]
FOLDER = ROOT / "ruleset_data" / "douaratil"
SPEC = ROOT.parent / "shared" / "spec" / "rulesets.md"
HORS_EXTRAIT = "hors extrait"
SIZES = ["tiny", "small", "medium", "large", "huge", "gargantuan"]
DAMAGE_TYPES = [
    "acide",
    "contondant",
    "feu",
    "force",
    "foudre",
    "froid",
    "necrotique",
    "perforant",
    "poison",
    "psychique",
    "radiant",
    "tonnerre",
    "tranchant",
]
ABILITIES = ["force", "dexterite", "constitution", "intelligence", "sagesse", "charisme"]

FIELDS = {
    **dict.fromkeys(ABILITIES, "int"),
    "groupe": "text",  # DOU-03: one initiative roll for a group of identical creatures
    "maitrise": "int",
    "attaques": "int",  # DOU-21: Extra Attack, a creature's multiattack
    **{f"js_{a}": "bool" for a in ABILITIES},
    **dict.fromkeys(["athletisme", "acrobaties", "discretion", "perception"], "bool"),
    "investigation": "bool",
    "vd": "int",
    "armure": "int",
    "bouclier": "int",
    "bouclier_magie": "int",
    "important": "bool",
    "pa": "int",
    "pa_max": "int",
    "blessures": "list",
    "vitesse": "float",
    "vitesse_nage": "float",
    "vitesse_vol": "float",
    "vitesse_escalade": "float",
    "vol_stationnaire": "bool",
    "taille": "choice",
    "resistances": "table",
    "armes": "table",
    # issue 37: a creature's own area attack (a breath), DOU-59
    "aire_forme": "choice",
    "aire_taille_m": "float",
    "aire_degats": "dice",
    "aire_jet": "choice",
    "aire_dd": "int",
    "vision_noir_m": "float",  # darkvision (issue 38: what it sees in the dark, DOU-39)
    **{f"bonus_{a}": "int" for a in ABILITIES},  # CFG-DOU-5 « table »: the GM's modifiers
}
GROUPS = {
    "bonus_table": [f"bonus_{a}" for a in ABILITIES],
    "caracteristiques": [*ABILITIES, "groupe"],
    "maitrise": [
        "maitrise",
        "attaques",
        *(f"js_{a}" for a in ABILITIES),
        "athletisme",
        "acrobaties",
        "discretion",
        "perception",
        "investigation",
    ],
    "defense": ["vd", "armure", "bouclier", "bouclier_magie", "important"],
    "vie": ["pa", "pa_max", "blessures"],
    "deplacement": [
        "vitesse",
        "vitesse_nage",
        "vitesse_vol",
        "vitesse_escalade",
        "vol_stationnaire",
        "vision_noir_m",
        "taille",
    ],
    "resistances": ["resistances"],
    "equipement": ["armes"],
    "aire": ["aire_forme", "aire_taille_m", "aire_degats", "aire_jet", "aire_dd"],
}
WEAPON_COLUMNS = {
    "nom": "text",
    "portee_type": "choice",
    "prise": "choice",
    "legere": "bool",
    "finesse": "bool",
    "lancer": "bool",
    "maitrise": "bool",
    "des": "int",
    "bonus_degats": "int",
    "type": "choice",
    "portee": "float",
    "portee_longue": "float",
    "allonge": "float",
    "magie": "int",
}
STATES = {
    "surpris": "DOU-02",
    "a_terre": None,
    "empoigne": "DOU-53",
    "cache": None,
    "invisible": None,
    "aveugle": None,
    "esquive": "DOU-23",
    "desengage": "DOU-26",
    "precipite": "DOU-27",
    "pret": "DOU-28",
    "concentration": None,
    "inconscient": None,
    "stabilise": None,
    "neutralise": None,
    "se_faufile": "DOU-17",
    "monte": None,
    "immerge": None,
    "nage": "DOU-09",
    "escalade": "DOU-09",
    "en_vol": "DOU-15",
    "abri_partiel": "DOU-57",
    "abri_important": "DOU-57",
    "abri_total": "DOU-57",
    "aide": None,
}
FLAGS = {
    "CFG-DOU-1": ("4d6", {"4d6", "3d6x2", "1d6"}),
    "CFG-DOU-1b": ("gardes", {"gardes", "tous"}),
    "CFG-DOU-2": (0, set()),
    "CFG-DOU-3": ("objet", {"objet", "arme_principale"}),
    "CFG-DOU-5": ("5e", {"5e", "table"}),
    "CFG-DOU-6": ("cacheur", {"cacheur", "observateur"}),
    "CFG-DOU-11": ("degats", {"degats", "attaque_et_degats"}),
    "CFG-DOU-12": ("round", {"round", "rencontre"}),
    "CFG-DOU-13": (True, set()),
    "CFG-DOU-14": (False, set()),
    "CFG-DOU-17": ("plus_un", {"plus_un", "toute_taille"}),
    "DOU-52": (True, set()),
    "A-DOU-27": (True, set()),
    "A-DOU-15": (True, set()),
    "DIAG-DOU": ("chebyshev", {"chebyshev", "alternate"}),
    "MODES-DOU": ("double", {"double", "normal"}),
}


class _DataOnly(Ruleset):
    """The generic loader of base.py with no rules: reads ruleset.json, catalogs.json and
    bestiary.json exactly as a registered ruleset does."""

    def turn_mode(self, enc):
        raise NotImplementedError

    def actions(self, enc, actor, target):
        raise NotImplementedError

    def preview(self, enc, action):
        raise NotImplementedError

    def resolve(self, enc, action, dice):
        raise NotImplementedError


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return _DataOnly(FOLDER)


@pytest.fixture(scope="module")
def data(ruleset) -> RulesetData:
    return ruleset.data


@pytest.fixture(scope="module")
def texts(data) -> dict[str, tuple[str, str]]:
    return {r.id: (r.text.fr, r.text.en) for r in data.rules}


@pytest.fixture(scope="module")
def weapons(ruleset) -> dict[str, dict]:
    return {row["nom"]: row for row in ruleset.catalogs["armes"]}


def _json(name: str):
    return json.loads((FOLDER / name).read_text(encoding="utf-8"))


def _spec_section_4() -> str:
    if not SPEC.is_file():
        pytest.skip(f"spec not found: {SPEC}")
    text = SPEC.read_text(encoding="utf-8")
    start = text.index("## 4. `douaratil`")
    return text[start : text.index("\n## 5. ", start)]


def _sheet(name: str, stats: dict, n: int = 0) -> Combatant:
    return Combatant(id=f"t{n}", name=name, side="s", stats=stats)


# --- ruleset.json: the sheet -------------------------------------------------------------------


def test_ruleset_json_validates_as_the_schema(data):
    assert data.id == "douaratil"
    assert data.name.fr == "Douaratil"
    assert data == msgspec.json.decode((FOLDER / "ruleset.json").read_bytes(), type=RulesetData)
    assert not data.tiers and not data.tracks  # no tiers, no tracks


def test_exactly_the_field_keys_the_engine_reads_with_their_kinds(data):
    kinds = {f.key: f.kind for f in data.fields}
    assert len(kinds) == len(data.fields), "duplicate field key"
    assert kinds == FIELDS


def test_fields_sit_in_their_groups_which_are_titled_in_both_languages(data):
    titles = {g.value: g.label for g in data.groups}
    assert set(titles) == set(GROUPS)
    assert all(label.fr and label.en for label in titles.values())
    for group, keys in GROUPS.items():
        assert [f.key for f in data.fields if f.group == group] == keys, group


def test_every_field_and_column_is_bilingual_with_a_rule(data):
    specs: list[FieldSpec] = [*data.fields]
    specs += [col for f in data.fields for col in f.columns]
    for spec in specs:
        assert spec.label.fr and spec.label.en, spec.key
        assert spec.rule, spec.key
        if spec.help:
            assert spec.help.fr and spec.help.en and spec.help.fr != spec.help.en, spec.key
        for choice in spec.choices:
            assert choice.label.fr and choice.label.en, (spec.key, choice.value)


def test_every_default_fits_its_own_field(data):
    stats = default_stats(data, None)
    assert check_combatant(data, _sheet("Défaut", stats), ("defaut",)) is None
    for f in data.fields:
        for col in f.columns:
            assert check_value(col, col.default) is None, (f.key, col.key)


def test_abilities_proficiency_and_defence(data):
    for key in ABILITIES:
        f = data.field(key)
        assert (f.minimum, f.maximum, f.default) == (1, 30, 10), key
    assert (data.field("dexterite").rule, data.field("constitution").rule) == ("DOU-45", "DOU-60")
    assert "SC" in data.field("constitution").help.fr
    maitrise = data.field("maitrise")
    assert (maitrise.minimum, maitrise.maximum, maitrise.default, maitrise.rule) == (
        0,
        10,
        2,
        "DOU-32",
    )
    assert all(data.field(f"js_{a}").default is False for a in ABILITIES)
    vd = data.field("vd")
    assert vd.optional and vd.default is None and (vd.minimum, vd.maximum) == (0, 40)
    assert vd.label.fr == "VD (valeur de défense)" and vd.rule == "DOU-33"
    assert check_value(vd, None) is None  # empty: computed by DOU-33
    bounds = {k: (data.field(k).minimum, data.field(k).maximum) for k in ("armure", "bouclier")}
    assert bounds == {"armure": (0, 20), "bouclier": (0, 10)}
    assert (data.field("bouclier_magie").maximum, data.field("bouclier_magie").rule) == (
        5,
        "A-DOU-3",
    )
    assert data.field("important").default is False and data.field("important").rule == "DOU-52"


def test_action_points_are_bounded_by_their_maximum(data):
    pa, pa_max = data.field("pa"), data.field("pa_max")
    assert pa.label.fr == "Points d'action (PV)" and pa.rule == "A-DOU-8"
    assert (pa.minimum, pa.maximum, pa.at_most) == (-999, 9999, "pa_max")
    assert (pa_max.minimum, pa_max.maximum) == (1, 9999)
    stats = {**default_stats(data, None), "pa": 12, "pa_max": 11}
    assert check_combatant(data, _sheet("Trop", stats), ("x",)) is not None
    assert HORS_EXTRAIT in data.field("blessures").help.fr


def test_speeds_and_sizes(data):
    vitesse = data.field("vitesse")
    assert (vitesse.minimum, vitesse.maximum, vitesse.default) == (0, 60, 9)
    for key in ("vitesse_nage", "vitesse_vol", "vitesse_escalade"):
        assert data.field(key).default == 0, key
    taille = data.field("taille")
    assert [c.value for c in taille.choices] == SIZES and taille.default == "medium"
    french = [c.label.fr for c in taille.choices]
    for abbreviation, name in zip(
        ["TP", "P", "M", "G", "TG", "Gig"],
        ["Très petite", "Petite", "Moyenne", "Grande", "Très grande", "Gigantesque"],
        strict=True,
    ):
        assert any(name in fr and f"({abbreviation})" in fr for fr in french), name


def test_resistances_table_has_the_13_damage_types(data):
    spec = data.field("resistances")
    assert spec.rule == "DOU-61" and not spec.catalog
    columns = {c.key: c for c in spec.columns}
    assert list(columns) == ["type", "effet"]
    # DOU-61's own example: a resistance to all non-magical damage; immunity on the 5e basis.
    assert [c.value for c in columns["type"].choices] == [*DAMAGE_TYPES, "non_magique"]
    assert [c.value for c in columns["effet"].choices] == [
        "resistance",
        "vulnerabilite",
        "immunite",
    ]
    assert HORS_EXTRAIT in columns["effet"].choices[2].label.fr
    rows = [
        {"type": "feu", "effet": "resistance"},
        {"type": "contondant", "effet": "vulnerabilite"},
    ]
    assert check_value(spec, rows) is None
    assert check_value(spec, [{"type": "lumiere", "effet": "resistance"}]) is not None


def test_weapons_table_columns(data):
    spec = data.field("armes")
    assert spec.catalog == "armes"
    columns = {c.key: c for c in spec.columns}
    assert {k: c.kind for k, c in columns.items()} == WEAPON_COLUMNS
    assert list(columns) == list(WEAPON_COLUMNS)
    assert [c.value for c in columns["portee_type"].choices] == ["melee", "distance"]
    assert [c.value for c in columns["prise"].choices] == [
        "une_main",
        "deux_mains",
        "naturelle",
        "main_nue",
    ]
    assert [c.value for c in columns["type"].choices] == DAMAGE_TYPES
    assert columns["maitrise"].default is True and columns["allonge"].default == 1.5
    assert (columns["des"].minimum, columns["des"].maximum) == (0, 20)
    assert (columns["bonus_degats"].minimum, columns["bonus_degats"].maximum) == (-10, 20)
    assert (columns["magie"].minimum, columns["magie"].maximum) == (0, 5)
    # The conversion of the SRD's dice is stated where the GM picks a weapon.
    assert "d8 ou d10 → 1 d6 + 1" in spec.help.fr and HORS_EXTRAIT in spec.help.fr


# --- ruleset.json: states, flags, rule texts ---------------------------------------------------


def test_states_keys_labels_and_rules(data, texts):
    states = {s.key: s for s in data.states}
    assert list(states) == list(STATES)
    for key, state in states.items():
        assert state.label.fr and state.label.en and state.text.fr and state.text.en, key
        assert state.rule in texts, key
        if STATES[key]:
            assert state.rule == STATES[key], key


def test_flags_ids_defaults_choices_and_see(data, texts):
    flags = {f.id: f for f in data.flags}
    assert list(flags) == list(FLAGS)
    for flag_id, (default, choices) in FLAGS.items():
        flag = flags[flag_id]
        assert flag.default == default and type(flag.default) is type(default), flag_id
        assert {c.value for c in flag.choices} == choices, flag_id
        assert flag.label.fr and flag.label.en, flag_id
        assert flag.see in texts, flag_id
        assert check_flags(data, {flag_id: default}) is None, flag_id
    # Flags named after a rule or an ambiguity point at it; the CFG flags at the ambiguity
    # whose text names them.
    for flag_id in ("DOU-52", "A-DOU-27", "A-DOU-15"):
        assert flags[flag_id].see == flag_id
    assert flags["DIAG-DOU"].see == "A-DOU-32" and "DIAG-DOU" in texts["A-DOU-32"][0]
    assert flags["MODES-DOU"].see == "DOU-09" and "MODES-DOU" in texts["DOU-09"][0]
    assert check_flags(data, {"CFG-DOU-2": 3, "DIAG-DOU": "alternate"}) is None
    assert check_flags(data, {"CFG-DOU-13": "oui"}) is not None


def test_section_7_flags_point_at_the_ambiguity_that_names_them(data, texts):
    if not SPEC.is_file():
        pytest.skip(f"spec not found: {SPEC}")
    rows = re.findall(
        r"^\| (CFG-DOU-\w+) \|.*\| (A-DOU-\d+) \|$",
        SPEC.read_text(encoding="utf-8"),
        re.MULTILINE,
    )
    assert len(rows) == 11
    flags = {f.id: f for f in data.flags}
    for flag_id, ambiguity in rows:
        assert flags[flag_id].see == ambiguity, flag_id
        fr, en = texts[ambiguity]
        assert flag_id in fr and flag_id in en, flag_id


def test_every_rule_and_ambiguity_has_a_short_bilingual_text(texts):
    wanted = {f"DOU-{n:02d}" for n in range(1, 74)} | {f"A-DOU-{n}" for n in range(1, 33)}
    assert set(texts) == wanted
    for rid, (fr, en) in texts.items():
        assert fr.strip() and en.strip() and fr != en, rid
        assert len(fr) <= 500 and len(en) <= 500, rid  # tooltip-sized


def test_every_rule_and_ambiguity_of_spec_section_4_has_a_text(texts):
    found = set(re.findall(r"\*\*((?:A-)?DOU-\d+)\b", _spec_section_4()))
    assert len(found) == 73 + 32
    assert sorted(found - set(texts)) == []


def test_rule_texts_use_the_rules_own_terms(texts):
    assert "VO" in texts["DOU-31"][0] and "VD" in texts["DOU-31"][0]
    assert "VOG" in texts["DOU-34"][0] and "VOG" in texts["DOU-50"][0]
    assert "SC" in texts["DOU-60"][0] and "PA" in texts["DOU-60"][0]
    assert "4d6" in texts["DOU-73"][0] and "3d6" in texts["DOU-03"][0]
    assert HORS_EXTRAIT in texts["A-DOU-22"][0]


def test_every_rule_cited_by_the_data_has_a_text(data, texts):
    cited = {f.rule for f in data.fields} | {c.rule for f in data.fields for c in f.columns}
    cited |= {s.rule for s in data.states} | {f.see for f in data.flags}
    assert sorted(cited - set(texts) - {""}) == []


# --- catalogs.json -----------------------------------------------------------------------------


def test_catalogs_load_like_the_engine_and_fit_the_weapons_table(ruleset, data):
    catalogs = _json("catalogs.json")
    assert ruleset.catalogs == catalogs
    assert set(catalogs) == {f.catalog for f in data.fields if f.catalog} == {"armes"}
    spec = data.field("armes")
    columns = [c.key for c in spec.columns]
    for row in catalogs["armes"]:
        assert list(row) == columns, row["nom"]  # every column, in order, nothing else
        assert check_value(spec, [row]) is None, row["nom"]
    names = [row["nom"] for row in catalogs["armes"]]
    assert len(names) == len(set(names)), "duplicate weapon"


def test_catalog_has_the_weapons_the_text_names(weapons):
    named = [
        "Dague",
        "Épée courte",
        "Épée longue",
        "Rapière",
        "Hache d'armes",
        "Marteau de guerre",
        "Masse d'armes",
        "Lance",
        "Javeline",
        "Trident",
        "Grande hache",
        "Épée à deux mains",
        "Arc court",
        "Arc long",
        "Arbalète légère",
        "Arbalète lourde",
        "Fléchette",
        "Filet",
        "Bâton",
        "Gourdin",
        "Fronde",
        "Hachette",
        "Morsure",
        "Griffes",
    ]
    assert sorted(set(named) - set(weapons)) == []


def test_catalog_weapons_converted_from_the_srd(weapons):
    def dice(name):
        return weapons[name]["des"], weapons[name]["bonus_degats"]

    assert dice("Dague") == dice("Épée courte") == (1, 0)  # 1d4, 1d6 → 1 d6
    assert dice("Épée longue") == dice("Arbalète lourde") == (1, 1)  # 1d8, 1d10 → 1 d6 + 1
    assert dice("Grande hache") == dice("Épée à deux mains") == (2, 0)  # 1d12, 2d6 → 2 d6
    arc = weapons["Arc long"]
    assert (arc["portee_type"], arc["portee"], arc["portee_longue"]) == ("distance", 45, 180)
    assert (weapons["Javeline"]["portee"], weapons["Javeline"]["portee_longue"]) == (9, 36)
    assert weapons["Arc long"]["prise"] == "deux_mains"
    assert weapons["Épée courte"]["legere"] and weapons["Épée courte"]["finesse"]
    assert weapons["Rapière"]["finesse"] and not weapons["Rapière"]["legere"]
    assert weapons["Hallebarde"]["allonge"] == 3
    # Bare hands are every creature's own (DOU-38): not a catalog row.
    assert all(row["prise"] != "main_nue" for row in weapons.values())
    assert weapons["Morsure"]["prise"] == weapons["Griffes"]["prise"] == "naturelle"
    for row in weapons.values():
        melee_only = row["portee_type"] == "melee" and not row["lancer"]
        assert (row["portee"] == 0) == melee_only, row["nom"]
        assert row["portee_longue"] == 0 or row["portee_longue"] > row["portee"], row["nom"]
        assert row["magie"] == 0, row["nom"]


def test_underwater_exceptions_are_in_the_catalog(weapons):
    """DOU-70: dague, javeline, épée courte, lance, trident; DOU-71: arbalète, filet and
    thrown weapons (javeline, lance, trident, fléchette)."""
    for name in ("Dague", "Javeline", "Épée courte", "Lance", "Trident"):
        assert weapons[name]["portee_type"] == "melee", name
    for name in ("Javeline", "Lance", "Trident", "Fléchette", "Filet"):
        assert weapons[name]["lancer"], name
    crossbows = [n for n in weapons if n.startswith("Arbalète")]
    assert len(crossbows) == 3
    assert all(weapons[n]["portee_type"] == "distance" for n in crossbows)


# --- bestiary.json -----------------------------------------------------------------------------


def test_bestiary_loads_like_the_engine(ruleset):
    bestiary = ruleset.bestiary
    assert bestiary and len(bestiary) == len(_json("bestiary.json"))
    names = [t.name for t in bestiary]
    assert len(names) == len(set(names)), "duplicate template name"
    assert all(t.tier is None for t in bestiary)


def test_every_creature_passes_the_sheet_check(ruleset, data):
    specs = data.field_map(None)
    for n, template in enumerate(ruleset.bestiary):
        for key, value in template.stats.items():
            assert key in specs, f"{template.name}: unknown field {key}"
            assert check_value(specs[key], value) is None, f"{template.name}: {key}"
        sheet = _sheet(template.name, template.stats, n)
        assert check_combatant(data, sheet, ("bestiary", n)) is None, template.name


def test_every_creature_is_a_whole_sheet_with_its_typed_vd(ruleset, data):
    keys = {f.key for f in data.fields}
    for template in ruleset.bestiary:
        stats = template.stats
        assert set(stats) == keys, template.name
        assert isinstance(stats["vd"], int), template.name  # the stat block's VD wins
        assert stats["pa"] == stats["pa_max"] >= 1, template.name
        assert stats["armes"], template.name
        assert HORS_EXTRAIT in template.notes, template.name


def test_bestiary_weapons_are_catalog_rows_with_their_cells(ruleset, data):
    columns = [c.key for c in data.field("armes").columns]
    for template in ruleset.bestiary:
        for row in template.stats["armes"]:
            assert list(row) == columns, (template.name, row["nom"])


def test_bestiary_has_every_size_from_small_to_gargantuan(ruleset):
    sizes = {t.stats["taille"] for t in ruleset.bestiary}
    assert set(SIZES[1:]) <= sizes
    by_name = {t.name: t.stats for t in ruleset.bestiary}
    assert by_name["Ogre"]["taille"] == by_name["Troll"]["taille"] == "large"
    assert by_name["Géant des collines"]["taille"] == "huge"
    assert by_name["Gobelin"]["taille"] == by_name["Kobold"]["taille"] == "small"


def test_bestiary_has_the_common_creatures(ruleset):
    names = {t.name for t in ruleset.bestiary}
    common = {
        "Gobelin",
        "Kobold",
        "Loup",
        "Orc",
        "Ogre",
        "Troll",
        "Géant des collines",
        "Squelette",
        "Zombie",
        "Bandit",
        "Garde",
    }
    assert sorted(common - names) == []
    assert any(t.stats["taille"] == "gargantuan" for t in ruleset.bestiary)


def test_bestiary_resistances_speeds_and_important_npcs(ruleset):
    by_name = {t.name: t.stats for t in ruleset.bestiary}
    assert by_name["Squelette"]["resistances"] == [{"type": "contondant", "effet": "vulnerabilite"}]
    assert by_name["Requin chasseur"]["vitesse_nage"] > 0
    assert by_name["Chauve-souris géante"]["vitesse_vol"] > 0
    assert by_name["Loup"]["vitesse"] == 12  # 40 ft × 0.3
    assert any(stats["important"] for stats in by_name.values())
    assert any(stats["bouclier"] for stats in by_name.values())


def test_identical_creatures_from_the_bestiary_roll_one_initiative_dou_03():
    """A bestiary creature is in the group of its kind: three goblins added act as one."""
    creatures = json.loads((FOLDER / "bestiary.json").read_text(encoding="utf-8"))
    assert all(entry["stats"]["groupe"] == entry["name"] for entry in creatures)
