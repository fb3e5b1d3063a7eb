"""The combat dock's steps for the card initiative (attention_donjon, AD-CARTES): Commencer
and each new round ask for the cards (« Tirer les cartes », Suivant's text while a round
waits for them), and « Attendre… » for the acting hero."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QStyle

from ..dialogs.cards import CardsDialog, WaitDialog, deal_dialog
from ..engine.model import TurnEntry
from ..engine.rulesets.attention_donjon import cards
from ..engine.turns import current_entry
from ..i18n import tr
from ..models import in_combat

if TYPE_CHECKING:
    from .panel import TurnPanel


class CardActions:
    """« Attendre… » (`wait`, owned by the panel) and the card side of Commencer and
    Suivant; each step is one undo entry."""

    def __init__(self, panel: TurnPanel) -> None:
        self.panel = panel
        self.dialog: CardsDialog | None = None
        self.wait = panel._action(
            tr("Attendre…"),
            tr(
                "Le héros dont c’est le tour tire une nouvelle carte : plus haute, il perd "
                "l’initiative ce round ; plus basse, son tour passe à cette carte (W)"
            ),
            "W",
            QStyle.StandardPixmap.SP_BrowserReload,
            self.open_wait,
        )

    # State ----------------------------------------------------------------------------

    def policy(self) -> cards.CardInitiative | None:
        policy = self.panel._policy()
        return policy if isinstance(policy, cards.CardInitiative) else None

    def on(self) -> bool:
        """True when this encounter's turns run on cards (AD-CARTES ticked)."""
        return self.policy() is not None

    def active(self) -> bool:
        return in_combat(self.panel.ctl.enc) and self.on()

    def needs_cards(self) -> bool:
        """True when a new round waits for its cards."""
        policy = self.policy() if self.active() else None
        return policy is not None and policy.needs_cards(self.panel.ctl.enc.turn)

    def waiting_hero(self) -> TurnEntry | None:
        """The acting unit when it is a hero holding a card (Attendre is for heroes)."""
        enc = self.panel.ctl.enc
        acting = current_entry(enc.turn) if self.active() else None
        if acting is None or acting.initiative is None or not cards.can_keep(enc, acting):
            return None
        return acting

    def update(self) -> None:
        """After the other updates: Suivant reads « Tirer les cartes » when it is that."""
        panel = self.panel
        self.wait.setEnabled(self.waiting_hero() is not None)
        if self.needs_cards():
            panel.next_action.setText(tr("Tirer les cartes"))
            panel.next_action.setToolTip(
                tr("Nouveau round : chaque héros et chaque groupe actif tire une carte (N)")
            )

    def whose_turn(self) -> str:
        """The line above the order while the round waits for its cards."""
        if not self.needs_cards():
            return ""
        return tr("Nouveau round : « Tirer les cartes » (N)")

    # Steps ------------------------------------------------------------------------------

    def _open(self, dialog: CardsDialog, accepted) -> CardsDialog:
        if self.dialog is not None:
            self.dialog.deleteLater()
        dialog.accepted.connect(lambda: self.panel._run(accepted, dialog))
        self.dialog = dialog
        dialog.open()
        return dialog

    def open_deal(self) -> CardsDialog:
        """« Commencer le combat » or « Tirer les cartes »: every unit's card, window-modal;
        accepted, the round starts in card order (one undo entry)."""
        ctl = self.panel.ctl
        step = ctl.deal_cards if in_combat(ctl.enc) else ctl.start_with_cards
        return self._open(deal_dialog(ctl, self.panel), lambda d: step(d.cards(), d.keeping()))

    def open_wait(self) -> WaitDialog | None:
        """Attendre: the acting hero's new card, window-modal (one undo entry)."""
        entry = self.waiting_hero()
        if entry is None:
            return None
        ctl = self.panel.ctl
        dialog = WaitDialog(ctl, entry, self.panel)
        self._open(
            dialog,
            lambda d: ctl.wait_card(d.unit, d.card(), sum(d.keeping().values())),
        )
        return dialog

    def next_step(self) -> None:
        """Suivant, or « Tirer les cartes » when the round waits for them; a Suivant that
        ends the round opens it at once."""
        if self.needs_cards() or (self.panel._run(self.panel.ctl.next_turn) and self.needs_cards()):
            self.open_deal()
