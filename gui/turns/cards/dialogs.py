"""The dialogs of the card initiative: « Tirer les cartes » at the start of each round, and
« Attendre » (the acting unit draws a new card)."""

from __future__ import annotations

from html import escape

from msgspec import Struct, field
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from gui.boot.i18n import language, message, pick, tr
from gui.control.controller import Controller
from gui.dialogs.checked import ChecksBeforeAccept, error_label
from gui.engine.core.words import Label
from gui.engine.state.model import TurnEntry
from gui.engine.turns import CardInitiative, cards
from gui.models import in_combat, unit_label
from gui.turns.roll_inputs import muted_colour, scrolled

_RED = "#b00020"


class Choosing(Struct, frozen=True):
    """A hero's Joker not yet played (initiative libre) nor kept."""

    code: int


def card_words(code: int) -> str:
    """A card in words: « Dame de cœur », « 10 de pique », « Joker »."""
    if cards.is_joker(code):
        return tr("Joker")
    rank, suit = divmod(code, 4)
    ranks = {11: tr("Valet"), 12: tr("Dame"), 13: tr("Roi"), 14: tr("As")}
    suits = (tr("trèfle"), tr("carreau"), tr("pique"), tr("cœur"))
    return tr("{rank} de {suit}").format(rank=ranks.get(rank, str(rank)), suit=suits[suit])


def card_mode(controller: Controller) -> CardInitiative:
    """The running card mode (these dialogs only open in one)."""
    mode = controller.mode()
    assert isinstance(mode, CardInitiative)
    return mode


def card_html(code: int) -> str:
    """ "<b>D♥</b> Dame de cœur" with the red suits in red."""
    text, name = escape(cards.card_text(code, language() == "en")), escape(card_words(code))
    red = not cards.is_joker(code) and code % 4 in (1, 3)
    short = f'<span style="color:{_RED}">{text}</span>' if red else text
    return f"<b>{short}</b>" if cards.is_joker(code) else f"<b>{short}</b> {name}"


class CardRow(Struct):
    """One unit's card: typed in `edit` or drawn, and for a hero's Joker, the choice between
    initiative libre and keeping it (then another card is drawn)."""

    entry: TurnEntry
    name: str
    can_keep: bool
    edit: QLineEdit
    draw: QPushButton
    status: QLabel
    free: QPushButton | None = None
    keep: QPushButton | None = None
    kept: int = 0  # Jokers kept in this dialog (out of the deck)
    drawn: bool = False  # the card in `edit` was drawn by the app
    choices: list[QWidget] = field(default_factory=list)


