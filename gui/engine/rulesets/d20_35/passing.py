"""How a d20_35 move goes past other creatures and what each square costs: squeezing (D35-78:
each square of movement counts as 2; the squeezing creature may pass through an opponent's
space but not stop there) and a creature 3 or more size categories larger or smaller (D35-46:
its space may be passed through freely; the attacks of opportunity still apply, as the way
leaves the squares it threatens: opportunity.provoked follows the same way).

Stopping in an opponent's space is the grid's warning (« la case est occupée »), the GM may
still do it (G-3)."""

from __future__ import annotations

from ...model import Combatant
from . import sheet

SQUEEZING = "serre"  # D35-78: the state
SQUEEZE_FACTOR = 2  # D35-78: each square counts as 2
FREE_SIZES = 3  # D35-46: 3 or more size categories apart


def move_factor(c: Combatant) -> int:
    """D35-78: each square of a squeezing creature's move counts as 2; else 1."""
    return SQUEEZE_FACTOR if sheet.has_state(c, SQUEEZING) else 1


def sizes_apart(a: Combatant, b: Combatant) -> int:
    return abs(sheet.size_index(a) - sheet.size_index(b))


def passes_through(mover: Combatant, other: Combatant) -> bool:
    """Whether `mover` may go through `other`'s space: 3 or more sizes apart (D35-46), or
    squeezing through it (D35-78)."""
    return sizes_apart(mover, other) >= FREE_SIZES or sheet.has_state(mover, SQUEEZING)
