"""Benchmarks P2 (open a big file vs json.loads) and P5 (atomic save with fsync and backup)."""

import json
import tempfile
from pathlib import Path

from gui.engine import storage
from tests.bench.big_encounter import make_big_encounter
from tests.bench.timing import best_seconds

COMBATANTS = 1000
ZONES = 200
P2_TARGET = 5
P5_TARGET_MS = 10
_SIZE = f"{COMBATANTS:,}-combatant {ZONES}-zone"


def bench_p2() -> str:
    """Time `storage.load` of a big file against `json.loads` of the same bytes."""
    enc = make_big_encounter(COMBATANTS, ZONES)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bataille.json"
        storage.save(enc, path)
        data = path.read_bytes()
        # Loading must give back the same encounter, or the timing means nothing.
        if storage.load(path) != enc:
            raise AssertionError("storage.load did not give back the saved encounter")
        ours = best_seconds(lambda: storage.load(path))
        plain = best_seconds(lambda: json.loads(data))
    return (
        f"P2 {ours / plain:.1f} x open {_SIZE} file ({ours * 1e3:.1f} ms)"
        f" vs json.loads ({plain * 1e3:.1f} ms) (target <= {P2_TARGET})"
    )


def bench_p5() -> str:
    """Time `storage.save` over an existing file, so the backup copy and pruning are included."""
    enc = make_big_encounter(COMBATANTS, ZONES)
    with tempfile.TemporaryDirectory() as tmp:
        path, backups = Path(tmp) / "bataille.json", Path(tmp) / "backups"
        storage.save(enc, path, backups)
        seconds = best_seconds(lambda: storage.save(enc, path, backups))
        if not any(backups.iterdir()) or storage.load(path) != enc:
            raise AssertionError("the save left no backup or a file that loads differently")
    return (
        f"P5 {seconds * 1e3:.1f} ms save {_SIZE} encounter, atomic with fsync and backup"
        f" (target <= {P5_TARGET_MS} ms)"
    )


if __name__ == "__main__":
    print(bench_p2())
    print(bench_p5())
