"""The main window: the zone map in the centre, combat (left), sheet (right) and log (bottom)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, QRect, QRectF, QSettings, Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QApplication, QDockWidget, QLabel, QMainWindow, QMenu, QWidget

from gui.boot.i18n import pick, tr
from gui.boot.startup import first_layout
from gui.control.controller import Controller
from gui.dialogs.action_menus import add_quick_action
from gui.dialogs.placement import GAP, DialogPlacer
from gui.map.interaction import MapInteraction
from gui.map.scene import EncounterScene
from gui.map.view import MapView
from gui.models import round_text
from gui.sheets.sheet import SheetWidget
from gui.turns.panel import TurnPanel
from gui.widgets import wheel_guard
from gui.widgets.prompts import Prompts
from gui.window.action_menu import add_actions
from gui.window.file_actions import FileActions
from gui.window.log_panel import LogPanel
from gui.window.menus import Menus


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
        self._slid: tuple[int, int] | None = None  # the map's scroll before clear_of slid it
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
        self.menus = Menus(
            self,
            controller=controller,
            prompts=self.prompts,
            files=self.files,
            scene=self.scene,
            view=self.view,
            turns=self.turns,
            docks=self.docks.values(),
            update_status=self.update_status,
        )
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
        # Every dialog within the screen and off the aimed tokens; the keyboard back after it.
        self.placer = DialogPlacer(self, self.aimed_rects, self.take_keyboard)

    def _dock(self, title: str, name: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(name)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        return dock

    def _token_actions(self, menu: QMenu, target: str) -> None:
        """Right-click on a token: the actions of the selected combatant (else of whoever's
        turn it is) against it, first in the menu."""
        actor = self.controller.default_actor(target)
        add_actions(menu, self.controller, actor, target, self)
        add_quick_action(menu, self.controller, actor, target, self)  # the blow, rolled
        if actor is not None and actor != target and not self.scene.editing:
            menu.addAction(self.menus.area.action)  # the actor's area of effect (issue 37)
        menu.addSeparator()

    def end_turn(self) -> None:
        """« Suivant » as the combat dock gives it (the action dialog's Tour suivant)."""
        self.turns.next_action.trigger()

    def aim(self, dialog: object, actor: str | None, target: str | None) -> None:
        """An action dialog aims `actor` at `target`: the map draws the lines of effect and
        the cover between them, in view (the dialog then opens off them: aimed_rects); the
        dialog that aimed last clears them when it closes."""
        if actor is not None and target is not None:
            self._aiming = dialog
            taken_in = getattr(getattr(dialog, "choice", None), "window", None)  # a reaction's
            self.scene.set_aim((actor, target), taken_in)
            if self.scene.aim_item.isVisible():
                self.view.ensureVisible(self.scene.aim_item.sceneBoundingRect(), 16, 16)
        elif dialog is self._aiming:
            self._aiming = None
            self.scene.set_aim(None)
            if self._slid is not None:  # the map as it was before a dialog slid it (clear_of)
                self.view.setSceneRect(QRectF())
                self.view.horizontalScrollBar().setValue(self._slid[0])
                self.view.verticalScrollBar().setValue(self._slid[1])
                self._slid = None

    def aimed_rects(self) -> tuple[list[QRect], list[QRect]]:
        """What a dialog must leave in view, on screen (global coordinates, the part the map
        shows): the aimed actor's and target's tokens, and the lines of effect between them
        with the cover's text (issue 33, placement.py); or the area of effect drawn (issue 37)."""
        drawn = self.menus.area.drawn()
        if (self.scene.aim is None and drawn is None) or not self.isVisible():
            return [], []
        port = self.view.viewport()
        shown = QRect(port.mapToGlobal(port.rect().topLeft()), port.size())

        def on_screen(scene_rect) -> QRect:
            polygon = self.view.mapFromScene(scene_rect).boundingRect()
            return QRect(port.mapToGlobal(polygon.topLeft()), polygon.size()).intersected(shown)

        if drawn is not None and self.scene.aim is None:  # an area: it stays in view, whole
            shown_area = on_screen(drawn.sceneBoundingRect())
            return ([shown_area] if not shown_area.isEmpty() else []), []
        items = [self.scene.token_items.get(cid) for cid in self.scene.aim]
        tokens = [on_screen(item.sceneBoundingRect()) for item in items if item is not None]
        lines = []
        aim = self.scene.aim_item
        if aim.isVisible():
            lines.append(on_screen(aim.sceneBoundingRect()))
            lines.append(on_screen(aim.mapRectToScene(aim.childrenBoundingRect())))
        return [r for r in tokens if not r.isEmpty()], [r for r in lines if not r.isEmpty()]

    def clear_of(self, dialog: QWidget) -> None:
        """`dialog` still covers the aimed tokens (it is wider than the map's side away from
        them): it goes to the screen's side that leaves the more of the map, and the map slides
        them into that part, until the dialog's aim ends (issue 33, item 1)."""
        frame = dialog.frameGeometry()
        hard, _soft = self.aimed_rects()
        if not any(frame.intersects(r.adjusted(-GAP, -GAP, GAP, GAP)) for r in hard):
            return
        items = [self.scene.token_items.get(cid) for cid in self.scene.aim or ()]
        boxes = [item.sceneBoundingRect() for item in items if item is not None]
        drawn = self.menus.area.drawn()
        if not boxes and drawn is not None:  # an area drawn
            boxes = [drawn.sceneBoundingRect()]
        port, screen = self.view.viewport(), self.screen().availableGeometry()
        shown = QRect(port.mapToGlobal(QPoint(0, 0)), port.size())
        leaves_right = shown.right() - (screen.left() + frame.width())  # the dialog at the left
        leaves_left = screen.right() + 1 - frame.width() - shown.left()  # at the right
        at_left = leaves_right > leaves_left
        dialog.move(screen.left() if at_left else screen.right() + 1 - frame.width(), frame.top())
        seen = self.view.mapToScene(port.rect()).boundingRect()
        room = seen.width()
        if self._slid is None:  # where the map was, to go back to
            bars = self.view.horizontalScrollBar(), self.view.verticalScrollBar()
            self._slid = (bars[0].value(), bars[1].value())
        self.view.setSceneRect(
            self.scene.sceneRect().united(seen).adjusted(-room, -room, room, room)
        )
        aimed = boxes[0].united(boxes[-1]).center()
        for _ in range(3):  # scroll bars come and go: measured again after each step
            shown = QRect(port.mapToGlobal(QPoint(0, 0)), port.size())
            edge = dialog.frameGeometry()
            free = (edge.right() + 1, shown.right()) if at_left else (shown.left(), edge.left())
            off = port.mapToGlobal(self.view.mapFromScene(aimed)).x() - sum(free) // 2
            if abs(off) < 2:
                break
            centre = self.view.mapToScene(port.rect().center())
            self.view.centerOn(centre + QPointF(off / (self.view.zoom() or 1.0), 0))

    def take_keyboard(self) -> None:
        """A dialog closed and none is left: the main window active, the map focused, so that
        the window's keys (`A`, F9, `N`…) work at once (issue 33, item 6)."""
        if not self.isVisible():
            return
        self.activateWindow()
        self.view.setFocus()

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
