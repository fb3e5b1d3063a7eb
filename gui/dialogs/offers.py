"""What open reaction windows offer, under an action's outcome: the steps that go on (a
button each), the reactions others may take (a list and « Réagir »), and « Laisser passer »
when the resolution may go on without them. The offer the GM picks is a signal (`picked`):
its owner opens the action dialog, which this module does not know."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gui.boot.i18n import message, pick, tr
from gui.control.controller import Controller, Refused
from gui.engine.state.model import Window
from gui.engine.timing.windows import Offer, describe


class OffersBox(QGroupBox):
    """One block per window: its label, its follow-ups as buttons, its reactions in a list
    with « Réagir », and « Laisser passer » when the ruleset lets it pass. `picked(offer)`
    fires with the offer the GM picks; `first` is the first button (the likely one).
    `stacked`: every button on a line of its own (a narrow dock)."""

    picked = Signal(object)  # the Offer the GM picks: its owner opens it

    def __init__(self, controller: Controller, title: str = "", stacked: bool = False) -> None:
        super().__init__(title or tr("Ensuite"))
        self.setObjectName("offers")
        self.controller, self.stacked = controller, stacked
        self.rows = QVBoxLayout(self)
        self.first: QPushButton | None = None
        self.buttons: list[QPushButton] = []
        self.reaction_lists: list[QComboBox] = []
        self.windows: list[Window] = []

    def show_windows(self, windows: list[Window]) -> None:
        self.windows = list(windows)
        self._clear()
        for window in windows:
            self._row(window)
        self.setVisible(bool(windows))

    def _clear(self) -> None:
        while self.rows.count():
            item = self.rows.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        self.first, self.buttons, self.reaction_lists = None, [], []

    def _row(self, window: Window) -> None:
        """The window's label on its own line, its follow-ups on the next, then its
        reactions and « Laisser passer »: long names never squeeze one another."""
        enc, ruleset = self.controller.enc, self.controller.ruleset
        offers = ruleset.window_offers(enc, window)
        row = QWidget()
        layout = QVBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        label = QLabel(window_text(self.controller, window))
        label.setWordWrap(True)
        layout.addWidget(label)
        line = QVBoxLayout if self.stacked else QHBoxLayout
        follow_ups = line()
        for offer in (o for o in offers if o.role == "follow_up"):
            button = QPushButton(
                tr("Suite : {action}").format(action=offer_text(self.controller, offer))
            )
            button.setAutoDefault(False)
            button.clicked.connect(lambda _c=False, o=offer: self.picked.emit(o))
            follow_ups.addWidget(button)
            self.buttons.append(button)
            self.first = self.first or button
        others = line()
        reactions = [o for o in offers if o.role == "reaction"]
        if reactions:
            pick_list = QComboBox()
            for offer in reactions:
                pick_list.addItem(offer_text(self.controller, offer), offer)
            react = QPushButton(tr("Réagir"))
            react.setAutoDefault(False)
            react.setToolTip(tr("Une réaction avant que la résolution continue"))
            react.clicked.connect(lambda _c=False, p=pick_list: self.picked.emit(p.currentData()))
            others.addWidget(pick_list)
            others.addWidget(react)
            self.reaction_lists.append(pick_list)
        if ruleset.window_passed(enc, window) is not None:
            passing = QPushButton(tr("Laisser passer"))
            passing.setAutoDefault(False)
            passing.setToolTip(tr("Personne ne réagit : la résolution continue telle quelle"))
            passing.clicked.connect(lambda _c=False, w=window.id: self._pass(w))
            others.addWidget(passing)
        for buttons in (follow_ups, others):
            if buttons.count():
                if not self.stacked:
                    buttons.addStretch(1)
                layout.addLayout(buttons)
        self.rows.addWidget(row)

    def _pass(self, wid: str) -> None:
        if let_pass(self.controller, wid):
            self.show_windows([w for w in self.windows if w.id != wid])


def offer_text(controller: Controller, offer: Offer) -> str:
    """« Encaisser (Maître contrebandier) »: the action and who takes it."""
    who = controller.enc.combatant(offer.actor).name
    label = pick(offer.label)
    return label if who in label else f"{label} ({who})"


def window_text(controller: Controller, window: Window) -> str:
    """The window as the GM reads it, in the interface's language."""
    return pick(describe(controller.enc, controller.ruleset.data, window))


def let_pass(controller: Controller, wid: str) -> bool:
    """Let the window pass; a refusal is told in the status bar (False)."""
    try:
        controller.pass_window(wid)
    except Refused as exc:
        controller.message.emit(message(exc))
        return False
    return True
