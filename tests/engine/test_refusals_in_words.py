"""Issue 31: every bad value reaching the engine is refused in the GM's words, in both
languages, naming the field — never a library's dump, never a parameter's name — and changes
nothing: lone surrogates in a text, NaN and infinities in a number."""

from __future__ import annotations

import json
import math

import pytest

from gui.engine.core.arguments import argument_problem
from gui.engine.files import storage
from gui.engine.rulesets import registry
from gui.engine.state.changes import ChangeError, ChangeSet, apply, change
from gui.engine.state.schema import check_value


def _demo(ruleset: str):
    return storage.load(registry.get(ruleset).demo_path)


def _said(fr: str, en: str) -> None:
    for text in (fr, en):
        assert "Expected `" not in text and "msgspec" not in text
        assert "type=" not in text and "input_value" not in text


@pytest.mark.parametrize("bad", ["Al\ud800dric", "\udfff"])
def test_a_lone_surrogate_in_a_name_is_refused_naming_the_name(bad):
    enc = _demo("d20_35")
    c = enc.combatants[0]
    before = c.name
    with pytest.raises(ChangeError) as refused:
        apply(enc, ChangeSet("x", (change(enc, ("combatants", c.id, "name"), bad),)))
    _said(refused.value.fr, refused.value.en)
    assert refused.value.fr.startswith(f"{before}, nom : texte invalide")
    assert refused.value.en.startswith(f"{before}, name: invalid text")
    assert enc.combatant(c.id).name == before


def test_nan_and_infinities_in_a_decimal_field_are_refused_by_its_label():
    spec = registry.get("d20_35").data.field("vd")
    for bad in (math.nan, math.inf, -math.inf):
        fr, en = check_value(spec, bad)
        assert (fr, en) == ("nombre fini attendu", "finite number expected")


def test_nan_assigned_to_a_sheet_value_says_a_finite_number_not_six_errors():
    enc = _demo("d20_35")
    c = enc.combatants[0]
    with pytest.raises(ChangeError) as refused:
        apply(enc, ChangeSet("x", (change(enc, ("combatants", c.id, "stats", "vd"), math.nan),)))
    _said(refused.value.fr, refused.value.en)
    assert refused.value.fr == f"{c.name}, vd : nombre fini attendu"


def test_an_entry_point_names_the_field_not_its_parameter():
    def set_notes(cid: str, notes: str) -> None: ...

    def set_scale(metres_per_px: float | None) -> None: ...

    fr, en = argument_problem(set_notes, ("aldric", "x\ud800"), {})
    assert fr.startswith("valeur refusée pour les notes : texte Unicode attendu")
    assert en.startswith("value refused for the notes: Unicode text expected")
    fr, en = argument_problem(set_scale, (math.nan,), {})
    assert "l’échelle (mètres par pixel) : nombre fini attendu" in fr
    assert argument_problem(set_scale, (0.5,), {}) is None


@pytest.mark.parametrize("path", ["/etc/passwd", "/home/mj/.ssh/id_rsa", "carte.json", ""])
def test_a_file_s_background_names_an_image_or_the_file_is_refused_at_its_path(path):
    """Issue 31: the file chooses what the app opens — an image, never any file on the disk."""
    doc = storage.dumps(_demo("libre")).decode("utf-8")
    shown = json.dumps(path)
    bad = doc.replace('"background":null', '"background":{"path":' + shown + "}")
    assert bad != doc
    with pytest.raises(storage.LoadError) as refused:
        storage.loads(bad.encode("utf-8"))
    assert refused.value.path == "$.encounter.map.background.path"
    assert "fichier image attendu" in refused.value.fr and "image file expected" in refused.value.en
    ok = bad.replace('"path":' + shown, '"path":"cartes/gué.PNG"')
    assert storage.loads(ok.encode("utf-8")).map.background.path == "cartes/gué.PNG"


@pytest.mark.parametrize(
    ("where", "bad"),
    [
        ("combatants", "ogre brun"),
        ("combatants", "a\nb"),
        ("sides", "méchants"),
        ("map.zones", "../porte"),
    ],
)
def test_an_id_outside_the_ids_form_is_refused_at_its_path(where, bad):
    """Issue 36: the ids are checked in one pass over the encounter's own ids (every other id
    names one of them): an accented letter, a space or a slash is refused where it is."""
    enc = _demo("libre")
    doc = json.loads(storage.dumps(enc))
    items = doc["encounter"]
    for part in where.split("."):
        items = items[part]
    items[-1]["id"] = bad
    with pytest.raises(storage.LoadError) as refused:
        storage.loads(json.dumps(doc).encode("utf-8"))
    assert refused.value.path == f"$.encounter.{where}[{len(items) - 1}].id"
    assert refused.value.fr.startswith("identifiant invalide : lettres sans accent")
    assert refused.value.en.startswith("invalid id: unaccented letters")
    # The same id in a change is refused too, and nothing changes.
    c = enc.combatants[0]
    with pytest.raises(ChangeError):
        apply(enc, ChangeSet("x", (change(enc, ("combatants", 0, "id"), bad),)))
    assert enc.combatants[0].id == c.id


def test_a_file_named_by_an_id_outside_the_form_is_refused():
    doc = json.loads(storage.dumps(_demo("libre")))
    doc["encounter"]["id"] = "../../etc/passwd"
    with pytest.raises(storage.LoadError) as refused:
        storage.loads(json.dumps(doc).encode("utf-8"))
    assert refused.value.path == "$.encounter.id"
    assert refused.value.fr.startswith("identifiant invalide")
