"""gui.engine.files.storage: round trips, atomic saves, backups and their pruning, refused files."""

import json
import os
import pickle
import random
import subprocess
import sys
from datetime import UTC, datetime, timedelta, timezone
from importlib import metadata
from pathlib import Path

import pytest

from gui.engine.dice.rolling import rng_state
from gui.engine.files import migrations, storage
from gui.engine.files.storage import LoadError, SaveError
from gui.engine.state.model import (
    Background,
    Combatant,
    DiceState,
    Edge,
    Encounter,
    Expiry,
    Grid,
    LogEntry,
    Map,
    Position,
    Rect,
    Side,
    State,
    TurnPatch,
    TurnStep,
    Zone,
)
from gui.engine.turns import RankedEntry, RankedState

PARIS_SUMMER = timezone(timedelta(hours=2))


def rich_encounter() -> Encounter:
    """A small encounter that uses every part of the model (libre ruleset; tracks stay empty)."""
    stats = {"init_mod": 2, "attaque": 5, "defense": 14, "degats": "1d8+2", "pv": 9, "pv_max": 12}
    return Encounter(
        id="gue",
        name="L’embuscade du gué — « Ænima »",
        ruleset="libre",
        flags={"LIB-CFG-1": True},
        sides=[
            Side(id="pj", name="Héros", resources={"reserve": 3}),
            Side(id="mj", name="Brigands", colour="#a53a3a"),
        ],
        combatants=[
            Combatant(
                id="aelis",
                name="Aélis",
                side="pj",
                stats=stats,
                states=[
                    State(
                        key="a_terre",
                        label="À terre",
                        text="−2 en attaque",
                        expiry=Expiry(at="rounds", rounds=2),
                    )
                ],
                position=Position(zone="gue", cell=(3, 4)),
                contacts=["brigand-1"],
                notes="Porte l’épée de son père.\nDeuxième ligne.",
            ),
            Combatant(
                id="brigand-1",
                name="Brigand",
                side="mj",
                stats={**stats, "pv": 0, "degats": "1d6"},
                states=[State(key="saignement", label="Saigne", value=3)],
                position=Position(zone="gue"),
                contacts=["aelis"],
            ),
            Combatant(id="archer", name="Archer", side="mj", stats=stats),
        ],
        map=Map(
            zones=[
                Zone(id="gue", name="Le gué", rect=Rect(x=0, y=0, width=200, height=120)),
                Zone(id="rive", name="Rive nord", rect=Rect(x=210, y=-5.5, width=80, height=60)),
                Zone(id="bois", name="Bois", rect=Rect(x=0, y=130, width=90, height=90)),
            ],
            edges=[Edge(a="gue", b="rive", length_m=12.5), Edge(a="gue", b="bois")],
            metres_per_px=0.1,
            background=Background(path="cartes/gué.png", scale=0.5, opacity=0.8),
            grid=Grid(cell_px=40, cell_m=1.5, snap=True),
        ),
        turn=RankedState(
            round=2,
            order=[
                RankedEntry(unit="aelis", members=["aelis"], side="pj", initiative=17, acted=True),
                RankedEntry(unit="brigands", members=["brigand-1", "archer"], side="mj", score=9),
            ],
            current=1,
            history=[
                TurnStep(
                    patches=[
                        TurnPatch(path=["current"], value=0),
                        TurnPatch(path=["order", 0, "acted"], value=False),
                    ]
                )
            ],
        ),
        log=[
            LogEntry(
                time=datetime(2024, 5, 1, 20, 30, 5, 123456, tzinfo=UTC),
                round=1,
                actor="aelis",
                target="brigand-1",
                action="Attaque",
                breakdown=["attaque +5", "défense 14"],
                dice=[17],
                outcome="touché, 9 dégâts",
            ),
            LogEntry(time=datetime(2024, 5, 1, 22, 31, tzinfo=PARIS_SUMMER), action="Note"),
        ],
        dice=DiceState(seed=7, state=rng_state(random.Random(7))),
        notes="Deux brigands gardent le gué.",
    )


def envelope(enc: Encounter | None = None) -> dict:
    """The parsed file content of an encounter, to be spoiled by a test."""
    return json.loads(storage.dumps(enc or rich_encounter()))


