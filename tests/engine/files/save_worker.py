"""Child process of test_save_kill.py: saves one encounter over and over until it is killed.

    python -m tests.engine.files.save_worker SEED TARGET BACKUPS FIRST   (from the repository root)

Loads the encounter in SEED, then for n = FIRST, FIRST + 1, … sets its notes to `marker(n)` and
calls `storage.save(enc, TARGET, BACKUPS)`, printing and flushing `saved <n>` once each save has
returned. It never stops by itself: the test kills it with SIGKILL.
"""

from __future__ import annotations

import sys
from pathlib import Path

from gui.engine.files import storage

MARKER = "Sauvegarde n° {}"


def marker(n: int) -> str:
    """The notes that make save number `n` recognisable."""
    return MARKER.format(n)


def main(argv: list[str]) -> None:
    seed, target, backups, first = argv
    enc = storage.load(Path(seed))
    n = int(first)
    while True:
        enc.notes = marker(n)
        storage.save(enc, Path(target), Path(backups))
        sys.stdout.write(f"saved {n}\n")
        sys.stdout.flush()
        n += 1


if __name__ == "__main__":
    main(sys.argv[1:])
