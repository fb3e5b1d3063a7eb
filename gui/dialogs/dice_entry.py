"""The dice of one resolution: rolled by the app, typed face by face, or typed as a result."""

from __future__ import annotations

from collections.abc import Callable, Sequence, Set

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractButton,
    QButtonGroup,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from gui.boot.i18n import message, pick, tr
from gui.dialogs.face_trades import TradeChoices
from gui.engine.checks.kept import kept_indexes
from gui.engine.checks.request import DiceRequest, DiceResult, FaceTrade
from gui.engine.dice.rolling import DiceExpr, DiceInputError

_FACES_SHOWN = 24
_DIE_STYLE = (
    "QLabel {{ border: {border} {colour}; border-radius: 6px; padding: 1px 5px;"
    " font-weight: bold; background: palette(base); }}"
)


def _fits(faces: Sequence[int], expr: DiceExpr) -> bool:
    """True when faces rolled for an earlier request still make a roll of `expr`."""
    try:
        expr.die_totals(faces)
    except DiceInputError:
        return False
    return True


def _row(*widgets: QWidget) -> QWidget:
    holder = QWidget()
    layout = QHBoxLayout(holder)
    layout.setContentsMargins(0, 0, 0, 0)
    for widget in widgets:
        layout.addWidget(widget)
    return holder


def _worth_colour(worth: int) -> str:
    return "#2e7d32" if worth > 0 else "#c62828" if worth < 0 else "palette(mid)"


def _die_colour(face: int, sides: int, face_values: Sequence[int]) -> str:
    """Green for a face that counts for the GM (the highest face, or one worth more than
    nothing in a count), red for a 1 (or a face worth less than nothing), else neutral."""
    if face_values:
        return _worth_colour(face_values[face - 1] if 1 <= face <= len(face_values) else 0)
    return "#2e7d32" if face == sides else "#c62828" if face == 1 else "palette(mid)"