def to_bytes(doc: object) -> bytes:
    return json.dumps(doc, ensure_ascii=False).encode()


# --- round trip -------------------------------------------------------------------------------


def test_round_trip_gives_equal_encounter_and_identical_bytes(tmp_path):
    enc = rich_encounter()
    path = tmp_path / "gue.json"
    storage.save(enc, path, app_version="1.2.3")
    loaded = storage.load(path)
    assert loaded == enc
    storage.save(loaded, path, app_version="1.2.3")  # read, its whole floats say ".0"
    loaded = storage.load(path)
    first = path.read_bytes()
    storage.save(loaded, path, app_version="1.2.3")
    assert path.read_bytes() == first
    assert storage.dumps(storage.loads(first), app_version="1.2.3") == first


def test_file_is_utf8_envelope_without_escapes():
    data = storage.dumps(rich_encounter(), app_version="1.2.3")
    doc = json.loads(data.decode("utf-8"))
    assert list(doc) == ["format", "schema_version", "app_version", "encounter"]
    assert doc["format"] == "escarmouche.encounter"
    assert doc["schema_version"] == storage.SCHEMA_VERSION
    assert doc["app_version"] == "1.2.3"
    assert "Aélis".encode() in data and b"\\u00e9" not in data


def test_log_times_keep_their_offset():
    loaded = storage.loads(storage.dumps(rich_encounter()))
    assert loaded.log[1].time.utcoffset() == timedelta(hours=2)
    assert loaded.log[0].time.microsecond == 123456


def test_utf8_bom_is_accepted():
    enc = rich_encounter()
    assert storage.loads(b"\xef\xbb\xbf" + storage.dumps(enc)) == enc


# --- saving -------------------------------------------------------------------------------------


