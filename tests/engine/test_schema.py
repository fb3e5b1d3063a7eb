"""Sheet schemas declared in ruleset data: every field kind, tracks and flags are checked."""

import pytest

from gui.engine.core.words import Label
from gui.engine.state.model import Combatant, Track
from gui.engine.state.schema import (
    Choice,
    FieldSpec,
    FlagSpec,
    RulesetData,
    TrackSpec,
    check_combatant,
    check_flags,
    check_value,
    default_stats,
)

L = Label(fr="x", en="x")


def spec(kind, **kw) -> FieldSpec:
    return FieldSpec(key="k", label=L, kind=kind, **kw)


@pytest.mark.parametrize(
    ("field", "value", "problem"),
    [
        (spec("int", minimum=0, maximum=5), 3, None),
        (spec("int", minimum=0, maximum=5), 6, "hors de 0–5"),
        (spec("int", minimum=0), -1, "au moins 0"),
        (spec("int", maximum=5), 9, "au plus 5"),
        (spec("int"), True, "nombre entier attendu"),
        (spec("int"), 2.5, "nombre entier attendu"),
        (spec("float", minimum=0.5), 0.75, None),
        (spec("float", minimum=0.5), 2, None),
        (spec("float"), "1", "nombre attendu"),
        (spec("bool"), False, None),
        (spec("bool"), 0, "oui/non attendu"),
        (spec("text", max_length=3), "abc", None),
        (spec("text", max_length=3), "abcd", "3 caractères au plus"),
        (spec("choice", choices=(Choice(value="a", label=L),)), "a", None),
        (spec("choice", choices=(Choice(value="a", label=L),)), "b", "choix parmi a"),
        (spec("list"), ["a", "b"], None),
        (spec("list"), ["a", 1], "liste de textes attendue"),
        (spec("dice"), "2d6+1", None),
        (spec("dice"), "", None),
        (spec("dice"), "2d", "2d"),
        (spec("int"), None, "valeur requise"),
        (spec("int", optional=True), None, None),
    ],
)
def test_check_value(field, value, problem):
    found = check_value(field, value)
    if problem is None:
        assert found is None
    else:
        assert found is not None and problem in found[0] and found[1]


DATA = RulesetData(
    id="t",
    name=L,
    tiers=(Choice(value="pj", label=L), Choice(value="figurant", label=L)),
    fields=(
        FieldSpec(key="force", label=L, kind="int", minimum=0, maximum=5, default=2),
        FieldSpec(key="valeur", label=L, kind="int", default=1, tiers=("figurant",)),
    ),
    tracks=(TrackSpec(key="sante", label=L, size=3, marks=("/", "X", "*")),),
    flags=(
        FlagSpec(id="CFG-T-1", label=L, default=True),
        FlagSpec(
            id="CFG-T-2",
            label=L,
            default="a",
            choices=(Choice(value="a", label=L), Choice(value="b", label=L)),
        ),
    ),
)


def fighter(**kw) -> Combatant:
    return Combatant(id="c", name="C", side="s", **{"tier": "pj", **kw})


def test_fields_by_tier_and_defaults():
    assert default_stats(DATA, "pj") == {"force": 2}
    assert default_stats(DATA, "figurant") == {"force": 2, "valeur": 1}


@pytest.mark.parametrize(
    ("combatant", "path", "fr"),
    [
        (fighter(stats={"force": 2}), None, None),
        (fighter(tier="boss"), "$.combatants[4].tier", "rang inconnu"),
        (fighter(stats={"force": 9}), "$.combatants[4].stats.force", "hors de 0–5"),
        (fighter(stats={"valeur": 1}), "$.combatants[4].stats.valeur", "champ inconnu"),
        (fighter(tracks={"sante": Track(marks=["/", ""])}), None, None),
        (
            fighter(tracks={"sante": Track(marks=["/", "/", "/", "/"])}),
            "$.combatants[4].tracks.sante",
            "au plus 3 cases",
        ),
        (fighter(tracks={"sante": Track(marks=["?"])}), "$.combatants[4].tracks.sante", "X"),
        (fighter(tracks={"moral": Track(marks=[])}), "$.combatants[4].tracks.moral", "inconnue"),
    ],
)
def test_check_combatant_locates_the_first_problem(combatant, path, fr):
    problem = check_combatant(DATA, combatant, ("combatants", 4))
    if path is None:
        assert problem is None
    else:
        assert problem.path == path and fr in problem.fr and problem.en


@pytest.mark.parametrize(
    ("flags", "ok"),
    [
        ({}, True),
        ({"CFG-T-1": False}, True),
        ({"CFG-T-2": "b"}, True),
        ({"CFG-T-1": 1}, False),
        ({"CFG-T-2": "c"}, False),
        ({"CFG-X": True}, False),
    ],
)
def test_check_flags(flags, ok):
    problem = check_flags(DATA, flags)
    assert (problem is None) is ok
    if problem:
        assert problem.path.startswith("$.flags.")


def test_a_current_value_above_its_maximum_is_refused_in_the_gm_s_words():
    """Issue 17, deliver 3: LIB-04 PV ≤ PV max., AD-17 Santé ≤ Santé maximum (at_most)."""
    from gui.engine.rulesets import registry
    from gui.engine.state.schema import check_combatant

    libre = registry.get("libre").data
    ok = Combatant(id="c", name="C", side="a", stats={"pv": 24, "pv_max": 24})
    assert check_combatant(libre, ok, ("combatants", 0)) is None
    above = Combatant(id="c", name="C", side="a", stats={"pv": 30, "pv_max": 24})
    problem = check_combatant(libre, above, ("combatants", 0))
    assert problem is not None and problem.path == "$.combatants[0].stats.pv"
    assert problem.fr == "Points de vie : au plus Points de vie max. (24)"
    assert problem.en == "Hit points: at most Maximum hit points (24)"
    donjon = registry.get("attention_donjon").data
    hero = Combatant(id="h", name="H", side="a", tier="heros", stats={"sante": 4, "sante_max": 3})
    problem = check_combatant(donjon, hero, ("combatants", 0))
    assert problem is not None and "Santé maximum (3)" in problem.fr
