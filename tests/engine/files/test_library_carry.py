"""Issue 21, deliver 3: combatants carried into an encounter from elsewhere (carried.add_all)
and the fight's state written back to the library by name (write_back)."""

import pytest

from gui.engine.edits.roster import RosterEditError
from gui.engine.files import library, storage, write_back
from gui.engine.files.carried import add_all, portable
from gui.engine.files.library import Library
from gui.engine.rulesets import registry
from gui.engine.state.changes import apply
from gui.engine.state.model import State, Track
from tests.engine.builders import libre_demo


def test_add_all_is_one_changeset_with_unique_names_and_ids():
    enc, ruleset = libre_demo(), registry.get("libre")
    templates = [portable(enc.combatant(cid)) for cid in ("ysolde", "ysolde", "archer")]
    before = len(enc.combatants)
    ids, cs = add_all(ruleset, enc, templates, "gue")
    assert len(enc.combatants) == before  # nothing applied yet
    apply(enc, cs)
    added = [enc.combatant(cid) for cid in ids]
    assert [c.name for c in added] == [
        "Ysolde la Rousse 2",
        "Ysolde la Rousse 3",
        "Brigand archer 2",
    ]
    assert len(set(ids)) == 3 and all(c.position.zone == "gue" for c in added)
    assert added[2].states == enc.combatant("archer").states  # À couvert came along
    with pytest.raises(RosterEditError):
        add_all(ruleset, enc, [], None)


def conteur():
    return storage.load(registry.get("conteur").demo_path), registry.get("conteur")


def test_updates_list_what_changed_in_both_languages():
    enc, ruleset = conteur()
    anatole = enc.combatants[0]
    lib = library.kept(Library(ruleset="conteur"), anatole)
    marks = ["L", "L", "", "", "", "", ""]
    anatole.tracks = {"sante": Track(marks=marks)}
    anatole.states = [State(key="a_terre", label="À terre")]
    anatole.notes = "A perdu son chapeau"
    was = anatole.stats.get("volonte_points", 0)
    anatole.stats["volonte_points"] = was + 1
    (update,) = write_back.updates(lib, enc, ruleset)
    assert update.name == anatole.name and update.combatant == anatole.id
    fr = [line[0] for line in update.lines]
    en = [line[1] for line in update.lines]
    assert fr[0].endswith(f" : {was} → {was + 1}") and en[0].endswith(f": {was} → {was + 1}")
    assert "Grille de santé : 0 → 2 case(s) cochée(s)" in fr
    assert any(line.endswith(": 0 → 2 marked") for line in en), en
    assert "Notes modifiées" in fr and "Notes changed" in en
    assert any(line.startswith("États : + ") for line in fr)
    assert any(line.startswith("Conditions: + ") for line in en)
    assert all("«" not in line for line in en)


def test_written_entries_take_the_combatants_sheet_and_keep_their_ids():
    enc = libre_demo()
    ruleset = registry.get("libre")
    lib = Library(ruleset="libre")
    for cid in ("ysolde", "bertrand"):
        lib = library.kept(lib, enc.combatant(cid))
    assert write_back.updates(lib, enc, ruleset) == []  # nothing changed yet
    enc.combatant("ysolde").stats["pv"] = 5
    enc.combatant("bertrand").stats["pv"] = 2
    updates = write_back.updates(lib, enc, ruleset)
    assert [(u.name, u.lines) for u in updates] == [
        ("Ysolde la Rousse", (("Points de vie : 24 → 5", "Hit points: 24 → 5"),)),
        ("Frère Bertrand", (("Points de vie : 18 → 2", "Hit points: 18 → 2"),)),
    ]
    new = write_back.written(lib, enc, updates[:1])  # the GM ticked Ysolde only
    assert new.named("Ysolde la Rousse").stats["pv"] == 5
    assert new.named("Ysolde la Rousse").id == lib.named("Ysolde la Rousse").id
    assert new.named("Frère Bertrand") == lib.named("Frère Bertrand")


def test_a_name_two_combatants_share_is_not_matched():
    enc = libre_demo()
    lib = library.kept(Library(ruleset="libre"), enc.combatant("brig1"))
    enc.combatant("brig1").stats["pv"] = 1
    assert [u.name for u in write_back.updates(lib, enc, registry.get("libre"))] == ["Brigand 1"]
    enc.combatant("brig2").name = "Brigand 1"
    assert write_back.updates(lib, enc, registry.get("libre")) == []
