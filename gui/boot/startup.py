"""The first paint (issue 22): before the engine, the rulesets and the encounter are imported and
loaded — most of the start-up — a window with the main window's frame is shown where the main
window will be: its title, its menus, its toolbar and docks where the GM left them (the saved
layout), an empty map and « Chargement… ». The main window takes its place once built
(app.run). Only Qt and the language are read before it is on screen.

`ESCARMOUCHE_STARTUP_MARKS=1` writes `painted` then `ready` on stderr as each is on screen (the
P1 benchmark reads them); `ESCARMOUCHE_QUIT_AFTER_READY=1` quits once ready."""

from __future__ import annotations

import gc
import os
import sys

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel, QMainWindow, QToolBar, QWidget

from gui import __version__
from gui.boot import pyside_hook
from gui.boot.language import install, tr
from gui.boot.platform_check import display_problem

MARKS = "ESCARMOUCHE_STARTUP_MARKS"
DOCK_WIDTH, LOG_HEIGHT = 330, 170  # a first start: the side docks' width, the log's height
QUIT_WHEN_READY = "ESCARMOUCHE_QUIT_AFTER_READY"


def mark(word: str) -> None:
    """A start-up mark on stderr, when asked for."""
    if os.environ.get(MARKS) == "1":
        print(word, file=sys.stderr, flush=True)


def application(lang: str | None) -> QApplication | None:
    """The QApplication, named (its settings) and speaking its language; None when Qt cannot
    show a window here (the reason is written on stderr)."""
    pyside_hook.make_cheap()
    problem = None if QApplication.instance() else display_problem(os.environ)
    if problem:
        print(problem, file=sys.stderr)
        return None
    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("Escarmouche")
    app.setApplicationVersion(__version__)
    app.setOrganizationName("Escarmouche")
    install(app, lang)
    return app  # type: ignore[return-value]


def first_window() -> QMainWindow:
    """The main window's frame, painted: the same title, menus, toolbar and docks (named as the
    main window's, so the saved layout puts them where they will be) and an empty map."""
    shell = QMainWindow()
    shell.setWindowTitle("Escarmouche")
    for title in (tr("&Fichier"), tr("&Édition"), tr("&Combat"), tr("&Affichage"), tr("Aid&e")):
        shell.menuBar().addMenu(title).setEnabled(False)
    toolbar = QToolBar(tr("Barre d’outils"), shell)
    toolbar.setObjectName("mainToolbar")
    toolbar.setMinimumHeight(32)
    shell.addToolBar(toolbar)
    docks = (
        (tr("Combat"), "combatDock", Qt.DockWidgetArea.LeftDockWidgetArea),
        (tr("Fiche"), "sheetDock", Qt.DockWidgetArea.RightDockWidgetArea),
        (tr("Journal"), "logDock", Qt.DockWidgetArea.BottomDockWidgetArea),
    )
    made = []
    for title, name, area in docks:
        dock = QDockWidget(title, shell)
        dock.setObjectName(name)
        dock.setWidget(QWidget())
        shell.addDockWidget(area, dock)
        made.append(dock)
    map_area = QLabel(tr("Chargement de la rencontre…"))
    map_area.setAlignment(Qt.AlignmentFlag.AlignCenter)
    map_area.setAutoFillBackground(True)
    palette = map_area.palette()
    palette.setColor(QPalette.ColorRole.Window, QColor("white"))
    map_area.setPalette(palette)
    shell.setCentralWidget(map_area)
    first_layout(shell, made[0], made[1], made[2])
    settings = QSettings()
    geometry, state = settings.value("window/geometry"), settings.value("window/state")
    if geometry is not None:
        shell.restoreGeometry(geometry)
    if state is not None:
        shell.restoreState(state)
    shell.show()
    QApplication.processEvents()  # painted now, before the long imports
    mark("painted")
    return shell


def first_layout(
    window: QMainWindow, combat: QDockWidget, sheet: QDockWidget, log: QDockWidget
) -> None:
    """A first start's size and docks: the screen's room, the map between its docks."""
    room = window.screen().availableGeometry()
    window.resize(min(1280, room.width()), min(820, room.height() - 40))
    window.resizeDocks([log], [LOG_HEIGHT], Qt.Orientation.Vertical)
    window.resizeDocks([combat, sheet], [DOCK_WIDTH, DOCK_WIDTH], Qt.Orientation.Horizontal)


def ready(app: QApplication) -> None:
    """The main window is on screen with its encounter: the objects made so far are kept out
    of the cyclic collector's rounds (they live as long as the app), which runs again."""
    app.processEvents()
    gc.freeze()
    gc.enable()
    mark("ready")
    if os.environ.get(QUIT_WHEN_READY) == "1":
        QTimer.singleShot(0, app.quit)  # once the event loop runs
