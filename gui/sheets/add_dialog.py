"""The "Ajouter des combattants" dialog: a blank sheet, a bestiary entry or one of the GM's
library (which it also renames and deletes), one or a group."""

from __future__ import annotations

import unicodedata
import weakref

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTabBar,
    QVBoxLayout,
    QWidget,
)

from gui.boot.i18n import labelled, message, pick, tr
from gui.control.controller import Controller, Refused
from gui.engine.edits import roster as roster_edits
from gui.engine.files import library
from gui.engine.files.library import Library, LibraryError
from gui.engine.play.placing import on_cells
from gui.engine.state.model import Combatant, Encounter
from gui.engine.state.schema import Template
from gui.library import shelf
from gui.sheets import ErrorLabel
from gui.sheets.table_field import catalog_name
from gui.widgets.buttons import ok_cancel
from gui.widgets.prompts import Prompts

ON_GRID = " grid"  # the zone list's « sur la grille »: no zone id has a space
LIBRARY = 1  # the library's tab, after the bestiary's
# Where the last combatants were added, by controller: (the encounter's id, the zone list's
# choice). The next opening starts there (issue 34: it went back to « hors carte »).
_LAST_ZONE: weakref.WeakKeyDictionary[Controller, tuple[str, str | None]] = (
    weakref.WeakKeyDictionary()
)


def fill_zones(combo: QComboBox, enc: Encounter, zone: str | None) -> None:
    """Where new combatants go: off the map, on the grid's free squares (a grid that holds
    the tokens), or a zone; `zone` chosen (on the grid when None and the grid holds them)."""
    combo.addItem(tr("hors carte"), None)
    if on_cells(enc):
        combo.addItem(tr("sur la grille"), ON_GRID)
    for z in enc.map.zones:
        combo.addItem(z.name, z.id)
    wanted = ON_GRID if zone is None and on_cells(enc) else zone
    combo.setCurrentIndex(max(0, combo.findData(wanted)))


def _folded(text: str) -> str:
    """Lower case without accents, for the filter ("epee" finds "Épée")."""
    return unicodedata.normalize("NFKD", text.casefold()).encode("ascii", "ignore").decode()


