"""Version 3 → 4: the log and the states keep their texts in English too; the map may hold
walls and squares on its grid.

A version-4 log line may carry `action_en`, `breakdown_en` and `outcome_en` beside its French,
and a state its `text_en`; version 3 had only the French, which it keeps (an English interface
shows it as it is: the words of that time were not kept). A version-4 map may list `walls` and
`squares`; a version-3 map had none. Nothing else changed, so the step copies the document: the
version number is what tells an older Escarmouche that it cannot read the new fields."""

from __future__ import annotations


def migrate_3_to_4(doc: dict) -> dict:
    return doc
