"""How a d20_35 move goes past other creatures and what each square costs: squeezing (D35-78:
each square of movement counts as 2; the squeezing creature may pass through an opponent's
space but not stop there) and a creature 3 or more size categories larger or smaller (D35-46:
its space may be passed through freely; the attacks of opportunity still apply, as the way
leaves the squares it threatens: opportunity.provoked follows the same way).

Stopping in an opponent's space is the grid's warning (« la case est occupée »), the GM may
still do it (G-3)."""

from __future__ import annotations

from gui.engine.contract import moving
from gui.engine.contract.base import Ruleset
from gui.engine.core.words import Notice
from gui.engine.grid.placed import space_of
from gui.engine.grid.squares import Footprint
from gui.engine.rulesets.d20_35 import sheet
from gui.engine.space.destination import Destination
from gui.engine.state.model import Combatant, Encounter

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


def crossing_notices(
    ruleset: Ruleset, enc: Encounter, mover: Combatant, dest: Destination
) -> list[Notice]:
    """A warning for each foe whose space the way goes through when it may not be passed
    (fewer than 3 sizes apart and not squeezed past, D35-46, TV-D35-22): the way goes round
    when it can; when it cannot, the GM may still make the move (G-3)."""
    way = moving.way(ruleset, enc, mover, dest)
    if way is None or len(way.cells) < 3:
        return []
    side = ruleset.space(enc, mover)
    crossed = {cell for origin in way.cells[1:-1] for cell in Footprint(origin, side).cells()}
    out = []
    for other in enc.combatants:
        if other.id == mover.id or not ruleset.blocks_way(enc, mover, other):
            continue
        space = space_of(enc, ruleset, other)
        if space is not None and crossed & set(space.cells()):
            n = sizes_apart(mover, other)
            out.append(
                Notice(
                    "D35-46",
                    f"passe par l’espace de {other.name} : {n} taille(s) d’écart, il en faut 3",
                    f"goes through {other.name}'s space: {n} size(s) apart, 3 are needed",
                )
            )
    return out
