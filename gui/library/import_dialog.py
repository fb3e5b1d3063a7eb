"""« Importer d'une rencontre »: the GM ticks combatants of another encounter file (of the same
ruleset) and adds them to this one, with everything on their sheets, as one undo entry."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gui.boot.i18n import message, tr
from gui.control.controller import Controller, Refused
from gui.engine.files.carried import portable
from gui.engine.state.model import Combatant, Encounter
from gui.sheets import ErrorLabel
from gui.sheets.add_dialog import ON_GRID, fill_zones
from gui.widgets.buttons import ok_cancel

THEIR_SIDE = ""  # the side combo's « leur camp »: no side id is empty


class ImportDialog(QDialog):
    """The combatants of `source` (another encounter) to tick, the side and the zone they
    join; `accept_input()` adds them (OK calls it), `added` holds the new ids."""

    def __init__(
        self, controller: Controller, source: Encounter, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.controller, self.source = controller, source
        self.added: list[str] = []
        self.setWindowTitle(tr("Importer d’une rencontre"))
        sides = {s.id: s.name for s in source.sides}
        self.combatants = QListWidget()
        for c in source.combatants:
            item = QListWidgetItem(f"{c.name} — {sides.get(c.side, c.side)}")
            item.setData(Qt.ItemDataRole.UserRole, c.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.combatants.addItem(item)
        self.side = QComboBox()
        self.side.addItem(tr("leur camp (le premier s’il n’existe pas ici)"), THEIR_SIDE)
        for side in controller.enc.sides:
            self.side.addItem(side.name, side.id)
        self.zone = QComboBox()
        fill_zones(self.zone, controller.enc, None)
        self.error = ErrorLabel()
        self.buttons = ok_cancel(self, tr("Importer"), self._ok)
        form = QFormLayout()
        form.addRow(tr("Camp"), self.side)
        form.addRow(tr("Zone"), self.zone)
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(tr("Cochez les combattants de « {name} » à ajouter :").format(name=source.name))
        )
        layout.addWidget(self.combatants, 1)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        self.resize(460, 420)

    def tick(self, cids: list[str]) -> None:
        """Tick exactly the combatants `cids` (what the GM does by clicking)."""
        for row in range(self.combatants.count()):
            item = self.combatants.item(row)
            on = item.data(Qt.ItemDataRole.UserRole) in cids
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)

    def ticked(self) -> list[Combatant]:
        """The ticked combatants of the source, in its order."""
        items = (self.combatants.item(row) for row in range(self.combatants.count()))
        ids = {
            i.data(Qt.ItemDataRole.UserRole)
            for i in items
            if i.checkState() == Qt.CheckState.Checked
        }
        return [c for c in self.source.combatants if c.id in ids]

    def accept_input(self) -> list[str] | None:
        """Add the ticked combatants; their ids, or None (and why, in the dialog)."""
        chosen = self.ticked()
        if not chosen:
            self.error.set_error(tr("Cochez au moins un combattant."))
            return None
        sides = [s.id for s in self.controller.enc.sides]
        if not sides:
            self.error.set_error(tr("Créez d’abord un camp."))
            return None
        wanted = self.side.currentData()
        templates = []
        for c in chosen:
            side = wanted or (c.side if c.side in sides else sides[0])
            templates.append(portable(c).replace(side=side))
        where = self.zone.currentData()
        try:
            ids = self.controller.add_all(
                templates, None if where == ON_GRID else where, on_grid=where == ON_GRID
            )
        except Refused as exc:
            self.error.set_error(message(exc))
            return None
        self.added = ids
        return ids

    def _ok(self) -> None:
        if self.accept_input() is not None:
            self.accept()
