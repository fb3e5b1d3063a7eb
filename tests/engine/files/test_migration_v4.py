"""Schema 3 → 4 (issue 17, deliver 5): the log keeps both languages. Files written by version 3
(tests/data/v3) load and play on; their old lines read in French in either language (their
English was never kept), the lines written from now on read in English too, and the file is
saved as version 4."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action
from gui.engine.files import storage
from gui.engine.files.migrations import migrate
from gui.engine.play.table import Table

V3 = Path(__file__).resolve().parents[2] / "data" / "v3"
GOLDENS = sorted(p.name for p in V3.glob("*.json"))


def test_there_is_a_golden_file_of_every_ruleset():
    assert {name.split("_mid")[0].split("_demo")[0] for name in GOLDENS} >= {
        "libre",
        "attention_donjon",
        "reserve_menace",
        "conteur",
    }


@pytest.mark.parametrize("name", GOLDENS)
def test_every_v3_golden_loads_keeps_its_log_and_saves_as_version_4(name):
    body = json.loads((V3 / name).read_bytes())
    assert body["schema_version"] == 3
    t = Table(storage.loads((V3 / name).read_bytes(), name))
    assert [e.action for e in t.enc.log] == [line["action"] for line in body["encounter"]["log"]]
    for entry in t.enc.log:  # the French, as it was written, in English too
        assert entry.english() == (entry.action, entry.breakdown, entry.outcome)
    data = storage.dumps(t.enc)
    assert json.loads(data)["schema_version"] == storage.SCHEMA_VERSION
    assert storage.loads(data) == t.enc


def test_the_step_changes_nothing_but_the_version_says_it():
    body = json.loads((V3 / "libre_mid.json").read_bytes())["encounter"]
    assert migrate(body, 3, 4) == body


def test_a_line_written_after_the_migration_reads_in_both_languages():
    t = Table(storage.loads((V3 / "libre_mid.json").read_bytes(), "libre_mid.json"))
    action = Action("damage", "ysolde", "brig1", {"des": "1d4"})
    _, cs = t.resolve(action, DiceResult("aggregate", (), 3))
    t.apply(cs)
    entry = storage.loads(storage.dumps(t.enc)).log[-1]
    assert entry.action == "Dégâts à Brigand 1" and entry.english()[0] == "Damage to Brigand 1"
    assert "perd" in entry.outcome and "loses" in entry.english()[2]
