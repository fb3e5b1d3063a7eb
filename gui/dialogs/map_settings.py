"""The map's background image (file, scale, opacity) and square grid (cell size, snapping)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QImageReader
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSlider,
    QWidget,
)

from gui.boot.i18n import tr
from gui.engine.state.model import IMAGE_SUFFIXES, Background, Grid


def _spin(low: float, high: float, value: float, suffix: str, decimals: int = 2) -> QDoubleSpinBox:
    spin = QDoubleSpinBox()
    spin.setRange(low, high)
    spin.setDecimals(decimals)
    spin.setValue(value)
    spin.setSuffix(suffix)
    return spin


def _buttons(dialog: QDialog) -> QDialogButtonBox:
    box = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    box.accepted.connect(dialog.accept)
    box.rejected.connect(dialog.reject)
    return box


class BackgroundDialog(QDialog):
    """Pick a PNG or JPEG battle map and how it sits under the zones."""

    def __init__(self, current: Background | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Fond de carte"))
        form = QFormLayout(self)
        self.path = QLineEdit(current.path if current else "")
        browse = QPushButton(tr("Parcourir…"))
        browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.path)
        row.addWidget(browse)
        form.addRow(tr("Image (PNG, JPEG) :"), row)
        self.scale = _spin(0.01, 50.0, current.scale if current else 1.0, " ×")
        self.opacity = QSlider(Qt.Orientation.Horizontal)
        self.opacity.setRange(0, 100)
        self.opacity.setValue(round((current.opacity if current else 1.0) * 100))
        form.addRow(tr("Échelle :"), self.scale)
        form.addRow(tr("Opacité :"), self.opacity)
        self.error = QLabel()
        self.error.setStyleSheet("color: #b00020")
        form.addRow(self.error)
        form.addRow(_buttons(self))

    def _browse(self) -> None:
        name, _ = QFileDialog.getOpenFileName(
            self,
            tr("Image de fond"),
            self.path.text(),
            "Images (" + " ".join(f"*{s}" for s in IMAGE_SUFFIXES) + ")",
        )
        if name:
            self.path.setText(name)

    def background(self) -> Background | None:
        """The background asked for, or None with a message when the image cannot be read."""
        path = Path(self.path.text().strip())
        image = str(path).lower().endswith(IMAGE_SUFFIXES)
        if not image or not path.is_file() or QImageReader(str(path)).size().isEmpty():
            self.error.setText(tr("Image illisible : choisir un fichier PNG ou JPEG."))
            return None
        return Background(
            path=str(path), scale=self.scale.value(), opacity=self.opacity.value() / 100
        )

    def accept(self) -> None:  # Qt override: stay open on an unreadable image
        if self.background() is not None:
            super().accept()


class GridDialog(QDialog):
    """Cell size in scene units and metres, origin, visibility, and how the map is played:
    tokens in zones (the grid a guide), or on squares (zones drawn over the grid)."""

    def __init__(self, current: Grid | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr("Grille"))
        grid = current or Grid()
        form = QFormLayout(self)
        self.cell_px = _spin(5, 1000, grid.cell_px, " px", 1)
        self.cell_m = _spin(0.1, 1000, grid.cell_m, " m")
        self.origin_x = _spin(-100_000, 100_000, grid.origin_x, " px", 1)
        self.origin_y = _spin(-100_000, 100_000, grid.origin_y, " px", 1)
        self.visible = QCheckBox(tr("Afficher la grille"))
        self.visible.setChecked(grid.visible)
        self.mode = QComboBox()  # where tokens stand: the map in zones, or on squares
        self.mode.addItem(tr("Zones : les jetons se rangent dans les zones"), False)
        self.mode.addItem(tr("Cases : les jetons occupent des cases (zones alignées)"), True)
        self.mode.setCurrentIndex(int(grid.snap))
        self.mode.setToolTip(
            tr(
                "Sur les cases, un jeton couvre les cases de sa taille, un déplacement montre"
                " son chemin et son coût, les murs et la règle servent au jeu."
            )
        )
        form.addRow(tr("Côté d’une case :"), self.cell_px)
        form.addRow(tr("Une case vaut :"), self.cell_m)
        form.addRow(tr("Origine X :"), self.origin_x)
        form.addRow(tr("Origine Y :"), self.origin_y)
        form.addRow(tr("Jeu :"), self.mode)
        form.addRow(self.visible)
        form.addRow(_buttons(self))

    def grid(self) -> Grid:
        return Grid(
            cell_px=self.cell_px.value(),
            cell_m=self.cell_m.value(),
            origin_x=self.origin_x.value(),
            origin_y=self.origin_y.value(),
            visible=self.visible.isChecked(),
            snap=bool(self.mode.currentData()),
        )
