"""Autosaves for crash recovery: where they go, which are offered back, and setting them aside.

An autosave goes to `recovery/` in the data folder, or, when that folder cannot be written (a
read-only or missing data folder), to a fallback folder in the system's temporary directory.
Both are read at start-up. A file from a newer Escarmouche is never written over, renamed or
deleted here: this version cannot read it, so it stays exactly as it is.

The first autosave of an open encounter writes it in full; the next ones append what each
gesture changed to its journal (engine/files/journal.py), until the journal outgrows the
full write and the encounter is written in full again.
"""

from __future__ import annotations

import contextlib
import json
import os
import weakref
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from msgspec import Struct

from gui.boot import paths
from gui.engine.core.problems import BilingualError
from gui.engine.files import journal, storage
from gui.engine.play.table import Table
from gui.engine.state.model import Encounter


def _fallback_created() -> Path:
    folder = paths.fallback_recovery_dir()
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    return folder


FOLDERS: tuple[Callable[[], Path], ...] = (paths.recovery_dir, _fallback_created)


def _folders() -> list[Path]:
    """The autosave folders to look in: `recovery/` (made if it can be) and the fallback
    folder if an earlier autosave made it."""
    found = []
    with contextlib.suppress(OSError):
        found.append(paths.recovery_dir())
    fallback = paths.fallback_recovery_dir()
    if fallback.is_dir():
        found.append(fallback)
    return found


class AutosaveError(BilingualError):
    """No autosave folder could take the encounter; the reasons, in French and English."""


def write(table: Table, saved_at: Path | None = None) -> tuple[Path, AutosaveError | None]:
    """Autosave the encounter (and, beside it, where the GM saves it: `saved_at`, restored
    with it): the file written, and why the first folder refused it (None when it took
    it). AutosaveError when no folder could."""
    reasons_fr: list[str] = []
    reasons_en: list[str] = []
    for make in FOLDERS:
        try:
            target = make() / f"{table.enc.id}.json"
            _write(table, target)
            _note_saved_at(target, saved_at)
        except (BilingualError, OSError) as exc:
            fr, en = (exc.fr, exc.en) if isinstance(exc, BilingualError) else _os_reason(exc)
            reasons_fr.append(fr)
            reasons_en.append(en)
            continue
        if not reasons_fr:  # the data folder took it: an older fallback copy is out of date
            _remove(paths.fallback_recovery_dir() / target.name)
        return target, (AutosaveError(reasons_fr[0], reasons_en[0]) if reasons_fr else None)
    unique = list(dict.fromkeys(zip(reasons_fr, reasons_en, strict=True)))  # once each
    raise AutosaveError(" ; ".join(f for f, _ in unique), "; ".join(e for _, e in unique))


class _Journal(Struct):
    """The journal of an autosave: the table it follows, the size of its base and its own,
    and the dice's state it last wrote."""

    table: weakref.ref[Table]
    base_size: int
    size: int
    dice: list[int] | None


_journals: dict[Path, _Journal] = {}


def _write(table: Table, target: Path) -> None:
    """Append the table's changes to the autosave's journal, or write the autosave in full
    (the first time, after another table's, or once the journal outgrew it)."""
    kept = _journals.pop(target, None)
    if (
        kept is None
        or kept.table() is not table
        or table.unsaved is None
        or kept.size > max(journal.COMPACT_AT, kept.base_size)
    ):
        storage.sweep_temp(target.parent)
        written = table.save(target)
        size = journal.start(target, written)
        kept = _Journal(weakref.ref(table), len(written), size, table.enc.dice.state)
        table.unsaved = []
    else:
        dice = table.dice_state()
        moved = dice.state != kept.dice
        kept.size += journal.append(target, table.unsaved, dice if moved else None)
        table.unsaved.clear()
        kept.dice = dice.state
    _journals[target] = kept  # not kept when the write failed: the next one is in full


def read(autosave: Path) -> Encounter:
    """The encounter of an autosave: its full write and the whole lines of its journal
    (storage.LoadError when the full write cannot be read)."""
    written = storage.read(autosave)
    enc = storage.loads(written, autosave.name)
    with contextlib.suppress(OSError):
        journal.replay(enc, written, journal.journal_path(autosave).read_bytes())
    return enc