def test_atomic_save_leaves_no_temp_file(tmp_path):
    path = tmp_path / "gue.json"
    storage.save(rich_encounter(), path)
    storage.save(rich_encounter(), path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gue.json"]


def test_failed_replace_keeps_old_file_and_no_temp(tmp_path, monkeypatch):
    path = tmp_path / "gue.json"
    path.write_bytes(b"old content")

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(SaveError) as info:
        storage.save(rich_encounter(), path)
    assert "gue.json" in info.value.fr and "No space left" in info.value.en
    assert path.read_bytes() == b"old content"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gue.json"]


def test_missing_folder_is_a_save_error(tmp_path):
    with pytest.raises(SaveError):
        storage.save(rich_encounter(), tmp_path / "nope" / "gue.json")


def test_invalid_encounter_is_not_saved(tmp_path):
    enc = rich_encounter()
    enc.combatants[0].stats["defense"] = 500  # a valid StatValue, out of the ruleset's range
    path = tmp_path / "gue.json"
    path.write_bytes(b"keep me")
    with pytest.raises(SaveError) as info:
        storage.save(enc, path, tmp_path / "backups")
    assert "combatants[0].stats.defense" in info.value.en
    assert path.read_bytes() == b"keep me"
    assert not (tmp_path / "backups").exists()


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_save_keeps_permissions(tmp_path):
    path = tmp_path / "gue.json"
    storage.save(rich_encounter(), path)
    path.chmod(0o640)
    storage.save(rich_encounter(), path)
    assert path.stat().st_mode & 0o777 == 0o640


def test_previous_version_goes_to_backups(tmp_path):
    path, backups = tmp_path / "gue.json", tmp_path / "backups"
    storage.save(rich_encounter(), path, backups)
    assert not backups.exists() or not any(backups.iterdir())  # nothing to keep the first time
    old = path.read_bytes()
    changed = rich_encounter().replace(notes="changed")
    storage.save(changed, path, backups, now=datetime(2024, 5, 1, 12, 0, 0, 42, tzinfo=UTC))
    (backup,) = backups.iterdir()
    assert backup.name == "gue.20240501T120000.000042Z.json"
    assert backup.read_bytes() == old
    assert storage.load(path).notes == "changed"


def test_unusable_backups_folder_stops_the_save(tmp_path):
    path, backups = tmp_path / "gue.json", tmp_path / "backups"
    path.write_bytes(b"old")
    backups.write_text("a file where the folder should be")
    with pytest.raises(SaveError) as info:
        storage.save(rich_encounter(), path, backups)
    assert "previous version" in info.value.en and "ancienne version" in info.value.fr
    assert path.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["backups", "gue.json"]


def test_failed_pruning_does_not_fail_the_save(tmp_path, monkeypatch):
    def broken_prune(*args):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(storage, "prune_backups", broken_prune)
    path = tmp_path / "gue.json"
    path.write_bytes(b"old")
    storage.save(rich_encounter(), path, tmp_path / "backups")
    assert storage.load(path) == rich_encounter()


def test_backups_in_the_same_microsecond_do_not_collide(tmp_path):
    path, backups = tmp_path / "gue.json", tmp_path / "backups"
    when = datetime(2024, 5, 1, 12, tzinfo=UTC)
    for _ in range(3):
        storage.save(rich_encounter(), path, backups, now=when)
    assert len(list(backups.iterdir())) == 2


def _stamp(when: datetime) -> str:
    return when.strftime("%Y%m%dT%H%M%S.%fZ")


def test_prune_keeps_ten_newest_and_one_per_day_for_thirty_days(tmp_path):
    now = datetime(2024, 6, 30, 18, 0, tzinfo=UTC)
    times = [now - timedelta(minutes=5 * i) for i in range(15)]  # 15 saves this evening
    for day in range(1, 45):  # three saves a day for 44 days before
        times += [now - timedelta(days=day, hours=h) for h in (1, 3, 5)]
    for when in times:
        (tmp_path / f"gue.{_stamp(when)}.json").write_text("x")
    (tmp_path / f"autre.{_stamp(now - timedelta(days=90))}.json").write_text("other stem")
    (tmp_path / "gue.notes.txt").write_text("not a backup")

    removed = storage.prune_backups(tmp_path, "gue", now)

    newest = sorted(times, reverse=True)[:10]
    per_day = {}
    for when in sorted(times, reverse=True):
        if (now.date() - when.date()).days < 30:
            per_day.setdefault(when.date(), when)
    expected = {f"gue.{_stamp(t)}.json" for t in {*newest, *per_day.values()}}
    expected |= {f"autre.{_stamp(now - timedelta(days=90))}.json", "gue.notes.txt"}
    assert {p.name for p in tmp_path.iterdir()} == expected
    assert len(per_day) == 30
    assert len(removed) == len(times) - (len(expected) - 2)


def test_save_prunes_old_backups(tmp_path):
    path, backups = tmp_path / "gue.json", tmp_path / "backups"
    backups.mkdir()
    now = datetime(2024, 6, 30, 18, 0, tzinfo=UTC)
    for i in range(12):
        (backups / f"gue.{_stamp(now - timedelta(seconds=i + 1))}.json").write_text("x")
    storage.save(rich_encounter(), path)
    storage.save(rich_encounter(), path, backups, now=now)
    assert len(list(backups.iterdir())) == 10  # all from the same day: only the 10 newest


# --- newer files --------------------------------------------------------------------------------


def test_newer_schema_is_refused_on_load_and_kept_on_save(tmp_path):
    doc = envelope()
    doc["schema_version"] = storage.SCHEMA_VERSION + 1
    path = tmp_path / "futur.json"
    path.write_bytes(to_bytes(doc))
    before = path.read_bytes()
    with pytest.raises(LoadError) as info:
        storage.load(path)
    assert info.value.path == "$.schema_version"
    assert "plus récente" in info.value.fr and "newer Escarmouche" in info.value.en
    with pytest.raises(SaveError) as refused:
        storage.save(rich_encounter(), path, tmp_path / "backups")
    assert "newer Escarmouche" in refused.value.en
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["futur.json"]


def test_newer_schema_far_into_the_file_is_still_seen(tmp_path):
    path = tmp_path / "futur.json"
    padding = " " * 10_000
    path.write_text(f'{{"format": "escarmouche.encounter",{padding}"schema_version": 9}}')
    before = path.read_bytes()
    with pytest.raises(SaveError):
        storage.save(rich_encounter(), path)
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    "text",
    [
        # Keys sorted: the envelope's version comes after the whole encounter.
        '{"app_version": "9.0", "encounter": {"id": "x"}, "format": "escarmouche.encounter", '
        '"schema_version": 99}',
        # The head sniffed by older code named version 1; the parser reads the last key.
        '{"format": "escarmouche.encounter", "schema_version": 1, "encounter": {}, '
        '"schema_version": 99}',
        # Spelled with an escape, as any JSON writer may.
        '{"format": "escarmouche.encounter", "\\u0073chema_version": 99}',
        # With a byte-order mark.
        '\ufeff{"format": "escarmouche.encounter", "schema_version": 99}',
    ],
    ids=["sorted keys", "duplicate key", "escaped key", "bom"],
)
def test_a_newer_file_is_recognised_by_parsing_and_never_replaced(text, tmp_path):
    path = tmp_path / "futur.json"
    path.write_text(text, encoding="utf-8")
    before = path.read_bytes()
    assert storage.file_version(path) > storage.SCHEMA_VERSION
    assert storage.is_newer_file(path)
    with pytest.raises(LoadError) as opened:
        storage.load(path)
    assert opened.value.path == "$.schema_version"
    with pytest.raises(SaveError):
        storage.save(rich_encounter(), path, tmp_path / "backups")
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["futur.json"]


