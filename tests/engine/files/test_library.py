"""Issue 21, deliver 3: the GM's library file (gui.engine.files.library): saved and read back,
entries replaced, renamed and deleted, refused files left as they are, the encounter's storage
reused."""

import json
import os

import pytest

from gui.engine.core.load_errors import LoadError
from gui.engine.files import library, storage
from gui.engine.files.library import Library, LibraryError
from gui.engine.files.storage import SaveError
from gui.engine.rulesets import registry
from gui.engine.state.model import Expiry, Position, State
from tests.engine.builders import libre_demo


@pytest.fixture
def party():
    """The libre demo; Ysolde grabbed by a brigand and in contact with him, and poisoned."""
    enc = libre_demo()
    ysolde = enc.combatant("ysolde")
    ysolde.stats["pv"] = 17
    ysolde.notes = "Porte l’anneau du baron"
    ysolde.states = [
        State(key="empoisonne", label="Empoisonné", expiry=Expiry(at="rounds", rounds=3)),
        State(key="entrave", label="Entravé", source="brig1"),
    ]
    ysolde.contacts = ["brig1"]
    enc.combatant("brig1").contacts = ["ysolde"]
    return enc


def kept(enc, *cids):
    lib = Library(ruleset="libre")
    for cid in cids:
        lib = library.kept(lib, enc.combatant(cid))
    return lib


def test_a_kept_combatant_leaves_its_fight_behind(party):
    entry = kept(party, "ysolde").named("Ysolde la Rousse")
    ysolde = party.combatant("ysolde")
    assert entry.stats == ysolde.stats and entry.tracks == ysolde.tracks
    assert entry.notes == "Porte l’anneau du baron" and entry.tier == ysolde.tier
    assert [s.key for s in entry.states] == ["empoisonne"]  # the brigand's grab stays
    assert entry.states[0].expiry == Expiry(at="rounds", rounds=3)
    assert entry.position == Position() and entry.contacts == []
    assert ysolde.contacts == ["brig1"] and len(ysolde.states) == 2  # the fight is untouched


def test_save_and_read_back(party, tmp_path):
    lib = kept(party, "ysolde", "bertrand", "archer")
    path = library.file_for(tmp_path, "libre")
    library.write(lib, path)
    assert library.read(path, "libre") == lib
    doc = json.loads(path.read_bytes())
    assert list(doc) == ["format", "schema_version", "app_version", "library"]
    assert doc["format"] == "escarmouche.library"
    assert doc["schema_version"] == storage.SCHEMA_VERSION
    assert [c["name"] for c in doc["library"]["combatants"]] == [
        "Ysolde la Rousse",
        "Frère Bertrand",
        "Brigand archer",
    ]


def test_no_file_yet_is_an_empty_library(tmp_path):
    assert library.read(tmp_path / "libre.json", "libre") == Library(ruleset="libre")


def test_the_same_name_replaces_the_entry_and_keeps_its_id(party):
    lib = kept(party, "ysolde", "bertrand")
    first = lib.named("Ysolde la Rousse").id
    party.combatant("ysolde").stats["pv"] = 3
    lib = library.kept(lib, party.combatant("ysolde"))
    assert [c.name for c in lib.combatants] == ["Ysolde la Rousse", "Frère Bertrand"]
    assert lib.named("Ysolde la Rousse").id == first
    assert lib.named("Ysolde la Rousse").stats["pv"] == 3


def test_rename_and_delete(party):
    lib = kept(party, "ysolde", "bertrand")
    eid = lib.named("Frère Bertrand").id
    lib = library.renamed(lib, eid, "  Bertrand de Cluny ")
    assert lib.entry(eid).name == "Bertrand de Cluny"
    with pytest.raises(LibraryError) as taken:
        library.renamed(lib, eid, "Ysolde la Rousse")
    assert "déjà" in taken.value.fr and "already" in taken.value.en
    with pytest.raises(LibraryError):
        library.renamed(lib, eid, "  ")
    lib = library.without(lib, eid)
    assert [c.name for c in lib.combatants] == ["Ysolde la Rousse"]
    with pytest.raises(KeyError):
        library.without(lib, eid)


def test_saving_again_keeps_the_previous_file_in_backups(party, tmp_path):
    path, backups = tmp_path / "libre.json", tmp_path / "backups"
    library.write(kept(party, "ysolde"), path, backups)
    first = path.read_bytes()
    library.write(kept(party, "ysolde", "maelis"), path, backups)
    saved = list(backups.iterdir())
    assert len(saved) == 1 and saved[0].name.startswith("libre.")
    assert saved[0].read_bytes() == first


