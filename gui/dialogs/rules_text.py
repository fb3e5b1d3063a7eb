"""Aide › Règles du jeu: the ruleset's rules, by id, in a window that scrolls and filters
(a ruleset may have a hundred of them), sized for a 1366×768 screen."""

from __future__ import annotations

import html

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLineEdit,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from gui.boot.i18n import pick, tr
from gui.engine.state.schema import RulesetData


class RulesDialog(QDialog):
    """The rules as a list one can search: by id (« DOU-5 ») or by a word of the text."""

    def __init__(self, data: RulesetData, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.data = data
        self.setWindowTitle(tr("Règles du jeu — {name}").format(name=pick(data.name)))
        self.search = QLineEdit()
        self.search.setPlaceholderText(tr("Chercher une règle (numéro ou mot)…"))
        self.search.setClearButtonEnabled(True)
        self.text = QTextBrowser()
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.search)
        layout.addWidget(self.text, 1)
        layout.addWidget(buttons)
        self.search.textChanged.connect(self.show_rules)
        self.show_rules("")
        room = self.screen().availableGeometry()
        self.resize(min(680, room.width() - 40), min(600, room.height() - 80))

    def show_rules(self, wanted: str) -> None:
        """The rules whose id or text holds `wanted` (any case)."""
        needle = wanted.strip().casefold()
        shown = [
            f"<p><b>{html.escape(r.id)}</b> {html.escape(pick(r.text))}</p>"
            for r in self.data.rules
            if needle in r.id.casefold() or needle in pick(r.text).casefold()
        ]
        none = tr("Aucune règle ne correspond.")
        self.text.setHtml("".join(shown) or f"<p>{html.escape(none)}</p>")
        self.shown = len(shown)
