"""The turn order as a table: who acts, in which order, with what the running turn mode shows
(initiative, actions left, declared actions) and their states. The mode's cells come from its
GUI (`presenter`, cells.py); the model itself asks no question about the mode."""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QMimeData, QModelIndex, QObject, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QPalette

from gui.boot.i18n import tr
from gui.control.controller import Controller, Refused
from gui.engine.state.model import TurnEntry
from gui.engine.state.touched import Touched
from gui.models import (
    ID_ROLE,
    ROOT,
    FollowsController,
    badges_text,
    bold_font,
    in_combat,
    unit_label,
)
from gui.turns.cells import OrderCells, cells_for
from gui.turns.columns import ACTIONS, DECLARED, INIT, MARK, NAME, SIDE, STATES

MIME = "application/x-escarmouche-turn-unit"
OUT_RED = QColor("#b3261e")  # the name of a unit out of the fight
_CENTRED = (MARK, INIT, ACTIONS)
_COLUMNS = DECLARED + 1  # headers(): one title per column
# The roles as plain values: views ask thousands of cells as the order shows (benchmark P9),
# and reading Qt's enum each time costs more than the answer.
_HORIZONTAL = Qt.Orientation.Horizontal
_DISPLAY = Qt.ItemDataRole.DisplayRole
_TOOLTIP = Qt.ItemDataRole.ToolTipRole
_ALIGNMENT = Qt.ItemDataRole.TextAlignmentRole
_DECORATION = Qt.ItemDataRole.DecorationRole
_FONT = Qt.ItemDataRole.FontRole
_BACKGROUND = Qt.ItemDataRole.BackgroundRole
_FOREGROUND = Qt.ItemDataRole.ForegroundRole
_CENTRED_TEXT = int(Qt.AlignmentFlag.AlignCenter)
# Every role a cell may answer; the others (check state, size hint…) are None at once.
_ANSWERED = frozenset(
    {_DISPLAY, ID_ROLE, _TOOLTIP, _ALIGNMENT, _DECORATION, _FONT, _BACKGROUND, _FOREGROUND}
)


def headers() -> tuple[str, ...]:
    """The columns' titles; the side's is its tooltip: a column of colours takes no more room
    than a colour (issue 33)."""
    return ("", tr("Nom"), "", tr("Init."), tr("Act."), tr("États"), tr("Action"))


