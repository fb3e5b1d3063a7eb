"""The bar over the map while an area of effect is drawn (issue 37): its shape and size, whom
it catches, and « Résoudre… » / « Annuler »; Entrée resolves, Échap cancels."""

from __future__ import annotations

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gui.boot.i18n import either, tr
from gui.map.area_tool import AreaTool

_STYLE = (
    "QFrame#areaBar { background: rgba(255, 248, 225, 240); border: 2px solid #e65100;"
    " border-radius: 6px; }"
)
MAX_NAMES = 4  # named in the bar; the others counted


class AreaBar(QFrame):
    """Over the map's top left corner; it follows its tool (`AreaTool.changed`)."""

    resolve = Signal()

    def __init__(self, tool: AreaTool, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("areaBar")
        self.setStyleSheet(_STYLE)
        self.tool = tool
        title = QLabel(tr("Aire d’effet"))
        title.setStyleSheet("font-weight: bold;")
        self.shape = QComboBox()
        self.shape.setObjectName("areaShape")
        self.shape.setAccessibleName(tr("Forme de l’aire"))
        self.metres = QDoubleSpinBox()
        self.metres.setObjectName("areaMetres")
        self.metres.setAccessibleName(tr("Taille de l’aire"))
        self.metres.setRange(0.5, 999)
        self.metres.setDecimals(1)
        self.metres.setSingleStep(1.5)
        self.metres.setSuffix(" m")
        self.metres.setToolTip(tr("Rayon, ou longueur d’un cône ou d’une ligne"))
        self.caught = QLabel()
        self.caught.setObjectName("areaCaught")
        self.hint = QLabel()
        self.hint.setObjectName("areaHint")
        self.hint.setStyleSheet("color: #5d4037;")
        self.resolve_button = QPushButton(tr("&Résoudre…"))
        self.resolve_button.setObjectName("areaResolve")
        self.resolve_button.setToolTip(tr("Un jet de dégâts pour tous, puis chaque sauvegarde"))
        self.cancel_button = QPushButton(tr("Annuler"))
        self.caught.setWordWrap(True)
        self.hint.setWordWrap(True)
        column = QVBoxLayout(self)
        column.setContentsMargins(8, 4, 8, 4)
        column.setSpacing(2)
        row = QHBoxLayout()
        for widget in (title, self.shape, self.metres, self.resolve_button, self.cancel_button):
            row.addWidget(widget)
        column.addLayout(row)
        column.addWidget(self.caught)
        column.addWidget(self.hint)
        self.shape.currentIndexChanged.connect(self._shape_chosen)
        self.metres.valueChanged.connect(tool.set_metres)
        self.resolve_button.clicked.connect(self.resolve)
        self.cancel_button.clicked.connect(tool.cancel)
        tool.changed.connect(self.follow)
        self.hide()

    def follow(self) -> None:
        """The tool's state shown: its shapes (the grid's or the zones'), size, creatures."""
        tool = self.tool
        if not tool.active:
            self.hide()
            return
        with QSignalBlocker(self.shape), QSignalBlocker(self.metres):
            choices = tool.choices()
            if [self.shape.itemData(i) for i in range(self.shape.count())] != [
                c[0] for c in choices
            ]:
                self.shape.clear()
                for key, fr, en in choices:
                    self.shape.addItem(either(fr, en), key)
            self.shape.setCurrentIndex(max(0, self.shape.findData(tool.shape)))
            self.metres.setValue(tool.metres)
        needs_metres = tool.on_grid() or tool.shape == "zones_within"
        self.metres.setEnabled(needs_metres)
        self.caught.setText(self._who())
        self.hint.setText(self._hint())
        self.resolve_button.setEnabled(tool.area is not None and bool(tool.area.caught))
        self.place()
        self.show()
        self.raise_()

    def place(self) -> None:
        """At the map's top left, never wider than the map shows (a narrow window wraps the
        names of the creatures caught)."""
        room = max(200, self.parentWidget().width() - 40)
        self.setMaximumWidth(room)
        self.adjustSize()
        width = min(room, max(self.sizeHint().width(), self.minimumSizeHint().width()))
        self.resize(
            width, self.heightForWidth(width) if self.hasHeightForWidth() else self.height()
        )
        self.move(8, 8)

    def _who(self) -> str:
        tool, enc = self.tool, self.tool.controller.enc
        caught = tool.area.caught if tool.area else ()
        if not caught:
            return tr("personne")
        names = {c.id: c.name for c in enc.combatants}
        shown = [names.get(cid, cid) for cid in caught[:MAX_NAMES]]
        more = len(caught) - len(shown)
        text = ", ".join(shown) + (tr(" et {n} autre(s)").format(n=more) if more else "")
        return tr("{n} prise(s) : {names}").format(n=len(caught), names=text)

    def _hint(self) -> str:
        tool = self.tool
        if tool.problem:
            return tool.problem
        if not tool.fixed:
            return tr("Cliquez pour poser l’aire")
        return tr("Clic sur un jeton : l’ajouter ou le retirer")

    def _shape_chosen(self, _index: int) -> None:
        shape = self.shape.currentData()
        if isinstance(shape, str):
            self.tool.set_shape(shape)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # Qt override
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if self.resolve_button.isEnabled():
                self.resolve.emit()
            return
        if event.key() == Qt.Key.Key_Escape:
            self.tool.cancel()
            return
        super().keyPressEvent(event)
