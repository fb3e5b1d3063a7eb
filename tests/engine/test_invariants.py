"""Issue 13, deliver 1 and 5: every state play can reach saves. A ChangeSet that would break the
ruleset's bounds is refused before it reaches the undo stack (or the rule clamps and says so);
dice expressions are bounded in every part; text that UTF-8 cannot hold is refused."""

import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action, ActionError
from gui.engine.core.checking import CheckError, checked
from gui.engine.dice.rolling import MAX_EXPR_MODIFIER, DiceExpr, DiceInputError
from gui.engine.files import storage
from gui.engine.play.table import InputError, Table
from gui.engine.state.changes import ChangeError, ChangeSet, change, log_change
from gui.engine.state.model import Combatant, LogEntry, now
from tests.engine.builders import dump, fighter, libre_encounter

SURROGATE = "Ys\ud800olde"


def table(**flags) -> Table:
    return Table(libre_encounter(fighter("x", "a"), fighter("y", "b", pv=10), flags=flags))


def test_lib03_huge_damage_without_the_floor_stops_at_the_sheet_minimum_and_saves(tmp_path):
    """The measured case: LIB-CFG-1 off and a valid 100d1000 roll (46,743 here)."""
    t = table(**{"LIB-CFG-1": False})
    action = Action("damage", "x", "y", {"des": "100d1000"})
    faces = tuple([467] * 99 + [510])
    resolution, cs = t.resolve(action, DiceResult("faces", faces))
    t.apply(cs)
    assert t.enc.combatant("y").stats["pv"] == -999
    assert any("minimum de la fiche" in str(term) for term in resolution.terms)
    assert "(10 → -999)" in resolution.outcome_fr
    t.save(tmp_path / "after.json")  # it saves: nothing is lost if the app dies now
    assert storage.load(tmp_path / "after.json").combatant("y").stats["pv"] == -999


def test_lib03_with_the_floor_damage_stops_at_zero_as_before():
    t = table()
    _, cs = t.resolve(
        Action("damage", "x", "y", {"des": "100d1000"}), DiceResult("aggregate", (), 50)
    )
    t.apply(cs)
    assert t.enc.combatant("y").stats["pv"] == 0


@pytest.mark.parametrize(
    ("path", "value", "fr"),
    [
        (("combatants", "y", "stats", "pv"), -46_733, "Points de vie : hors de -999–9999"),
        (("combatants", "y", "stats", "defense"), "dix", "Défense : nombre entier attendu"),
        (("combatants", "y", "stats", "inconnu"), 3, "champ inconnu"),
        (("flags",), {"LIB-CFG-1": 3}, "valeur impossible"),
        (("flags",), {"LIB-CFG-9": True}, "option de règle inconnue"),
        (("turn", "mode"), "alternating", "ne joue pas les tours en mode « alternating »"),
    ],
)
def test_a_change_that_breaks_the_ruleset_is_refused_and_changes_nothing(path, value, fr):
    t = table()
    before = dump(t.enc)
    cs = ChangeSet("Essai", (change(t.enc, path, value),))
    with pytest.raises(ChangeError) as info:
        t.apply(cs)
    assert fr in info.value.fr and info.value.en
    assert info.value.fr.startswith("Essai : refusé")
    assert dump(t.enc) == before


def test_the_refusal_names_whose_sheet_it_is():
    t = table()
    cs = ChangeSet("Essai", (change(t.enc, ("combatants", "y", "stats", "pv"), 10**6),))
    with pytest.raises(ChangeError) as info:
        t.apply(cs)
    assert "Y : Points de vie" in info.value.fr and "Y : Hit points" not in info.value.fr
    assert "Y : Hit points" in info.value.en


def test_a_refused_change_among_good_ones_leaves_the_log_and_the_rest_untouched():
    t = table()
    before = dump(t.enc)
    log = log_change(t.enc, LogEntry(time=now(), action="Note"))
    bad = change(t.enc, ("combatants", "x", "stats", "pv_max"), 0)
    with pytest.raises(ChangeError):
        t.apply(ChangeSet("Deux", (log, bad)))
    assert dump(t.enc) == before


