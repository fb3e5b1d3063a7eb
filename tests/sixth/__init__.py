"""A sixth ruleset that lives only in its own files (this package and its ruleset.json): its
own turn mode (two phases a round, the fast act in both, phases.py), moves counted in grid
cells, and actions resting on the Seams II mechanisms (actions.py): two rolls in one
action, counts carried by a typed total, a window a move opens, a roll due at a turn's start.
The boundary tests register it with one registry line and play it through the generic
engine and GUI, which must need no change to run it."""

from __future__ import annotations

from pathlib import Path

from gui.engine.contract.actions import ActionRuleset
from gui.engine.contract.sheet_reading import stat
from gui.engine.contract.values import DueRoll
from gui.engine.core.words import Notice
from gui.engine.space.destination import Destination
from gui.engine.state.changes import Change
from gui.engine.state.model import Combatant, Encounter, TurnEntry, Window
from gui.engine.timing.windows import Offer
from tests.sixth import actions as six
from tests.sixth.phases import Phases

DATA_FOLDER = Path(__file__).parent


class Sixieme(ActionRuleset):
    """Phases, moves in cells and its actions (actions.ACTIONS): enough to need every seam."""

    definitions = six.ACTIONS

    def turn_mode(self, enc: Encounter) -> Phases:
        return Phases({c.id: stat(c, "vitesse", 4) for c in enc.combatants})

    def check_move(self, enc: Encounter, c: Combatant, dest: Destination) -> list[Notice]:
        """SIX-02: a move covers at most Vitesse cells (the larger of the two offsets)."""
        here, there = c.position.cell, dest.cell
        if here is None or there is None:
            return []
        cells = max(abs(here[0] - there[0]), abs(here[1] - there[1]))
        speed = stat(c, "vitesse", 4)
        if cells <= speed:
            return []
        return [
            Notice(
                "SIX-02",
                f"{c.name} parcourt {cells} cases, Vitesse {speed}",
                f"{c.name} covers {cells} squares, Speed {speed}",
            )
        ]

    def move_changes(self, enc: Encounter, c: Combatant, dest: Destination) -> list[Change]:
        return six.provoked(enc, c, dest.cell)  # SIX-07

    def window_offers(self, enc: Encounter, window: Window) -> list[Offer]:
        return six.offers(enc, window)

    def window_passed(self, enc: Encounter, window: Window) -> list[Change] | None:
        return six.passed(enc, window)

    def due_rolls(self, enc: Encounter, entry: TurnEntry) -> list[DueRoll]:
        return six.due(enc, entry)


RULESET_CLASS = Sixieme