class FacesView(QWidget):
    """The faces of a roll drawn as small dice: the highest face green, a 1 red; in a count
    (`face_values`), the faces that count green with what they are worth in the tooltip.
    A face traded for an extra die (`traded`, by the request's `trade`) has a double border,
    and its extra die a dashed one and a "+"."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._dice = QHBoxLayout(self)
        self._dice.setContentsMargins(0, 0, 0, 0)
        self._dice.setSpacing(4)

    def show_faces(
        self,
        faces: Sequence[int],
        sides: int,
        face_values: Sequence[int] = (),
        traded: Sequence[int] = (),
        trade: FaceTrade | None = None,
        dropped: Set[int] = frozenset(),
    ) -> None:
        """`dropped`: the places of the faces a keep-highest or keep-lowest roll leaves out
        (greyed, dotted: they count for nothing)."""
        while (item := self._dice.takeAt(0)) is not None:
            item.widget().hide()
            item.widget().deleteLater()
        extras = {i + 1 for i in traded}
        for i, face in enumerate(faces[:_FACES_SHOWN]):
            die = QLabel(f"+{face}" if i in extras else str(face))
            die.setAlignment(Qt.AlignmentFlag.AlignCenter)
            die.setMinimumWidth(28)
            tip = ""
            if face_values and 1 <= face <= len(face_values):
                tip = tr("Face {face} : compte {value}").format(
                    face=face, value=face_values[face - 1]
                )
            if i in traded:
                border, colour = "4px double", _worth_colour(trade.worth)
                tip = tr("Face {face} : {trade}, compte {value}").format(
                    face=face, trade=pick(trade.label), value=trade.worth
                )
            elif i in dropped:
                border, colour = "2px dotted", "palette(mid)"
                tip = tr("Dé écarté : il ne compte pas")
            else:
                border = "2px dashed" if i in extras else "2px solid"
                colour = _die_colour(face, sides, face_values)
            if i in extras:
                extra = tr("Dé supplémentaire du {trade}").format(trade=pick(trade.label))
                tip = extra + (f"\n{tip}" if tip else "")
            die.setStyleSheet(_DIE_STYLE.format(border=border, colour=colour))
            die.setToolTip(tip)
            self._dice.addWidget(die)
        if len(faces) > _FACES_SHOWN:
            self._dice.addWidget(QLabel(f"… (+{len(faces) - _FACES_SHOWN})"))


class DiceEntry(QGroupBox):
    """Dice for one DiceRequest in three modes: Lancer (the encounter's generator), Saisir les
    dés (faces typed as "3 5 6"), Saisir le résultat (an aggregate within its range).

    A request the rules give no dice for (`aggregate_only`, G-6) leaves only Saisir le
    résultat; the mode the GM had chosen comes back with the next request that has dice.
    A count (`face_values`) totals what the faces are worth, not the faces. With a trade
    (DiceRequest.trade), the rolled or typed faces it may trade show in `trades`, whose
    choices and extra dice are in the result.

    `result()` is the DiceResult to resolve with, or None while the dice are missing or
    wrong (the reason shows inline); `changed` fires whenever it may differ."""

    changed = Signal()

    def __init__(
        self, roll: Callable[[DiceRequest], DiceResult], parent: QWidget | None = None
    ) -> None:
        super().__init__(tr("Dés"), parent)
        self._roll = roll
        self.request: DiceRequest | None = None
        self.bonus = 0  # what the rules add to the dice (Preview.dice_bonus)
        self.rolled_dice: DiceResult | None = None
        self.mode_buttons = {
            "rolled": QRadioButton(tr("&Lancer")),
            "faces": QRadioButton(tr("Saisir les &dés")),
            "aggregate": QRadioButton(tr("Saisir le &résultat")),
        }
        self.modes = QButtonGroup(self)
        for button in self.mode_buttons.values():
            self.modes.addButton(button)
        self.mode_buttons["rolled"].setChecked(True)
        self._chosen = "rolled"  # the GM's mode, restored after an aggregate-only request
        self._setting = False  # True while the mode changes by itself, not by the GM
        self._dice_allowed = True  # False for an aggregate-only request (G-6)
        self.free_note = QLabel(
            tr("Les règles ne donnent pas de dés pour ce jet (G-6) : saisissez le résultat.")
        )
        self.free_note.setObjectName("freeRoll")
        self.roll_button = QPushButton(tr("Lan&cer les dés"))
        self.roll_button.setAutoDefault(False)  # Entrée always means Appliquer
        self.roll_button.clicked.connect(self.roll)
        self.faces_edit = QLineEdit()
        self.faces_edit.setObjectName("faces")
        self.faces_edit.setMinimumWidth(self.fontMetrics().averageCharWidth() * 28)
        self.aggregate_label = QLabel()
        self.aggregate_edit = QLineEdit()
        self.aggregate_edit.setObjectName("aggregate")
        self.aggregate_edit.setMinimumWidth(self.fontMetrics().averageCharWidth() * 8)
        self.aggregate_label.setBuddy(self.aggregate_edit)
        faces_label = QLabel(tr("Faces :"))
        faces_label.setBuddy(self.faces_edit)
        self.pages = {
            "rolled": _row(self.roll_button),
            "faces": _row(faces_label, self.faces_edit),
            "aggregate": _row(self.aggregate_label, self.aggregate_edit),
        }
        self.stack = QStackedWidget()
        for page in self.pages.values():
            self.stack.addWidget(page)
        self.faces_view = FacesView()
        self.total_label = QLabel()
        self.total_label.setObjectName("total")
        font = self.total_label.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.3)
        self.total_label.setFont(font)
        self.error = QLabel()
        self.error.setObjectName("diceError")
        self.error.setWordWrap(True)
        self.error.setStyleSheet("QLabel { color: #c62828; }")
        self.no_dice = QLabel(tr("Aucun dé n’est nécessaire pour cette action."))
        self.trades = TradeChoices(roll)
        self._layout()
        self.faces_edit.textChanged.connect(self._update)
        self.aggregate_edit.textChanged.connect(self._update)
        self.trades.changed.connect(self._update)
        self.modes.buttonToggled.connect(self._mode_toggled)
        self.free_note.hide()
        self._show_page("rolled")
        self.set_request(None)

    def _layout(self) -> None:
        self.mode_row = _row(*self.mode_buttons.values(), self.free_note)
        self.mode_row.layout().addStretch(1)
        self.entry_row = _row(self.stack, self.faces_view)
        self.entry_row.layout().addStretch(1)
        self.entry_row.layout().addWidget(self.total_label)
        layout = QVBoxLayout(self)
        for widget in (self.mode_row, self.entry_row, self.trades, self.no_dice, self.error):
            layout.addWidget(widget)

    def mode(self) -> str:
        """ "rolled", "faces" or "aggregate", as in DiceResult.mode."""
        return next(mode for mode, b in self.mode_buttons.items() if b.isChecked())

    def set_mode(self, mode: str) -> None:
        """The GM's choice of mode, if the request offers it (an aggregate-only request keeps
        Saisir le résultat, and the mode chosen before it)."""
        if mode in self.available_modes():
            self.mode_buttons[mode].setChecked(True)

    def available_modes(self) -> list[str]:
        """The modes the request allows: all three, or only "aggregate" (G-6)."""
        return list(self.mode_buttons) if self._dice_allowed else ["aggregate"]

    def _allow_dice(self, allowed: bool) -> None:
        """Offer Lancer and Saisir les dés, or only Saisir le résultat (aggregate-only)."""
        self._dice_allowed = allowed
        self._setting = True
        try:
            for mode in ("rolled", "faces"):
                self.mode_buttons[mode].setEnabled(allowed)
                self.mode_buttons[mode].setVisible(allowed)
            self.free_note.setVisible(not allowed)
            wanted = self._chosen if allowed else "aggregate"
            if self.mode() != wanted:
                self.mode_buttons[wanted].setChecked(True)
        finally:
            self._setting = False

    def set_request(self, request: DiceRequest | None, bonus: int = 0) -> None:
        """The dice the action needs now (None: none); a roll that no longer fits is dropped.
        `bonus`: what the rules add to the dice's total (Preview.dice_bonus), shown with it."""
        self.request, self.bonus = request, bonus
        self.mode_row.setVisible(request is not None)
        self.entry_row.setVisible(request is not None)
        self.no_dice.setVisible(request is None)
        if request is None:
            self.setTitle(tr("Dés"))
        else:
            expr = request.expr
            self._allow_dice(not request.aggregate_only)
            if request.aggregate_only:
                self.setTitle(tr("Dés — résultat donné par le MJ"))
            elif request.label is not None:  # one of several rolls of the action
                self.setTitle(tr("{roll} — {expr}").format(roll=pick(request.label), expr=expr))
            else:
                self.setTitle(tr("Dés — {expr}").format(expr=expr))
            self.aggregate_edit.setPlaceholderText(
                tr("p. ex. 14, ou 14 {top}x2 (deux {top})").format(top=expr.sides)
                if request.counted
                else ""
            )
            self.aggregate_edit.setMinimumWidth(
                self.fontMetrics().averageCharWidth() * (24 if request.counted else 8)
            )
            self.faces_edit.setPlaceholderText(
                tr("{count} dé(s) à {sides} faces, p. ex. « 3 5 6 »").format(
                    count=expr.count, sides=expr.sides
                )
            )
            what = pick(request.aggregate)
            self.aggregate_label.setText(
                tr("{what} :").format(what=what)
                if request.aggregate_only  # no dice model: the range means nothing
                else tr("{what} ({low}–{high}) :").format(
                    what=what, low=request.minimum, high=request.maximum
                )
            )
            self.aggregate_label.setMinimumWidth(self.aggregate_label.sizeHint().width())
            self.pages["aggregate"].updateGeometry()
            self.stack.updateGeometry()
            if self.rolled_dice is not None and not _fits(self.rolled_dice.faces, expr):
                self.rolled_dice = None
        self._update()

    def result(self) -> DiceResult | None:
        """The dice to resolve with, or None while they are missing or do not fit."""
        return self._parse()[0]

    def roll(self) -> None:
        """Roll with the encounter's generator (before any resolution: undo never rolls)."""
        if self.request is not None:
            self.rolled_dice = self._roll(self.request)
            self.trades.clear()  # the choices were for the dice before, even if the same
            self._update()

    def can_apply(self) -> bool:
        """Whether Appliquer can go: dice given, or the app to roll them (roll_if_needed)."""
        waiting = self.request is not None and self.mode() == "rolled" and self.rolled_dice is None
        return waiting or self.result() is not None

    def roll_if_needed(self) -> bool:
        """Appliquer with the app rolling and nothing rolled yet rolls first (one gesture);
        False when the roll just made leaves a trade of faces to decide before applying."""
        if self.request is None or self.mode() != "rolled" or self.rolled_dice is not None:
            return True
        self.roll()
        return self.request.trade is None

    def lock(self) -> None:
        """The action is applied: the dice stay shown but can no longer change."""
        for button in (*self.mode_buttons.values(), self.roll_button):
            button.setEnabled(False)
        self.faces_edit.setReadOnly(True)
        self.aggregate_edit.setReadOnly(True)
        self.trades.lock()

    def _parse(self) -> tuple[DiceResult | None, str]:
        """The dice with the trades chosen, or None and why not."""
        dice, why = self._first_dice()
        return self.trades.apply(dice), why

    def _first_dice(self) -> tuple[DiceResult | None, str]:
        """The dice rolled or typed, before any trade, or None and why not."""
        request = self.request
        if request is None:
            return DiceResult("none"), ""
        mode = self.mode()
        if mode == "rolled":
            return self.rolled_dice, ""
        text = (self.faces_edit if mode == "faces" else self.aggregate_edit).text()
        if not text.strip():
            return None, ""
        try:
            if mode == "faces":
                return DiceResult.typed_faces(text, request), ""
            return DiceResult.typed_aggregate(text, request), ""
        except DiceInputError as exc:
            return None, message(exc)

    def _total_text(self, dice: DiceResult | None) -> str:
        """ "Total : 20", or for a count what it counts ("Réussites : 2", faces "5 6 2")."""
        request = self.request
        if dice is None or request is None or dice.mode == "none":
            return ""
        try:
            total = dice.total(request)
        except DiceInputError:
            return ""
        if not request.face_values:
            if self.bonus:
                sign = "+" if self.bonus > 0 else "−"
                return tr("Total : {dice} {sign} {bonus} = {n}").format(
                    dice=total, sign=sign, bonus=abs(self.bonus), n=total + self.bonus
                )
            return tr("Total : {n}").format(n=total)
        what = pick(request.aggregate)
        return tr("{what} : {n}").format(what=what[:1].upper() + what[1:], n=total)

    def focus_input(self) -> None:
        """Focus what the mode needs next: Lancer, the faces or the result."""
        focus = {"rolled": self.roll_button, "faces": self.faces_edit}
        focus.get(self.mode(), self.aggregate_edit).setFocus()

    def _show_page(self, mode: str) -> None:
        policy = QSizePolicy.Policy
        for page_mode, page in self.pages.items():  # the stack is as wide as the page shown
            shown = policy.Preferred if page_mode == mode else policy.Ignored
            page.setSizePolicy(shown, shown)
        self.stack.setCurrentWidget(self.pages[mode])

    def _mode_toggled(self, button: QAbstractButton, checked: bool) -> None:
        if checked:
            if not self._setting:
                self._chosen = self.mode()
            self._show_page(self.mode())
            self.focus_input()
            self._update()

    def _update(self) -> None:
        first, why = self._first_dice()
        self.error.setText(why)
        self.error.setVisible(bool(why))
        request = self.request
        self.trades.set_base(request, first)
        dice = self.trades.apply(first)
        if request is None:
            self.faces_view.show_faces((), 0)
        else:
            shown = dice or first  # a typed extra die missing: the dice so far
            faces = shown.faces if shown else ()
            self.faces_view.show_faces(
                faces,
                request.expr.sides,
                request.face_values,
                dice.trades if dice else (),
                request.trade,
                _dropped(request.expr, faces),
            )
        self.total_label.setText(self._total_text(dice))
        self.roll_button.setText(tr("Relan&cer") if self.rolled_dice else tr("Lan&cer les dés"))
        self.changed.emit()


def _dropped(expr: DiceExpr, faces: Sequence[int]) -> frozenset[int]:
    """The places of the faces a keep-highest or keep-lowest roll leaves out (none while the
    dice are not all there, nor for exploding dice, whose chains the keep reads whole)."""
    keep = expr.keep_highest if expr.keep_highest is not None else expr.keep_lowest
    if keep is None or expr.explode or len(faces) != expr.count:
        return frozenset()
    kept = kept_indexes(faces, keep, highest=expr.keep_highest is not None)
    return frozenset(range(len(faces))) - kept
