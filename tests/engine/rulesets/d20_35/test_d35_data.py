"""Ruleset `d20_35`: its data files (sheet fields, states, flags, rule texts, catalog,
bestiary), read the way the engine reads them.

Checks the field keys the engine reads by name, the rule texts against the spec (section 3:
D35-01…D35-81, A-D35-1…A-D35-25; section 7: CFG-D35-*), the SRD 3.5 weapons (French names,
ranges in metres) and that every bestiary creature is a whole, valid sheet from Small to
Colossal whose numbers give back its SRD stat block (attack, grapple, AC, saves). The files are
loaded through the generic Ruleset loader (base.py), so these tests do not need the ruleset to
be registered.
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
FOLDER = ROOT / "ruleset_data" / "d20_35"
SPEC = ROOT.parent / "shared" / "spec" / "rulesets.md"
HORS_EXTRAIT = "Valeurs du SRD 3.5 (hors extrait)"
SIZES = [
    "fine",
    "diminutive",
    "tiny",
    "small",
    "medium",
    "large",
    "huge",
    "gargantuan",
    "colossal",
]
SIZE_LABELS = [
    "Infime",
    "Minuscule",
    "Très petite (TP)",
    "Petite (P)",
    "Moyenne (M)",
    "Grande (G)",
    "Très grande (TG)",
    "Gigantesque (Gig)",
    "Colossale (C)",
]
# SRD 3.5 size modifiers (A-D35-10 for grapple; attack and AC not in the excerpt).
SIZE_ATTACK = dict(zip(SIZES, [8, 4, 2, 1, 0, -1, -2, -4, -8], strict=True))
SIZE_GRAPPLE = dict(zip(SIZES, [-16, -12, -8, -4, 0, 4, 8, 12, 16], strict=True))
CREATURE_TYPES = [
    "humanoide",
    "humanoide_monstrueux",
    "animal",
    "mort_vivant",
    "creature_magique",
    "dragon",
    "geant",
    "elementaire",
    "exterieur",
    "vermine",
    "aberration",
    "artificiel",
    "plante",
    "vase",
    "fee",
]
ABILITIES = ["force", "dexterite", "constitution", "intelligence", "sagesse", "charisme"]
SKILLS = [
    "equitation",
    "concentration",
    "detection",
    "discretion",
    "bluff",
    "psychologie",
    "intimidation",
    "evasion",
    "premiers_secours",
]
AC_PARTS = ["ca_armure", "ca_bouclier", "ca_naturelle", "ca_parade", "ca_esquive", "ca_divers"]
SPEEDS = ["vd", "vd_vol", "vd_nage", "vd_escalade", "vd_creusement"]

GROUPS = {
    "caracteristiques": [*ABILITIES, "groupe"],
    "niveaux": ["niveau", "niveau_pretre", "dv"],
    "attaque": ["bba", "bonus_lutte_divers"],
    "defense": [*AC_PARTS, "dex_max", "js_reflexes", "js_vigueur", "js_volonte"],
    "vie": ["pv", "pv_max", "degats_non_letaux", *(f"dommage_{a}" for a in ABILITIES)],
    "corps": ["taille", "forme", "jambes", "stable", "humanoide", "type_creature"],
    "deplacement": [*SPEEDS, "vision_noir_m"],
    "competences": SKILLS,
    "monture_pretre": ["entrainee_combat", "selle_guerre", "pretre", "renvois_utilises"],
    "equipement": ["armes"],
    "aire": ["aire_forme", "aire_taille_m", "aire_degats", "aire_jet", "aire_dd"],
}
FIELDS = {
    **dict.fromkeys(ABILITIES, "int"),
    "groupe": "text",
    **dict.fromkeys(GROUPS["niveaux"], "int"),
    **dict.fromkeys(GROUPS["attaque"], "int"),
    **dict.fromkeys(GROUPS["defense"], "int"),
    **dict.fromkeys(GROUPS["vie"], "int"),
    "taille": "choice",
    "forme": "choice",
    "jambes": "int",
    "stable": "bool",
    "humanoide": "bool",
    "type_creature": "choice",
    **dict.fromkeys(SPEEDS, "float"),
    **dict.fromkeys(SKILLS, "int"),
    "entrainee_combat": "bool",
    "selle_guerre": "bool",
    "pretre": "choice",
    "renvois_utilises": "int",
    "armes": "table",
    "aire_forme": "choice",  # a creature's own area attack (area.py, issue 37)
    "aire_taille_m": "float",
    "aire_degats": "dice",
    "aire_jet": "choice",
    "aire_dd": "int",
    "vision_noir_m": "float",  # darkvision (issue 38: what it sees in the dark, D35-17)
}
WEAPON_COLUMNS = {
    "nom": "text",
    "categorie": "choice",
    "type": "choice",
    "degats": "dice",
    "critique": "text",
    "bonus_attaque": "int",
    "bonus_degats": "int",
    "non_letale": "bool",
    "allonge": "bool",
    "portee": "float",
}
STATES = {
    "pris_au_depourvu": "A-D35-1",
    "charge": "D35-20",
    "defense_combat": "D35-32",
    "defense_totale": "D35-33",
    "a_terre": None,
    "sans_defense": "D35-21",
    "paralyse": "D35-21",  # helpless.py: helpless, as asleep and bound (SRD)
    "endormi": "D35-21",
    "ligote": "D35-21",
    "lutte": "D35-58",
    "immobilise": "D35-61",
    "reduit_au_silence": "D35-60",  # grapple_options.py: the pinner silences
    "aide_attaque": "D35-10",
    "aide_ca": "D35-10",
    "feinte": "D35-47",
    "desarme": "D35-43",
    "serre": "D35-78",
    "renvoye": "D35-72",
    "recroqueville": "D35-72",
    "renforce": "D35-75",
    "chancelant": "D35-38",
    "inconscient": None,
    "stable": "D35-50",
    "mourant": "D35-49",
    "mort": "D35-51",
    "invisible": "D35-18",
    "camouflage": "D35-16",
    "abri": "D35-02",
    "abri_ameliore": "D35-08",
    "abri_total": "D35-07",
    "course": "D35-34",
    "course_enchainee": "A-D35-7",  # running.py: the rounds run in a row
    "hors_d_haleine": "A-D35-7",  # running.py: the rest after a failed check
    "retraite": "D35-76",  # running.py and opportunity.py: the first square left
    "pret": "D35-64",
    "retarde": "D35-65",
    "monte": "D35-24",
    "stabilisation_tentee": "D35-50",  # dying.py: the roll of this turn is made
    "sans_assistance": "D35-53",  # dying.py, recovery.py: stabilised without help
    "conscient": "D35-52",  # recovery.py: conscious again while stable (disabled)
}
# Section 7's flags with their default, then the adopted answers configured under their
# ambiguity id (G-5).
FLAGS = {
    "CFG-D35-1": ("srd", {"srd", "personnalise"}),
    "CFG-D35-7": ("x4", {"x4", "x3_armure_lourde"}),
    "CFG-D35-11": ("srd", {"srd", "personnalise"}),
    "CFG-D35-13": ("modificateur_puis_relance", {"modificateur_puis_relance", "defenseur"}),
    "CFG-D35-14": ("atteindre", {"atteindre", "depasser"}),
    "CFG-D35-15": ("intimidation", {"intimidation", "test_de_renvoi"}),
    "CFG-D35-18": ("consomme_rapide", {"consomme_rapide", "independante"}),
    "A-D35-3": ("cet_attaquant", {"cet_attaquant", "tous"}),
    "A-D35-4": ("corps_a_corps", {"corps_a_corps", "toutes_attaques"}),
    "A-D35-6": ("debut_prochain_tour", {"debut_prochain_tour", "fin_du_round"}),
    "A-D35-8": ("moins_dix", {"moins_dix", "moins_constitution"}),
    "A-D35-11": (2, set()),
    "A-D35-12": (True, set()),
    "A-D35-20": (True, set()),
    "A-D35-22": ("autres_adversaires", {"autres_adversaires", "tous_adversaires"}),
    # A house rule outside the spec's table: flanking in melee only (SRD) instead of the text.
    "D35-MAISON-TENAILLE": ("toutes_attaques", {"toutes_attaques", "corps_a_corps"}),
}
# SRD 3.5 stat blocks: attacks (total bonus, damage dice, damage bonus), grapple, AC, saves.
SRD_ATTACKS = {
    ("Gobelin", "Morgenstern"): (2, "1d6", 0),
    ("Gobelin", "Javeline"): (3, "1d4", 0),
    ("Kobold", "Lance"): (1, "1d6", -1),
    ("Kobold", "Fronde"): (3, "1d3", 0),
    ("Orque", "Cimeterre à deux mains"): (4, "2d4", 4),
    ("Orque", "Javeline"): (1, "1d6", 3),
    ("Garde humain", "Épée longue"): (2, "1d8", 1),
    ("Garde humain", "Javeline"): (1, "1d6", 1),
    ("Loup", "Morsure"): (3, "1d6", 1),
    ("Chien infernal", "Morsure"): (5, "1d8", 1),
    ("Squelette humain", "Cimeterre"): (1, "1d6", 1),
    ("Squelette humain", "Griffe"): (1, "1d4", 1),
    ("Zombie humain", "Coup"): (2, "1d6", 1),
    ("Zombie humain", "Gourdin"): (2, "1d6", 1),
    ("Goule", "Morsure"): (2, "1d6", 1),
    ("Goule", "Griffe"): (0, "1d3", 0),
    ("Ogre", "Massue"): (8, "2d8", 7),
    ("Ogre", "Javeline"): (1, "1d8", 5),
    ("Troll", "Griffe"): (9, "1d6", 6),
    ("Troll", "Morsure"): (4, "1d6", 3),
    ("Cheval de guerre léger", "Sabot"): (4, "1d4", 3),
    ("Cheval de guerre léger", "Morsure"): (-1, "1d3", 1),
    ("Géant des collines", "Massue"): (16, "2d8", 10),
    ("Géant des collines", "Coup"): (15, "1d4", 7),
    ("Géant des collines", "Rocher"): (8, "2d6", 7),
    ("Éléphant", "Coup"): (16, "2d6", 10),
    ("Éléphant", "Piétinement"): (11, "2d6", 5),
    ("Éléphant", "Coup de défenses"): (16, "2d8", 15),
    ("Ver pourpre", "Morsure"): (25, "2d8", 12),
    ("Ver pourpre", "Dard"): (20, "2d6", 6),
    ("Araignée monstrueuse colossale", "Morsure"): (26, "4d6", 15),
}
SRD_BLOCKS = {  # name: (size, hp, grapple, AC, (Ref, Fort, Will))
    "Gobelin": ("small", 5, -3, 15, (1, 3, -1)),
    "Kobold": ("small", 4, -4, 15, (1, 2, -1)),
    "Orque": ("medium", 5, 4, 13, (0, 3, -2)),
    "Garde humain": ("medium", 5, 2, 16, (0, 3, -1)),
    "Loup": ("medium", 13, 2, 14, (5, 5, 1)),
    "Chien infernal": ("medium", 22, 5, 16, (5, 5, 4)),
    "Squelette humain": ("medium", 6, 1, 15, (1, 0, 2)),
    "Zombie humain": ("medium", 16, 2, 11, (-1, 0, 3)),
    "Goule": ("medium", 13, 2, 14, (2, 0, 5)),
    "Ogre": ("large", 29, 12, 16, (0, 6, 1)),
    "Troll": ("large", 63, 14, 16, (4, 11, 3)),
    "Cheval de guerre léger": ("large", 22, 9, 14, (4, 6, 2)),
    "Géant des collines": ("large", 102, 20, 20, (3, 12, 4)),
    "Éléphant": ("huge", 104, 26, 15, (7, 12, 6)),
    "Ver pourpre": ("gargantuan", 200, 40, 19, (8, 17, 4)),
    "Araignée monstrueuse colossale": ("colossal", 208, 50, 22, (12, 20, 10)),
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


@pytest.fixture(scope="module")
def creatures(ruleset) -> dict[str, dict]:
    return {t.name: t.stats for t in ruleset.bestiary}


def _json(name: str):
    return json.loads((FOLDER / name).read_text(encoding="utf-8"))


def _spec() -> str:
    if not SPEC.is_file():
        pytest.skip(f"spec not found: {SPEC}")
    return SPEC.read_text(encoding="utf-8")


def _spec_section_3() -> str:
    text = _spec()
    start = text.index("## 3. `d20_35`")
    return text[start : text.index("\n## 4. ", start)]


def _sheet(name: str, stats: dict, n: int = 0) -> Combatant:
    return Combatant(id=f"t{n}", name=name, side="s", stats=stats)


def _mod(score: int | None) -> int:
    """The SRD ability modifier; a nonability (« — ») counts as +0."""
    return 0 if score is None else (score - 10) // 2


# --- ruleset.json: the sheet -------------------------------------------------------------------


def test_ruleset_json_validates_as_the_schema(data):
    assert data.id == "d20_35"
    assert data.name.fr.startswith("D&D 3.5") and data.name.en.startswith("D&D 3.5")
    assert data == msgspec.json.decode((FOLDER / "ruleset.json").read_bytes(), type=RulesetData)
    assert not data.tiers and not data.tracks  # no tiers, no tracks


def test_exactly_the_field_keys_the_engine_reads_with_their_kinds(data):
    kinds = {f.key: f.kind for f in data.fields}
    assert len(kinds) == len(data.fields), "duplicate field key"
    assert kinds == FIELDS


def test_fields_sit_in_their_groups_which_are_titled_in_both_languages(data):
    titles = {g.value: g.label for g in data.groups}
    assert list(titles) == list(GROUPS)
    assert all(label.fr and label.en for label in titles.values())
    for group, keys in GROUPS.items():
        assert [f.key for f in data.fields if f.group == group] == keys, group


def test_every_field_and_column_is_bilingual_with_a_rule(data):
    specs: list[FieldSpec] = [*data.fields]
    specs += [col for f in data.fields for col in f.columns]
    for spec in specs:
        assert spec.label.fr and spec.label.en, spec.key
        assert spec.rule, spec.key
        assert spec.help and spec.help.fr and spec.help.en, spec.key
        assert spec.help.fr != spec.help.en, spec.key
        for choice in spec.choices:
            assert choice.label.fr and choice.label.en, (spec.key, choice.value)


def test_every_default_fits_its_own_field(data):
    stats = default_stats(data, None)
    assert check_combatant(data, _sheet("Défaut", stats), ("defaut",)) is None
    for f in data.fields:
        for col in f.columns:
            assert check_value(col, col.default) is None, (f.key, col.key)


def test_abilities_and_the_mindless_intelligence(data):
    for key in ABILITIES:
        f = data.field(key)
        assert (f.minimum, f.maximum, f.default) == (1, 50, 10), key
        assert f.optional == (key == "intelligence"), key
    intelligence = data.field("intelligence")
    assert check_value(intelligence, None) is None  # « — »: mindless, cannot be feinted
    assert intelligence.rule == "D35-47" and "—" in intelligence.help.fr
    assert check_value(data.field("force"), None) is not None
    groupe = data.field("groupe")
    assert groupe.max_length == 40 and groupe.default == ""
    assert check_value(groupe, "x" * 41) is not None


def test_levels_and_attack(data):
    bounds = {
        "niveau": (1, 40, 1),
        "niveau_pretre": (0, 40, 0),
        "dv": (0, 60, 1),
        "bba": (0, 40, 0),
        "bonus_lutte_divers": (-20, 40, 0),
    }
    for key, expected in bounds.items():
        f = data.field(key)
        assert (f.minimum, f.maximum, f.default) == expected, key
    assert data.field("bonus_lutte_divers").rule == "D35-55"
    assert data.field("dv").rule == "D35-73"


def test_defence_components_and_saves(data):
    for key in AC_PARTS:
        f = data.field(key)
        low = -10 if key == "ca_divers" else 0
        assert (f.minimum, f.maximum, f.default) == (low, 40, 0), key
    dex_max = data.field("dex_max")
    assert dex_max.optional and dex_max.default is None
    assert (dex_max.minimum, dex_max.maximum) == (0, 10)
    assert check_value(dex_max, None) is None  # no armour limit
    for key in ("js_reflexes", "js_vigueur", "js_volonte"):
        f = data.field(key)
        assert (f.minimum, f.maximum, f.default) == (-5, 40, 0), key
    assert data.field("ca_esquive").rule == "D35-32"


def test_hit_points_are_bounded_by_their_maximum(data):
    pv, pv_max = data.field("pv"), data.field("pv_max")
    assert (pv.minimum, pv.maximum, pv.at_most) == (-999, 9999, "pv_max")
    assert (pv_max.minimum, pv_max.maximum, pv_max.default) == (1, 9999, 10)
    stats = {**default_stats(data, None), "pv": 12, "pv_max": 11}
    assert check_combatant(data, _sheet("Trop", stats), ("x",)) is not None
    dying = {**default_stats(data, None), "pv": -9}
    assert check_combatant(data, _sheet("Mourant", dying), ("x",)) is None
    nonlethal = data.field("degats_non_letaux")
    assert (nonlethal.minimum, nonlethal.maximum, nonlethal.rule) == (0, 9999, "D35-38")
    for ability in ABILITIES:
        f = data.field(f"dommage_{ability}")
        assert (f.minimum, f.maximum, f.default, f.rule) == (0, 50, 0, "D35-54"), ability


def test_sizes_shape_and_body(data):
    taille = data.field("taille")
    assert [c.value for c in taille.choices] == SIZES and taille.default == "medium"
    assert [c.label.fr for c in taille.choices] == SIZE_LABELS
    forme = data.field("forme")
    assert [c.value for c in forme.choices] == ["haute", "longue"] and forme.default == "haute"
    jambes = data.field("jambes")
    assert (jambes.minimum, jambes.maximum, jambes.default, jambes.rule) == (0, 20, 2, "D35-13")
    assert data.field("stable").default is False
    assert data.field("humanoide").default is True and data.field("humanoide").rule == "D35-47"
    kind = data.field("type_creature")
    assert [c.value for c in kind.choices] == CREATURE_TYPES and kind.default == "humanoide"
    assert next(c for c in kind.choices if c.value == "mort_vivant").label.fr == "Mort-vivant"


def test_speeds_are_metres(data):
    for key in SPEEDS:
        f = data.field(key)
        default = 9 if key == "vd" else 0
        assert (f.minimum, f.maximum, f.default) == (0, 60, default), key
        assert isinstance(f.default, float), key
    assert "vitesse" in data.field("vd").label.fr and data.field("vd").rule == "D35-20"


def test_skills_are_total_bonuses(data):
    for key in SKILLS:
        f = data.field(key)
        assert (f.minimum, f.maximum, f.default) == (-20, 60, 0), key
    labels = [data.field(k).label.fr for k in SKILLS]
    assert labels == [
        "Équitation",
        "Concentration",
        "Détection",
        "Discrétion",
        "Bluff",
        "Psychologie",
        "Intimidation",
        "Évasion",
        "Premiers secours",
    ]


def test_mount_and_cleric(data):
    assert data.field("entrainee_combat").default is False
    assert data.field("selle_guerre").rule == "D35-31"
    pretre = data.field("pretre")
    assert [c.value for c in pretre.choices] == ["aucun", "bon", "mauvais"]
    assert pretre.default == "aucun"
    used = data.field("renvois_utilises")
    assert (used.minimum, used.maximum, used.default, used.rule) == (0, 50, 0, "D35-69")


def test_weapons_table_columns(data):
    spec = data.field("armes")
    assert spec.catalog == "armes" and spec.default == []
    columns = {c.key: c for c in spec.columns}
    assert {k: c.kind for k, c in columns.items()} == WEAPON_COLUMNS
    assert list(columns) == list(WEAPON_COLUMNS)
    assert [c.value for c in columns["categorie"].choices] == [
        "mains_nues",
        "legere",
        "une_main",
        "deux_mains",
        "naturelle",
        "distance",
    ]
    assert [c.value for c in columns["type"].choices] == [
        "tranchant",
        "contondant",
        "perforant",
        "contondant_perforant",
        "perforant_tranchant",
    ]
    assert columns["critique"].max_length == 12
    for key in ("bonus_attaque", "bonus_degats"):
        assert (columns[key].minimum, columns[key].maximum) == (-20, 40), key
    assert check_value(columns["degats"], "1d8") is None
    assert check_value(columns["degats"], "huit") is not None
    assert columns["non_letale"].rule == "D35-39" and columns["type"].rule == "D35-44"
    assert "SRD 3.5" in spec.help.fr and "hors extrait" in spec.help.fr


# --- ruleset.json: states, flags, rule texts ---------------------------------------------------


def test_states_keys_labels_and_rules(data, texts):
    states = {s.key: s for s in data.states}
    assert list(states) == list(STATES)
    for key, state in states.items():
        assert state.label.fr and state.label.en and state.text.fr and state.text.en, key
        assert state.text.fr != state.text.en, key
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
        assert all(c.label.fr and c.label.en for c in flag.choices), flag_id
        assert flag.see in texts, flag_id
        assert check_flags(data, {flag_id: default}) is None, flag_id
        if flag_id.startswith("A-D35-"):
            assert flag.see == flag_id  # configured under its ambiguity id (G-5)
    assert check_flags(data, {"CFG-D35-7": "x3_armure_lourde", "A-D35-11": 3}) is None
    assert check_flags(data, {"CFG-D35-14": "plus"}) is not None
    assert check_flags(data, {"A-D35-12": "oui"}) is not None


def test_section_7_flags_point_where_the_spec_says_and_are_named_there(data, texts):
    rows = re.findall(
        r"^\| (CFG-D35-\w+) \|.*\| ((?:A-)?D35-\d+) \|$",
        _spec(),
        re.MULTILINE,
    )
    assert len(rows) == 7
    flags = {f.id: f for f in data.flags}
    assert {f for f in flags if f.startswith("CFG-")} == {flag_id for flag_id, _ in rows}
    for flag_id, see in rows:
        assert flags[flag_id].see == see, flag_id
        fr, en = texts[see]
        assert flag_id in fr and flag_id in en, flag_id


def test_every_rule_and_ambiguity_has_a_short_bilingual_text(texts):
    wanted = {f"D35-{n:02d}" for n in range(1, 82)} | {f"A-D35-{n}" for n in range(1, 26)}
    assert set(texts) == wanted
    for rid, (fr, en) in texts.items():
        assert fr.strip() and en.strip() and fr != en, rid
        assert len(fr) <= 500 and len(en) <= 500, rid  # tooltip-sized


def test_every_rule_and_ambiguity_of_spec_section_3_has_a_text(texts):
    found = set(re.findall(r"\*\*((?:A-)?D35-\d+)\b", _spec_section_3()))
    assert len(found) == 81 + 25
    assert sorted(found - set(texts)) == []


def test_rule_texts_use_the_rules_own_terms_and_numbers(texts):
    assert "+4 à la CA" in texts["D35-02"][0]
    assert "CA 10" in texts["D35-10"][0]
    assert "25 %" in texts["D35-12"][0]
    assert "20 %" in texts["D35-16"][0] and "50 %" in texts["D35-17"][0]
    assert "2 × VD" in texts["D35-20"][0] and "3 m" in texts["D35-20"][0]
    assert "DD 15" in texts["D35-37"][0] and "50 points" in texts["D35-37"][0]
    assert "chancelle" in texts["D35-38"][0]
    assert "BBA" in texts["D35-55"][0] and "For" in texts["D35-55"][0]
    assert "18 m" in texts["D35-69"][0] and "3 + mod. de Charisme" in texts["D35-69"][0]
    assert "2d6 + niveau du prêtre" in texts["D35-71"][0]
    assert "−10 pv" in texts["D35-51"][0] and "hors extrait" in texts["D35-51"][0]
    assert "MdJ p. 159" in texts["D35-70"][0]
    assert "vitesse de déplacement" in texts["A-D35-23"][0]
    assert "+16" in texts["A-D35-10"][0] and "−16" in texts["A-D35-10"][0]


def test_every_rule_cited_by_the_data_has_a_text(data, texts):
    cited = {f.rule for f in data.fields} | {c.rule for f in data.fields for c in f.columns}
    cited |= {s.rule for s in data.states} | {f.see for f in data.flags}
    assert sorted(cited - set(texts) - {""}) == []


def test_rule_ids_named_in_texts_and_helps_exist(data, texts):
    """Every « D35-nn » or « A-D35-n » a text or a help names is a rule of the data."""
    words = [t for pair in texts.values() for t in pair]
    words += [s.text.fr for s in data.states] + [s.text.en for s in data.states]
    specs = [*data.fields, *(c for f in data.fields for c in f.columns)]
    words += [t for spec in specs if spec.help for t in (spec.help.fr, spec.help.en)]
    named = {m for text in words for m in re.findall(r"(?<![\w-])(?:A-)?D35-\d+\b", text)}
    assert sorted(named - set(texts)) == []


# --- catalogs.json -----------------------------------------------------------------------------


def test_catalogs_load_like_the_engine_and_fit_the_weapons_table(ruleset, data):
    catalogs = _json("catalogs.json")
    assert ruleset.catalogs == catalogs
    # Only tables may have a pick list (test_ruleset_data.py): no armour catalog.
    assert set(catalogs) == {f.catalog for f in data.fields if f.catalog} == {"armes"}
    spec = data.field("armes")
    columns = [c.key for c in spec.columns]
    for row in catalogs["armes"]:
        assert list(row) == columns, row["nom"]  # every column, in order, nothing else
        assert check_value(spec, [row]) is None, row["nom"]
    names = [row["nom"] for row in catalogs["armes"]]
    assert len(names) == len(set(names)), "duplicate weapon"


def test_catalog_has_the_srd_weapons_in_french(weapons):
    named = [
        "Dague",
        "Épée courte",
        "Épée longue",
        "Rapière",
        "Cimeterre",
        "Hache d'armes",
        "Marteau de guerre",
        "Masse d'armes",
        "Morgenstern",
        "Lance",
        "Pique",
        "Coutille",
        "Épée à deux mains",
        "Grande hache",
        "Arc court",
        "Arc long",
        "Arbalète légère",
        "Arbalète lourde",
        "Fronde",
        "Javeline",
        "Filet",
        "Fouet",
        "Morsure",
        "Griffe",
        "Coup",
        "Corne",
        "Dard",
    ]
    assert sorted(set(named) - set(weapons)) == []


def test_catalog_weapons_follow_the_srd(weapons):
    def cells(name, *keys):
        return tuple(weapons[name][k] for k in keys)

    keys = ("categorie", "type", "degats", "critique")
    assert cells("Dague", *keys) == ("legere", "perforant_tranchant", "1d4", "19-20/×2")
    assert cells("Épée longue", *keys) == ("une_main", "tranchant", "1d8", "19-20/×2")
    assert cells("Rapière", *keys) == ("une_main", "perforant", "1d6", "18-20/×2")
    assert cells("Morgenstern", *keys) == ("une_main", "contondant_perforant", "1d8", "×2")
    assert cells("Épée à deux mains", *keys) == ("deux_mains", "tranchant", "2d6", "19-20/×2")
    assert cells("Grande hache", *keys) == ("deux_mains", "tranchant", "1d12", "×3")
    assert cells("Arc long", *keys) == ("distance", "perforant", "1d8", "×3")
    # Ranges: SRD feet × 0.3.
    ranges = {
        "Dague": 3,
        "Javeline": 9,
        "Fronde": 15,
        "Arc court": 18,
        "Arc long": 30,
        "Arbalète légère": 24,
        "Arbalète lourde": 36,
        "Filet": 3,
    }
    assert {name: weapons[name]["portee"] for name in ranges} == ranges
    reach = {name for name, row in weapons.items() if row["allonge"]}
    assert {"Pique", "Coutille", "Fouet", "Guisarme", "Corsèque"} <= reach
    assert "Hallebarde" not in reach  # not a reach weapon in 3.5
    assert weapons["Fouet"]["non_letale"] and weapons["Matraque"]["non_letale"]
    assert weapons["Filet"]["degats"] == ""  # entangles, no damage
    critical = re.compile(r"^(?:(?:1[5-9])-20/)?×[234]$")
    for row in weapons.values():
        assert row["nom"] == "Filet" or critical.match(row["critique"]), row["nom"]
        assert row["bonus_attaque"] == row["bonus_degats"] == 0, row["nom"]
        if row["categorie"] == "distance":
            assert row["portee"] > 0, row["nom"]
        if row["allonge"]:
            assert row["portee"] == 0, row["nom"]


def test_bare_hands_are_the_engines_and_natural_weapons_are_natural(weapons):
    assert all(row["categorie"] != "mains_nues" for row in weapons.values())
    assert not any("main" in name.lower() and "nue" in name.lower() for name in weapons)
    for name in ("Morsure", "Griffe", "Coup", "Corne", "Dard", "Sabot"):
        assert weapons[name]["categorie"] == "naturelle", name
        assert weapons[name]["portee"] == 0 and not weapons[name]["allonge"], name
    assert weapons["Griffe"]["type"] == "tranchant" and weapons["Coup"]["type"] == "contondant"


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


def test_every_creature_is_a_whole_sheet(ruleset, data):
    keys = {f.key for f in data.fields}
    for template in ruleset.bestiary:
        stats = template.stats
        assert set(stats) == keys, template.name
        assert stats["pv"] == stats["pv_max"] >= 1, template.name
        assert stats["degats_non_letaux"] == 0, template.name
        assert stats["armes"], template.name
        assert template.notes.startswith(HORS_EXTRAIT), template.name
        for key in SPEEDS:
            assert isinstance(stats[key], float), (template.name, key)


def test_bestiary_weapons_are_catalog_rows_with_their_cells(ruleset, data):
    spec = data.field("armes")
    columns = [c.key for c in spec.columns]
    for template in ruleset.bestiary:
        for row in template.stats["armes"]:
            assert list(row) == columns, (template.name, row["nom"])
            assert check_value(spec, [row]) is None, (template.name, row["nom"])


def test_bestiary_has_every_size_from_small_to_gargantuan_and_a_colossus(creatures):
    sizes = {stats["taille"] for stats in creatures.values()}
    assert set(SIZES[3:]) <= sizes
    assert creatures["Gobelin"]["taille"] == creatures["Kobold"]["taille"] == "small"
    assert creatures["Ogre"]["taille"] == creatures["Troll"]["taille"] == "large"
    assert creatures["Cheval de guerre léger"]["taille"] == "large"
    assert creatures["Éléphant"]["taille"] == "huge"
    assert creatures["Ver pourpre"]["taille"] == "gargantuan"
    assert creatures["Araignée monstrueuse colossale"]["taille"] == "colossal"


def test_bestiary_has_the_common_creatures(creatures):
    common = {
        "Gobelin",
        "Kobold",
        "Orque",
        "Garde humain",
        "Loup",
        "Squelette humain",
        "Zombie humain",
        "Goule",
        "Ogre",
        "Troll",
        "Cheval de guerre léger",
        "Géant des collines",
    }
    assert sorted(common - set(creatures)) == []


def test_undead_and_mindless_creatures(creatures):
    for name in ("Squelette humain", "Zombie humain"):
        stats = creatures[name]
        assert stats["type_creature"] == "mort_vivant", name
        assert stats["intelligence"] is None, name  # « — »: cannot be feinted (D35-47)
        assert stats["constitution"] == 10, name  # Con « — » entered as 10 (modifier +0)
    assert creatures["Goule"]["type_creature"] == "mort_vivant"
    assert creatures["Goule"]["intelligence"] == 13
    assert creatures["Araignée monstrueuse colossale"]["intelligence"] is None
    assert creatures["Loup"]["intelligence"] == 2  # animal intelligence: Bluff −8 to feint
    assert not creatures["Loup"]["humanoide"] and creatures["Loup"]["jambes"] == 4


def test_bodies_reach_and_mounts(creatures):
    # Tall Large creatures reach 3 m, long ones 1.50 m (SRD space and reach).
    assert creatures["Ogre"]["forme"] == creatures["Troll"]["forme"] == "haute"
    assert creatures["Cheval de guerre léger"]["forme"] == "longue"
    assert creatures["Cheval de guerre léger"]["entrainee_combat"] is True
    assert creatures["Cheval de guerre léger"]["vd"] == 18  # 60 ft × 0.3
    assert creatures["Loup"]["vd"] == 15  # 50 ft × 0.3
    assert creatures["Garde humain"]["vd"] == 6  # 20 ft in scale mail
    worm = creatures["Ver pourpre"]
    assert (worm["vd_creusement"], worm["vd_nage"], worm["jambes"]) == (6, 3, 0)
    assert creatures["Araignée monstrueuse colossale"]["vd_escalade"] == 6
    assert all(stats["pretre"] == "aucun" for stats in creatures.values())


def test_bestiary_sheets_give_back_their_srd_attacks(creatures):
    """Attack = BBA + For (Dex at range) + size + the weapon's bonus; damage = For (×1½ of a
    bonus two-handed, none at range) + the weapon's bonus, as the weapons table says."""
    for (name, weapon), (attack, dice, damage) in SRD_ATTACKS.items():
        stats = creatures[name]
        row = next(r for r in stats["armes"] if r["nom"] == weapon)
        ranged = row["categorie"] == "distance"
        ability = _mod(stats["dexterite"] if ranged else stats["force"])
        got = stats["bba"] + ability + SIZE_ATTACK[stats["taille"]] + row["bonus_attaque"]
        assert got == attack, (name, weapon)
        strength = 0 if ranged else _mod(stats["force"])
        if row["categorie"] == "deux_mains" and strength > 0:
            strength = strength * 3 // 2
        assert (row["degats"], strength + row["bonus_degats"]) == (dice, damage), (name, weapon)
    named = {name for name, _ in SRD_ATTACKS}
    assert named == set(creatures)
    for name, stats in creatures.items():
        assert {r["nom"] for r in stats["armes"]} == {w for n, w in SRD_ATTACKS if n == name}


