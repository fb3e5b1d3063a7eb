"""The roller's choices of faces to trade (DiceRequest.trade, as the ruleset names it: AD-26
for one): trade a face for its worth and one extra die, rolled by the app or typed by the GM,
which may be traded again."""

from __future__ import annotations

from collections.abc import Callable

from msgspec.structs import replace
from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import (
    QCheckBox,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from gui.boot.i18n import pick, tr
from gui.engine.checks.request import DiceRequest, DiceResult
from gui.engine.dice.rolling import DiceExpr

_INDENT = 24  # pixels per level of a chain: an extra die's row sits under its traded face

Key = tuple[int, int]  # (base die, depth): depth 0 is the base die, d its d-th extra die


class _TradeRow(QWidget):
    """One face that may be traded: its box, then the extra die it grants once ticked
    (shown when rolled, an input when typed)."""

    def __init__(self, text: str, tip: str, depth: int, typed: bool, sides: int) -> None:
        super().__init__()
        self.check = QCheckBox(text)
        self.check.setToolTip(tip)
        self.extra_label = QLabel(tr("Dé supplémentaire :"))
        self.extra: QLabel | QLineEdit
        if typed:
            self.extra = QLineEdit()
            self.extra.setValidator(QIntValidator(1, sides, self.extra))
            self.extra.setPlaceholderText(f"1–{sides}")
            self.extra.setMaximumWidth(self.fontMetrics().averageCharWidth() * 6)
            self.extra.setAccessibleName(tr("Dé supplémentaire"))
            self.extra_label.setBuddy(self.extra)
        else:
            self.extra = QLabel()
            font = self.extra.font()
            font.setBold(True)
            self.extra.setFont(font)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(depth * _INDENT, 0, 0, 0)
        for widget in (self.check, self.extra_label, self.extra):
            layout.addWidget(widget)
        layout.addStretch(1)

    def show_extra(self, traded: bool, face: int | None) -> None:
        """Tick the box or not; ticked, show its extra die (a typed one keeps its text)."""
        with QSignalBlocker(self.check):
            self.check.setChecked(traded)
        self.extra_label.setVisible(traded)
        self.extra.setVisible(traded)
        if isinstance(self.extra, QLabel):
            self.extra.setText(str(face) if traded else "")
        elif not traded:
            with QSignalBlocker(self.extra):
                self.extra.clear()


class TradeChoices(QGroupBox):
    """For each face of the roll the request's trade may take, a box: ticked, the face counts
    its worth and grants one extra die, rolled at once (Lancer) or typed by the GM (Saisir
    les dés); an extra die showing the face gets its own box under it, so trades chain.
    Unticking drops the extra die and what was chained after it; a die once rolled stays
    the same when ticked again, so unticking never rerolls. New base dice clear the choices.

    The public `set_traded` and `type_extra` take a face's index in the result's faces,
    as DiceResult.trades does; `changed` fires whenever `apply` may differ."""

    changed = Signal()

    def __init__(
        self, roll: Callable[[DiceRequest], DiceResult], parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._roll = roll
        self._request: DiceRequest | None = None
        self._base: tuple[int, ...] = ()
        self._typed = False
        self._chains: dict[int, list[int | None]] = {}  # base die → its extra dice
        self._rolled: dict[Key, int] = {}  # extra dice already rolled, kept if reticked
        self._rows: dict[Key, _TradeRow] = {}
        self._layout = QVBoxLayout(self)
        self.hide()

    def set_base(self, request: DiceRequest | None, dice: DiceResult | None) -> None:
        """The roll the choices apply to: rolled or typed faces of a request with a trade;
        anything else hides the box. Other faces, mode or trade than before clear them."""
        if request is None or request.trade is None or dice is None or dice.mode == "aggregate":
            self.clear()
            return
        typed = dice.mode == "faces"
        if (dice.faces, typed, request.trade, request.expr.sides) != self._key():
            self._base, self._typed = dice.faces, typed
            self._request = request
            trade = request.trade
            self.setTitle(
                f"{pick(trade.label)} ({trade.rule})" if trade.rule else pick(trade.label)
            )
            self._clear()
        self._request = request

    def _key(self) -> tuple[object, ...] | None:
        """What the choices were made for: faces, typed or not, trade and sides."""
        request = self._request
        if request is None:
            return None
        return (self._base, self._typed, request.trade, request.expr.sides)

    def clear(self) -> None:
        """Forget the choices (the dice were rolled again, even to the same faces)."""
        self._request, self._base = None, ()
        self._clear()

    def _clear(self) -> None:
        self._chains, self._rolled = {}, {}
        self._show_rows()

    def apply(self, dice: DiceResult | None) -> DiceResult | None:
        """`dice` with the traded faces and their extra dice, or None while a typed extra
        die is missing; dice these choices are not for come back unchanged."""
        typed = dice is not None and dice.mode == "faces"
        if (
            dice is None
            or self._request is None
            or (dice.faces, typed) != (self._base, self._typed)
        ):
            return dice
        faces = self._faces()
        if None in faces:
            return None
        return DiceResult(dice.mode, tuple(faces), trades=tuple(self._traded()))

    def set_traded(self, index: int, traded: bool) -> None:
        """Trade (or not) the face at `index` of the result's faces, as the GM's tick does."""
        self._rows[self._layout_keys()[index]].check.setChecked(traded)

    def type_extra(self, index: int, face: int) -> None:
        """Type the extra die of the face traded at `index`, as the GM does."""
        extra = self._rows[self._layout_keys()[index]].extra
        assert isinstance(extra, QLineEdit), "only typed dice take a typed extra die"
        extra.setText(str(face))

    def lock(self) -> None:
        """The action is applied: the choices stay shown but can no longer change."""
        for row in self._rows.values():
            row.check.setEnabled(False)
            if isinstance(row.extra, QLineEdit):
                row.extra.setReadOnly(True)

    # The faces, base dice then the extra dice of each, as in DiceResult.faces -------------

    def _layout_keys(self) -> list[Key]:
        return [
            (i, depth)
            for i in range(len(self._base))
            for depth in range(len(self._chains.get(i, [])) + 1)
        ]

    def _face(self, key: Key) -> int | None:
        i, depth = key
        return self._base[i] if depth == 0 else self._chains[i][depth - 1]

    def _faces(self) -> list[int | None]:
        return [self._face(key) for key in self._layout_keys()]

    def _traded(self) -> list[int]:
        """Indexes of the traded faces: each face with an extra die after it in its chain."""
        return [
            n
            for n, (i, depth) in enumerate(self._layout_keys())
            if depth < len(self._chains.get(i, []))
        ]

    # Choices -----------------------------------------------------------------------------

    def _toggled(self, key: Key, traded: bool) -> None:
        i, depth = key
        chain = self._chains.setdefault(i, [])
        del chain[depth:]  # unticked: its extra die and what was chained after it go
        if traded:
            chain.append(None if self._typed else self._rolled_extra(key))
        self._show_rows()
        self.changed.emit()

    def _rolled_extra(self, key: Key) -> int:
        if key not in self._rolled:
            request = self._request
            one = replace(request, expr=DiceExpr(1, request.expr.sides))
            self._rolled[key] = self._roll(one).faces[0]
        return self._rolled[key]

    def _typed_extra(self, key: Key, text: str) -> None:
        i, depth = key
        chain = self._chains[i]
        del chain[depth + 1 :]  # another extra die: what was chained after it goes
        chain[depth] = int(text) if text.isdigit() and 1 <= int(text) <= self._sides() else None
        self._show_rows()
        self.changed.emit()

    def _sides(self) -> int:
        return self._request.expr.sides

    # Rows --------------------------------------------------------------------------------

    def _show_rows(self) -> None:
        """One row per face the trade may take, in the order of the faces; rows already
        shown are kept (with their focus and typed text), the others made or dropped."""
        trade = self._request.trade if self._request else None
        wanted = [k for k in self._layout_keys() if trade and self._face(k) == trade.face]
        for key in set(self._rows) - set(wanted):
            row = self._rows.pop(key)
            row.hide()
            row.deleteLater()
        layout = self._layout
        while layout.takeAt(0) is not None:
            pass
        previous: QWidget = self
        for key in wanted:
            row = self._rows.get(key) or self._make_row(key)
            i, depth = key
            chain = self._chains.get(i, [])
            traded = depth < len(chain)
            row.show_extra(traded, chain[depth] if traded else None)
            layout.addWidget(row)
            row.show()  # at once, not when the layout gets round to it
            for widget in (row.check, row.extra):  # keyboard order follows the rows
                if widget.focusPolicy() != Qt.FocusPolicy.NoFocus:
                    QWidget.setTabOrder(previous, widget)
                    previous = widget
        self._align()
        self.setVisible(bool(wanted))

    def _align(self) -> None:
        """Line up the extra dice of all rows, whatever their indent."""
        rows = self._rows.items()
        right = max((d * _INDENT + r.check.sizeHint().width() for (_, d), r in rows), default=0)
        for (_, depth), row in rows:
            row.check.setMinimumWidth(right - depth * _INDENT)

    def _make_row(self, key: Key) -> _TradeRow:
        request = self._request
        face, worth, name = request.trade.face, request.trade.worth, pick(request.trade.label)
        i, depth = key
        if depth == 0:
            text = tr("Dé {n} : {face} → {trade} ({worth} succès + 1 dé)")
        else:
            text = tr("↳ Dé supplémentaire : {face} → {trade} ({worth} succès + 1 dé)")
        value = request.face_values[face - 1] if request.face_values else face
        tip = tr(
            "Compter ce {face} pour {worth} au lieu de {value} et lancer un dé de plus, compté"
            " de la même façon ; un {face} sur ce dé peut à son tour être échangé."
        ).format(face=face, worth=worth, value=value)
        text = text.format(n=i + 1, face=face, trade=name, worth=worth)
        row = _TradeRow(text, tip, depth, self._typed, self._sides())
        row.check.toggled.connect(lambda traded: self._toggled(key, traded))
        if isinstance(row.extra, QLineEdit):
            row.extra.textChanged.connect(lambda text: self._typed_extra(key, text))
        self._rows[key] = row
        return row
