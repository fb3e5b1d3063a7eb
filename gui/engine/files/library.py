"""The GM's library: combatants kept between encounters (the party, a recurring villain, the
GM's own creatures), one file per ruleset, saved as encounters are (storage.FileKind: the same
envelope and schema version, atomic writes, backups, a newer version's file refused and kept).

On disk: `{"format": "escarmouche.library", "schema_version": 5, "app_version": "…",
"library": {"ruleset": "libre", "combatants": [{…}, …]}}`. Each entry is a combatant as the
encounter holds it, out of its fight (carried.portable); its id is the entry's, its name is
unique in the library. The body is shaped like an encounter's parts, so the encounter's
migrations carry it forward too."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from msgspec import field

from gui.engine.core.checking import CheckError, checked
from gui.engine.core.load_errors import LoadError
from gui.engine.core.problems import BilingualError, Problem, json_path
from gui.engine.edits.roster import new_id
from gui.engine.files import storage
from gui.engine.files.carried import portable
from gui.engine.rulesets import registry
from gui.engine.state.model import Combatant, FileId, Indexed, Name, Position, Strict
from gui.engine.state.schema import check_combatant

FORMAT = "escarmouche.library"


class LibraryError(BilingualError, ValueError):
    """A library edit that cannot be made; nothing is changed."""


class Library(Indexed):
    """The combatants a GM keeps for one ruleset, each with everything on its sheet."""

    INDEXED = ("combatants",)

    ruleset: FileId
    combatants: list[Combatant] = field(default_factory=list)

    def entry(self, eid: str) -> Combatant:
        return self.combatants[self.position("combatants", eid)]

    def named(self, name: str) -> Combatant | None:
        """The entry called `name` (exactly), if there is one."""
        return next((c for c in self.combatants if c.name == name), None)


class _Envelope(Strict, kw_only=True):
    """The library file's outer object."""

    format: Literal["escarmouche.library"]
    schema_version: int
    app_version: str = ""
    library: Library


def library_problem(lib: Library) -> Problem | None:
    """The first problem of a library: its ruleset, its entries' ids and names, their sheets
    against the ruleset, and what only a fight holds (a place, contacts, a state's source)."""
    if lib.ruleset not in registry.available():
        return Problem(
            json_path(("ruleset",)),
            f"jeu de règles inconnu « {lib.ruleset} »",
            f"unknown ruleset '{lib.ruleset}'",
        )
    data = registry.get(lib.ruleset).data
    ids: set[str] = set()
    names: set[str] = set()
    for i, c in enumerate(lib.combatants):
        where = ("combatants", i)
        if c.id in ids:
            return Problem(
                json_path((*where, "id")),
                f"entrée en double « {c.id} »",
                f"duplicate entry '{c.id}'",
            )
        if c.name in names:
            return Problem(
                json_path((*where, "name")),
                f"nom en double « {c.name} »",
                f"duplicate name '{c.name}'",
            )
        ids.add(c.id)
        names.add(c.name)
        problem = check_combatant(data, c, where) or _fight_problem(c, where)
        if problem is not None:
            return problem
    return None


def _fight_problem(c: Combatant, where: tuple[str | int, ...]) -> Problem | None:
    """What a library entry cannot hold: it stands nowhere and touches no one."""
    if c.position != Position():
        return Problem(
            json_path((*where, "position")),
            "une entrée de bibliothèque n’a pas de position",
            "a library entry has no position",
        )
    if c.contacts:
        return Problem(
            json_path((*where, "contacts")),
            "une entrée de bibliothèque n’est au contact de personne",
            "a library entry is in contact with no one",
        )
    for k, state in enumerate(c.states):
        if state.source is not None:
            return Problem(
                json_path((*where, "states", k, "source")),
                "un état d’une entrée de bibliothèque n’a pas d’auteur",
                "a condition of a library entry has no source",
            )
    return None


KIND = storage.FileKind(
    FORMAT,
    "library",
    _Envelope,
    Library,
    ("bibliothèque", "library"),
    library_problem,
    library_problem,
)


def file_for(folder: Path, ruleset: str) -> Path:
    """The library file of `ruleset` in `folder`."""
    return Path(folder) / f"{ruleset}.json"


def read(path: Path, ruleset: str) -> Library:
    """The library at `path`, empty when there is none yet. A bad file, one from a newer
    Escarmouche or of another ruleset is a LoadError (the file is left as it is)."""
    if not Path(path).exists():
        return Library(ruleset=ruleset)
    lib = storage.load(path, KIND)
    if lib.ruleset != ruleset:
        raise LoadError(
            "$.library.ruleset",
            f"bibliothèque du jeu de règles « {lib.ruleset} », « {ruleset} » attendu",
            f"library of the '{lib.ruleset}' ruleset, '{ruleset}' expected",
            file=Path(path).name,
        )
    return lib


def write(lib: Library, path: Path, backups: Path | None = None) -> None:
    """Save atomically, keeping the previous file in `backups` (storage.save)."""
    storage.save(lib, path, backups, kind=KIND)


def kept(lib: Library, c: Combatant) -> Library:
    """`lib` with `c` in it, out of its fight; an entry of the same name is replaced (and
    keeps its id)."""
    old = lib.named(c.name)
    eid = old.id if old is not None else new_id({e.id for e in lib.combatants}, c.name)
    entry = portable(c).replace(id=eid)
    entries = [entry if e is old else e for e in lib.combatants]
    if old is None:
        entries.append(entry)
    return lib.replace(combatants=entries)


def without(lib: Library, eid: str) -> Library:
    """`lib` without the entry `eid` (KeyError if there is none)."""
    gone = lib.entry(eid)
    return lib.replace(combatants=[e for e in lib.combatants if e is not gone])


def renamed(lib: Library, eid: str, name: str) -> Library:
    """`lib` with the entry `eid` called `name` (unique, and a name as the model takes it)."""
    entry, name = lib.entry(eid), name.strip()
    other = lib.named(name)
    if other is not None and other is not entry:
        raise LibraryError(
            f"La bibliothèque a déjà « {name} »", f"The library already holds '{name}'"
        )
    try:
        checked(name, Name)
    except CheckError:
        raise LibraryError(
            f"Un nom a de 1 à 200 caractères ({len(name)} saisis)",
            f"A name has 1 to 200 characters ({len(name)} typed)",
        ) from None
    entries = [e.replace(name=name) if e is entry else e for e in lib.combatants]
    return lib.replace(combatants=entries)
