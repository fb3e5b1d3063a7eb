"""Option fields shared by conteur actions."""

from __future__ import annotations

from gui.engine.contract.fields import int_field

# CON-44: the situation's dice, an option of every roll built from a pool.
SITUATION_DICE = int_field("mod_des", "Dés de situation ±", "Situation dice ±", "CON-44", -10, 10)
