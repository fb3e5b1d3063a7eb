"""Édition › Historique (issue 33): the undo stack as a list, which goes back only when the GM
says so. Choosing a line (a click, the arrow keys, a right-click) only names what going back
there would undo or redo; the « Revenir ici » button (or Entrée) does it, as one step of the
stack. Escape, Ctrl+W and Ctrl+H close the window."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QKeySequence, QShortcut, QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gui.boot.i18n import either, tr

NAMED = 6  # the steps named one by one; more are counted (« et 3 autres »)


def _counted(n: int, one: str, many: str) -> str:
    return (one if n == 1 else many).format(n=n)


def _names(texts: list[str]) -> str:
    """One line each, the first NAMED; the others counted."""
    shown = [f"• {t}" for t in texts[:NAMED]]
    rest = len(texts) - NAMED
    if rest > 0:
        shown.append(_counted(rest, tr("et {n} autre"), tr("et {n} autres")))
    return "\n".join(shown)


def going_back(stack: QUndoStack, row: int) -> str:
    """What « Revenir ici » on `row` (0: the start of the session, n: after the nth step)
    does, in words: the steps it undoes, newest first, or redoes, oldest first."""
    here = stack.index()
    if row < here:
        texts = [stack.text(i) for i in range(here - 1, row - 1, -1)]
        n = _counted(len(texts), tr("Annuler {n} action"), tr("Annuler {n} actions"))
    elif row > here:
        texts = [stack.text(i) for i in range(here, row)]
        n = _counted(len(texts), tr("Rétablir {n} action"), tr("Rétablir {n} actions"))
    else:
        return tr("C’est l’état actuel : rien à annuler.")
    return either(f"{n} :", f"{n}:") + "\n" + _names(texts)


class HistoryWindow(QDialog):
    """The undo stack, newest last; the current state in bold, the steps undone (that
    « Rétablir » would bring back) in grey."""

    def __init__(self, stack: QUndoStack, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.stack = stack
        self.setObjectName("historyWindow")
        self.setWindowTitle(tr("Historique"))
        self.list = QListWidget()
        self.list.setObjectName("historyList")
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setContextMenuPolicy(Qt.ContextMenuPolicy.NoContextMenu)
        self.list.currentRowChanged.connect(lambda _row: self._explain())
        self.what = QLabel()
        self.what.setObjectName("historyWhat")
        self.what.setWordWrap(True)
        self.what.setTextFormat(Qt.TextFormat.PlainText)
        self.back = QPushButton(tr("Revenir ici"))
        self.back.setObjectName("historyBack")
        self.back.clicked.connect(self.go_back)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.addButton(self.back, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        hint = QLabel(tr("Choisissez une ligne, puis « Revenir ici » pour y revenir."))
        hint.setWordWrap(True)
        layout.addWidget(hint)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.what)
        layout.addWidget(buttons)
        for keys in ("Ctrl+W", "Ctrl+H"):  # Escape closes any dialog
            QShortcut(QKeySequence(keys), self, self.close)
        for keys in ("Return", "Enter"):  # on the list, Entrée confirms as the button does
            QShortcut(
                QKeySequence(keys), self.list, self.go_back, Qt.ShortcutContext.WidgetShortcut
            )
        for signal in (stack.indexChanged, stack.cleanChanged, stack.undoTextChanged):
            signal.connect(lambda *_: self.refill())
        self.resize(420, 460)
        self.refill()

    def showEvent(self, event) -> None:  # Qt override
        self.refill()
        super().showEvent(event)

    def refill(self) -> None:
        """The list as the stack is now, the current state chosen (a change of the stack
        forgets the line the GM had chosen: what the button names is always true)."""
        if not shiboken6.isValid(self.stack) or (not self.isVisible() and self.list.count()):
            return  # the stack is going with the window, or filled again when shown
        here, count = self.stack.index(), self.stack.count()
        self.list.blockSignals(True)
        self.list.clear()
        for row in range(count + 1):
            text = self.stack.text(row - 1) if row else tr("<début de la session>")
            item = QListWidgetItem(text)
            if row == here:
                font = QFont(item.font())
                font.setBold(True)
                item.setFont(font)
                item.setText(f"▶ {text}")
            elif row > here:
                item.setForeground(self.palette().placeholderText())
            self.list.addItem(item)
        self.list.setCurrentRow(here)
        self.list.blockSignals(False)
        self.list.scrollToItem(self.list.item(here))
        self._explain()

    def _explain(self) -> None:
        row = self.list.currentRow()
        self.what.setText(going_back(self.stack, row))
        self.back.setEnabled(row >= 0 and row != self.stack.index())

    def go_back(self) -> None:
        """« Revenir ici »: undo (or redo) up to the chosen line."""
        row = self.list.currentRow()
        if 0 <= row <= self.stack.count() and row != self.stack.index():
            self.stack.setIndex(row)
