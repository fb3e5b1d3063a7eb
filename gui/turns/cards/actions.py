"""The combat dock's steps for the card initiative: Commencer and each new round ask for the
cards (« Tirer les cartes », Suivant's text while a round waits for them), and « Attendre… »
for the acting unit that may keep a Joker; the order shows each unit's card."""

from __future__ import annotations

from PySide6.QtGui import QColor

from gui.boot.i18n import language, tr
from gui.engine.state.model import TurnEntry
from gui.engine.turns import CardInitiative, current_entry
from gui.engine.turns.cards import card_text, is_joker
from gui.models import in_combat
from gui.turns.cards.dialogs import CardsDialog, WaitDialog, card_words, deal_dialog
from gui.turns.cells import OrderCells
from gui.turns.columns import INIT
from gui.turns.mode_actions import Dock, Icon, ModeActions, for_modes

_RED_SUITS = ("♥", "♦")
_RED = "#c62828"


class CardCells(OrderCells):
    """The order of the card initiative: each unit's card, red suits in red, in words in
    the tooltip."""

    def initiative_colour(self, entry: TurnEntry, row: int) -> QColor | None:
        red = self.initiative(entry, row).endswith(_RED_SUITS)
        return QColor(_RED) if red else None

    def header_tip(self, column: int) -> str | None:
        if column != INIT:
            return None
        return tr(
            "Carte d’initiative : de la plus haute à la plus basse, à égalité Cœur, "
            "Pique, Carreau, Trèfle ; Joker : initiative libre ({rule})"
        ).format(rule=self.mode.rule)

    def tooltip(self, entry: TurnEntry, row: int) -> list[str]:
        lines = [self._card_tooltip(entry)]
        if getattr(entry, "acted", False) and getattr(entry, "initiative", None) is not None:
            lines.append(tr("Plus de tour ce round (joué, ou initiative perdue en attendant)"))
        return lines

    def _card_tooltip(self, entry: TurnEntry) -> str:
        """The card a unit holds in words, or why it has none."""
        code = getattr(entry, "initiative", None)
        rule = self.mode.rule
        if code is None and getattr(entry, "acted", False):
            return tr("Pas de carte ce round : aucune figurine active")
        if code is None:
            return tr("Carte à tirer (« Tirer les cartes »)")
        if is_joker(code):
            return tr("Joker : initiative libre, agit avant tout le monde ({rule})").format(
                rule=rule
            )
        return tr("Carte d’initiative : {card} — {name} ({rule})").format(
            card=card_text(code, language() == "en"), name=card_words(code), rule=rule
        )


@for_modes("cards")
class CardActions(ModeActions):
    """« Attendre… » (`wait`) and the card side of Commencer and Suivant; each step is one
    undo entry."""

    cells = CardCells

    def __init__(self, dock: Dock) -> None:
        super().__init__(dock)
        self.dialog: CardsDialog | None = None
        self.wait = self.action(
            tr("Attendre…"),
            tr(
                "L’unité dont c’est le tour tire une nouvelle carte : plus haute, elle perd "
                "l’initiative ce round ; plus basse, son tour passe à cette carte (W)"
            ),
            "W",
            Icon.SP_BrowserReload,
            self.open_wait,
        )
        self.actions = (self.wait,)

    @property
    def cards(self) -> CardInitiative:
        mode = self.mode
        assert isinstance(mode, CardInitiative)
        return mode

    def needs_cards(self) -> bool:
        """True when a new round waits for its cards."""
        return self.active() and self.cards.needs_cards(self.turn)

    def waiting_hero(self) -> TurnEntry | None:
        """The acting unit when it holds a card and may keep a Joker (Attendre is for it)."""
        acting = current_entry(self.turn) if self.active() else None
        if acting is None or getattr(acting, "initiative", None) is None:
            return None
        return acting if self.cards.rules.can_keep(self.enc, acting) else None

    # The dock --------------------------------------------------------------------------

    def start(self) -> None:
        self.open_deal()

    def start_tip(self) -> str:
        return tr("Tirer les cartes d’initiative du round 1 (F5)")

    def update(self) -> None:
        """Suivant reads « Tirer les cartes » when it is that."""
        dock = self.dock
        self.wait.setEnabled(self.waiting_hero() is not None)
        if self.needs_cards():
            dock.next_action.setText(tr("Tirer les cartes"))
            dock.next_action.setToolTip(tr("Nouveau round : tirer les cartes d’initiative (N)"))

    def whose_turn(self) -> str:
        if self.needs_cards():
            return tr("Nouveau round : « Tirer les cartes » (N)")
        return super().whose_turn()

    def shows_initiative_in_turn_line(self) -> bool:
        return True

    def next_step(self) -> None:
        """Suivant, or « Tirer les cartes » when the round waits for them; a Suivant that
        ends the round opens it at once."""
        if self.needs_cards() or (self.dock.run(self.ctl.next_turn) and self.needs_cards()):
            self.open_deal()

    # Steps ------------------------------------------------------------------------------

    def _open(self, dialog: CardsDialog, accepted) -> CardsDialog:
        if self.dialog is not None:
            self.dialog.deleteLater()
        dialog.accepted.connect(lambda: self.dock.run(accepted, dialog))
        self.dialog = dialog
        dialog.open()
        return dialog

    def open_deal(self) -> CardsDialog:
        """« Commencer le combat » or « Tirer les cartes »: every unit's card, window-modal;
        accepted, the round starts in card order (one undo entry)."""
        ctl = self.ctl
        if in_combat(ctl.enc):
            return self._open(
                deal_dialog(ctl, self.dock.widget),
                lambda d: ctl.turn_step("deal", None, cards=d.cards(), keeping=d.keeping()),
            )
        return self._open(
            deal_dialog(ctl, self.dock.widget),
            lambda d: ctl.start_combat(d.cards(), keeping=d.keeping()),
        )

    def open_wait(self) -> WaitDialog | None:
        """Attendre: the acting unit's new card, window-modal (one undo entry)."""
        entry = self.waiting_hero()
        if entry is None:
            return None
        ctl = self.ctl
        dialog = WaitDialog(ctl, entry, self.dock.widget)
        self._open(
            dialog,
            lambda d: ctl.turn_step(
                "wait", None, unit=d.unit, card=d.card(), keeping=sum(d.keeping().values())
            ),
        )
        return dialog
