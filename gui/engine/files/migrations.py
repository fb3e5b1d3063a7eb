"""The migration chain that brings an old encounter document up to the current schema version.

`MIGRATIONS[n]` turns a version-n "encounter" object (plain JSON data) into a version n+1 one.
Each step lives in its own module; golden files of every old version are under tests/data/.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

from gui.engine.core.problems import BilingualError
from gui.engine.files.migration_v2 import migrate_1_to_2
from gui.engine.files.migration_v3 import migrate_2_to_3
from gui.engine.files.migration_v4 import migrate_3_to_4
from gui.engine.files.migration_v5 import migrate_4_to_5
from gui.engine.files.migration_v6 import migrate_5_to_6

Migration = Callable[[dict], dict]

MIGRATIONS: dict[int, Migration] = {
    1: migrate_1_to_2,
    2: migrate_2_to_3,
    3: migrate_3_to_4,
    4: migrate_4_to_5,
    5: migrate_5_to_6,
}


class MigrationError(BilingualError):
    """A document cannot be brought to the wanted version, told in French and English."""


def migrate(doc: dict, version: int, target: int) -> dict:
    """Apply the steps version → version+1 → … → target to a copy of `doc` and return it."""
    if version > target:
        raise MigrationError(
            f"impossible de revenir de la version {version} à la version {target}",
            f"cannot go back from version {version} to version {target}",
        )
    missing = [n for n in range(version, target) if n not in MIGRATIONS]
    if missing:
        steps = ", ".join(f"{n}→{n + 1}" for n in missing)
        raise MigrationError(
            f"aucune migration pour l’étape {steps}",
            f"no migration for step {steps}",
        )
    # Steps may edit in place; the caller's document must stay as it was read.
    current = copy.deepcopy(doc)
    for n in range(version, target):
        current = MIGRATIONS[n](current)
        if not isinstance(current, dict):
            raise MigrationError(
                f"la migration {n}→{n + 1} n’a pas rendu d’objet",
                f"migration {n}→{n + 1} did not return an object",
            )
    return current