class CardsDialog(ChecksBeforeAccept, QDialog):
    """One row per unit that draws (`entries`): « Tirer » (the app draws from what is left
    of the deck, with the encounter's generator) or the card typed from a real deck;
    « Tout tirer »; each row says the card read or what is wrong with it. `held` are the
    cards other units hold this round (Attendre). Once accepted, read `cards()` and
    `keeping()`."""

    def __init__(
        self,
        controller: Controller,
        entries: list[TurnEntry],
        title: str,
        ok_text: str,
        intro: str,
        held: dict[int, Label] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.ctl = controller
        self.held = held or {}
        self.setWindowTitle(title)
        self.muted = muted_colour(self.palette())
        self.rows: dict[str, CardRow] = {}
        self.outcome = QLabel()
        self.outcome.setObjectName("cardOutcome")
        self.outcome.setWordWrap(True)
        self.error = error_label("cardsError")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok.setText(ok_text)
        buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("Annuler"))
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.intro = QLabel(intro)
        self.intro.setWordWrap(True)
        self.layout_ = QVBoxLayout(self)
        self.layout_.addWidget(self.intro)
        self.area = self._grid(entries)
        self.layout_.addWidget(self.area, 1)
        if len(entries) > 1:
            draw_all = QPushButton(tr("Tout tirer"))
            draw_all.setToolTip(tr("Tirer une carte pour chaque unité qui n’en a pas encore"))
            draw_all.clicked.connect(self.draw_all)
            row = QHBoxLayout()
            row.addWidget(draw_all)
            row.addStretch(1)
            self.layout_.addLayout(row)
        self.layout_.addWidget(self.outcome)
        self.layout_.addWidget(self.error)
        self.layout_.addWidget(buttons)
        self.refresh()

    def _grid(self, entries: list[TurnEntry]) -> QScrollArea:
        grid = QGridLayout()
        grid.setVerticalSpacing(4)
        for column, title in enumerate((tr("Unité"), tr("Carte"))):
            grid.addWidget(QLabel(f"<b>{escape(title)}</b>"), 0, column)
        enc = self.ctl.enc
        for n, entry in enumerate(entries):
            row, name = 1 + 2 * n, unit_label(self.ctl, entry)
            colour = enc.side(entry.side).colour
            grid.addWidget(
                QLabel(f'<span style="color:{colour}">■</span> {escape(name, quote=False)}'), row, 0
            )
            edit = QLineEdit()
            edit.setObjectName(f"card_{entry.unit}")
            edit.setAccessibleName(tr("Carte de {name}").format(name=name))
            edit.setPlaceholderText(tr("ex. D♥"))
            edit.setToolTip(
                tr(
                    "Saisir la carte tirée : « VP » (Valet de pique), « 10♥ », « RC » (Roi de "
                    "cœur), « As de trèfle », « Joker »"
                )
            )
            edit.setMaximumWidth(edit.fontMetrics().averageCharWidth() * 16)
            draw = QPushButton(tr("Tirer"))
            draw.setToolTip(tr("Tirer une carte du paquet pour {name}").format(name=name))
            status = QLabel()
            status.setWordWrap(True)
            status.setMinimumWidth(status.fontMetrics().averageCharWidth() * 34)
            card_row = CardRow(
                entry, name, card_mode(self.ctl).rules.can_keep(enc, entry), edit, draw, status
            )
            grid.addWidget(edit, row, 1)
            grid.addWidget(draw, row, 2)
            grid.addWidget(status, row, 3)
            if card_row.can_keep:
                grid.addLayout(self._joker_choice(card_row), row + 1, 1, 1, 3)
            edit.textEdited.connect(lambda _t, r=card_row: self._typed(r))
            draw.clicked.connect(lambda _c=False, unit=entry.unit: self.draw(unit))
            self.rows[entry.unit] = card_row
        grid.setColumnStretch(3, 1)
        grid.setRowStretch(grid.rowCount(), 1)  # rows at the top when the dialog grows
        return scrolled(grid, 460)

    def _joker_choice(self, row: CardRow) -> QHBoxLayout:
        """AD-CARTES: a hero's Joker is played now (initiative libre) or kept for a later
        Trait roll, and the hero draws again."""
        row.free = QPushButton(tr("Initiative libre"))
        row.free.setCheckable(True)
        row.free.setToolTip(tr("Jouer le Joker : agit avant tout le monde ce round"))
        row.keep = QPushButton(tr("Garder le Joker (tire une autre carte)"))
        row.keep.setToolTip(
            tr(
                "Le Joker rendra béni ou maudit un jet de Trait à venir ; "
                "le héros tire une autre carte"
            )
        )
        row.free.toggled.connect(self.refresh)
        row.keep.clicked.connect(lambda _c=False, unit=row.entry.unit: self.keep_joker(unit))
        box = QHBoxLayout()
        box.setContentsMargins(0, 0, 0, 4)
        box.addWidget(row.free)
        box.addWidget(row.keep)
        box.addStretch(1)
        row.choices = [row.free, row.keep]
        for button in row.choices:
            button.hide()  # until the row holds a Joker
        return box

    # Filling in -------------------------------------------------------------------------

    def _kept(self) -> int:
        """Jokers out of the deck: kept by heroes before, and in this dialog."""
        kept = card_mode(self.ctl).rules.kept_total(self.ctl.enc)
        return kept + sum(r.kept for r in self.rows.values())

    def _typed(self, row: CardRow) -> None:
        row.drawn = False
        if row.free is not None:
            row.free.setChecked(False)
        self.refresh()

    def type_card(self, unit: str, text: str) -> None:
        """Type a card (what the GM does in the row's box)."""
        row = self.rows[unit]
        row.edit.setText(text)
        self._typed(row)

    def draw(self, unit: str) -> int:
        """The app draws a card for `unit` from what is left of the deck."""
        row = self.rows[unit]
        held = [c for u, v in self._resolved().items() if u != unit and (c := _code(v)) is not None]
        code = self.ctl.draw_card([*self.held, *held], self._kept())
        row.edit.setText(cards.card_text(code, language() == "en"))
        self._typed(row)
        row.drawn = True
        return code

    def draw_all(self) -> None:
        """Draw for every unit whose box is still empty (typed cards are kept)."""
        for unit, row in self.rows.items():
            if not row.edit.text().strip():
                self.draw(unit)

    def choose_free(self, unit: str) -> None:
        """Play the unit's Joker now (« Initiative libre »)."""
        free = self.rows[unit].free
        if free is not None:
            free.setChecked(True)

    def keep_joker(self, unit: str) -> None:
        """The hero keeps the Joker in its box and draws again (by the app if the Joker
        was drawn by it, else the GM types the next card)."""
        row = self.rows[unit]
        if not isinstance(self._resolved().get(unit), Choosing):
            return
        row.kept += 1
        drawn = row.drawn
        row.edit.clear()
        self._typed(row)
        if drawn:
            self.draw(unit)

    # What the rows say --------------------------------------------------------------------

    def _resolved(self) -> dict[str, int | str | Choosing | None]:
        """Each row's card (int), its problem (str), None when empty, Choosing for a hero's
        Joker not yet played nor kept. Rows read in order: a card already held is refused
        to the later row."""
        held, kept = dict(self.held), self._kept()
        out: dict[str, int | str | Choosing | None] = {}
        for unit, row in self.rows.items():
            text = row.edit.text().strip()
            if not text:
                out[unit] = None
                continue
            try:
                code = cards.take(cards.parse_card(text, language() == "en"), held, kept)
            except cards.CardError as exc:
                out[unit] = message(exc)
                continue
            held[code] = Label(fr=row.name, en=row.name)
            free = row.free is not None and row.free.isChecked()
            out[unit] = (
                Choosing(code) if cards.is_joker(code) and row.can_keep and not free else code
            )
        return out

    def refresh(self) -> None:
        resolved = self._resolved()
        for unit, value in resolved.items():
            row = self.rows[unit]
            joker = isinstance(value, Choosing) or (row.free is not None and row.free.isChecked())
            for button in row.choices:
                button.setVisible(joker)
            row.status.setText(self._status(row, value))
        values = list(resolved.values())
        self.outcome.setText(self.outcome_text(values[0]) if len(values) == 1 else "")
        self.outcome.setVisible(bool(self.outcome.text()))
        self._recheck()
        self._fit()

    def _fit(self) -> None:
        """The rows' area as tall as its rows (a Joker's choice adds a line), up to 460 px."""
        self.area.widget().layout().activate()
        want = min(self.area.widget().sizeHint().height() + 8, 460)
        if want != self.area.minimumHeight():
            self.area.setMinimumHeight(want)
            self.adjustSize()

    def _status(self, row: CardRow, value: int | str | Choosing | None) -> str:
        kept = ""
        if row.kept:
            kept = escape(tr("Joker gardé ×{n}, puis : ").format(n=row.kept))
        if value is None:
            pending = escape(tr("à tirer ou à saisir"))  # out of the f-string: lupdate sees it
            return f'{kept}<span style="color:{self.muted}">{pending}</span>'

        if isinstance(value, str):
            return f'<span style="color:{_RED}">{escape(value)}</span>'
        if isinstance(value, Choosing):
            return kept + escape(tr("Joker : l’initiative libre ou le garder ?"))
        shown = kept + card_html(value)
        if cards.is_joker(value):
            if row.can_keep:
                shown += " — " + escape(tr("initiative libre : agit avant tout le monde"))
            else:
                shown += " — " + escape(
                    tr("initiative libre (adopté : un groupe ne garde pas de Joker)")
                )
        return shown

    def status_text(self, unit: str) -> str:
        """What the row says, as plain text."""
        doc = QTextDocument()
        doc.setHtml(self.rows[unit].status.text())
        return doc.toPlainText()

    def outcome_text(self, value: int | str | Choosing | None) -> str:
        """A line under the rows on what the card will do (none here)."""
        return ""

    def problems(self) -> list[str]:
        out = []
        for unit, value in self._resolved().items():
            name = self.rows[unit].name
            if value is None:
                out.append(tr("{name} : carte à tirer ou à saisir").format(name=name))
            elif isinstance(value, Choosing):
                out.append(
                    tr("{name} : Joker — « Initiative libre » ou « Garder le Joker » ?").format(
                        name=name
                    )
                )
            elif isinstance(value, str):
                out.append(f"{name} : {value}")
        return out

    # Result -------------------------------------------------------------------------------

    def cards(self) -> dict[str, int]:
        """Each unit's card, for the units whose card is complete."""
        return {u: v for u, v in self._resolved().items() if isinstance(v, int)}

    def keeping(self) -> dict[str, int]:
        """The Jokers each hero keeps (by combatant id)."""
        return {r.entry.members[0]: r.kept for r in self.rows.values() if r.kept}


