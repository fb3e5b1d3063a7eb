"""What waits on the GM, in the combat dock: the reaction windows open (a hit waiting to be
absorbed, a move that provokes…, with what each offers) and the rolls the acting unit's
turn starts with (a dying creature's, a running one's: Ruleset.due_rolls). Each opens the
action dialog; nothing here changes the encounter by itself but « Laisser passer »."""

from __future__ import annotations

from PySide6.QtWidgets import QGroupBox, QPushButton, QVBoxLayout, QWidget

from gui.boot.i18n import pick, tr
from gui.control.controller import Controller
from gui.dialogs.action_menus import open_action_dialog
from gui.dialogs.breakdown import rule_text
from gui.dialogs.offers import OffersBox
from gui.engine.contract.values import DueRoll
from gui.engine.timing.windows import Offer
from gui.engine.turns import current_entry


class PendingBox(QWidget):
    """The open windows' offers, then « Jets dus » for the acting unit; hidden when empty."""

    def __init__(self, controller: Controller, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctl = controller
        self.offers = OffersBox(controller, tr("Réactions en attente"), True)
        self.offers.picked.connect(self._open_offer)
        self.due = QGroupBox(tr("Jets dus en début de tour"))
        self.due.setObjectName("dueRolls")
        self.due_buttons: list[QPushButton] = []
        QVBoxLayout(self.due)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.offers)
        layout.addWidget(self.due)
        self.refresh()

    def refresh(self) -> None:
        enc = self.ctl.enc
        self.offers.show_windows(list(enc.windows))
        entry = current_entry(enc.turn)
        rolls = self.ctl.ruleset.due_rolls(enc, entry) if entry is not None else []
        self._show_due(rolls)
        self.setVisible(bool(enc.windows) or bool(rolls))

    def _show_due(self, rolls: list[DueRoll]) -> None:
        layout = self.due.layout()
        for button in self.due_buttons:
            layout.removeWidget(button)
            button.deleteLater()
        self.due_buttons = []
        for due in rolls:
            who = self.ctl.enc.combatant(due.combatant).name
            button = QPushButton(tr("{roll} ({name})").format(roll=pick(due.label), name=who))
            button.setToolTip(rule_text(self.ctl.ruleset, due.rule))
            button.setAutoDefault(False)
            button.clicked.connect(lambda _c=False, d=due: self._roll(d))
            layout.addWidget(button)
            self.due_buttons.append(button)
        self.due.setVisible(bool(rolls))

    def _open_offer(self, offer: Offer) -> None:
        open_action_dialog(
            self.ctl, offer.actor, offer.target, offer.kind, self.window(), offer.window
        )

    def _roll(self, due: DueRoll) -> None:
        open_action_dialog(self.ctl, due.combatant, None, due.kind, self.window())