class TurnOrderModel(FollowsController, QAbstractTableModel):
    """`enc.turn.order`, one row per unit; before the combat, the roster as a preview.

    The GM reorders by drag and drop (one undo entry, « Réordonner »); a refused edit is
    reported by `refused(Refused)` and leaves the order as it was.
    """

    refused = Signal(object)

    def __init__(self, controller: Controller, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._cells: dict[type, OrderCells] = {}  # one per kind of mode, made when first met
        self.presenter: OrderCells | None = None
        # What each cell showed since the last change: sizing a column and painting ask the
        # same cells again and again; and what each row's cells share (_row).
        self._cells_read: dict[tuple[int, int, int], object] = {}
        self._rows_read: dict[int, tuple[TurnEntry, bool, OrderCells | None, bool, bool]] = {}
        self.follow(controller)
        self._present()

    def reset(self) -> None:
        self._present()
        self._cells_read.clear()
        self._rows_read.clear()
        super().reset()

    def resync(self, notice: Touched | None = None) -> None:
        self._cells_read.clear()
        self._rows_read.clear()
        if notice is None or notice.turn or notice.everything:
            self._present()
            self.forget("rows by combatant")  # a unit's members may have changed
        super().resync(notice)

    def touched_rows(self, notice: Touched) -> list[QModelIndex] | None:
        """The units of the combatants touched; every row when the turn or a side changed."""
        if notice.turn or notice.sides_shown or notice.sides:
            return None
        rows = self._rows_by_combatant()
        return [self.index(row, 0) for cid in notice.combatants for row in rows.get(cid, ())]

    def _rows_by_combatant(self) -> dict[str, list[int]]:
        """The rows of each combatant's unit (several when it declared several actions)."""

        def build() -> dict[str, list[int]]:
            rows: dict[str, list[int]] = {}
            for row in range(len(self.row_ids)):
                for cid in self.entry(row).members:
                    rows.setdefault(cid, []).append(row)
            return rows

        return self.derived("rows by combatant", build)

    def _present(self) -> None:
        """The running mode's cells (its GUI's, cells.py), told once per change that the
        encounter changed."""
        cls = cells_for(self.ctl.mode())
        if cls not in self._cells:
            self._cells[cls] = cls(self.ctl)
        self.presenter = self._cells[cls]
        self.presenter.refreshed()

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
        """The row of the unit that `cid` belongs to, or -1. When a unit has several rows
        (one per declared action), the one acting now, else its first still to come."""
        rows = self._rows_by_combatant().get(cid, [])
        if len(rows) > 1:
            current = self.ctl.enc.turn.current
            waiting = [r for r in rows if r == current or not self._done(self.entry(r))]
            return current if current in rows else (waiting or rows)[0]
        return rows[0] if rows else -1

    def _is_current(self, row: int) -> bool:
        enc = self.ctl.enc
        return in_combat(enc) and row == enc.turn.current

    def _fighting(self) -> OrderCells | None:
        """The running mode's GUI during the combat (before it, the roster shows plain)."""
        return self.presenter if in_combat(self.ctl.enc) else None

    # Qt model ---------------------------------------------------------------------------

    def rowCount(self, parent: QModelIndex = ROOT) -> int:  # Qt override
        return 0 if parent.isValid() else len(self.row_ids)

    def columnCount(self, parent: QModelIndex = ROOT) -> int:  # Qt override
        return 0 if parent.isValid() else _COLUMNS

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int
    ) -> object:  # Qt override
        if orientation != _HORIZONTAL:
            return super().headerData(section, orientation, role)
        if role == _DISPLAY:
            return headers()[section]
        if role == _TOOLTIP:
            if section == SIDE:
                return tr("Camp")
            presenter = self._fighting()
            return presenter.header_tip(section) if presenter is not None else None
        return None  # (as QAbstractItemModel.headerData: asked for every role, P9)

    def data(self, index: QModelIndex, role: int = _DISPLAY) -> object:  # Qt override
        if role not in _ANSWERED or not index.isValid():
            return None  # (what _cell would say, at once: benchmark P9)
        key = (index.row(), index.column(), role)
        cells = self._cells_read
        if key not in cells:
            cells[key] = self._cell(key[0], key[1], role)
        return cells[key]

    def _row(self, row: int) -> tuple[TurnEntry, bool, OrderCells | None, bool, bool]:
        """What a row's cells share, read once until the next change: its unit, whether it
        acts now, the running mode's cells (None before the combat), whether it stands out
        and whether it is done (greyed). A row's seven columns are each asked their font,
        background and colour as the order shows (benchmark P9)."""
        facts = self._rows_read.get(row)
        if facts is None:
            entry, presenter = self.entry(row), self._fighting()
            stands_out = presenter is not None and presenter.stands_out(entry)
            done = presenter is not None and presenter.done(entry)  # (_done)
            current = self._is_current(row)
            facts = self._rows_read[row] = (entry, current, presenter, stands_out, done)
        return facts

    def _cell(self, row: int, column: int, role: int) -> object:
        entry, current, presenter, stands_out, done = self._row(row)
        if role == _DISPLAY:
            return self._text(entry, row, column)
        if role == ID_ROLE:
            return entry.unit
        if role == _TOOLTIP and column == SIDE:
            return self.ctl.enc.side(entry.side).name
        if role == _TOOLTIP:
            return self._tooltip(entry, row)
        if role == _ALIGNMENT and column in _CENTRED:
            return _CENTRED_TEXT
        if role == _DECORATION and column == SIDE:
            return QColor(self.ctl.enc.side(entry.side).colour)
        if role == _FONT and (current or stands_out):
            return bold_font()
        if role == _BACKGROUND and current:
            colour = QGuiApplication.palette().color(QPalette.ColorRole.Highlight)
            colour.setAlpha(70)
            return colour
        if role == _FOREGROUND and column == NAME and self._out(entry):
            return OUT_RED  # out of the fight: its turn comes, and it is flagged
        if role == _FOREGROUND and not current and done:
            return QGuiApplication.palette().color(QPalette.ColorRole.PlaceholderText)
        if role == _FOREGROUND and column == INIT and presenter is not None:
            return presenter.initiative_colour(entry, row)
        return None

    def _out(self, entry: TurnEntry) -> bool:
        return self.ctl.ruleset.unit_out(self.ctl.enc, entry)

    def _done(self, entry: TurnEntry) -> bool:
        """Greyed: no more turn this round (acted, or no action left)."""
        presenter = self._fighting()
        return presenter is not None and presenter.done(entry)

    def _text(self, entry: TurnEntry, row: int, column: int) -> str:
        if column == NAME:
            return unit_label(self.ctl, entry)
        if column == SIDE:  # its colour; its name in the cell's tooltip (issue 33)
            return ""
        if column == STATES:
            return " ; ".join(badges_text(self.ctl, cid) for cid in entry.members)
        presenter = self._fighting()
        if presenter is None:
            return ""
        if column == MARK:
            if self._is_current(row):
                return "▶"
            return "✕" if self._out(entry) else presenter.mark(entry, row)
        if column == INIT:
            return presenter.initiative(entry, row)
        if column == DECLARED:
            return presenter.declared(entry, row)
        return presenter.actions_left(entry)

    def _tooltip(self, entry: TurnEntry, row: int) -> str:
        enc = self.ctl.enc
        lines = [
            f"{enc.combatant(cid).name} — {badges_text(self.ctl, cid)}" for cid in entry.members
        ]
        lines.append(tr("Camp : {side}").format(side=enc.side(entry.side).name))
        if self._out(entry):
            lines.append(tr("Hors de combat : son tour vient, « Suivant » le passe"))
        presenter = self._fighting()
        if presenter is not None:
            lines += presenter.tooltip(entry, row)
        return "\n".join(lines)

    # Reordering by drag and drop --------------------------------------------------------

    def flags(self, index: QModelIndex) -> Qt.ItemFlag:  # Qt override
        presenter = self._fighting()
        movable = presenter is not None and presenter.movable()
        if not index.isValid():
            return Qt.ItemFlag.ItemIsDropEnabled if movable else Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        return flags | Qt.ItemFlag.ItemIsDragEnabled if movable else flags

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
        presenter = self._fighting()
        if presenter is None or not presenter.movable():
            return False
        if not 0 <= sourceRow < len(enc.turn.order):
            return False
        to = destinationChild - 1 if destinationChild > sourceRow else destinationChild
        if to == sourceRow:
            return False
        unit = enc.turn.order[sourceRow].unit
        try:
            self.ctl.turn_step("reorder", tr("Réordonner"), unit=unit, to=to)
        except Refused as exc:
            self.refused.emit(exc)
            return False
        return True