def _code(value: int | str | Choosing | None) -> int | None:
    """The card a row holds, chosen or not."""
    return value.code if isinstance(value, Choosing) else value if isinstance(value, int) else None


def roster_order(controller: Controller, entries: list[TurnEntry]) -> list[TurnEntry]:
    """Units in the order of their first figurine in the roster."""
    ids = [c.id for c in controller.enc.combatants]
    return sorted(entries, key=lambda e: ids.index(e.members[0]))


def deal_dialog(controller: Controller, parent: QWidget | None = None) -> CardsDialog:
    """« Tirer les cartes »: at « Commencer le combat », or when a new round waits for its
    cards. Units without an active figurine draw nothing (listed under the rows)."""
    enc = controller.enc
    starting = not in_combat(enc)
    units = controller.ruleset.turn_units(enc) if starting else list(enc.turn.order)
    units = roster_order(controller, units)
    mode = card_mode(controller)
    drawing = [e for e in units if mode.rules.draws(enc, e)]
    intro = tr(
        "{who} ; on joue de la plus haute à la plus basse (As, Roi, Dame, Valet, 10 … 2 ; "
        "à égalité Cœur, Pique, Carreau, Trèfle). Un Joker joué donne l’initiative libre : "
        "agir avant tout le monde ({rule})."
    ).format(who=pick(mode.rules.who_draws), rule=mode.rule)
    idle = [unit_label(controller, e) for e in units if e not in drawing]
    if idle:
        intro += "\n" + tr("Sans carte ce round (aucune figurine active) : {names}").format(
            names=", ".join(idle)
        )
    if starting:
        title, ok = tr("Commencer le combat — cartes d’initiative"), tr("Commencer le combat")
    else:
        title = tr("Tirer les cartes — round {n}").format(n=enc.turn.round)
        ok = tr("Distribuer les cartes")
    return CardsDialog(controller, drawing, title, ok, intro, parent=parent)


