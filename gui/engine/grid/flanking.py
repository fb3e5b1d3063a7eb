"""Flanking (D35-66): the line between the centres of two allies' squares crosses two opposite
edges (corners included) of the foe's space; a creature of several squares flanks from any of
them. Both allies must threaten the foe, whatever their reach."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from msgspec import Struct

from gui.engine.core.problems import Words
from gui.engine.core.words import Told
from gui.engine.grid.board import Board
from gui.engine.grid.reach import Threat, threatens
from gui.engine.grid.squares import Cell, Footprint, cell_text
from gui.engine.space.zones import Diagonal

Sides = Literal["left-right", "top-bottom"]


class FlankCall(Told, Struct, frozen=True):
    """Whether the foe is flanked by the attacker and an ally, and why: the two squares whose
    centres the line joins and the opposite edges it crosses; or why not."""

    flanked: bool
    ally: int | None = None
    squares: tuple[Cell, Cell] | None = None
    sides: Sides | None = None
    reason: Literal["attacker", "allies", "line"] | None = None

    def words(self, heads: Mapping[bool, Words] | None = None) -> Words:
        """The call in French and English, headed by `heads` (flanked or not: a ruleset's own
        words and rule ids, Ruleset.flank_words; plain words by default)."""
        head_fr, head_en = (heads or HEADS)[self.flanked]
        if self.flanked:
            a, b = self.squares
            fr_sides = "gauche et droit" if self.sides == "left-right" else "haut et bas"
            en_sides = "left and right" if self.sides == "left-right" else "top and bottom"
            return (
                f"{head_fr} : la ligne des centres de {cell_text(a)} et {cell_text(b)} "
                f"traverse les bords {fr_sides} de l'espace de la cible.",
                f"{head_en}: the line between the centres of {cell_text(a)} and {cell_text(b)} "
                f"crosses the {en_sides} edges of the target's space.",
            )
        fr, en = _WHY_NOT[self.reason]
        return f"{head_fr} : {fr}", f"{head_en}: {en}"


# Plain words, no rule's: flanked or not.
HEADS: Mapping[bool, Words] = {
    True: ("Prise en tenaille", "Flanking"),
    False: ("Pas de prise en tenaille", "No flanking"),
}
_WHY_NOT: Mapping[str, Words] = {
    "attacker": (
        "l'attaquant ne menace pas la cible.",
        "the attacker does not threaten the target.",
    ),
    "allies": ("aucun allié ne menace la cible.", "no ally threatens the target."),
    "line": (
        "aucune ligne des centres ne traverse deux bords opposés de la cible.",
        "no line between centres crosses two opposite edges of the target.",
    ),
}


def flanking(
    target: Footprint,
    attacker: Threat,
    allies: list[Threat],
    diagonal: Diagonal = "alternate",
    board: Board | None = None,
) -> FlankCall:
    """Whether `attacker` flanks `target` with one of `allies` (its index in the call)."""
    if not threatens(attacker, target, diagonal, board):
        return FlankCall(False, reason="attacker")
    helping = [i for i, ally in enumerate(allies) if threatens(ally, target, diagonal, board)]
    if not helping:
        return FlankCall(False, reason="allies")
    for i in helping:
        for a in attacker.space.cells():
            for b in allies[i].space.cells():
                sides = opposite_sides(a, b, target)
                if sides is not None:
                    return FlankCall(True, i, (a, b), sides)
    return FlankCall(False, reason="line")


def opposite_sides(a: Cell, b: Cell, target: Footprint) -> Sides | None:
    """Which pair of opposite edges of `target` the segment between the centres of squares
    `a` and `b` crosses, corners included. Coordinates doubled: centres are odd, edges even,
    so a centre never lies on an edge."""
    ax, ay, bx, by = 2 * a[0] + 1, 2 * a[1] + 1, 2 * b[0] + 1, 2 * b[1] + 1
    x0, y0 = 2 * target.origin[0], 2 * target.origin[1]
    x1, y1 = x0 + 2 * target.side, y0 + 2 * target.side
    if _crosses(ax, ay, bx, by, x0, y0, y1) and _crosses(ax, ay, bx, by, x1, y0, y1):
        return "left-right"
    if _crosses(ay, ax, by, bx, y0, x0, x1) and _crosses(ay, ax, by, bx, y1, x0, x1):
        return "top-bottom"
    return None


def _crosses(ax: int, ay: int, bx: int, by: int, x: int, low: int, high: int) -> bool:
    """Whether the segment (ax, ay)–(bx, by) meets the line x = `x` between `low` and `high`."""
    if not min(ax, bx) < x < max(ax, bx):
        return False
    # y at x is ay + (x - ax) * (by - ay) / (bx - ax); compared without dividing.
    num, den = ay * (bx - ax) + (x - ax) * (by - ay), bx - ax
    if den < 0:
        num, den = -num, -den
    return low * den <= num <= high * den
