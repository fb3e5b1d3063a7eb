"""Aide › À propos: the version, and where the GM's data and settings live (issue 33) — also
shown in Préférences, and by `escarmouche --help` (cli.py) and the README."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QMessageBox, QWidget

from gui import __version__
from gui.boot import paths
from gui.boot.i18n import tr


def locations() -> list[tuple[str, str]]:
    """(what, where) for the data folder and the settings file, as this session uses them
    (`ESCARMOUCHE_DATA_DIR` moves the data folder)."""
    return [
        (
            tr("Données (rencontres, sauvegardes, récupération, bibliothèque, jeux de règles)"),
            str(paths.data_path()),
        ),
        (tr("Réglages (langue, fichiers récents, disposition)"), QSettings().fileName()),
    ]


def about_html() -> str:
    lines = "".join(
        f"<p>{escape(what)} :<br><code>{escape(where)}</code></p>" for what, where in locations()
    )
    head = tr("<b>Escarmouche</b> {version}<br>Gestionnaire de rencontres pour meneurs de jeu.")
    return head.format(version=__version__) + lines


def about_box(parent: QWidget) -> QMessageBox:
    """The About box, not yet shown (QMessageBox.about's, with its icon)."""
    box = QMessageBox(parent)
    box.setWindowTitle(tr("À propos d’Escarmouche"))
    box.setTextFormat(Qt.TextFormat.RichText)
    box.setText(about_html())
    box.setIconPixmap(parent.window().windowIcon().pixmap(64, 64))
    box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return box


def show_about(parent: QWidget) -> None:
    about_box(parent).exec()
