"""Version 5 → 6 (issue 38): a version-5 file had no doors, no darkness, no sight-blocking
links and no fog — the new fields' defaults —, so it loads as it was and saves as version 6."""

import json
from pathlib import Path

import pytest

from gui.engine.files import storage
from gui.engine.files.migrations import migrate
from gui.engine.grid.from_map import board_of
from gui.engine.play.table import Table

V5 = Path(__file__).parents[2] / "data" / "v5"


@pytest.mark.parametrize("name", ["d20_35_demo.json", "douaratil_demo.json"])
def test_a_v5_file_loads_unchanged_with_no_doors_no_dark_and_no_fog(name):
    raw = (V5 / name).read_bytes()
    body = json.loads(raw)
    assert body["schema_version"] == 5
    t = Table(storage.loads(raw, name))
    assert [(list(w.start), list(w.end), w.blocks) for w in t.enc.map.walls] == [
        (w["start"], w["end"], w.get("blocks", "solid")) for w in body["encounter"]["map"]["walls"]
    ]
    assert not any(w.door for w in t.enc.map.walls)
    assert not board_of(t.enc.map).dark and not t.enc.map.fog and not t.enc.map.explored
    data = storage.dumps(t.enc)
    assert json.loads(data)["schema_version"] == storage.SCHEMA_VERSION == 6
    assert storage.loads(data) == t.enc


def test_the_step_keeps_the_document_as_it_is():
    doc = {"map": {"walls": [{"start": [0, 0], "end": [0, 2]}]}}
    assert migrate(doc, 5, 6) == doc
