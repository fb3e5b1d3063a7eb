"""Encounter files: a versioned JSON envelope, a loader raising only LoadError, atomic saves.

On disk: `{"format": "escarmouche.encounter", "schema_version": 5, "app_version": "…",
"encounter": {…}}` in UTF-8. Loading takes one msgspec decoding pass when the file is well
formed; only a failing file pays for the slower diagnosis that finds the best JSON path.
Other kinds of file (the GM's library) share the envelope, the schema version, the loader and
the saving: each is a `FileKind`.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any, Literal

import msgspec
from msgspec import Struct

from gui.engine.core.load_errors import LoadError, parse_error, validation_error
from gui.engine.core.problems import BilingualError, Problem, Words
from gui.engine.files.migrations import MigrationError, migrate
from gui.engine.rulesets.registry import check_encounter
from gui.engine.state.model import Encounter, Strict
from gui.engine.state.references import reference_problem
from gui.engine.turns.history import history_problem

FORMAT = "escarmouche.encounter"
SCHEMA_VERSION = 6
KEEP_NEWEST = 10
KEEP_DAYS = 30

_BOM = b"\xef\xbb\xbf"
# `.<file name>.<pid>-<12 hex>.tmp`: our temporary files, and the process that wrote them
# (`.<file name>.<12 hex>.tmp` from versions that did not name the process).
_TEMP = re.compile(r"\.(?P<name>.+)\.(?:(?P<pid>\d+)-)?[0-9a-f]{12}\.tmp")
_TEMP_GRACE_S = 3600  # where a writer's process cannot be asked about: an hour-old file is stale
_STAMP = "%Y%m%dT%H%M%S.%fZ"
_STAMP_RE = r"(\d{8}T\d{6}\.\d{6}Z)"

__all__ = [
    "ENCOUNTER",
    "FORMAT",
    "SCHEMA_VERSION",
    "FileKind",
    "LoadError",
    "SaveError",
    "dumps",
    "file_version",
    "load",
    "loads",
    "prune_backups",
    "read",
    "save",
    "sweep_temp",
]


class SaveError(BilingualError):
    """A save was refused or failed; nothing was written over the target."""


class _Envelope(Strict, kw_only=True):
    """The file's outer object; a version other than ours goes through migrations."""

    format: Literal["escarmouche.encounter"]
    schema_version: int
    app_version: str = ""
    encounter: Encounter


class FileKind(Struct, frozen=True):
    """A kind of Escarmouche file: its format name, its envelope (whose `body` key holds the
    document of type `model`), what the GM calls it (a feminine French noun, an English one)
    and the checks its document passes when saved and, references included, when loaded."""

    format: str
    body: str
    envelope: type[Strict]
    model: type[Strict]
    words: Words
    check: Callable[[Any], Problem | None]
    check_loaded: Callable[[Any], Problem | None]


def _encounter_loaded(enc: Encounter) -> Problem | None:
    return reference_problem(enc) or history_problem(enc) or check_encounter(enc)


ENCOUNTER = FileKind(
    FORMAT,
    "encounter",
    _Envelope,
    Encounter,
    ("rencontre", "encounter"),
    check_encounter,
    _encounter_loaded,
)


@cache
def _installed_version() -> str:
    # Read from the distribution's metadata: the engine may not import gui/__init__.py.
    # Imported here, at the first save: reading packages' metadata is slow to import.
    from importlib import metadata

    try:
        return metadata.version("escarmouche")
    except metadata.PackageNotFoundError:
        return ""


def dumps(enc: Any, app_version: str | None = None, kind: FileKind = ENCOUNTER) -> bytes:
    """The file content (UTF-8 JSON); `app_version` defaults to the installed distribution's."""
    version = _installed_version() if app_version is None else app_version
    # Compact: 40 % fewer bytes than indented, so both saving and opening are faster.
    envelope = kind.envelope(
        format=kind.format, schema_version=SCHEMA_VERSION, app_version=version, **{kind.body: enc}
    )
    return msgspec.json.encode(envelope)


def load(path: Path, kind: FileKind = ENCOUNTER) -> Any:
    """Read and check an encounter file; any problem, even an unreadable file, is a LoadError."""
    return loads(read(path), Path(path).name, kind)


def read(path: Path) -> bytes:
    """A file's bytes; LoadError when it cannot be read."""
    try:
        return Path(path).read_bytes()
    except OSError as exc:
        raise LoadError(
            "$",
            f"lecture impossible ({exc.strerror or exc})",
            f"cannot read the file ({exc.strerror or exc})",
            file=Path(path).name,
        ) from exc