class WaitDialog(CardsDialog):
    """AD-CARTES Attendre: the acting hero draws a new card; the line under it says what
    the card does (higher: no turn this round; lower: the turn moves to its place)."""

    def __init__(
        self, controller: Controller, entry: TurnEntry, parent: QWidget | None = None
    ) -> None:
        enc = controller.enc
        self.name = unit_label(controller, entry)
        self.current = entry.initiative or 0
        held = cards.card_text(self.current, language() == "en")
        intro = tr(
            "{name} tient {card}. Attendre : tirer une nouvelle carte ; plus haute, {name} perd "
            "l’initiative ce round ; plus basse, son tour passe à la place de la nouvelle carte "
            "({rule})."
        ).format(name=self.name, card=held, rule=card_mode(controller).rule)
        super().__init__(
            controller,
            [entry],
            tr("Attendre — {name}").format(name=self.name),
            tr("Attendre"),
            intro,
            card_mode(controller).held(enc, enc.turn),
            parent,
        )

    @property
    def unit(self) -> str:
        return next(iter(self.rows))

    def card(self) -> int | None:
        return self.cards().get(self.unit)

    def outcome_text(self, value: int | str | Choosing | None) -> str:
        if not isinstance(value, int):
            return ""
        held = cards.card_text(self.current, language() == "en")
        if cards.is_joker(value):
            text = tr("Joker : initiative libre, {name} agit tout de suite")
        elif value > self.current:
            text = tr("Plus haute que {card} : {name} perd l’initiative ce round")
        else:
            text = tr("Plus basse que {card} : {name} jouera à la place de sa nouvelle carte")
        return text.format(name=self.name, card=held)