def test_changes_elsewhere_are_not_blamed_on_an_untouched_bad_sheet():
    """Only what a ChangeSet touched is checked: the per-change check stays cheap."""
    t = table()
    t.enc.combatants[0].stats["pv"] = 10**6  # as if it were there already (it cannot be)
    t.apply(ChangeSet("Nom", (change(t.enc, ("combatants", "y", "name"), "Autre"),)))
    assert t.enc.combatant("y").name == "Autre"


@pytest.mark.parametrize(
    "make",
    [
        lambda: Combatant(id="c", name="N", side="a", stats={"degats": SURROGATE}),
        lambda: Combatant(id="c", name="N", side="a", stats={"armes": [{"nom": SURROGATE}]}),
        lambda: Combatant(id="c", name="N", side="a", stats={"liste": [SURROGATE]}),
        lambda: Combatant(id="c", name=SURROGATE, side="a"),
        lambda: LogEntry(time=now(), action="Note", outcome=SURROGATE),
    ],
)
def test_text_that_utf8_cannot_hold_is_refused_when_checked(make):
    value = make()
    with pytest.raises(CheckError):
        checked(value, type(value))


def test_a_pasted_lone_surrogate_in_a_sheet_is_refused_and_saving_goes_on(tmp_path):
    t = table()
    cs = ChangeSet("Dégâts", (change(t.enc, ("combatants", "y", "stats", "degats"), SURROGATE),))
    with pytest.raises(ChangeError):
        t.apply(cs)
    with pytest.raises(ChangeError):
        t.apply(ChangeSet("Note", (change(t.enc, ("notes",), SURROGATE),)))
    with pytest.raises((InputError, ChangeError)):
        t.apply(t.edit_stat("y", "degats", SURROGATE))
    t.save(tmp_path / "ok.json")
    assert storage.load(tmp_path / "ok.json") == t.enc


def test_save_refuses_rather_than_crash_on_an_encounter_it_cannot_write(tmp_path):
    t = table()
    t.enc.notes = SURROGATE  # behind the changes' back: it cannot happen otherwise
    folder = tmp_path / "saves"
    folder.mkdir()
    with pytest.raises(storage.SaveError) as info:
        storage.save(t.enc, folder / "x.json")
    assert "cannot be written" in info.value.en
    assert list(folder.iterdir()) == []


@pytest.mark.parametrize(
    "text",
    [
        "1d6+99999999999999999999",
        f"1d6+{MAX_EXPR_MODIFIER + 1}",
        f"1d6-{MAX_EXPR_MODIFIER + 1}",
        "1d" + "9" * 5000,
        "9" * 5000 + "d6",
        "4d6kh" + "9" * 5000,
    ],
)
def test_dice_expressions_are_bounded_in_every_part(text):
    with pytest.raises(DiceInputError) as info:
        DiceExpr.parse(text)
    assert info.value.fr and info.value.en


def test_the_modifier_bound_itself_is_allowed():
    assert DiceExpr.parse(f"1d6+{MAX_EXPR_MODIFIER}").modifier == MAX_EXPR_MODIFIER
    assert DiceExpr.parse(f"1d6-{MAX_EXPR_MODIFIER}").modifier == -MAX_EXPR_MODIFIER


@pytest.mark.parametrize(
    ("text", "fr"),
    [("1d6+99999999999999999999", "Expression de dés invalide"), ("1d6+99999", "Modificateur")],
)
def test_an_unbounded_modifier_never_reaches_a_sheet(text, fr):
    t = table()
    with pytest.raises(InputError) as info:
        t.edit_stat("x", "degats", text)
    assert fr in info.value.fr
    assert t.enc.combatant("x").stats["degats"] == "1d6"


@pytest.mark.parametrize(
    ("options", "fr"),
    [
        ({"etat": "autre", "nom": "n" * 61}, "Nom (autre) : 60 caractères au plus"),
        ({"etat": "a_terre", "rounds": 1000}, "hors de 0–999"),
        ({"etat": "a_terre", "rounds": "2"}, "nombre entier attendu"),
        ({"etat": "nulle_part"}, "choix parmi"),
    ],
)
def test_action_options_are_held_to_their_fields_before_the_rules_see_them(options, fr):
    t = table()
    action = Action("add_state", "x", "y", options)
    with pytest.raises(ActionError) as info:
        t.preview(action)
    assert fr in info.value.fr and info.value.en
    with pytest.raises(ActionError):
        t.resolve(action, DiceResult("none"))
