"""The "Fiche" dock: the selected combatant's sheet, edited through the controller only."""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFocusEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QStackedLayout,
    QVBoxLayout,
    QWidget,
)

from gui.boot.i18n import either, labelled, pick, tr
from gui.control.controller import Controller
from gui.engine.core.words import Term
from gui.engine.state.model import Combatant
from gui.engine.state.schema import RulesetData
from gui.library.keep import keep
from gui.sheets import ErrorLabel, field_tip, rule_tip, told
from gui.sheets.states import StatesBox
from gui.sheets.table_field import TableField
from gui.sheets.track import TracksBox
from gui.widgets.field_editor import FieldEditor, make_editor
from gui.widgets.prompts import Prompts

LABEL_CHARS = 22  # field labels are at most this wide (in average characters), then wrap
_UNBUILT = object()  # no field editors made yet (or the ruleset changed)


class NotesEdit(QPlainTextEdit):
    """The combatant's notes; `left` fires when the focus leaves (the sheet commits then)."""

    left = Signal()

    def focusOutEvent(self, event: QFocusEvent) -> None:  # Qt override
        super().focusOutEvent(event)
        self.left.emit()


def _form(parent: QWidget) -> QFormLayout:
    form = QFormLayout(parent)
    form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
    form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
    return form


def _with_error(editor: QWidget, error: ErrorLabel) -> QWidget:
    """An editor with its inline error message under it."""
    cell = QWidget()
    layout = QVBoxLayout(cell)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(2)
    layout.addWidget(editor)
    layout.addWidget(error)
    return cell


def group_title(data: RulesetData, group: str) -> str:
    """The title of a field group in the current language: the ruleset's label, else the
    key with a capital (« Caractéristiques » for fields without a group)."""
    if not group:
        return tr("Caractéristiques")
    title = pick(data.group_label(group))
    return title[:1].upper() + title[1:]


def _clear(layout: QLayout) -> None:
    while layout.count():
        widget = layout.takeAt(0).widget()
        if widget is not None:
            widget.hide()
            widget.deleteLater()


