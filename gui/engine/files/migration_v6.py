"""Version 5 → 6: doors, darkness, sight and the fog of war (issue 38).

A version-6 wall may be a door (open or closed), a square or a zone dark, a link between zones
may block sight, and the map keeps what the players' side has seen and whether the players'
view is fogged. Version 5 had none of them: its walls are walls, everything is lit, every link
lets sight through, nothing was seen yet and the fog is off — the new fields' defaults, so the
step only moves the version on."""

from __future__ import annotations


def migrate_5_to_6(doc: dict) -> dict:
    return doc
