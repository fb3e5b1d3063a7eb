"""Issue 36: the autosave's journal (files/journal.py). A fight is written in full once, then
each gesture appends what it changed (undo included) and the dice's state; reading the full
write and the journal gives back the encounter after the last whole line, whatever byte a
kill cut the journal at; a journal of an older full write or a damaged line is not replayed."""

from __future__ import annotations

import msgspec
import pytest

from gui.engine.core.copies import deep_copy
from gui.engine.files import journal, storage
from gui.engine.play.table import Table
from gui.engine.rulesets import registry
from gui.engine.state.changes import ChangeSet


def _fight() -> Table:
    t = Table(storage.load(registry.get("libre").demo_path))
    t.unsaved = []
    return t


def _gestures(t: Table) -> list:
    """A few gestures of every kind: the turn started and moved on, a sheet edited, dice
    rolled and logged, one undone (its inverse applied), the turn gone back."""
    first = t.enc.combatants[0]
    ids = [c.id for c in t.enc.combatants]
    steps: list = [
        lambda: t.apply(t.start_combat({cid: 10 + n for n, cid in enumerate(ids)})),
        lambda: t.apply(t.next_turn()),
        lambda: t.apply(t.edit_stat(first.id, "pv", 3)),
        lambda: t.apply(t.free_roll("2d6+1", "test")[1]),
        lambda: t.apply(t.free_roll("1d20")[1]),
        lambda: t.revert(t.unsaved[-1] if t.unsaved else ChangeSet("")),
        lambda: t.apply(t.previous_turn()),
        lambda: t.apply(t.next_turn()),
    ]
    return steps


def _state(t: Table) -> object:
    t.enc.dice = t.dice_state()
    return msgspec.to_builtins(t.enc)


def _session(tmp_path) -> tuple[bytes, bytes, list[tuple[int, object]]]:
    """The full write, the journal, and after each line the journal's size and the state."""
    t = _fight()
    base = tmp_path / "rencontre.json"
    written = t.save(base)
    after = [(journal.start(base, written), _state(t))]
    dice = t.enc.dice.state
    for gesture in _gestures(t):
        gesture()
        now = t.dice_state()
        journal.append(base, t.unsaved, now if now.state != dice else None)
        dice = now.state
        t.unsaved.clear()
        after.append((journal.journal_path(base).stat().st_size, _state(t)))
    return written, journal.journal_path(base).read_bytes(), after


def _read(written: bytes, kept: bytes, loaded=None):
    enc = storage.loads(written) if loaded is None else deep_copy(loaded)
    journal.replay(enc, written, kept)
    return msgspec.to_builtins(enc)


def test_the_journal_gives_back_every_gesture_undo_and_dice_included(tmp_path):
    written, whole, after = _session(tmp_path)
    assert len(after) == 9
    assert after[-1][1] != after[0][1]
    assert _read(written, whole) == after[-1][1]
    # The dice go on from where they were: the next roll is the one the app would have made.
    enc = storage.loads(written)
    journal.replay(enc, written, whole)
    assert enc.dice.state == after[-1][1]["dice"]["state"]


def test_a_journal_cut_anywhere_gives_back_the_last_whole_line(tmp_path):
    written, whole, after = _session(tmp_path)
    loaded = storage.loads(written)
    # Around every line's end, byte by byte, and every 61st byte between (each cut is a load).
    ends = {size for size, _ in after}
    cuts = {c for end in ends for c in range(end - 4, end + 5)} | set(range(0, len(whole), 61))
    for cut in sorted(c for c in cuts if 0 <= c <= len(whole)):
        expected = next((state for size, state in reversed(after) if size <= cut), after[0][1])
        assert _read(written, whole[:cut], loaded) == expected, cut


def test_a_journal_of_another_full_write_is_not_replayed(tmp_path):
    written, whole, _ = _session(tmp_path)
    newer = storage.dumps(storage.loads(written), app_version="9.9")
    assert _read(newer, whole) == msgspec.to_builtins(storage.loads(newer))


@pytest.mark.parametrize("line", [2, 4])
def test_a_damaged_line_stops_the_replay_there(tmp_path, line):
    written, whole, after = _session(tmp_path)
    lines = whole.split(b"\n")
    lines[line] = lines[line].replace(b'"', b"'", 1)
    assert _read(written, b"\n".join(lines)) == after[line - 1][1]
