"""The turn order as a table: who acts, in which order, with initiative, actions and states."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QAbstractTableModel, QMimeData, QModelIndex, QObject, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QPalette

from ..controller import Refused
from ..engine.model import TurnEntry
from ..engine.turns import move_unit
from ..i18n import tr
from . import ID_ROLE, ROOT, FollowsController, badges_text, bold_font, in_combat, unit_name

if TYPE_CHECKING:
    from ..controller import Controller

MARK, NAME, SIDE, INIT, ACTIONS, STATES = range(6)
MIME = "application/x-escarmouche-turn-unit"
_CENTRED = (MARK, INIT, ACTIONS)


def headers() -> tuple[str, ...]:
    return ("", tr("Nom"), tr("Camp"), tr("Init."), tr("Actions"), tr("États"))


class TurnOrderModel(FollowsController, QAbstractTableModel):
    """`enc.turn.order`, one row per unit; before the combat, the roster as a preview.

    The GM reorders by drag and drop (one undo entry, « Réordonner »); a refused edit is
    reported by `refused(Refused)` and leaves the order as it was.
    """

    refused = Signal(object)

    def __init__(self, controller: Controller, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.follow(controller)

    # Reading the encounter ------------------------------------------------------------

    def shape(self) -> tuple[str, ...]:
        enc = self.ctl.enc
        if in_combat(enc):
            return tuple(e.unit for e in enc.turn.order)
        return tuple(c.id for c in enc.combatants)

    def entry(self, row: int) -> TurnEntry:
        """The unit shown on `row` (before the combat: a combatant as its own unit)."""
        enc = self.ctl.enc
        if in_combat(enc):
            return enc.turn.order[row]
        c = enc.combatants[row]
        return TurnEntry(unit=c.id, members=[c.id], side=c.side)

    def row_of(self, cid: str) -> int:
        """The row of the unit that `cid` belongs to, or -1."""
        for row in range(self.rowCount()):
            if cid in self.entry(row).members:
                return row
        return -1

    def _is_current(self, row: int) -> bool:
        enc = self.ctl.enc
        return in_combat(enc) and row == enc.turn.current

    # Qt model ---------------------------------------------------------------------------

    def rowCount(self, parent: QModelIndex = ROOT) -> int:  # Qt override
        return 0 if parent.isValid() else len(self.row_ids)

    def columnCount(self, parent: QModelIndex = ROOT) -> int:  # Qt override
        return 0 if parent.isValid() else len(headers())

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int
    ) -> object:  # Qt override
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return headers()[section]
        return super().headerData(section, orientation, role)

    def data(
        self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:  # Qt override
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        entry = self.entry(row)
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(entry, row, column)
        if role == ID_ROLE:
            return entry.unit
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(entry)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in _CENTRED:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.DecorationRole and column == SIDE:
            return QColor(self.ctl.enc.side(entry.side).colour)
        current = self._is_current(row)
        if role == Qt.ItemDataRole.FontRole and current:
            return bold_font()
        if role == Qt.ItemDataRole.BackgroundRole and current:
            colour = QGuiApplication.palette().color(QPalette.ColorRole.Highlight)
            colour.setAlpha(70)
            return colour
        if role == Qt.ItemDataRole.ForegroundRole and entry.acted and not current:
            return QGuiApplication.palette().color(QPalette.ColorRole.PlaceholderText)
        return None

    def _text(self, entry: TurnEntry, row: int, column: int) -> str:
        enc = self.ctl.enc
        if column == MARK:
            if self._is_current(row):
                return "▶"
            if entry.delayed:
                return "‖"  # paused (U+2016: common fonts lack U+23F8 ⏸)
            return f"⚑ {entry.ready}" if entry.ready else ""
        if column == NAME:
            return unit_name(enc, entry)
        if column == SIDE:
            return enc.side(entry.side).name
        if column == INIT:
            return "" if entry.initiative is None else str(entry.initiative)
        if column == ACTIONS:
            return str(entry.actions_left) if enc.turn.policy == "alternating" else ""
        return " ; ".join(badges_text(self.ctl, cid) for cid in entry.members)

    def _tooltip(self, entry: TurnEntry) -> str:
        enc = self.ctl.enc
        lines = [
            f"{enc.combatant(cid).name} — {badges_text(self.ctl, cid)}" for cid in entry.members
        ]
        if entry.initiative is not None:
            lines.append(tr("Initiative : {value}").format(value=entry.initiative))
        if entry.delayed:
            lines.append(tr("Retarde son action (« Agir maintenant » pour la reprendre)"))
        if entry.ready:
            lines.append(tr("Action préparée : {trigger}").format(trigger=entry.ready))
        if entry.acted:
            lines.append(tr("A déjà agi ce round"))
        return "\n".join(lines)

    # Reordering by drag and drop --------------------------------------------------------

    def flags(self, index: QModelIndex) -> Qt.ItemFlag:  # Qt override
        fighting = in_combat(self.ctl.enc)
        if not index.isValid():
            return Qt.ItemFlag.ItemIsDropEnabled if fighting else Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        return flags | Qt.ItemFlag.ItemIsDragEnabled if fighting else flags

    def supportedDropActions(self) -> Qt.DropAction:  # Qt override
        return Qt.DropAction.MoveAction

    def mimeTypes(self) -> list[str]:  # Qt override
        return [MIME]

    def mimeData(self, indexes: list[QModelIndex]) -> QMimeData | None:  # Qt override
        if not indexes:
            return None
        data = QMimeData()
        data.setData(MIME, self.entry(indexes[0].row()).unit.encode())
        return data

    def dropMimeData(
        self,
        data: QMimeData,
        action: Qt.DropAction,
        row: int,
        column: int,
        parent: QModelIndex,
    ) -> bool:  # Qt override
        units = self.shape()
        unit = bytes(data.data(MIME).data()).decode()
        if action != Qt.DropAction.MoveAction or unit not in units:
            return False
        if parent.isValid():  # dropped on a row: before it
            row = parent.row()
        elif row < 0:  # dropped below the last row
            row = self.rowCount()
        return self.moveRows(ROOT, units.index(unit), 1, ROOT, row)

    def moveRows(
        self,
        sourceParent: QModelIndex,
        sourceRow: int,
        count: int,
        destinationParent: QModelIndex,
        destinationChild: int,
    ) -> bool:  # Qt override
        """Move one unit before `destinationChild` (a row of the order as it is now)."""
        enc = self.ctl.enc
        if sourceParent.isValid() or destinationParent.isValid() or count != 1:
            return False
        if not in_combat(enc) or not 0 <= sourceRow < len(enc.turn.order):
            return False
        to = destinationChild - 1 if destinationChild > sourceRow else destinationChild
        if to == sourceRow:
            return False
        unit = enc.turn.order[sourceRow].unit
        try:
            self.ctl.turn_step(tr("Réordonner"), move_unit(enc.turn, unit, to))
        except Refused as exc:
            self.refused.emit(exc)
            return False
        return True
