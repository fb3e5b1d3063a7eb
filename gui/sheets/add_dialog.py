"""The "Ajouter des combattants" dialog: a blank sheet or a bestiary entry, one or a group."""

from __future__ import annotations

import unicodedata

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from ..control.controller import Controller, Refused
from ..engine import roster_edits
from ..engine.placing import on_cells
from ..engine.rulesets.schema import Template
from ..i18n import message, pick, tr
from . import ErrorLabel
from .table_field import catalog_name

ON_GRID = " grid"  # the zone list's « sur la grille »: no zone id has a space


def _folded(text: str) -> str:
    """Lower case without accents, for the filter ("epee" finds "Épée")."""
    return unicodedata.normalize("NFKD", text.casefold()).encode("ascii", "ignore").decode()


class AddCombatantDialog(QDialog):
    """Adds `count` combatants made from a blank sheet or a bestiary entry, in a zone.

    `accept_input()` does the adding (the OK button calls it and closes the dialog when it
    worked); a refusal is shown in the dialog, which stays open. `added` holds the new ids.
    """

    def __init__(
        self, controller: Controller, parent: QWidget | None = None, zone: str | None = None
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self.added: list[str] = []
        self._prefill = ""
        enc, data = controller.enc, controller.ruleset.data
        self.setWindowTitle(tr("Ajouter des combattants"))
        self.filter = QLineEdit()
        self.filter.setPlaceholderText(tr("Filtrer le bestiaire…"))
        self.filter.setClearButtonEnabled(True)
        self.sources = QListWidget()
        self.sources.addItem(tr("Vierge"))
        font = self.sources.item(0).font()
        font.setItalic(True)
        self.sources.item(0).setFont(font)
        for i, entry in enumerate(controller.ruleset.bestiary):
            item = QListWidgetItem(entry.name)
            item.setData(Qt.ItemDataRole.UserRole, i)
            self.sources.addItem(item)
        self.details = QLabel()
        self.details.setWordWrap(True)
        self.name = QLineEdit()
        self.side = QComboBox()
        for side in enc.sides:
            self.side.addItem(side.name, side.id)
        current = {c.id: c.side for c in enc.combatants}.get(controller.selected or "")
        self._own_side = max(0, self.side.findData(current))  # the selected one's
        self.side.setCurrentIndex(self._own_side)
        self._side_chosen = False  # the GM picked a side: choosing a model keeps it
        self.side.activated.connect(lambda _i: setattr(self, "_side_chosen", True))
        self.tier = QComboBox()
        for choice in data.tiers:
            self.tier.addItem(pick(choice.label), choice.value)
        self.zone = QComboBox()
        self.zone.addItem(tr("hors carte"), None)
        if on_cells(enc):  # a grid that holds the tokens: its first free squares
            self.zone.addItem(tr("sur la grille"), ON_GRID)
        for z in enc.map.zones:
            self.zone.addItem(z.name, z.id)
        # Asked for no zone, on a grid that holds the tokens: on the grid, not off the map.
        wanted = ON_GRID if zone is None and on_cells(enc) else zone
        self.zone.setCurrentIndex(max(0, self.zone.findData(wanted)))
        self.count = QSpinBox()
        self.count.setRange(1, 200)
        self.count.setToolTip(tr("Plusieurs combattants sont numérotés : Gobelin 1, Gobelin 2…"))
        self.error = ErrorLabel()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("Ajouter"))
        self.buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("Annuler"))
        self._lay_out(bool(data.tiers))
        self.filter.textChanged.connect(self._filter)
        self.sources.currentRowChanged.connect(self._source_chosen)
        self.buttons.accepted.connect(self._ok)
        self.buttons.rejected.connect(self.reject)
        self.sources.setCurrentRow(0)

    def _lay_out(self, tiers: bool) -> None:
        source = QVBoxLayout()
        source.addWidget(QLabel(tr("Modèle")))
        source.addWidget(self.filter)
        source.addWidget(self.sources, 1)
        source.addWidget(self.details)
        form = QFormLayout()
        form.addRow(tr("Nom"), self.name)
        form.addRow(tr("Camp"), self.side)
        if tiers:
            form.addRow(tr("Rang"), self.tier)
        form.addRow(tr("Zone"), self.zone)
        form.addRow(tr("Nombre"), self.count)
        columns = QHBoxLayout()
        columns.addLayout(source, 1)
        columns.addSpacing(12)
        columns.addLayout(form, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(columns, 1)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        self.resize(560, 360)

    def entry(self) -> Template | None:
        """The chosen bestiary entry, or None for a blank sheet."""
        item = self.sources.currentItem()
        index = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        return self.controller.ruleset.bestiary[index] if isinstance(index, int) else None

    def accept_input(self) -> list[str] | None:
        """Add the combatants as filled in; their ids, or None (and why, in the dialog)."""
        name = self.name.text().strip()
        side = self.side.currentData()
        if not name:
            self.error.set_error(tr("Donnez un nom au combattant."))
            return None
        if side is None:
            self.error.set_error(tr("Créez d’abord un camp."))
            return None
        ruleset, entry = self.controller.ruleset, self.entry()
        tier = self.tier.currentData() if ruleset.data.tiers else None
        template = roster_edits.blank(
            ruleset,
            self.controller.enc,
            name,
            side,
            tier,
            entry.stats if entry is not None else None,
            entry.notes if entry is not None else "",
        )
        try:
            where = self.zone.currentData()
            ids = self.controller.add_combatants(
                template,
                self.count.value(),
                None if where == ON_GRID else where,
                on_grid=where == ON_GRID,
            )
        except Refused as exc:
            self.error.set_error(message(exc))
            return None
        self.error.set_error("")
        self.added = ids
        return ids

    def _ok(self) -> None:
        if self.accept_input() is not None:
            self.accept()

    def _source_chosen(self, _row: int) -> None:
        entry = self.entry()
        prefill = entry.name if entry else ""
        if self.name.text() in ("", self._prefill):  # the GM's own name stays
            self.name.setText(prefill)
        self._prefill = prefill
        if entry is not None and entry.tier is not None:
            self.tier.setCurrentIndex(max(0, self.tier.findData(entry.tier)))
        if not self._side_chosen and self.side.count():
            # A creature of the bestiary joins the GM's side (the last: the players' side
            # comes first in every new encounter and demo); a blank sheet, the selection's.
            self.side.setCurrentIndex(self.side.count() - 1 if entry else self._own_side)
        self.details.setText(self._summary(entry))

    def _summary(self, entry: Template | None) -> str:
        """What the entry puts on the sheet: "Points de vie : 6 · Défense : 13 · Armes : Dague"."""
        if entry is None:
            return tr("Une fiche aux valeurs par défaut du jeu de règles.")
        specs = self.controller.ruleset.data.field_map(entry.tier)
        parts = []
        for key, value in entry.stats.items():
            spec = specs.get(key)
            if spec is None or value in (None, "", []):
                continue
            if isinstance(value, list):
                value = ", ".join(
                    catalog_name(spec, v) if isinstance(v, dict) else str(v) for v in value
                )
            parts.append(f"{pick(spec.label)} : {value}".replace(" ", "\u00a0"))  # kept whole
        return "\n".join([" · ".join(parts), entry.notes]).strip()

    def _filter(self, text: str) -> None:
        """Show the entries whose name contains the text and choose the first of them."""
        wanted = _folded(text.strip())
        first = None
        for row in range(1, self.sources.count()):
            item = self.sources.item(row)
            hidden = wanted not in _folded(item.text())
            item.setHidden(hidden)
            if not hidden and first is None:
                first = row
        if wanted:
            self.sources.setCurrentRow(first if first is not None else 0)
