"""The start (issue 33): with no last encounter to open, the main window shows a start page in
place of the map — the recent files, a new encounter, an encounter to open and the six demos,
each named as a demo — and an empty encounter's map says how to draw zones or a grid and add
combatants (EmptyMapHint). app.run installs both."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QCommandLinkButton,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from gui.boot.i18n import pick, tr
from gui.engine.rulesets import registry
from gui.engine.state.model import Encounter
from gui.window.main_window import MainWindow

MAX_SHOWN_RECENT = 6  # the start page lists this many recent files (the menu has them all)


def demo_label(ruleset_id: str) -> str:
    """« Démo — D&D 3.5 (règles de combat) »: a demo is never taken for the GM's own file."""
    return tr("Démo — {ruleset}").format(ruleset=pick(registry.get(ruleset_id).data.name))


def demo_name(ruleset_id: str) -> str:
    """The demo encounter's own name (« La crypte de l'abbé Morlaix »), read from its file
    without building it; empty when it cannot be read (the button still opens it, and says
    why it cannot)."""
    try:
        with registry.get(ruleset_id).demo_path.open(encoding="utf-8") as f:
            name = json.load(f).get("encounter", {}).get("name", "")
    except (OSError, ValueError, AttributeError):
        return ""
    return name if isinstance(name, str) else ""


def plain(action_text: str) -> str:
    """A menu entry as the GM reads it (« &Grille… » → « Grille… »)."""
    return action_text.replace("&&", "\0").replace("&", "").replace("\0", "&")


class StartPage(QWidget):
    """In the main window's centre until the GM picks what to open; the map comes back as
    soon as an encounter is open (by this page or by the Fichier menu). The docks are hidden
    meanwhile, and shown again before the window saves its layout."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__()
        self.setObjectName("startPage")
        self.window_ = window
        self.recent_buttons: dict[Path, QCommandLinkButton] = {}
        self.demo_buttons: dict[str, QCommandLinkButton] = {}
        title = QLabel("Escarmouche")
        title.setStyleSheet("font-size: 22pt; font-weight: bold;")
        intro = QLabel(
            tr("Gestionnaire de rencontres pour meneurs de jeu. Que voulez-vous ouvrir ?")
        )
        intro.setWordWrap(True)
        columns = QHBoxLayout()
        columns.addLayout(self._own_column(), 1)
        columns.addSpacing(24)
        columns.addLayout(self._demo_column(), 1)
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(32, 24, 32, 24)
        layout.addWidget(title)
        layout.addWidget(intro)
        layout.addSpacing(12)
        layout.addLayout(columns)
        layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(page)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)

    def _heading(self, text: str) -> QLabel:
        label = QLabel(text)
        label.setStyleSheet("font-size: 13pt; font-weight: bold;")
        return label

    def _own_column(self) -> QVBoxLayout:
        column = QVBoxLayout()
        column.addWidget(self._heading(tr("Vos rencontres")))
        files = self.window_.files
        self.new_button = QCommandLinkButton(
            tr("Nouvelle rencontre…"),
            tr("Choisir le jeu de règles, puis dessiner la carte et ajouter les combattants"),
        )
        self.new_button.clicked.connect(lambda: self.window_.menus.do.new())
        self.open_button = QCommandLinkButton(
            tr("Ouvrir une rencontre…"), tr("Un fichier enregistré (.escarmouche.json)")
        )
        self.open_button.clicked.connect(lambda: files.open())
        column.addWidget(self.new_button)
        column.addWidget(self.open_button)
        column.addSpacing(8)
        column.addWidget(self._heading(tr("Fichiers récents")))
        recent = files.recent()[:MAX_SHOWN_RECENT]
        for path in recent:
            button = QCommandLinkButton(path.name, str(path.parent))
            button.setToolTip(str(path))
            button.clicked.connect(lambda _checked=False, p=path: files.open(p))
            self.recent_buttons[path] = button
            column.addWidget(button)
        if not recent:
            none = QLabel(
                tr("Aucun fichier récent : enregistrez une rencontre pour la retrouver ici.")
            )
            none.setWordWrap(True)
            none.setObjectName("noRecent")
            column.addWidget(none)
        column.addStretch(1)
        return column

    def _demo_column(self) -> QVBoxLayout:
        column = QVBoxLayout()
        column.addWidget(self._heading(tr("Démos")))
        note = QLabel(
            tr("Une rencontre prête pour essayer un jeu de règles ; vous en ouvrez une copie.")
        )
        note.setWordWrap(True)
        column.addWidget(note)
        for rid in registry.available():
            button = QCommandLinkButton(demo_label(rid).replace("&", "&&"), demo_name(rid))
            button.clicked.connect(
                lambda _checked=False, r=rid: self.window_.files.new(r, demo=True)
            )
            self.demo_buttons[rid] = button
            column.addWidget(button)
        column.addStretch(1)
        return column


class StartShown(QObject):
    """Puts the start page in the window's centre and takes it away (the map back, the docks
    as they were) once another encounter is open."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window_ = window
        self.page: StartPage | None = StartPage(window)
        self.hidden_docks = [d for d in window.docks.values() if not d.isHidden()]
        window.takeCentralWidget()  # the map view, kept (window.view) for its return
        window.setCentralWidget(self.page)
        for dock in self.hidden_docks:
            dock.hide()
        window.controller.replaced.connect(self.leave)
        window.installEventFilter(self)

    def leave(self) -> None:
        """The map comes back in the centre (the page is deleted with it)."""
        if self.page is None:
            return
        window, self.page = self.window_, None
        window.controller.replaced.disconnect(self.leave)
        window.removeEventFilter(self)
        window.setCentralWidget(window.view)  # deletes the start page
        window.view.show()
        self._docks_back()
        window.view.fit()

    def _docks_back(self) -> None:
        for dock in self.hidden_docks:
            dock.show()
        self.hidden_docks = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # Qt override
        if watched is self.window_ and event.type() == QEvent.Type.Close:
            self._docks_back()  # before closeEvent saves the layout: the docks as they were
        return False


