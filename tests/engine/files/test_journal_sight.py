"""Issue 38 in the autosave's journal (issue 36): a door opened and closed, the fog turned on,
squares revealed and made dark, what the players saw remembered — each gesture's line gives
them back after a crash, as the full write would."""

from __future__ import annotations

import msgspec

from gui.engine.edits import doors, sight
from gui.engine.files import journal, storage
from gui.engine.play.players_sight import PlayersEyes
from gui.engine.play.table import Table
from gui.engine.rulesets import registry
from gui.engine.state.changes import ChangeSet


def test_doors_fog_darkness_and_memory_come_back_from_the_journal(tmp_path):
    t = Table(storage.load(registry.get("d20_35").demo_path))
    t.unsaved = []
    base = tmp_path / "crypte.json"
    written = t.save(base)
    journal.start(base, written)
    eyes = PlayersEyes()

    def seen() -> ChangeSet:
        now = eyes.sight(t.enc, t.ruleset)
        return ChangeSet("", tuple(sight.explore(t.enc, now.cells)))

    for gesture in (
        lambda: doors.toggle_door(t.enc, 1),
        lambda: sight.set_fog(t.enc, True),
        seen,
        lambda: doors.toggle_door(t.enc, 1),
        seen,
        lambda: sight.reveal(t.enc, [(20, 12), (21, 12)]),
        lambda: sight.set_dark(t.enc, [(3, 3), (4, 3)], True),
        lambda: sight.refog(t.enc, [(21, 12)]),
    ):
        cs = gesture()
        if cs:
            t.apply(cs)
        journal.append(base, t.unsaved, None)
        t.unsaved.clear()
    enc = storage.loads(written)
    journal.replay(enc, written, journal.journal_path(base).read_bytes())
    assert msgspec.to_builtins(enc) == msgspec.to_builtins(t.enc)
    assert enc.map.fog and enc.map.walls[1].door == "open" and enc.map.explored