class AddCombatantDialog(QDialog):
    """Adds `count` combatants made from a blank sheet, a bestiary entry or a library entry
    (identical to the one saved, but for its name and side), in a zone.

    `accept_input()` does the adding (the OK button calls it and closes the dialog when it
    worked); a refusal is shown in the dialog, which stays open. `added` holds the new ids.
    """

    def __init__(
        self,
        controller: Controller,
        parent: QWidget | None = None,
        zone: str | None = None,
        prompts: Prompts | None = None,
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self.prompts = prompts or Prompts(self)
        self.added: list[str] = []
        self._prefill = ""
        enc, data = controller.enc, controller.ruleset.data
        self.setWindowTitle(tr("Ajouter des combattants"))
        self.tabs = QTabBar()
        self.tabs.addTab(tr("Bestiaire"))
        self.tabs.addTab(tr("Bibliothèque"))
        self.filter = QLineEdit()
        self.filter.setClearButtonEnabled(True)
        self.sources = QListWidget()
        self.library = Library(ruleset=enc.ruleset)
        self.library_error = ""
        self.rename_button = QPushButton(tr("Renommer…"))
        self.delete_button = QPushButton(tr("Supprimer"))
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
        fill_zones(self.zone, enc, zone)
        last = _LAST_ZONE.get(controller)
        if zone is None and last is not None and last[0] == enc.id:
            # « hors carte » first; a zone deleted since: the default stays.
            at = 0 if last[1] is None else self.zone.findData(last[1])
            self.zone.setCurrentIndex(at if at >= 0 else self.zone.currentIndex())
        self.count = QSpinBox()
        self.count.setRange(1, 200)
        self.count.setToolTip(tr("Plusieurs combattants sont numérotés : Gobelin 1, Gobelin 2…"))
        self.error = ErrorLabel()
        self.buttons = ok_cancel(self, tr("Ajouter"), self._ok)
        self._lay_out(bool(data.tiers))
        self.filter.textChanged.connect(self._filter)
        self.sources.currentRowChanged.connect(self._source_chosen)
        self.tabs.currentChanged.connect(self._fill)
        self.rename_button.clicked.connect(self._rename_entry)
        self.delete_button.clicked.connect(self._delete_entry)
        self._read_library()
        self._fill()

    def _lay_out(self, tiers: bool) -> None:
        source = QVBoxLayout()
        source.addWidget(self.tabs)
        source.addWidget(self.filter)
        source.addWidget(self.sources, 1)
        entries = QHBoxLayout()
        entries.addWidget(self.rename_button)
        entries.addWidget(self.delete_button)
        entries.addStretch(1)
        source.addLayout(entries)
        # A long sheet's summary scrolls rather than spilling over the buttons (issue 34).
        self.details.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.details.setMinimumWidth(1)  # wrapped to the area's width, never wider
        details = QScrollArea()
        details.setWidget(self.details)
        details.setWidgetResizable(True)
        details.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        details.setFrameShape(QFrame.Shape.NoFrame)
        details.setMinimumHeight(self.fontMetrics().lineSpacing() * 5)
        source.addWidget(details, 1)
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

    # The sources: the bestiary and the library -------------------------------------------

    def _read_library(self) -> None:
        try:
            self.library = shelf.read(self.controller.enc.ruleset)
            self.library_error = ""
        except shelf.LibraryProblem as exc:  # told in the library's tab; the bestiary works
            self.library_error = message(exc)
        count = len(self.library.combatants)
        self.tabs.setTabText(LIBRARY, tr("Bibliothèque ({count})").format(count=count))

    def _fill(self, _tab: int = 0, chosen: str | None = None) -> None:
        """List the current tab's entries (a blank sheet first in the bestiary's)."""
        in_library = self.tabs.currentIndex() == LIBRARY
        self.sources.blockSignals(True)
        self.sources.clear()
        if in_library:
            for c in self.library.combatants:
                item = QListWidgetItem(c.name)
                item.setData(Qt.ItemDataRole.UserRole, c.id)
                self.sources.addItem(item)
        else:
            self.sources.addItem(tr("Vierge"))
            font = self.sources.item(0).font()
            font.setItalic(True)
            self.sources.item(0).setFont(font)
            for i, entry in enumerate(self.controller.ruleset.bestiary):
                item = QListWidgetItem(entry.name)
                item.setData(Qt.ItemDataRole.UserRole, i)
                self.sources.addItem(item)
        self.sources.blockSignals(False)
        self.filter.setPlaceholderText(
            tr("Filtrer la bibliothèque…") if in_library else tr("Filtrer le bestiaire…")
        )
        self.rename_button.setVisible(in_library)
        self.delete_button.setVisible(in_library)
        ids = [
            self.sources.item(r).data(Qt.ItemDataRole.UserRole) for r in range(self.sources.count())
        ]
        self.sources.setCurrentRow(ids.index(chosen) if chosen in ids else 0)
        self._filter(self.filter.text())
        self._source_chosen(self.sources.currentRow())

    def entry(self) -> Template | None:
        """The chosen bestiary entry, or None for a blank sheet (or a library entry)."""
        index = self._chosen()
        return self.controller.ruleset.bestiary[index] if isinstance(index, int) else None

    def library_entry(self) -> Combatant | None:
        """The chosen library entry, if the library's tab is shown and one is chosen."""
        eid = self._chosen()
        return self.library.entry(eid) if isinstance(eid, str) else None

    def _chosen(self) -> int | str | None:
        item = self.sources.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None

    def _rename_entry(self) -> None:
        entry = self.library_entry()
        if entry is None:
            return
        name = self.prompts.text(
            tr("Renommer dans la bibliothèque"), tr("Nouveau nom :"), entry.name
        )
        if name is not None:
            self._change_library(lambda lib: library.renamed(lib, entry.id, name), entry.id)

    def _delete_entry(self) -> None:
        entry = self.library_entry()
        if entry is not None and self.prompts.confirm(
            tr("Supprimer de la bibliothèque"),
            tr("Supprimer « {name} » de la bibliothèque ?").format(name=entry.name),
            tr("Supprimer"),
        ):
            self._change_library(lambda lib: library.without(lib, entry.id), None)

    def _change_library(self, edit, chosen: str | None) -> None:
        """Write the library as `edit` makes it from the file's; a refusal is shown here."""
        try:
            shelf.write(edit(shelf.read(self.controller.enc.ruleset)))
        except (shelf.LibraryProblem, LibraryError) as exc:
            self.error.set_error(message(exc))
            return
        except KeyError:  # gone from the file meanwhile: nothing to do
            pass
        self.error.set_error("")
        self._read_library()
        self._fill(chosen=chosen)

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
        template = self._template(name, side)
        if template is None:
            self.error.set_error(tr("Choisissez une entrée de la bibliothèque."))
            return None
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
        _LAST_ZONE[self.controller] = (self.controller.enc.id, where)
        return ids

    def _template(self, name: str, side: str) -> Combatant | None:
        """The combatant to add copies of: the library entry as saved, or a new sheet."""
        if self.tabs.currentIndex() == LIBRARY:
            kept = self.library_entry()
            return kept.replace(name=name, side=side) if kept else None
        ruleset, entry = self.controller.ruleset, self.entry()
        tier = self.tier.currentData() if ruleset.data.tiers else None
        return roster_edits.blank(
            ruleset,
            self.controller.enc,
            name,
            side,
            tier,
            entry.stats if entry is not None else None,
            entry.notes if entry is not None else "",
        )

    def _ok(self) -> None:
        if self.accept_input() is not None:
            self.accept()

    def _source_chosen(self, _row: int) -> None:
        kept, entry = self.library_entry(), self.entry()
        model = kept or entry
        prefill = model.name if model else ""
        if self.name.text() in ("", self._prefill):  # the GM's own name stays
            self.name.setText(prefill)
        self._prefill = prefill
        if model is not None and model.tier is not None:
            self.tier.setCurrentIndex(max(0, self.tier.findData(model.tier)))
        self.tier.setEnabled(kept is None)  # a library entry keeps its own
        if not self._side_chosen and self.side.count():
            # A creature of the bestiary joins the GM's side (the last: the players' side
            # comes first in every new encounter and demo); a library entry, the side it was
            # saved from if this encounter has it; a blank sheet, the selection's.
            own = self.side.findData(kept.side) if kept else -1
            self.side.setCurrentIndex(
                own if own >= 0 else self.side.count() - 1 if entry else self._own_side
            )
        self.details.setText(self._summary(model))

    def _summary(self, entry: Template | Combatant | None) -> str:
        """What the entry puts on the sheet: "Points de vie : 6 · Défense : 13 · Armes : Dague"."""
        if self.tabs.currentIndex() == LIBRARY and entry is None:
            return self.library_error or tr(
                "La bibliothèque est vide : « Enregistrer dans la bibliothèque » sur une fiche "
                "y garde un combattant."
            )
        if entry is None:
            return tr("Une fiche aux valeurs par défaut du jeu de règles.")
        ruleset = self.controller.ruleset
        specs = ruleset.data.field_map(entry.tier)
        parts = []
        for key, value in entry.stats.items():
            spec = specs.get(key)
            if spec is None or value in (None, "", []):
                continue
            if spec.kind == "table" and value == spec.default:
                continue  # the ruleset's own rows (a health track's levels): nothing to tell
            if isinstance(value, bool):
                value = tr("oui") if value else tr("non")
            elif spec.kind == "choice":  # its label, not its key (« Taille : medium », issue 34)
                value = next((pick(c.label) for c in spec.choices if c.value == value), value)
            elif isinstance(value, list):
                value = ", ".join(
                    catalog_name(spec, v) if isinstance(v, dict) else str(v) for v in value
                )
            parts.append(labelled(pick(spec.label), str(value)).replace(" ", "\u00a0"))
        lines = [" · ".join(parts)]
        if isinstance(entry, Combatant):  # a library entry: its tracks and states as saved
            for track in ruleset.data.tracks:
                marks = entry.tracks[track.key].marks if track.key in entry.tracks else []
                if any(marks):
                    lines.append(
                        labelled(pick(track.label), f"{sum(map(bool, marks))}/{len(marks)}")
                    )
            if entry.states:
                names = ", ".join(pick(ruleset.state_label(state)) for state in entry.states)
                lines.append(labelled(tr("États"), names))
        return "\n".join([*lines, entry.notes]).strip()

    def _filter(self, text: str) -> None:
        """Show the entries whose name contains the text and choose the first of them."""
        wanted = _folded(text.strip())
        first = None
        start = 0 if self.tabs.currentIndex() == LIBRARY else 1  # « Vierge » always shows
        for row in range(start, self.sources.count()):
            item = self.sources.item(row)
            hidden = wanted not in _folded(item.text())
            item.setHidden(hidden)
            if not hidden and first is None:
                first = row
        if wanted:
            self.sources.setCurrentRow(first if first is not None else start - 1)
