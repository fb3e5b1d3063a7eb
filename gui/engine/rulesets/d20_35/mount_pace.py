"""How far a rider's mount went this turn (D35-27 to D35-29, issue 33): the default of the
rider's « Monture » option follows the move made on the map — the mount stays (1,50 m at most),
moves once (up to its speed), makes a double move (up to twice its speed) or runs (beyond).
The metres are those counted this turn (rulesets/moving.py) on the rider, who moves its mount
along (D35-24), or on the mount moved on its own; the GM changes the option (G-3)."""

from __future__ import annotations

from gui.engine.contract import moving, riders
from gui.engine.rulesets.d20_35 import sheet
from gui.engine.state.model import Combatant, Encounter

STEP_M = 1.5  # D35-27: a mount that moves no more than this « stays »


def pace(enc: Encounter, rider: Combatant, key: str) -> str:
    """The « Monture » choice the move made this turn says: "aucun", "simple", "double" or
    "course" (attack.MOUNT_MOVES); "aucun" off a mount in the encounter."""
    mount = riders.mount_of(enc, rider, key)
    if mount is None:
        return "aucun"
    metres = max(moving.moved(rider), moving.moved(mount))
    speed = sheet.speed(mount)
    if metres <= STEP_M:
        return "aucun"
    if metres <= speed:
        return "simple"
    return "double" if metres <= 2 * speed else "course"