def test_bestiary_sheets_give_back_their_srd_grapple_ac_and_saves(creatures):
    assert set(SRD_BLOCKS) == set(creatures)
    for name, (size, hp, grapple, ac, saves) in SRD_BLOCKS.items():
        stats = creatures[name]
        assert (stats["taille"], stats["pv_max"]) == (size, hp), name
        got = stats["bba"] + _mod(stats["force"]) + SIZE_GRAPPLE[size]
        assert got + stats["bonus_lutte_divers"] == grapple, name
        dex = _mod(stats["dexterite"])
        if stats["dex_max"] is not None:
            dex = min(dex, stats["dex_max"])
        total = 10 + dex + SIZE_ATTACK[size] + sum(stats[k] for k in AC_PARTS)
        assert total == ac, name
        got_saves = (
            stats["js_reflexes"] + _mod(stats["dexterite"]),
            stats["js_vigueur"] + _mod(stats["constitution"]),
            stats["js_volonte"] + _mod(stats["sagesse"]),
        )
        assert got_saves == saves, name
        assert stats["dv"] == stats["niveau"] >= 1, name


def test_identical_creatures_from_the_bestiary_roll_one_initiative():
    """A bestiary creature is in the group of its kind: three goblins added act as one."""
    creatures = json.loads((FOLDER / "bestiary.json").read_text(encoding="utf-8"))
    assert all(entry["stats"]["groupe"] == entry["name"] for entry in creatures)
    assert all(len(entry["name"]) <= 40 for entry in creatures)


def test_the_attack_of_opportunity_window_reads_in_both_languages(data):
    """D35-11: the window a move opens names the mover and the foe that threatens it."""
    spec = data.window("opportunite")
    assert spec is not None and spec.rule == "D35-11"
    assert "{target}" in spec.label.fr and "{actor}" in spec.label.en
