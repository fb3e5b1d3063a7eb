"""Where a reaction to a move is judged and drawn: a window opened as its target left a
square (an attack of opportunity, D35-11) names that square in its data, so that the
reaction's reach, cover and lines are those of the square left, not of where the move ended
(D35-04, A-D35-3). The encounter is then read as it was there: the target, and those that
share its squares (a rider and its mount, Ruleset.together), back on that square."""

from __future__ import annotations

from gui.engine.grid.footing import Footing
from gui.engine.grid.squares import Cell
from gui.engine.state.model import Encounter, Position, Scalar, Window

LEFT_X, LEFT_Y = "case_quittee_x", "case_quittee_y"
WORDS = ("réaction jugée à la case quittée", "reaction judged at the square left")


def left_data(cell: Cell) -> dict[str, Scalar]:
    """A window's data naming the square its target left (its space's top-left square)."""
    return {LEFT_X: cell[0], LEFT_Y: cell[1]}


def left_cell(window: Window) -> Cell | None:
    """The square a window's target left, None when it names none."""
    x, y = window.data.get(LEFT_X), window.data.get(LEFT_Y)
    if isinstance(x, int) and isinstance(y, int) and not isinstance(x, bool | float):
        return (x, y)
    return None


def as_judged(enc: Encounter, ruleset: Footing, wid: str | None) -> Encounter:
    """`enc` as a reaction taken in the window `wid` reads it: its target and those sharing
    its squares back on the square it left when the window names one, else `enc` itself
    (no window, or one opened where the target stands). A shallow copy: only the moved
    combatants are new objects, nothing of `enc` changes."""
    window = next((w for w in enc.windows if w.id == wid), None) if wid is not None else None
    cell = left_cell(window) if window is not None else None
    if cell is None or window is None or window.target is None:
        return enc
    try:
        moved = {window.target} | ruleset.together(enc, enc.combatant(window.target))
    except KeyError:
        return enc
    combatants = [
        c.replace(position=Position(zone=c.position.zone, cell=cell))
        if c.id in moved and c.position.cell is not None
        else c
        for c in enc.combatants
    ]
    return enc.replace(combatants=combatants)