def test_file_version_of_missing_foreign_and_current_files(tmp_path):
    assert storage.file_version(tmp_path / "absent.json") is None
    (tmp_path / "autre.json").write_text('{"schema_version": 99}')
    assert storage.file_version(tmp_path / "autre.json") == 0
    (tmp_path / "casse.json").write_text('{"format": "escarmouche.encounter", "schema_')
    assert storage.file_version(tmp_path / "casse.json") == 0
    storage.save(rich_encounter(), tmp_path / "ok.json")
    assert storage.file_version(tmp_path / "ok.json") == storage.SCHEMA_VERSION


# --- temporary files ------------------------------------------------------------------------


def _dead_pid() -> int:
    """A process id that no process has (a child that has exited and been reaped)."""
    child = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        check=True,
        capture_output=True,
        text=True,
    )
    return int(child.stdout)


@pytest.mark.skipif(os.name != "posix", reason="process ids are asked about on POSIX only")
def test_stale_temporary_files_of_a_killed_save_go_at_the_next_save(tmp_path):
    path = tmp_path / "gue.json"
    storage.save(rich_encounter(), path)
    dead = tmp_path / f".gue.json.{_dead_pid()}-0123456789ab.tmp"
    old_style = tmp_path / ".gue.json.0123456789ab.tmp"
    alive = tmp_path / f".gue.json.{os.getppid()}-0123456789ab.tmp"  # a save under way
    other = tmp_path / f".autre.json.{_dead_pid()}-0123456789ab.tmp"
    mine = tmp_path / ".gue.json.notours.tmp"
    for p in (dead, old_style, alive, other, mine):
        p.write_bytes(b"{")
    os.utime(old_style, (0, 0))  # from a version that did not name the process: an old file
    storage.save(rich_encounter(), path)
    assert not dead.exists() and not old_style.exists()
    assert alive.exists() and other.exists() and mine.exists()
    assert storage.sweep_temp(tmp_path) == [other]
    assert storage.sweep_temp(tmp_path / "absent") == []


def test_a_save_names_its_temporary_file_after_its_process(tmp_path, monkeypatch):
    seen = []
    real_replace = os.replace

    def spy(src, dst):
        seen.append(Path(src).name)
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", spy)
    storage.save(rich_encounter(), tmp_path / "gue.json")
    assert seen and seen[0].startswith(f".gue.json.{os.getpid()}-") and seen[0].endswith(".tmp")


def test_a_file_that_is_not_ours_may_be_replaced(tmp_path):
    path, backups = tmp_path / "notes.json", tmp_path / "backups"
    path.write_text('{"schema_version": 99}')
    storage.save(rich_encounter(), path, backups)
    assert storage.load(path) == rich_encounter()
    assert [p.read_text() for p in backups.iterdir()] == ['{"schema_version": 99}']


