"""The log dock: the encounter's lines, newest last, filtered by combatant."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListView,
    QVBoxLayout,
    QWidget,
)

from gui.boot.i18n import tr
from gui.control.controller import Controller
from gui.engine.state.touched import Touched
from gui.models.log import LogFilterProxy, LogModel


class LogPanel(QWidget):
    """Who did what, how it was computed (tooltip) and the dice; « Tous » or one combatant.

    The list follows the newest line as lines are added.
    """

    def __init__(self, controller: Controller, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctl = controller
        self.model = LogModel(controller, self)
        self.proxy = LogFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self.filter = QComboBox()
        self.filter.setObjectName("logFilter")
        self.filter.setAccessibleName(tr("Filtrer le journal"))
        # As wide as a long name, not measured on every name: a thousand combatants made each
        # change of the roster measure them all (benchmark P9).
        self.filter.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.filter.setMinimumContentsLength(24)
        self.filter.currentIndexChanged.connect(
            lambda _row: self.proxy.set_combatant(self.filter.currentData())
        )
        self.view = QListView()
        self.view.setObjectName("logView")
        self.view.setModel(self.proxy)
        self.view.setWordWrap(True)
        self.view.setUniformItemSizes(False)
        self.view.setResizeMode(QListView.ResizeMode.Adjust)
        self.view.setAlternatingRowColors(True)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.proxy.rowsInserted.connect(self.view.scrollToBottom)
        self.proxy.modelReset.connect(self.view.scrollToBottom)
        top = QHBoxLayout()
        label = QLabel(tr("Afficher :"))
        label.setBuddy(self.filter)
        top.addWidget(label)
        top.addWidget(self.filter)
        top.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.view, 1)
        controller.changed.connect(self._changed)
        controller.replaced.connect(self.fill_filter)
        self.fill_filter()

    def choices(self) -> list[tuple[str | None, str]]:
        """The filter's entries: « Tous », then every combatant by name (id, text)."""
        people = [(c.id, c.name) for c in self.ctl.enc.combatants]
        return [(None, tr("Tous")), *people]

    def _changed(self, notice: Touched) -> None:
        if notice.roster or notice.everything or "name" in notice.fields:
            self.fill_filter()

    def fill_filter(self) -> None:
        """Rebuild the combo when the roster changed; keep the chosen combatant if present."""
        wanted = self.choices()
        shown = [
            (self.filter.itemData(i), self.filter.itemText(i)) for i in range(self.filter.count())
        ]
        if wanted == shown:
            return
        keep = self.filter.currentData()
        self.filter.blockSignals(True)
        self.filter.clear()
        for cid, text in wanted:
            self.filter.addItem(text, cid)
        self.filter.blockSignals(False)
        self.show_combatant(keep if keep in {cid for cid, _ in wanted} else None)

    def show_combatant(self, cid: str | None) -> None:
        """Keep only `cid`'s lines (None: every line), as choosing it in the combo does."""
        self.filter.setCurrentIndex(max(0, self.filter.findData(cid)))
        self.proxy.set_combatant(self.filter.currentData())
