"""The autosave's journal: what each gesture changed, appended beside the last full write.

An autosave after every gesture rewrote the whole encounter, and a long fight's log made each
write longer than the last. Now the autosave writes the encounter in full once (the base),
then appends to `<base>.journal` one line per autosave: the changes applied since the last
(undo and redo included) and, when the dice rolled, the generator's state. The journal is
compacted, the base written again in full, when it outgrows the base (`COMPACT_AT`).

A line is `<crc32, 8 hex digits> <JSON>\\n`, fsynced before the gesture is painted. The first
line names its base by the CRC and the size of the base's bytes: a journal left from an older
base (a kill between the base's write and the journal's reset) is not replayed on a newer one.
Reading stops at the first line that is incomplete, damaged or does not apply: a kill at any
byte gives back the encounter as it was after the last whole line — the last painted gesture.
"""

from __future__ import annotations

import contextlib
import os
import zlib
from pathlib import Path
from typing import Any

import msgspec

from gui.engine.files import storage
from gui.engine.state.changes import (
    ABSENT,
    Change,
    ChangeError,
    ChangeSet,
    apply,
    revert,
    typed,
)
from gui.engine.state.model import DiceState, Encounter
from gui.engine.state.references import reference_problem

VERSION = 1
COMPACT_AT = 256 * 1024  # bytes of journal, or the base's size if larger, before a full write


def journal_path(base: Path) -> Path:
    return base.with_name(base.name + ".journal")


def _line(record: dict[str, Any]) -> bytes:
    body = msgspec.json.encode(record)
    return b"%08x %s\n" % (zlib.crc32(body), body)


def _fsync_append(path: Path, data: bytes, fresh: bool) -> None:
    flags = os.O_WRONLY | os.O_CREAT | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags | (os.O_TRUNC if fresh else os.O_APPEND), 0o600)
    try:
        storage.write_all(fd, data)
    finally:
        os.close(fd)


def start(base: Path, written: bytes) -> int:
    """A new journal for the base just written (its bytes `written`): its header alone. The
    journal's size is returned."""
    header = _line({"journal": VERSION, "crc": zlib.crc32(written), "size": len(written)})
    _fsync_append(journal_path(base), header, fresh=True)
    return len(header)


def append(base: Path, changes: list[ChangeSet], dice: DiceState | None) -> int:
    """Append what the changes did (and the dice's state, if it moved); the bytes written."""
    record: dict[str, Any] = {"c": [_change(c) for cs in changes for c in cs.changes]}
    if dice is not None:
        record["d"] = dice
    line = _line(record)
    _fsync_append(journal_path(base), line, fresh=False)
    return len(line)


def _change(c: Change) -> dict[str, Any]:
    out: dict[str, Any] = {"p": list(c.path)}
    if c.old is not ABSENT:
        out["o"] = c.old
    if c.new is not ABSENT:
        out["n"] = c.new
    if c.index is not None:
        out["i"] = c.index
    return out


def discard(base: Path) -> None:
    with contextlib.suppress(OSError):
        journal_path(base).unlink(missing_ok=True)


def replay(enc: Encounter, written: bytes, journal: bytes) -> int:
    """Apply to `enc`, read from the base's bytes `written`, the journal's whole lines that
    belong to that base, in order; the number of lines applied (0 for another base's)."""
    lines = journal.split(b"\n")[:-1]  # the last piece has no newline: cut short, left out
    header = _record(lines[0]) if lines else None
    if header != {"journal": VERSION, "crc": zlib.crc32(written), "size": len(written)}:
        return 0
    done = 0
    for raw in lines[1:]:
        record = _record(raw)
        if not isinstance(record, dict) or not _replayed(enc, record):
            break
        done += 1
    return done


def _record(raw: bytes) -> Any:
    crc, _, body = raw.partition(b" ")
    try:
        if len(crc) != 8 or int(crc, 16) != zlib.crc32(body):
            return None
        return msgspec.json.decode(body)
    except (ValueError, msgspec.DecodeError):
        return None


def _replayed(enc: Encounter, record: dict[str, Any]) -> bool:
    """Apply one line, all or nothing: its changes in order (each old value read as the type
    of its place as the changes before it left it), then its dice; False if it does not fit."""
    done: list[ChangeSet] = []
    try:
        for c in record.get("c", []):
            path = tuple(c["p"])
            old = typed(enc, path, c["o"]) if "o" in c else ABSENT
            one = ChangeSet("", (Change(path, old, c.get("n", ABSENT), c.get("i")),))
            apply(enc, one, checked=False)
            done.append(one)
        problem = reference_problem(enc)
        if problem is not None:
            raise ChangeError(problem.fr, problem.en)
        if "d" in record:
            enc.dice = msgspec.convert(record["d"], type=DiceState)
    except (ChangeError, KeyError, TypeError, ValueError, msgspec.ValidationError):
        for one in reversed(done):
            revert(enc, one, checked=False)
        return False
    return True
