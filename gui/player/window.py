"""The players' view (Affichage › Vue des joueurs): a window of its own that the GM puts on a
second screen or a TV, full screen on the chosen screen (remembered). It shows the map as the
players see it (PlayersScene), the round, whose turn it is and who comes next, and the last
outcome in public words; it follows every change the GM makes and never takes input. All it
shows is read from the players' copy of the encounter (players_copy), made anew at each
change: the one filter of what the players may see."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSettings, Qt, QTimer
from PySide6.QtGui import QCloseEvent, QColor, QGuiApplication, QPainter, QScreen
from PySide6.QtWidgets import QFrame, QGraphicsView, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from gui.boot.i18n import pick, tr
from gui.control.controller import Controller
from gui.engine.contract.values import AreaOf, Resolution
from gui.engine.edits import visibility
from gui.engine.play.players_copy import players_copy, secrets, seen_entry
from gui.engine.state.touched import Touched
from gui.models import round_text
from gui.player.outcome import public_outcome
from gui.player.scene import PlayersScene
from gui.player.screens import DICE_KEY, SCREEN_KEY, screen_key
from gui.player.token_size import text_px

_STYLE = """
#playersWindow, #playersPanel { background: #101418; }
#playersPanel QLabel { color: #f2f2f2; font-size: 22pt; }
#playersPanel QLabel#playersRound { color: #ffd75e; font-size: 30pt; font-weight: bold; }
#playersPanel QLabel#playersNow { font-size: 30pt; font-weight: bold; }
#playersPanel QLabel#playersHeading { color: #9fb3c8; font-size: 16pt; }
#playersPanel QLabel#playersOutcome { color: #ffffff; background: #24303c; padding: 10px; }
"""


class PlayersWindow(QWidget):
    """A view that follows the controller; no widget in it accepts focus or the mouse."""

    def __init__(self, controller: Controller) -> None:
        super().__init__(None, Qt.WindowType.Window | Qt.WindowType.WindowDoesNotAcceptFocus)
        self.setObjectName("playersWindow")
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        # Shown without asking to be activated: a window that takes no focus made Qt warn
        # « requestActivate() … WindowDoesNotAcceptFocus » at each show (issue 33).
        self.setAttribute(Qt.WidgetAttribute.WA_ShowWithoutActivating)
        self.setWindowTitle(tr("Escarmouche — Vue des joueurs"))
        self.setStyleSheet(_STYLE)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.controller = controller
        self._copy()
        self.last: Resolution | None = None  # the last outcome, read again at each change
        self.scene = PlayersScene(self.seen, controller.ruleset)
        self.scene.show_fog(self.sight)
        self.view = QGraphicsView(self.scene)
        self.view.setObjectName("playersMap")
        self.view.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.view.setInteractive(False)
        self.view.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.view.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState)
        self.view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.view.setFrameShape(QFrame.Shape.NoFrame)
        self.view.setBackgroundBrush(QColor("#e9e6dc"))  # as the GM's map, lit
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.round = self._label("playersRound")
        self.now_heading = self._label("playersHeading", tr("Au tour de"))
        self.now = self._label("playersNow")
        self.next_heading = self._label("playersHeading", tr("Ensuite"))
        self.next = self._label("playersNext")
        self.outcome = self._label("playersOutcome")
        self.outcome.hide()
        panel = QWidget()
        panel.setObjectName("playersPanel")
        column = QVBoxLayout(panel)
        column.setContentsMargins(24, 24, 24, 24)
        column.setSpacing(12)
        for label in (self.round, self.now_heading, self.now, self.next_heading, self.next):
            column.addWidget(label)
        column.addStretch(1)
        column.addWidget(self.outcome)
        panel.setFixedWidth(460)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setSpacing(0)
        row.addWidget(self.view, 1)
        row.addWidget(panel)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.area: QRectF | None = None  # the GM's view shown (« Montrer aux joueurs »)
        self.gm_dice = bool(QSettings().value(DICE_KEY, False, type=bool))
        self._following = True  # until it is closed
        controller.changed.connect(self._changed)
        controller.replaced.connect(self._replaced)
        controller.resolved.connect(self._resolved)
        self.drawn: AreaOf | None = None  # the area of effect the GM is drawing (issue 37)
        controller.area_shown.connect(self._area_drawn)
        self.update_panel()

    def _label(self, name: str, text: str = "") -> QLabel:
        label = QLabel(text)
        label.setObjectName(name)
        label.setWordWrap(True)
        label.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        return label

    # Following the GM ------------------------------------------------------------------------

    def _copy(self) -> None:
        """The players' copy of the encounter, under the fog when it is on (issue 38)."""
        enc = self.controller.enc
        self.sight = self.controller.players_sight()
        self.known = secrets(enc, self.sight)
        self.seen = players_copy(enc, self.known, self.sight)

    def _area_drawn(self, area: object) -> None:
        self.drawn = area if isinstance(area, AreaOf) else None
        self.scene.show_drawn(self.drawn)

    def _changed(self, notice: Touched) -> None:
        self._copy()
        self.scene.follow(self.seen, notice)
        self.scene.show_fog(self.sight)
        self.scene.show_drawn(self.drawn)
        self.update_panel()
        self._show_outcome()
        grew = notice.seen or notice.map or notice.everything  # not a token's step (P12)
        if grew and self.area is None and self._out_of_view():
            self.fit()  # the map they know grew past the screen (a room seen, revealed)

    def _out_of_view(self) -> bool:
        """Whether part of the map shown lies outside the view (the whole map is fitted)."""
        shown = self.view.mapToScene(self.view.viewport().rect()).boundingRect()
        return not shown.contains(self.scene.content_rect())

    def _replaced(self) -> None:
        self._copy()
        self.scene.set_encounter(self.seen, self.controller.ruleset)
        self.scene.show_fog(self.sight)
        self.last = None
        self.area = None
        self.fit()
        self.update_panel()
        self._show_outcome()

    def _resolved(self, resolution: object) -> None:
        self._copy()  # the changes of the action came before it
        self.last = resolution  # type: ignore[assignment]
        self._show_outcome()

    def _show_outcome(self) -> None:
        text = None
        if self.last is not None:
            text = public_outcome(self.seen, self.known, self.last, self.gm_dice)
        self.outcome.setText(text or "")  # what the players do not see leaves no line
        self.outcome.setVisible(text is not None)

    def update_panel(self) -> None:
        enc, ruleset, seen = self.controller.enc, self.controller.ruleset, self.seen
        now, later = visibility.shown_order(enc, self.known.ids)  # units they see something of
        fighting = enc.turn.mode != "none"
        self.round.setText(round_text(seen, ruleset) if fighting else tr("Combat non commencé"))
        labels = [
            pick(ruleset.unit_label(seen, row))
            for e in ([now] if now is not None else []) + later[:6]
            if (row := seen_entry(e, self.known)) is not None
        ]
        now_label, next_labels = (labels[0], labels[1:]) if now is not None else (None, labels)
        self.now.setText(now_label or "—")
        self.next.setText("\n".join(next_labels) if next_labels else "—")
        for label in (self.next_heading, self.next):
            label.setVisible(fighting)
        for label in (self.now_heading, self.now):  # an unseen creature acts unannounced
            label.setVisible(fighting and now is not None)

    def set_gm_dice(self, on: bool) -> None:
        self.gm_dice = on
        QSettings().setValue(DICE_KEY, on)
        self._show_outcome()

    # What part of the map ------------------------------------------------------------------

    def show_area(self, rect: QRectF | None) -> None:
        """Pan and zoom to `rect` (the GM's view), or to the whole map when None."""
        self.area = rect
        self.fit()

    def fit(self) -> None:
        """Fit the map (or the GM's part of it) in the view; the tokens' names and conditions
        then read TEXT_PX high or more on the screen (token_size.py, issue 33). Their plates
        take room on the map: fitted again once they have their size."""
        for _ in range(2):
            rect = self.area if self.area is not None else self.scene.content_rect()
            self.view.fitInView(rect, Qt.AspectRatioMode.KeepAspectRatio)
            zoom = self.view.transform().m11()
            self.scene.set_text_floor(text_px(self.view.height()) / zoom, zoom)

    def text_size_changed(self, _factor: float) -> None:
        """Affichage › Taille des pions: drawn again at the new size."""
        self.fit()

    def resizeEvent(self, event) -> None:  # Qt override
        super().resizeEvent(event)
        QTimer.singleShot(0, self.fit)  # once the layout has given the map its new size

    def showEvent(self, event) -> None:  # Qt override
        super().showEvent(event)
        QTimer.singleShot(0, self.fit)

    # Where it is shown -------------------------------------------------------------------

    def show_on(self, screen: QScreen | None) -> None:
        """Full screen on `screen` (remembered); a window beside the GM's with one screen."""
        if screen is None or screen == QGuiApplication.primaryScreen():
            self.showNormal()
            self.resize(1280, 720)
            return
        QSettings().setValue(SCREEN_KEY, screen_key(screen))
        self.setScreen(screen)
        self.setGeometry(screen.geometry())
        # Not showFullScreen(), which activates the window (the warning above) once shown.
        self.setWindowState(Qt.WindowState.WindowFullScreen)
        self.show()

    def closeEvent(self, event: QCloseEvent) -> None:  # Qt override
        if not self._following:
            return super().closeEvent(event)
        self._following = False
        self.controller.changed.disconnect(self._changed)
        self.controller.replaced.disconnect(self._replaced)
        self.controller.resolved.disconnect(self._resolved)
        super().closeEvent(event)
