"""Version 4 → 5: hidden combatants and zones, and the players' side.

A version-5 combatant or zone may be `hidden` (the players' view leaves it out), and a side may
be the `players`' own. Version 4 had neither: nothing was hidden, and its first side, the one
every new encounter and demo starts with, was the players' — the step marks it so."""

from __future__ import annotations


def migrate_4_to_5(doc: dict) -> dict:
    sides = doc.get("sides")
    if isinstance(sides, list) and sides and isinstance(sides[0], dict):
        sides[0].setdefault("players", True)
    return doc
