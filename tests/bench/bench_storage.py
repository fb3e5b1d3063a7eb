"""Benchmarks P2 (open a big file vs json.loads) and P5 (atomic save with fsync and backup vs
json.dumps, write and fsync)."""

import json
import os
import tempfile
from pathlib import Path

from gui.engine.files import storage
from tests.bench.big_encounter import make_big_encounter
from tests.bench.timing import best_seconds

COMBATANTS = 1000
ZONES = 200
P2_TARGET = 2
P5_TARGET = 1.5
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


def _bare_save(doc: object, path: Path) -> bytes:
    """What any save of the document costs: json.dumps, write, fsync; the bytes written."""
    data = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    with path.open("wb") as file:
        file.write(data)
        file.flush()
        os.fsync(file.fileno())
    return data


def bench_p5() -> str:
    """Time `storage.save` over an existing file, so the backup copy and pruning are included,
    against a bare json.dumps + write + fsync of the same bytes (a ratio: an absolute time is
    too noisy on a shared machine to hold a target)."""
    enc = make_big_encounter(COMBATANTS, ZONES)
    with tempfile.TemporaryDirectory() as tmp:
        path, backups = Path(tmp) / "bataille.json", Path(tmp) / "backups"
        storage.save(enc, path, backups)
        seconds = best_seconds(lambda: storage.save(enc, path, backups))
        if not any(backups.iterdir()) or storage.load(path) != enc:
            raise AssertionError("the save left no backup or a file that loads differently")
        doc, bare = json.loads(path.read_bytes()), Path(tmp) / "bare.json"
        if _bare_save(doc, bare) != path.read_bytes():
            raise AssertionError("the bare save does not write the same bytes")
        plain = best_seconds(lambda: _bare_save(doc, bare))
    return (
        f"P5 {seconds / plain:.1f}x save {_SIZE} encounter, atomic with fsync and backup"
        f" ({seconds * 1e3:.1f} ms) vs json.dumps + write + fsync ({plain * 1e3:.1f} ms)"
        f" (target <= {P5_TARGET})"
    )


if __name__ == "__main__":
    print(bench_p2())
    print(bench_p5())
