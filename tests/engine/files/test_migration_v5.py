"""Version 4 → 5 (issue 21): nothing was hidden in a version-4 file, and its first side — the one
every new encounter and demo starts with — becomes the players' own."""

import json
from pathlib import Path

from gui.engine.files import storage
from gui.engine.files.migrations import migrate
from gui.engine.play.table import Table

V4 = Path(__file__).parents[2] / "data" / "v4"


def test_a_v4_file_loads_with_its_first_side_the_players_and_nothing_hidden():
    body = json.loads((V4 / "libre_demo.json").read_bytes())
    assert body["schema_version"] == 4
    t = Table(storage.loads((V4 / "libre_demo.json").read_bytes(), "libre_demo.json"))
    assert [s.players for s in t.enc.sides] == [True, False]
    assert not any(c.hidden for c in t.enc.combatants)
    assert not any(z.hidden for z in t.enc.map.zones)
    data = storage.dumps(t.enc)
    assert json.loads(data)["schema_version"] == storage.SCHEMA_VERSION
    assert storage.loads(data) == t.enc


def test_the_step_keeps_a_side_already_marked_and_an_encounter_without_sides():
    assert migrate({"sides": []}, 4, 5) == {"sides": []}
    marked = {"sides": [{"id": "a", "players": False}, {"id": "b"}]}
    assert migrate(marked, 4, 5) == marked
