"""The main window: the zone map in the centre, combat (left), sheet (right) and log (bottom)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QSettings, Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel, QMainWindow, QMenu, QWidget

from ..control.controller import Controller
from ..i18n import pick, tr
from ..map.interaction import MapInteraction
from ..map.scene import EncounterScene
from ..map.view import MapView
from ..models import round_text
from ..sheets.sheet import SheetWidget
from ..startup import first_layout
from ..turns.panel import TurnPanel
from ..widgets import wheel_guard
from .action_menu import add_actions
from .file_actions import FileActions
from .log_panel import LogPanel
from .menus import Menus
from .prompts import Prompts


class MainWindow(QMainWindow):
    """Puts the views together; every change goes through the controller."""

    def __init__(self, controller: Controller, prompts: Prompts | None = None) -> None:
        super().__init__()
        self.wheel_guard = wheel_guard.install(QApplication.instance())  # see showEvent
        self.setObjectName("mainWindow")
        self.controller = controller
        self.prompts = prompts or Prompts(self)
        self.files = FileActions(controller, self)
        self.scene = EncounterScene(controller.enc, controller.ruleset)
        self._aiming: object = None  # the action dialog whose aim the map shows
        self.view = MapView(self.scene)
        self.setCentralWidget(self.view)
        self.map = MapInteraction(controller, self.scene, self, self.prompts)
        self.map.token_menu_hook = self._token_actions
        self.turns = TurnPanel(controller, self.prompts)
        self.sheet = SheetWidget(controller)
        self.log = LogPanel(controller)
        self.docks = {
            "combat": self._dock(
                tr("Combat"), "combatDock", self.turns, Qt.DockWidgetArea.LeftDockWidgetArea
            ),
            "sheet": self._dock(
                tr("Fiche"), "sheetDock", self.sheet, Qt.DockWidgetArea.RightDockWidgetArea
            ),
            "log": self._dock(
                tr("Journal"), "logDock", self.log, Qt.DockWidgetArea.BottomDockWidgetArea
            ),
        }
        self.autosave_label = QLabel()
        self.autosave_label.setObjectName("autosaveProblem")
        self.autosave_label.setStyleSheet(
            "QLabel { color: white; background: #b3261e; padding: 1px 6px; }"
        )
        self.autosave_label.setWordWrap(False)
        self.statusBar().addPermanentWidget(self.autosave_label)
        self.show_autosave_problem(controller.autosave_problem)
        self.mode_label = QLabel()
        self.statusBar().addPermanentWidget(self.mode_label)
        self.menus = Menus(self)
        controller.message.connect(lambda text: self.statusBar().showMessage(text, 8000))
        controller.file_state_changed.connect(self.update_title)
        controller.replaced.connect(self._replaced)
        controller.autosave_problem_changed.connect(self.show_autosave_problem)
        controller.changed.connect(lambda _notice: (self.update_status(), self.update_title()))
        self.view.space_tapped.connect(self.turns.next_action.trigger)
        # First start: the map gets the room, the log a few lines (restore_layout may override).
        first_layout(self, self.docks["combat"], self.docks["sheet"], self.docks["log"])
        self.restore_layout()
        self.update_title()
        self.update_status()

    def _dock(self, title: str, name: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _token_actions(self, menu: QMenu, target: str) -> None:
        """Right-click on a token: the actions of the selected combatant (else of whoever's
        turn it is) against it, first in the menu."""
        add_actions(menu, self.controller, self.controller.default_actor(target), target, self)
        menu.addSeparator()

    def end_turn(self) -> None:
        """« Suivant » as the combat dock gives it (the action dialog's Tour suivant)."""
        self.turns.next_action.trigger()

    def aim(self, dialog: object, actor: str | None, target: str | None) -> None:
        """An action dialog aims `actor` at `target`: the map draws the lines of effect and
        the cover between them, in view, the dialog opened at the window's right, beside the
        map; the dialog that aimed last clears them when it closes."""
        if actor is not None and target is not None:
            fresh, self._aiming = dialog is not self._aiming, dialog
            taken_in = getattr(getattr(dialog, "choice", None), "window", None)  # a reaction's
            self.scene.set_aim((actor, target), taken_in)
            if not self.scene.aim_item.isVisible():
                return
            if fresh and isinstance(dialog, QWidget):  # beside the map, not over the lines
                width = max(dialog.sizeHint().width(), dialog.width())
                corner = self.mapToGlobal(QPoint(self.width() - width - 8, 40))
                screen = self.screen().availableGeometry()  # never past the screen's edge
                x = max(screen.left(), min(corner.x(), screen.right() - width - 8))
                dialog.move(x, max(screen.top(), corner.y()))
            self.view.ensureVisible(self.scene.aim_item.sceneBoundingRect(), 16, 16)
        elif dialog is self._aiming:
            self._aiming = None
            self.scene.set_aim(None)

    def _replaced(self) -> None:
        self.update_status()
        self.view.fit()

    def update_title(self) -> None:
        """« Nom de la rencontre[*] — Escarmouche », with the modified marker."""
        name = self.controller.enc.name
        where = f" ({self.controller.path.name})" if self.controller.path else ""
        self.setWindowTitle(f"{name}{where}[*] — Escarmouche")
        self.setWindowModified(self.controller.modified)

    def show_autosave_problem(self, text: str) -> None:
        """Autosave trouble stays in the status bar, in red, until an autosave or a save
        succeeds (the whole text in the tooltip: a long folder name is cut)."""
        self.autosave_label.setText(
            ("⚠ " + text[:90] + ("…" if len(text) > 90 else "")) if text else ""
        )
        self.autosave_label.setToolTip(text)
        self.autosave_label.setVisible(bool(text))

    def update_status(self) -> None:
        enc = self.controller.enc
        ruleset = self.controller.ruleset
        state = round_text(enc, ruleset) if enc.turn.round else tr("Combat non commencé")
        mode = tr("Édition de la carte") if self.scene.editing else tr("Jeu")
        self.mode_label.setText(f"{pick(self.controller.ruleset.data.name)} — {state} — {mode}")

    # Settings and closing ------------------------------------------------------------------

    def restore_layout(self) -> None:
        settings = QSettings()
        geometry = settings.value("window/geometry")
        state = settings.value("window/state")
        if geometry is not None:
            self.restoreGeometry(geometry)
        if state is not None:
            self.restoreState(state)

    def save_layout(self) -> None:
        settings = QSettings()
        settings.setValue("window/geometry", self.saveGeometry())
        settings.setValue("window/state", self.saveState())

    def closeEvent(self, event: QCloseEvent) -> None:  # Qt override
        if not self.files.may_discard():
            event.ignore()
            return
        self.controller.discard_recovery()
        self.menus.players.close()
        self.save_layout()
        event.accept()

    def showEvent(self, event) -> None:  # Qt override
        super().showEvent(event)
        if not getattr(self, "_fitted", False):
            self._fitted = True
            self.view.fit()
            self.installEventFilter(self)  # its update requests (Qt posts them to the widget)
            handle = self.windowHandle()
            if handle is not None:
                self.wheel_guard.watch(handle)  # the wheel never changes a field

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # Qt override
        """The window is about to paint a change: the autosave it asked for is written first,
        so that nothing the GM has seen on screen is lost to a crash (issue 31: a kill -9
        right after the paint); the next gesture cannot start before it either."""
        if watched is self and event.type() == QEvent.Type.UpdateRequest:
            self.controller.flush_autosave()
        return False