class SheetWidget(QWidget):
    """Shows `controller.selected` (or a hint) and re-reads the model after every change:
    editors send their values to the controller and a refused value is explained inline."""

    def __init__(self, controller: Controller, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.prompts = Prompts(self)  # the library's questions (replace an entry?)
        self.cid: str | None = None
        self._built_for: object = _UNBUILT  # the tier the field editors were made for
        self.editors: dict[str, FieldEditor | TableField] = {}
        self.errors: dict[str, ErrorLabel] = {}  # by field key
        self.hint = QLabel(tr("Sélectionnez un combattant"))
        self.hint.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.hint.setWordWrap(True)
        self.hint.setEnabled(False)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self.scroll.setWidget(self._page())
        self.stack = QStackedLayout(self)
        self.stack.addWidget(self.hint)
        self.stack.addWidget(self.scroll)
        controller.changed.connect(self.sync)
        controller.replaced.connect(self._replaced)
        controller.selection_changed.connect(self._selected)
        self.sync()

    def _page(self) -> QWidget:
        page = QWidget()
        layout = QVBoxLayout(page)
        header = QWidget()
        self.header = _form(header)
        self.name_edit = QLineEdit()
        self.side_combo = QComboBox()
        self.tier_label = QLabel()
        self.hidden_box = QCheckBox(tr("Caché aux joueurs"))
        self.hidden_box.setToolTip(tr("Ni sur la vue des joueurs ni dans leur résumé imprimé"))
        self.header_error = ErrorLabel()
        self.header.addRow(tr("Nom"), self.name_edit)
        self.header.addRow(tr("Camp"), self.side_combo)
        self.header.addRow(tr("Rang"), self.tier_label)
        self.header.addRow("", self.hidden_box)
        # At the top, seen without scrolling (issue 34: it was found in a row's menu only).
        self.keep_button = QPushButton(tr("Enregistrer dans la bibliothèque"))
        self.keep_button.setToolTip(
            tr("Garder ce combattant, son équipement et son état pour d’autres rencontres")
        )
        self.header.addRow("", self.keep_button)
        self.header.addRow(self.header_error)
        self.fields = QVBoxLayout()
        self.derived_box = QGroupBox(tr("Valeurs calculées"))
        self.derived = QVBoxLayout(self.derived_box)
        self.tracks_box = TracksBox(self.controller)
        self.states_box = StatesBox(self.controller)
        self.notes = NotesEdit()
        self.notes.setPlaceholderText(tr("Notes du MJ sur ce combattant"))
        self.notes_error = ErrorLabel()
        notes_box = QGroupBox(tr("Notes"))
        QVBoxLayout(notes_box).addWidget(_with_error(self.notes, self.notes_error))
        for part in (header, self.derived_box):
            layout.addWidget(part)
        layout.addLayout(self.fields)
        for part in (self.tracks_box, self.states_box, notes_box):
            layout.addWidget(part)
        layout.addStretch(1)
        self.keep_button.clicked.connect(self._keep)
        self.name_edit.editingFinished.connect(self._rename)
        self.side_combo.activated.connect(self._set_side)
        self.hidden_box.clicked.connect(self._set_hidden)
        self.notes.left.connect(self._commit_notes)
        return page

    def combatant(self, cid: str | None = None) -> Combatant | None:
        """The selected combatant (or `cid`), None when there is none or it is gone."""
        cid = cid or self.controller.selected
        try:
            return self.controller.enc.combatant(cid) if cid else None
        except KeyError:
            return None

    def _shown(self) -> Combatant | None:
        """The combatant the editors show, whom their edits are for."""
        return self.combatant(self.cid) if self.cid else None

    # Following the model ------------------------------------------------------------------

    def sync(self, *_args: object) -> None:
        """Show the model: the selected combatant's values, or the hint."""
        c = self.combatant()
        if c is None:
            self.cid = None
            self.stack.setCurrentWidget(self.hint)
            return
        if c.id != self.cid:  # typing left for the previous one was committed or is moot
            self.cid = c.id
            self.name_edit.setModified(False)
            self.notes.document().setModified(False)
            for error in (self.header_error, self.notes_error, *self.errors.values()):
                error.set_error("")
        if c.tier != self._built_for:
            self._build(c.tier)
        self._show(c)
        self.stack.setCurrentWidget(self.scroll)

    def _replaced(self) -> None:
        self.cid, self._built_for = None, _UNBUILT
        self.sync()

    def _selected(self, _cid: object) -> None:
        """Commit what is still being typed for the previous combatant, then follow."""
        self._rename()
        self._commit_notes()
        self.sync()

    def _build(self, tier: str | None) -> None:
        """Make the editors of a tier's fields, grouped, and of the ruleset's tracks."""
        self.editors, self.errors = {}, {}
        _clear(self.fields)
        ruleset = self.controller.ruleset
        data = ruleset.data
        groups: dict[str, QFormLayout] = {}
        labels: list[QLabel] = []
        for spec in data.fields_for(tier):
            if spec.group not in groups:
                box = QGroupBox(group_title(data, spec.group))
                groups[spec.group] = _form(box)
                self.fields.addWidget(box)
            form = groups[spec.group]
            label = QLabel(pick(spec.label))
            label.setToolTip(field_tip(data, spec))
            error = ErrorLabel()
            if spec.kind == "table":
                editor = TableField(spec, ruleset.catalogs.get(spec.catalog, []))
                label.setBuddy(editor.grid)
                form.addRow(label)
                form.addRow(_with_error(editor, error))
            else:
                editor = make_editor(spec)
                label.setBuddy(editor.widget)
                form.addRow(label, _with_error(editor, error))
                labels.append(label)
            editor.committed.connect(partial(self._commit, spec.key, editor))
            self.editors[spec.key], self.errors[spec.key] = editor, error
        # The groups' fields line up; a long label (« Circonstances très défavorables »)
        # goes on two lines rather than squeeze every field of the sheet.
        cap = self.fontMetrics().averageCharWidth() * LABEL_CHARS
        width = min(cap, max((label.sizeHint().width() for label in labels), default=0))
        for label in labels:
            label.setWordWrap(label.sizeHint().width() > width)
            label.setMinimumWidth(width)
            label.setMaximumWidth(width)
        self.tracks_box.build(data, tier)
        self.tracks_box.align_labels(width)
        self._built_for = tier

    def _show(self, c: Combatant) -> None:
        enc, ruleset = self.controller.enc, self.controller.ruleset
        if self.name_edit.text() != c.name and not self.name_edit.isModified():
            self.name_edit.setText(c.name)
            self.name_edit.setCursorPosition(0)
        combo = self.side_combo
        sides = [(s.name, s.id) for s in enc.sides]
        if [(combo.itemText(i), combo.itemData(i)) for i in range(combo.count())] != sides:
            combo.clear()
            for name, sid in sides:
                combo.addItem(name, sid)
        combo.setCurrentIndex(combo.findData(c.side))
        self.hidden_box.setChecked(c.hidden)
        tiers = {t.value: pick(t.label) for t in ruleset.data.tiers}
        self.header.setRowVisible(self.tier_label, bool(tiers))
        self.tier_label.setText(tiers.get(c.tier or "", c.tier or ""))
        for key, editor in self.editors.items():
            editor.show_value(self._stat(c, key))
        self.tracks_box.show_value(c)
        self.states_box.show_value(c)
        self._show_derived(ruleset.derived(enc, c))
        if self.notes.toPlainText() != c.notes and not self.notes.document().isModified():
            self.notes.setPlainText(c.notes)
            self.notes.document().setModified(False)

    def _show_derived(self, terms: list[Term]) -> None:
        """One line per computed value, with its rule as tooltip (lines are reused)."""
        layout = self.derived
        for i, term in enumerate(terms):
            if i == layout.count():
                layout.addWidget(QLabel(wordWrap=True))
            line = layout.itemAt(i).widget()
            line.setText(either(str(term), term.english()))
            line.setToolTip(rule_tip(self.controller.ruleset.data, term.rule))
            line.show()
        for i in range(len(terms), layout.count()):
            layout.itemAt(i).widget().hide()
        self.derived_box.setVisible(bool(terms))

    def _stat(self, c: Combatant, key: str) -> object:
        return c.stats.get(key, self.controller.ruleset.data.field(key).default)

    # Edits --------------------------------------------------------------------------------

    def _commit(self, key: str, editor: FieldEditor | TableField, value: object) -> None:
        c = self._shown()
        if c is None or self.editors.get(key) is not editor:
            return  # an editor of a sheet that is no longer shown
        error = self.errors[key]
        why = editor.problem()
        if why:
            error.set_error(labelled(pick(editor.spec.label), told(why)))
        elif error.attempt(self.controller.edit_stat, c.id, key, value):
            return
        editor.show_value(self._stat(c, key))  # nothing was stored: show the model again

    def _rename(self) -> None:
        c = self._shown()
        if c is None or not self.name_edit.isModified():
            return
        self.name_edit.setModified(False)
        if not self.header_error.attempt(self.controller.rename, c.id, self.name_edit.text()):
            self.name_edit.setText(c.name)

    def _set_side(self, index: int) -> None:
        c = self._shown()
        side = self.side_combo.itemData(index)
        if c is not None and not self.header_error.attempt(self.controller.set_side, c.id, side):
            self.side_combo.setCurrentIndex(self.side_combo.findData(c.side))

    def _set_hidden(self, on: bool) -> None:
        """Hide the shown combatant from the players, or reveal it: one undo entry."""
        c = self._shown()
        if c is not None and not self.header_error.attempt(
            self.controller.hide_combatant, c.id, on
        ):
            self.hidden_box.setChecked(c.hidden)

    def _keep(self) -> None:
        """Save the shown combatant in the library, with what is still being typed."""
        self._rename()
        self._commit_notes()
        c = self._shown()
        if c is not None:
            keep(self.controller, c.id, self.prompts)

    def _commit_notes(self) -> None:
        c = self._shown()
        document = self.notes.document()
        if c is None or not document.isModified():
            return
        document.setModified(False)
        if not self.notes_error.attempt(self.controller.set_notes, c.id, self.notes.toPlainText()):
            self.notes.setPlainText(c.notes)
            document.setModified(False)
