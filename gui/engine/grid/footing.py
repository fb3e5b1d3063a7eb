"""What the grid's geometry asks of a ruleset (the contract's Ruleset answers it): how many
squares a combatant takes and reaches, how diagonals count, who shares its squares, who is
out of the fight. The grid knows no ruleset (issue 35)."""

from __future__ import annotations

from typing import Protocol

from gui.engine.space.zones import Diagonal
from gui.engine.state.model import Combatant, Encounter


class Footing(Protocol):
    def space(self, enc: Encounter, c: Combatant) -> int: ...

    def reach(self, enc: Encounter, c: Combatant) -> int: ...

    def diagonal(self, enc: Encounter) -> Diagonal: ...

    def together(self, enc: Encounter, c: Combatant) -> set[str]: ...

    def is_out(self, enc: Encounter, c: Combatant) -> bool: ...