def _os_reason(exc: OSError) -> tuple[str, str]:
    """What the system said, without its error number; the folder when it is known."""
    where = f" ({exc.filename})" if exc.filename else ""
    text = f"{exc.strerror or exc}{where}"
    return text, text


def discard(enc_id: str) -> None:
    """The encounter is saved or closed normally: its autosaves go, unless a newer
    Escarmouche wrote them. A folder that cannot be written keeps what it has."""
    for folder in _folders():
        autosave = folder / f"{enc_id}.json"
        _journals.pop(autosave, None)
        _remove(autosave)
        with contextlib.suppress(OSError):
            _saved_at_note(autosave).unlink(missing_ok=True)


def _saved_at_note(autosave: Path) -> Path:
    return autosave.with_name(autosave.name + ".path")


def _note_saved_at(autosave: Path, saved_at: Path | None) -> None:
    """Beside an autosave, the file the encounter is saved in (none for a new encounter)."""
    note = _saved_at_note(autosave)
    if saved_at is None:
        note.unlink(missing_ok=True)
    else:
        note.write_text(str(saved_at), encoding="utf-8")


def saved_at(autosave: Path) -> Path | None:
    """The file the autosaved encounter was saved in, if it had one."""
    try:
        text = _saved_at_note(autosave).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return Path(text) if text else None


def encounter_name(autosave: Path) -> str | None:
    """The name of the encounter in an autosave, read without loading it (None if it cannot
    be read: the restore then says why)."""
    try:
        doc = json.loads(autosave.read_bytes())
        name = doc["encounter"]["name"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return name if isinstance(name, str) else None


def _remove(path: Path) -> None:
    """Delete an autosave of ours and its journal; a newer version's file, or a folder that
    cannot be written, keeps them."""
    if not storage.is_newer_file(path):
        journal.discard(path)
        with contextlib.suppress(OSError):
            path.unlink(missing_ok=True)


def recoverable() -> list[Path]:
    """Autosaves left behind by a session that did not end normally, newest first; files a
    newer Escarmouche left are not offered (this version cannot open them) and stay."""
    found = []
    for folder in _folders():
        storage.sweep_temp(folder)
        with contextlib.suppress(OSError):
            for path in folder.glob("*.json"):
                with contextlib.suppress(OSError):
                    if not storage.is_newer_file(path):
                        found.append((path.stat().st_mtime, path))
    return [p for _, p in sorted(found, key=lambda tp: tp[0], reverse=True)]


def sweep_saves_folders(recent: list[Path]) -> None:
    """At start-up: remove the temporary files our saves cut short (a crash, a kill) left in
    every folder the app writes — the encounters, the library, the backups, the rulesets'
    additions — and next to the recent files (the autosave folders are swept as they are
    listed)."""
    folders = {p.parent for p in recent}
    for folder in (paths.encounters_dir, paths.library_dir, paths.backups_dir, paths.rulesets_dir):
        with contextlib.suppress(OSError):
            folders.add(folder())
    for folder in folders:
        storage.sweep_temp(folder)


def set_aside(path: Path, why: str) -> Path | None:
    """Keep an autosave out of the offers without deleting it: `<name>.<time>.<why>`, a new
    name each time (a second declined autosave never replaces the first). None if the file
    could not be renamed."""
    if storage.is_newer_file(path):
        return None
    with contextlib.suppress(OSError):
        _saved_at_note(path).unlink(missing_ok=True)
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
    for n in range(1000):
        suffix = f".{n}" if n else ""
        target = path.with_name(f"{path.stem}.{stamp}{suffix}.{why}")
        if target.exists():
            continue
        try:
            # A hard link fails rather than replace a file that appeared meanwhile.
            os.link(path, target)
        except FileExistsError:
            continue
        except OSError:  # no hard links on this file system: a rename to the free name
            try:
                path.rename(target)
            except OSError:
                return None
        with contextlib.suppress(OSError):
            path.unlink(missing_ok=True)
        with contextlib.suppress(OSError):  # its journal goes with it
            os.replace(journal.journal_path(path), journal.journal_path(target))
        return target
    return None
