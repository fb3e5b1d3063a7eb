"""The combat dock's steps for ranked initiative and the GM's order: Retarder (the acting
unit waits), Préparer (it readies an action for a trigger the GM types) and Agir maintenant
(the selected waiting unit acts now)."""

from __future__ import annotations

from gui.boot.i18n import tr
from gui.engine.state.model import TurnEntry
from gui.engine.turns import current_entry
from gui.models import unit_label
from gui.turns.cells import OrderCells
from gui.turns.mode_actions import Dock, Icon, ModeActions, for_modes


class RankedCells(OrderCells):
    """The order of ranked initiative: a delayed or readied unit's mark and tooltip."""

    def mark(self, entry: TurnEntry, row: int) -> str:
        if getattr(entry, "delayed", False):
            return "‖"  # paused (U+2016: common fonts lack U+23F8 ⏸)
        ready = getattr(entry, "ready", "")
        return f"⚑ {ready}" if ready else ""

    def tooltip(self, entry: TurnEntry, row: int) -> list[str]:
        lines = super().tooltip(entry, row)
        if getattr(entry, "delayed", False):
            lines.append(tr("Retarde son action (« Agir maintenant » pour la reprendre)"))
        ready = getattr(entry, "ready", "")
        if ready:
            lines.append(tr("Action préparée : {trigger}").format(trigger=ready))
        if self.done(entry):
            lines.append(tr("A déjà agi ce round"))
        return lines


@for_modes("ranked", "gm_order")
class RankedActions(ModeActions):
    """« Retarder » (`delay`), « Préparer… » (`ready`) and « Agir maintenant » (`act_now`);
    each one undo entry."""

    cells = RankedCells

    def __init__(self, dock: Dock) -> None:
        super().__init__(dock)
        self.delay = self.action(
            tr("Retarder"),
            tr("L’unité dont c’est le tour attend ; elle agira plus tard (R)"),
            "R",
            Icon.SP_MediaPause,
            self.delay_unit,
        )
        self.ready = self.action(
            tr("Préparer…"),
            tr("L’unité dont c’est le tour prépare une action pour un déclencheur (Maj+P)"),
            "Shift+P",
            Icon.SP_MediaSeekForward,
            self.ready_unit,
        )
        self.act_now = self.action(
            tr("Agir maintenant"),
            tr("L’unité sélectionnée, qui attendait, agit maintenant (Maj+R)"),
            "Shift+R",
            Icon.SP_ArrowRight,
            self.act_unit_now,
        )
        self.actions = (self.delay, self.ready, self.act_now)

    def update(self) -> None:
        waiting = self.dock.selected_entry()
        self.delay.setEnabled(self.active() and current_entry(self.turn) is not None)
        self.ready.setEnabled(self.delay.isEnabled())
        self.act_now.setEnabled(self.active() and waiting is not None and self._waits(waiting))

    @staticmethod
    def _waits(entry: TurnEntry) -> bool:
        return bool(getattr(entry, "delayed", False) or getattr(entry, "ready", ""))

    def delay_unit(self) -> None:
        acting = current_entry(self.turn) if self.active() else None
        if acting is not None:
            label = tr("Retarder {name}").format(name=unit_label(self.ctl, acting))
            self.dock.run(self.ctl.turn_step, "delay", label, unit=acting.unit)

    def ready_unit(self) -> None:
        """Préparer : the GM says what triggers the readied action (the ruleset weighs it as
        its rules say, through Ruleset.turn_step_changes)."""
        acting = current_entry(self.turn) if self.active() else None
        if acting is None:
            return
        name = unit_label(self.ctl, acting)
        trigger = self.dock.prompts.text(
            tr("Préparer une action"),
            tr("Ce qui déclenche l’action préparée de {name} :").format(name=name),
        )
        if trigger:
            label = tr("{name} prépare une action").format(name=name)
            self.dock.run(self.ctl.turn_step, "ready", label, unit=acting.unit, trigger=trigger)

    def act_unit_now(self) -> None:
        waiting = self.dock.selected_entry() if self.active() else None
        if waiting is not None:
            label = tr("{name} agit maintenant").format(name=unit_label(self.ctl, waiting))
            self.dock.run(self.ctl.turn_step, "act_now", label, unit=waiting.unit)