# --- refused files ------------------------------------------------------------------------------


def _spoil(change):
    """The bytes of the rich encounter after `change(doc)` edits its parsed envelope."""
    doc = envelope()
    change(doc)
    return to_bytes(doc)


def _set(path: str, value):
    """A change setting the value at a dotted path such as `encounter.combatants.1.name`."""

    def change(doc):
        *parents, last = [int(p) if p.isdigit() else p for p in path.split(".")]
        node = doc
        for part in parents:
            node = node[part]
        if value is _DELETE:
            del node[last]
        else:
            node[last] = value

    return change


_DELETE = object()
C1 = "$.encounter.combatants[1]"

MALFORMED = {
    "wrong type deep in a combatant": (
        _set("encounter.combatants.1.name", 5),
        f"{C1}.name",
        "texte attendu",
        "text expected",
    ),
    "stat of a type no sheet allows": (
        _set("encounter.combatants.1.stats.pv", {"x": 1}),
        f"{C1}.stats.pv",
        "type non permis",
        "expected: integer, number, text",
    ),
    "unknown key": (
        _set("encounter.combatants.1.couleur", "#ffffff"),
        f"{C1}.couleur",
        "clé inconnue",
        "unknown key",
    ),
    "missing key": (
        _set("encounter.combatants.1.side", _DELETE),
        f"{C1}.side",
        "absente",
        "missing",
    ),
    "unknown zone reference": (
        _set("encounter.combatants.1.position.zone", "marais"),
        f"{C1}.position.zone",
        "zone inconnue « marais »",
        "unknown zone",
    ),
    "edge to an unknown zone": (
        _set("encounter.map.edges.1.b", "marais"),
        "$.encounter.map.edges[1].b",
        "zone inconnue",
        "unknown zone",
    ),
    "asymmetric contact": (
        _set("encounter.combatants.1.contacts", []),
        "$.encounter.combatants[0].contacts[0]",
        "non réciproque",
        "one-sided contact",
    ),
    "unknown side": (
        _set("encounter.combatants.2.side", "neutres"),
        "$.encounter.combatants[2].side",
        "camp inconnu",
        "unknown side",
    ),
    "duplicate combatant id": (
        _set("encounter.combatants.2.id", "aelis"),
        "$.encounter.combatants[2].id",
        "en double",
        "duplicate combatant id",
    ),
    "turn unit with unknown member": (
        _set("encounter.turn.order.1.members.1", "fantome"),
        "$.encounter.turn.order[1].members[1]",
        "combattant inconnu",
        "unknown combatant",
    ),
    "unknown ruleset": (
        _set("encounter.ruleset", "inconnu"),
        "$.encounter.ruleset",
        "jeu de règles inconnu",
        "unknown ruleset",
    ),
    "stat out of range": (
        _set("encounter.combatants.1.stats.defense", 500),
        f"{C1}.stats.defense",
        "0–99",
        "0–99",
    ),
    "bad colour": (
        _set("encounter.sides.0.colour", "bleu"),
        "$.encounter.sides[0].colour",
        "couleur",
        "colour",
    ),
    "negative rounds left": (
        _set("encounter.combatants.0.states.0.expiry.rounds", 0),
        "$.encounter.combatants[0].states[0].expiry.rounds",
        "au moins 1",
        "at least 1",
    ),
    "empty name": (
        _set("encounter.combatants.0.name", ""),
        "$.encounter.combatants[0].name",
        "au moins 1 caractère",
        "at least 1 character",
    ),
    "name too long": (
        _set("encounter.combatants.0.name", "x" * 201),
        "$.encounter.combatants[0].name",
        "au plus 200 caractères",
        "at most 200 characters",
    ),
    "zero-width zone": (
        _set("encounter.map.zones.0.rect.width", 0),
        "$.encounter.map.zones[0].rect.width",
        "supérieur à 0",
        "greater than 0",
    ),
    "wrong format string": (
        _set("format", "autre.chose"),
        "$.format",
        "format « autre.chose » inconnu",
        "unknown format",
    ),
    "missing format": (_set("format", _DELETE), "$.format", "Escarmouche", "no 'format' key"),
    "missing schema_version": (
        _set("schema_version", _DELETE),
        "$.schema_version",
        "absente",
        "missing",
    ),
    "missing encounter": (_set("encounter", _DELETE), "$.encounter", "absente", "no encounter"),
    "schema_version as text": (_set("schema_version", "1"), "$.schema_version", "entier", "whole"),
    "schema_version zero": (_set("schema_version", 0), "$.schema_version", "≥ 1", "≥ 1"),
    "extra envelope key": (_set("auteur", "moi"), "$.auteur", "clé inconnue", "unknown key"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_malformed_file_gives_path_in_both_languages(case, tmp_path):
    change, path, fr, en = MALFORMED[case]
    target = tmp_path / "gue.json"
    target.write_bytes(_spoil(change))
    with pytest.raises(LoadError) as info:
        storage.load(target)
    err = info.value
    assert (err.path, err.file) == (path, "gue.json")
    assert fr in err.fr and en in err.en
    assert str(err) == f"gue.json {path} : {err.fr} / {err.en}"


def test_message_reads_file_path_french_english():
    err = LoadError("$.encounter.combatants[3].name", "texte attendu", "text expected", "enc.json")
    assert str(err) == "enc.json $.encounter.combatants[3].name : texte attendu / text expected"
    assert str(LoadError("$", "fichier vide", "empty file")) == "$ : fichier vide / empty file"
    assert pickle.loads(pickle.dumps(err)).path == err.path


RAW = {
    "empty file": (b"", "vide", "empty file"),
    "only blanks": (b" \n\t", "vide", "empty file"),
    "not UTF-8": (b'{"format": "escarmouche.encounter",\n "x": "caf\xe9"}', "ligne 2", "not UTF-8"),
    "bad JSON": (
        b'{"format": "escarmouche.encounter",\n "schema_version": 1,\n "encounter": {,}\n}',
        "ligne 3, colonne 16",
        "line 3, column 16",
    ),
    "truncated": (b'{"format": "escarmouche.encounter", "sch', "tronqué", "truncated"),
    "a list": (b"[1, 2]", "objet JSON", "JSON object"),
    "NaN": (b'{"format": "escarmouche.encounter", "version": NaN}', "JSON invalide", "line 1"),
    "deep nesting": (b"[" * 100_000, "imbrication", "nesting too deep"),
}


@pytest.mark.parametrize("case", sorted(RAW))
def test_unparsable_bytes(case):
    data, fr, en = RAW[case]
    with pytest.raises(LoadError) as info:
        storage.loads(data, "x.json")
    assert info.value.path == "$"
    assert fr in info.value.fr and en in info.value.en


def test_unreadable_files(tmp_path):
    for path in (tmp_path / "absent.json", tmp_path):
        with pytest.raises(LoadError) as info:
            storage.load(path)
        assert info.value.path == "$" and info.value.file == path.name
        assert "lecture impossible" in info.value.fr and "cannot read" in info.value.en


# --- migrations through the loader --------------------------------------------------------------


def _as_version(version: int, change=lambda body: None) -> bytes:
    doc = envelope()
    doc["schema_version"] = version
    change(doc["encounter"])
    return to_bytes(doc)


def test_older_file_is_migrated(monkeypatch):
    """A pretend v3 world: a v2 file called `name` `title`; the 2→3 step renames it back."""

    def v2_to_v3(body):
        body["name"] = body.pop("title")
        return body

    monkeypatch.setattr(storage, "SCHEMA_VERSION", 3)
    monkeypatch.setattr(migrations, "MIGRATIONS", {2: v2_to_v3})
    old = _as_version(2, lambda body: body.update(title=body.pop("name")))
    assert storage.loads(old) == rich_encounter()
    assert json.loads(storage.dumps(rich_encounter()))["schema_version"] == 3


def test_migrated_file_still_reports_paths(monkeypatch):
    monkeypatch.setattr(storage, "SCHEMA_VERSION", 3)
    monkeypatch.setattr(migrations, "MIGRATIONS", {2: lambda body: body})
    bad = _as_version(2, lambda body: body["combatants"][1].update(name=5))
    with pytest.raises(LoadError) as info:
        storage.loads(bad)
    assert info.value.path == f"{C1}.name"


def test_missing_or_failing_migration_is_a_load_error(monkeypatch):
    monkeypatch.setattr(storage, "SCHEMA_VERSION", 4)
    monkeypatch.setattr(migrations, "MIGRATIONS", {2: lambda body: body})
    with pytest.raises(LoadError) as gap:
        storage.loads(_as_version(2))
    assert gap.value.path == "$.schema_version" and "3→4" in gap.value.en
    monkeypatch.setattr(migrations, "MIGRATIONS", {2: lambda body: body["absent"], 3: dict})
    with pytest.raises(LoadError) as failing:
        storage.loads(_as_version(2))
    assert failing.value.path == "$.encounter"
    assert "cannot migrate from version 2" in failing.value.en


@pytest.fixture
def fresh_version_cache():
    storage._installed_version.cache_clear()
    yield
    storage._installed_version.cache_clear()


def test_installed_version_is_the_default_app_version(monkeypatch, fresh_version_cache):
    monkeypatch.setattr(metadata, "version", lambda name: f"{name}-9.9.9")
    assert json.loads(storage.dumps(rich_encounter()))["app_version"] == "escarmouche-9.9.9"
    assert json.loads(storage.dumps(rich_encounter(), "2.0"))["app_version"] == "2.0"


def test_app_version_is_empty_when_not_installed(monkeypatch, fresh_version_cache):
    def not_installed(name):
        raise metadata.PackageNotFoundError(name)

    monkeypatch.setattr(metadata, "version", not_installed)
    assert json.loads(storage.dumps(rich_encounter()))["app_version"] == ""


def test_number_too_big_for_a_float_is_refused():
    """10**400 becomes inf, which JSON cannot hold: saved as null, the file would not reopen."""
    data = _spoil(_set("encounter.map.zones.1.rect.x", 10**400))
    with pytest.raises(LoadError) as info:
        storage.loads(data)
    assert info.value.path == "$.encounter.map.zones[1].rect.x"


def test_a_file_we_wrote_then_a_newer_version_replaced_is_parsed_again(tmp_path):
    """Saving skips parsing a file this process wrote and nobody changed since; a newer
    Escarmouche saving over it in between is still seen."""
    path = tmp_path / "gue.json"
    storage.save(rich_encounter(), path)
    storage.save(rich_encounter(), path)  # as we left it: no parse needed
    newer = tmp_path / "newer.json"
    newer.write_text('{"format": "escarmouche.encounter", "schema_version": 99}')
    os.replace(newer, path)
    before = path.read_bytes()
    with pytest.raises(SaveError):
        storage.save(rich_encounter(), path)
    assert path.read_bytes() == before


def test_pruning_never_deletes_a_newer_versions_backup(tmp_path):
    backups = tmp_path / "backups"
    backups.mkdir()
    now = datetime(2026, 11, 23, 12, tzinfo=UTC)
    newer = backups / f"gue.{_stamp(now - timedelta(days=90))}.json"
    newer.write_text('{"format": "escarmouche.encounter", "schema_version": 7}')
    old = backups / f"gue.{_stamp(now - timedelta(days=91))}.json"
    old.write_text("{}")
    for i in range(10):  # ten newer backups: the two old ones are past keeping
        (backups / f"gue.{_stamp(now - timedelta(seconds=i))}.json").write_text("{}")
    removed = storage.prune_backups(backups, "gue", now)
    assert removed == [old] and newer.exists()


def test_missing_app_data_is_told_as_an_install_problem_not_the_file_s(monkeypatch):
    """A wheel once shipped without its ruleset data: a valid file was called an internal
    error of the file. What fails to read then is the app's own data."""
    data = storage.dumps(rich_encounter())

    def missing(_enc):
        raise FileNotFoundError(2, "No such file or directory", "ruleset_data/libre/ruleset.json")

    monkeypatch.setattr(storage, "check_encounter", missing)  # what _encounter_loaded calls
    with pytest.raises(storage.LoadError) as info:
        storage.loads(data, "demo.json")
    assert "installation incomplète" in info.value.fr and "incomplete install" in info.value.en
    assert "ruleset.json" in info.value.en