class EmptyMapHint(QFrame):
    """Over the map's top-left corner while the encounter is empty (no zone, grid,
    background nor combatant): how to draw the map and add combatants, by the menu entries'
    own texts and keys, each a button that does it."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window.view)  # not its viewport, whose scrolling moves children
        self.setObjectName("emptyMapHint")
        self.window_ = window
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAutoFillBackground(True)
        self.setStyleSheet(
            "#emptyMapHint { background: palette(base); border: 1px solid palette(mid);"
            " border-radius: 6px; }"
        )
        actions = window.menus.actions
        edit = plain(tr("&Édition"))
        grid = QGridLayout(self)
        grid.setContentsMargins(12, 10, 12, 10)
        title = QLabel(tr("Rencontre vide : pour commencer"))
        title.setStyleSheet("font-weight: bold;")
        grid.addWidget(title, 0, 0, 1, 2)
        self.buttons: dict[str, QPushButton] = {}
        rows = (
            ("edit_map", tr("Dessiner des zones : ce mode, puis « {tool} », glisser sur la carte")),
            ("grid", tr("Ou poser une grille de cases (« {background} » pour une image)")),
            ("add", tr("Ajouter les combattants, puis « Commencer le combat » (F5)")),
        )
        for row, (key, what) in enumerate(rows, start=1):
            action = actions[key]
            button = QPushButton(plain(action.text()))
            button.clicked.connect(lambda _checked=False, a=action: self._do(a))
            self.buttons[key] = button
            keys = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
            where = f"{edit} › {plain(action.text())}" + (f" ({keys})" if keys else "")
            said = what.format(
                tool=plain(actions["tool_draw"].text()).split(" (")[0],
                background=plain(actions["background"].text()),
            )
            label = QLabel(f"{said}<br><span style='color:#666'>{where}</span>")
            label.setWordWrap(True)
            grid.addWidget(button, row, 0, Qt.AlignmentFlag.AlignTop)
            grid.addWidget(label, row, 1)
        grid.setColumnStretch(1, 1)
        window.controller.changed.connect(self.refresh)
        window.controller.replaced.connect(self.refresh)
        window.view.installEventFilter(self)
        self.refresh()

    def _do(self, action) -> None:
        if action.isCheckable():
            action.setChecked(True)
            self.window_.menus.actions["tool_draw"].setChecked(True)
        else:
            action.trigger()

    def empty(self) -> bool:
        return is_empty(self.window_.controller.enc)

    def refresh(self, _changes: object = None) -> None:
        self.setVisible(self.empty())
        self._place()

    def _place(self) -> None:
        room = self.parentWidget().width() - 40
        self.setFixedWidth(max(260, min(520, room)))
        self.adjustSize()
        self.move(12, 12)
        self.raise_()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # Qt override
        if event.type() == QEvent.Type.Resize:
            self._place()
        return False


def is_empty(enc: Encounter) -> bool:
    """No zone, grid, background nor combatant."""
    m = enc.map
    return not (m.zones or m.grid is not None or m.background is not None or enc.combatants)


def install(window: MainWindow, start_page: bool) -> StartShown | None:
    """The empty map's hint, made once the encounter is empty (at start, or emptied later:
    a full one never pays for it, P1b); the start page when asked (no encounter to open)."""
    window.empty_hint = None  # type: ignore[attr-defined]

    def hint_when_empty(_changes: object = None) -> None:
        if window.empty_hint is None and is_empty(window.controller.enc):  # type: ignore[attr-defined]
            window.empty_hint = EmptyMapHint(window)  # type: ignore[attr-defined]

    window.controller.changed.connect(hint_when_empty)
    window.controller.replaced.connect(hint_when_empty)
    hint_when_empty()
    return StartShown(window) if start_page else None