def test_the_write_is_atomic(party, tmp_path, monkeypatch):
    path = tmp_path / "libre.json"
    library.write(kept(party, "ysolde"), path)
    before = path.read_bytes()

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(SaveError) as info:
        library.write(kept(party, "ysolde", "maelis"), path)
    assert "No space left" in info.value.en
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["libre.json"]  # no temporary left


def test_a_newer_versions_library_is_refused_and_kept_byte_for_byte(party, tmp_path):
    path = tmp_path / "libre.json"
    library.write(kept(party, "ysolde"), path)
    doc = json.loads(path.read_bytes())
    doc["schema_version"] = storage.SCHEMA_VERSION + 1
    doc["library"]["combatants"][0]["aura"] = "ce que la version suivante ajoute"
    path.write_bytes(json.dumps(doc, ensure_ascii=False).encode())
    before = path.read_bytes()
    with pytest.raises(LoadError) as info:
        library.read(path, "libre")
    assert info.value.path == "$.schema_version"
    assert "plus récente" in info.value.fr and "newer Escarmouche" in info.value.en
    with pytest.raises(SaveError) as refused:
        library.write(kept(party, "maelis"), path, tmp_path / "backups")
    assert "newer Escarmouche" in refused.value.en
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["libre.json"]


def corrupt(tmp_path, party, edit):
    path = tmp_path / "libre.json"
    library.write(kept(party, "ysolde", "bertrand"), path)
    doc = json.loads(path.read_bytes())
    edit(doc)
    path.write_bytes(json.dumps(doc).encode())
    with pytest.raises(LoadError) as info:
        library.read(path, "libre")
    return info.value


@pytest.mark.parametrize(
    ("edit", "where", "fr", "en"),
    [
        (
            lambda d: d["library"]["combatants"][1]["stats"].update(pv="beaucoup"),
            "$.library.combatants[1].stats.pv",
            "",
            "",
        ),
        (
            lambda d: d["library"]["combatants"][1].update(name="Ysolde la Rousse"),
            "$.library.combatants[1].name",
            "nom en double",
            "duplicate name",
        ),
        (
            lambda d: d["library"]["combatants"][0].update(position={"zone": "gue"}),
            "$.library.combatants[0].position",
            "position",
            "position",
        ),
        (
            lambda d: d["library"]["combatants"][0]["stats"].update(pv=999),
            "$.library.combatants[0].stats.pv",
            "Points de vie",
            "Hit points",
        ),
        (lambda d: d.update(format="escarmouche.encounter"), "$.format", "inconnu", "unknown"),
        (lambda d: d.pop("library"), "$.library", "bibliothèque absente", "no library"),
        (lambda d: d["library"].update(ruleset="inconnu"), "$.library.ruleset", "inconnu", ""),
    ],
)
def test_a_bad_file_is_refused_with_its_json_path(party, tmp_path, edit, where, fr, en):
    error = corrupt(tmp_path, party, edit)
    assert error.path == where and error.file == "libre.json"
    assert fr in error.fr and en in error.en


def test_another_rulesets_library_is_refused(tmp_path):
    enc = storage.load(registry.get("conteur").demo_path)
    path = tmp_path / "libre.json"
    library.write(library.kept(Library(ruleset="conteur"), enc.combatants[0]), path)
    with pytest.raises(LoadError) as info:
        library.read(path, "libre")
    assert info.value.path == "$.library.ruleset"
    assert "conteur" in info.value.fr and "'libre' expected" in info.value.en


def test_a_truncated_file_says_so(party, tmp_path):
    path = tmp_path / "libre.json"
    library.write(kept(party, "ysolde"), path)
    path.write_bytes(path.read_bytes()[:-40])
    with pytest.raises(LoadError) as info:
        library.read(path, "libre")
    assert info.value.path == "$" and "tronqué" in info.value.fr


def test_an_older_library_goes_through_the_encounters_migrations(party, tmp_path):
    """A library of schema 4 (no `hidden` yet): its body is read as the encounter's would be."""
    path = tmp_path / "libre.json"
    library.write(kept(party, "ysolde"), path)
    doc = json.loads(path.read_bytes())
    doc["schema_version"] = 4
    del doc["library"]["combatants"][0]["hidden"]
    path.write_bytes(json.dumps(doc).encode())
    assert library.read(path, "libre") == kept(party, "ysolde")


def test_an_invalid_library_is_not_saved(party, tmp_path):
    lib = kept(party, "ysolde")
    lib.combatants[0].stats["pv"] = 999
    with pytest.raises(SaveError) as info:
        library.write(lib, tmp_path / "libre.json")
    assert "bibliothèque invalide" in info.value.fr and "invalid library" in info.value.en
    assert not (tmp_path / "libre.json").exists()