def loads(data: bytes, source: str = "", kind: FileKind = ENCOUNTER) -> Any:
    """Parse and check file content; whatever the bytes, only LoadError escapes."""
    try:
        return _loads(bytes(data), source, kind)
    except LoadError:
        raise
    except RecursionError as exc:
        raise LoadError("$", "imbrication trop profonde", "nesting too deep", file=source) from exc
    except OSError as exc:  # the bytes are in memory: what fails to read is the app's own data
        raise LoadError(
            "$",
            f"données de l’application illisibles ({exc}) : installation incomplète ?",
            f"the application's own data cannot be read ({exc}): an incomplete install?",
            file=source,
        ) from exc
    except Exception as exc:  # the loader's promise: a bad file never crashes the app
        raise LoadError(
            "$",
            f"erreur interne en lisant le fichier : {exc!r}",
            f"internal error while reading the file: {exc!r}",
            file=source,
        ) from exc


def _loads(data: bytes, source: str, kind: FileKind) -> Any:
    data = data.removeprefix(_BOM)
    try:
        envelope = msgspec.json.decode(data, type=kind.envelope)
    except (msgspec.DecodeError, UnicodeDecodeError) as exc:  # the slow path says why
        error = exc if isinstance(exc, msgspec.ValidationError) else None
        doc = _diagnose(data, source, error, kind)
    else:
        # Another version may happen to validate; it still needs migrating (or refusing).
        current = envelope.schema_version == SCHEMA_VERSION
        doc = getattr(envelope, kind.body) if current else _diagnose(data, source, None, kind)
    problem = kind.check_loaded(doc)  # references (deferred during validation), the ruleset's
    if problem is not None:
        raise LoadError(f"$.{kind.body}" + problem.path[1:], problem.fr, problem.en, file=source)
    return doc


def _diagnose(
    data: bytes, source: str, fast_error: msgspec.ValidationError | None, kind: FileKind
) -> Any:
    """The slow path: say precisely why the fast pass failed, or migrate an older file (the
    encounter's steps, which every kind's body, shaped like an encounter's parts, goes through)."""
    doc = _parse(data, source)
    version = _check_envelope(doc, source, kind)
    if version == SCHEMA_VERSION and fast_error is not None:
        raise validation_error(fast_error, doc, kind.envelope, source)
    try:
        body = migrate(doc[kind.body], version, SCHEMA_VERSION)
    except MigrationError as exc:
        raise LoadError("$.schema_version", exc.fr, exc.en, file=source) from exc
    except Exception as exc:  # a migration step meeting data it did not expect
        raise LoadError(
            f"$.{kind.body}",
            f"migration depuis la version {version} impossible : {exc!r}",
            f"cannot migrate from version {version}: {exc!r}",
            file=source,
        ) from exc
    # Through JSON again: the migrated body is read exactly as a file of this version.
    try:
        return msgspec.json.decode(msgspec.json.encode(body), type=kind.model)
    except msgspec.ValidationError as exc:
        raise validation_error(exc, body, kind.model, source, (kind.body,)) from None


def _parse(data: bytes, source: str) -> Any:
    if not data.strip():
        raise LoadError("$", "fichier vide", "empty file", file=source)
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise LoadError(
            "$",
            f"le fichier n’est pas en UTF-8 (ligne {line}, colonne {column})",
            f"the file is not UTF-8 (line {line}, column {column})",
            file=source,
        ) from None
    try:
        return msgspec.json.decode(data)
    except msgspec.DecodeError as exc:
        raise parse_error(str(exc), data, source) from None


def _check_envelope(doc: Any, source: str, kind: FileKind) -> int:
    """The schema version of a parsed file whose envelope is sound, else a LoadError."""

    def fail(path: str, fr: str, en: str) -> LoadError:
        return LoadError(path, fr, en, file=source)

    if not isinstance(doc, dict):
        raise fail("$", "un objet JSON est attendu", "a JSON object is expected")
    fr, en = kind.words
    if doc.get("format") != kind.format:
        if "format" not in doc:
            raise fail(
                "$.format",
                f"ce n’est pas un fichier de {fr} Escarmouche (clé « format » absente)",
                f"not an Escarmouche {en} file (no 'format' key)",
            )
        raise fail(
            "$.format",
            f"format « {str(doc['format'])[:80]} » inconnu, « {kind.format} » attendu",
            f"unknown format '{str(doc['format'])[:80]}', '{kind.format}' expected",
        )
    version = doc.get("schema_version")
    if "schema_version" not in doc:
        raise fail("$.schema_version", "version du format absente", "format version missing")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise fail(
            "$.schema_version",
            "version du format invalide (entier ≥ 1 attendu)",
            "invalid format version (whole number ≥ 1 expected)",
        )
    if version > SCHEMA_VERSION:
        raise fail("$.schema_version", *_newer_file_message(version))
    if kind.body not in doc:
        raise fail(f"$.{kind.body}", f"{fr} absente du fichier", f"no {en} in the file")
    if not isinstance(doc[kind.body], dict):
        raise fail(f"$.{kind.body}", "objet attendu", "object expected")
    extra = sorted(set(doc) - {"format", "schema_version", "app_version", kind.body})
    if extra:
        raise fail(f"$.{extra[0]}", "clé inconnue", "unknown key")
    if not isinstance(doc.get("app_version", ""), str):
        raise fail("$.app_version", "texte attendu", "text expected")
    return version


