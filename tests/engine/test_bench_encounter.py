"""The benchmarks' big encounter is a valid one (built small here): `make bench` keeps up with
the model."""

from gui.engine.files import storage
from tests.bench.big_encounter import make_big_encounter


def test_the_big_encounter_of_the_benchmarks_saves_and_loads(tmp_path):
    enc = make_big_encounter(60, 12)
    path = tmp_path / "big.json"
    storage.save(enc, path)
    loaded = storage.load(path)
    assert len(loaded.combatants) == 60 and loaded.turn.mode == "ranked"
    assert storage.dumps(loaded) == storage.dumps(enc)
