"""Options de règles: the ruleset's house-rule flags for this encounter (G-5)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gui.boot.i18n import message, pick, tr
from gui.control.controller import Controller, Refused
from gui.dialogs.breakdown import rule_text
from gui.engine.state.schema import FlagSpec


class HouseRulesDialog(QDialog):
    """One editor per flag, at the encounter's value; each says its default and the
    ambiguity it settles (tooltip: the adopted reading). OK changes them as one undo entry."""

    def __init__(self, controller: Controller, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.setWindowTitle(tr("Options de règles"))
        self.editors: dict[str, QCheckBox | QSpinBox | QComboBox] = {}
        grid = QGridLayout()
        grid.setColumnStretch(1, 1)
        grid.setVerticalSpacing(10)
        ruleset, enc = controller.ruleset, controller.enc
        for row, spec in enumerate(ruleset.data.flags):
            editor = self._editor(spec, ruleset.flag(enc, spec.id))
            tip = rule_text(ruleset, spec.see) if spec.see else ""
            default = tr("par défaut : {value}").format(value=_shown(spec, spec.default))
            editor.setToolTip(f"{spec.id} — {default}\n{tip}".strip())
            self.editors[spec.id] = editor
            name = QLabel(f"<b>{spec.id}</b> — {pick(spec.label)}")
            name.setWordWrap(True)
            name.setToolTip(editor.toolTip())
            name.setBuddy(editor)
            grid.addWidget(editor, row, 0, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(name, row, 1)
        grid.setRowStretch(len(ruleset.data.flags), 1)
        holder = QWidget()
        holder.setLayout(grid)
        scroll = QScrollArea()
        scroll.setWidget(holder)
        scroll.setWidgetResizable(True)
        self.error = QLabel()
        self.error.setObjectName("error")
        self.error.setStyleSheet("color: #8e1c1c;")
        self.error.hide()
        note = QLabel(
            tr("Chaque option a pour défaut l’interprétation retenue ; le MJ peut en changer.")
        )
        note.setWordWrap(True)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok
            | QDialogButtonBox.StandardButton.Cancel
            | QDialogButtonBox.StandardButton.RestoreDefaults
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        defaults = buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults)
        defaults.setText(tr("Valeurs par &défaut"))
        defaults.clicked.connect(self.restore_defaults)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self.resize(640, 520)

    @staticmethod
    def _editor(spec: FlagSpec, value: bool | int | str) -> QCheckBox | QSpinBox | QComboBox:
        if spec.choices:
            combo = QComboBox()
            for choice in spec.choices:
                combo.addItem(pick(choice.label), choice.value)
            combo.setCurrentIndex(max(0, combo.findData(value)))
            return combo
        if isinstance(spec.default, bool):
            box = QCheckBox()
            box.setChecked(bool(value))
            return box
        if isinstance(spec.default, int):
            spin = QSpinBox()
            spin.setRange(0, 99)
            spin.setMinimumWidth(64)
            spin.setValue(int(value))
            return spin
        raise ValueError(f"flag {spec.id}: text flags need choices")

    def values(self) -> dict[str, bool | int | str]:
        out: dict[str, bool | int | str] = {}
        for key, editor in self.editors.items():
            if isinstance(editor, QCheckBox):
                out[key] = editor.isChecked()
            elif isinstance(editor, QSpinBox):
                out[key] = editor.value()
            else:
                out[key] = editor.currentData()
        return out

    def restore_defaults(self) -> None:
        for spec in self.controller.ruleset.data.flags:
            editor = self.editors[spec.id]
            if isinstance(editor, QCheckBox):
                editor.setChecked(bool(spec.default))
            elif isinstance(editor, QSpinBox):
                editor.setValue(int(spec.default))
            else:
                editor.setCurrentIndex(max(0, editor.findData(spec.default)))

    def accept(self) -> None:  # Qt override
        values = self.values()
        current = {
            f.id: self.controller.ruleset.flag(self.controller.enc, f.id)
            for f in self.controller.ruleset.data.flags
        }
        if values != current:
            try:
                self.controller.set_flags(values)
            except Refused as exc:
                self.error.setText(message(exc))
                self.error.show()
                return
        super().accept()


def _shown(spec: FlagSpec, value: bool | int | str) -> str:
    if isinstance(value, bool):
        return tr("oui") if value else tr("non")
    for choice in spec.choices:
        if choice.value == value:
            return pick(choice.label)
    return str(value)