def _newer_file_message(version: int) -> tuple[str, str]:
    """Why a file from a newer Escarmouche is refused (French, English)."""
    return (
        f"ce fichier vient d’une version plus récente d’Escarmouche (format {version}, "
        f"celle-ci lit jusqu’au format {SCHEMA_VERSION}) : mettez Escarmouche à jour",
        f"this file comes from a newer Escarmouche (format {version}, this one reads up to "
        f"format {SCHEMA_VERSION}): please update Escarmouche",
    )


# --- saving -----------------------------------------------------------------------------------


def save(
    enc: Any,
    path: Path,
    backups: Path | None = None,
    app_version: str | None = None,
    now: datetime | None = None,
    kind: FileKind = ENCOUNTER,
    checked: bool = False,
) -> bytes:
    """Write atomically (temp file, fsync, replace), keeping the previous file in `backups`;
    the bytes written.
    `checked`: the caller keeps the document valid as it changes (a Table checks every
    ChangeSet it applies), so the whole is not checked again before each save."""
    path = Path(path)
    fr, en = kind.words
    problem = None if checked else kind.check(enc)
    if problem is not None:
        raise SaveError(
            f"{fr} invalide, non enregistrée : {problem.path} : {problem.fr}",
            f"invalid {en}, not saved: {problem.path}: {problem.en}",
        )
    try:
        data = dumps(enc, app_version, kind)
    except (ValueError, TypeError) as exc:
        raise SaveError(
            f"{fr} non enregistrable : {exc}", f"{en} cannot be written: {exc}"
        ) from exc
    existing = _version_before_save(path)
    if existing is not None and existing > SCHEMA_VERSION:
        fr, en = _newer_file_message(existing)
        raise SaveError(
            f"{path.name} n’a pas été remplacé : {fr}", f"{path.name} not replaced: {en}"
        )
    now = now or datetime.now(UTC)
    sweep_temp(path.parent, path.name)
    try:
        _write_atomic(path, data, backups if existing is not None else None, now)
    except OSError as exc:
        raise SaveError(
            f"impossible d’enregistrer {path.name} : {exc.strerror or exc}",
            f"cannot save {path.name}: {exc.strerror or exc}",
        ) from exc
    with contextlib.suppress(OSError):
        _written[os.path.abspath(path)] = _identity(os.stat(path))
    if backups is not None and existing is not None:
        # Pruning is housekeeping: the save has succeeded even if an old backup stays.
        with contextlib.suppress(OSError):
            prune_backups(Path(backups), path.stem, now)
    return data


# The files this process wrote, as they were just after: a file still as we left it needs no
# parsing to know it is ours (an autosave after every action stays cheap). Anything another
# program does to it (a newer Escarmouche saving over it) changes its inode, size or time.
_written: dict[str, tuple[int, int, int, int]] = {}


def _identity(st: os.stat_result) -> tuple[int, int, int, int]:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


def _version_before_save(path: Path) -> int | None:
    """file_version, without reading a file this process wrote and nobody changed since."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError:
        return file_version(path)
    if _written.get(os.path.abspath(path)) == _identity(st):
        return SCHEMA_VERSION
    return file_version(path)


def file_version(path: Path) -> int | None:
    """The schema version of the file at `path` as it parses: None if there is no file, 0 if
    it is not an Escarmouche file of any kind (or cannot be read or parsed).

    The whole file is parsed, never sniffed: a newer file whose keys come in another order,
    or whose envelope is spread over the file, is still recognised and so never replaced.
    """
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        return None
    except OSError:
        return 0  # unreadable: the write itself will say what is wrong
    try:
        doc = msgspec.json.decode(data.removeprefix(_BOM))
    except msgspec.DecodeError:
        return 0
    if not isinstance(doc, dict) or not str(doc.get("format")).startswith("escarmouche."):
        return 0
    version = doc.get("schema_version")
    return version if isinstance(version, int) and not isinstance(version, bool) else 0


def is_newer_file(path: Path) -> bool:
    """True when `path` holds a file from a newer Escarmouche: never overwrite, rename or
    delete it."""
    version = file_version(path)
    return version is not None and version > SCHEMA_VERSION


def sweep_temp(folder: Path, name: str | None = None) -> list[Path]:
    """Remove the temporary files that our interrupted saves left in `folder` (of the file
    `name` only, if given); a save still running in another process keeps its own."""
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        match = _TEMP.fullmatch(entry.name)
        if match is None or (name is not None and match.group("name") != name):
            continue
        if _writer_alive(match.group("pid"), entry):
            continue
        with contextlib.suppress(OSError):
            os.unlink(entry.path)
            removed.append(Path(entry.path))
    return removed


def _writer_alive(pid: str | None, entry: os.DirEntry) -> bool:
    """Whether the process that named this temporary file may still be writing it."""
    if pid is not None and int(pid) == os.getpid():
        return False  # saves are synchronous: none of ours is under way while we sweep
    if pid is not None and os.name == "posix":
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            return False
        except (OSError, OverflowError):
            return True  # it exists (another user's) or cannot be asked about
        return True
    try:
        age = datetime.now().timestamp() - entry.stat().st_mtime
    except OSError:
        return True
    return age < _TEMP_GRACE_S


def _write_atomic(path: Path, data: bytes, backups: Path | None, now: datetime) -> None:
    folder = path.parent
    tmp = folder / f".{path.name}.{os.getpid()}-{os.urandom(6).hex()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        try:
            write_all(fd, data)
        finally:
            os.close(fd)
        with contextlib.suppress(OSError):
            shutil.copymode(path, tmp)  # keep the permissions the user gave the file
        if backups is not None:
            try:
                _backup(path, Path(backups), now)
            except OSError as exc:
                raise SaveError(
                    f"{path.name} non enregistré : copie de l’ancienne version impossible dans "
                    f"{backups} ({exc.strerror or exc})",
                    f"{path.name} not saved: cannot keep the previous version in {backups} "
                    f"({exc.strerror or exc})",
                ) from exc
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_dir(folder)


def write_all(fd: int, data: bytes) -> None:
    """Every byte of `data` written to `fd`, then on the disk (fsync)."""
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]
    os.fsync(fd)


def _fsync_dir(folder: Path) -> None:
    # The rename is only durable once the directory entry is; Windows cannot open directories.
    if os.name != "posix":
        return
    dfd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(dfd)
    finally:
        os.close(dfd)


def _backup(path: Path, backups: Path, now: datetime) -> None:
    """Keep the file about to be replaced as `<stem>.<UTC time>.json`."""
    backups.mkdir(parents=True, exist_ok=True)
    when = now.astimezone(UTC)
    while True:
        target = backups / f"{path.stem}.{when.strftime(_STAMP)}.json"
        try:
            # A hard link costs nothing: os.replace gives the target a new inode anyway.
            os.link(path, target)
        except FileExistsError:
            when += timedelta(microseconds=1)
            continue
        except OSError:
            if target.exists():
                when += timedelta(microseconds=1)
                continue
            shutil.copy2(path, target)
        break


def prune_backups(backups: Path, stem: str, now: datetime) -> list[Path]:
    """Keep the 10 newest backups of `stem` and the newest of each of the last 30 days."""
    pattern = re.compile(re.escape(stem) + r"\." + _STAMP_RE + r"\.json")
    found: list[tuple[datetime, Path]] = []
    for entry in os.scandir(backups):
        match = pattern.fullmatch(entry.name)
        if match:
            stamp = datetime.strptime(match.group(1), _STAMP).replace(tzinfo=UTC)
            found.append((stamp, Path(entry.path)))
    found.sort(reverse=True)
    keep = {p for _, p in found[:KEEP_NEWEST]}
    today = now.astimezone(UTC).date()
    days: set[date] = set()
    for stamp, p in found:  # newest first: the first seen of a day is that day's newest
        day = stamp.date()
        if (today - day).days < KEEP_DAYS and day not in days:
            days.add(day)
            keep.add(p)
    removed = []
    for _, p in found:
        if p not in keep and not is_newer_file(p):  # a newer version's backups are its own
            with contextlib.suppress(FileNotFoundError):
                p.unlink()
            removed.append(p)
    return removed
