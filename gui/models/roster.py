"""The roster as a tree: each side with its colour and resources, then its combatants."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, Qt, Signal
from PySide6.QtGui import QColor

from ..controller import Refused
from ..engine.model import Combatant, Side
from ..engine.turns import current_entry
from ..i18n import tr
from . import ID_ROLE, ROOT, FollowsController, badges_text, bold_font

if TYPE_CHECKING:
    from ..controller import Controller

NAME, STATE = range(2)
_SIDE_ROW = 0  # internalId of a side row; a combatant row stores its side's row + 1


def resources_text(side: Side) -> str:
    """A side's resources on one line: "Réserve 3 · Menace 2"."""
    return " · ".join(
        f"{key.replace('_', ' ').capitalize()} {value}" for key, value in side.resources.items()
    )


class RosterModel(FollowsController, QAbstractItemModel):
    """Sides (name, colour, resources) and their combatants (name, badges).

    `ID_ROLE` gives the side id or the combatant id; a combatant's name is edited in place
    through `Controller.rename`, and a refused name is reported by `refused(Refused)`.
    """

    refused = Signal(object)

    def __init__(self, controller: Controller, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.follow(controller)

    # Reading the encounter ------------------------------------------------------------

    def shape(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        enc = self.ctl.enc
        return tuple(
            (s.id, tuple(c.id for c in enc.combatants if c.side == s.id)) for s in enc.sides
        )

    def parents(self) -> list[QModelIndex]:
        return [ROOT, *(self.index(row, 0) for row in range(len(self.row_ids)))]

    def is_combatant(self, index: QModelIndex) -> bool:
        return index.isValid() and index.internalId() != _SIDE_ROW

    def side(self, index: QModelIndex) -> Side:
        return self.ctl.enc.side(self.row_ids[index.row()][0])

    def combatant(self, index: QModelIndex) -> Combatant:
        return self.ctl.enc.combatant(self.row_ids[index.internalId() - 1][1][index.row()])

    def index_of(self, cid: str, column: int = NAME) -> QModelIndex:
        """The row of combatant `cid` (invalid if there is none)."""
        for side_row, (_sid, cids) in enumerate(self.row_ids):
            if cid in cids:
                return self.index(cids.index(cid), column, self.index(side_row, 0))
        return QModelIndex()

    # Qt model ---------------------------------------------------------------------------

    def index(
        self, row: int, column: int, parent: QModelIndex = ROOT
    ) -> QModelIndex:  # Qt override
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, _SIDE_ROW)
        return self.createIndex(row, column, parent.row() + 1)

    def parent(self, index: QModelIndex = ROOT) -> QModelIndex:  # Qt override
        if not self.is_combatant(index):
            return QModelIndex()
        return self.createIndex(index.internalId() - 1, 0, _SIDE_ROW)

    def rowCount(self, parent: QModelIndex = ROOT) -> int:  # Qt override
        if not parent.isValid():
            return len(self.row_ids)
        if self.is_combatant(parent) or parent.column() != 0:
            return 0
        return len(self.row_ids[parent.row()][1])

    def columnCount(self, parent: QModelIndex = ROOT) -> int:  # Qt override
        return 2

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int
    ) -> object:  # Qt override
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return (tr("Nom"), tr("État"))[section]
        return super().headerData(section, orientation, role)

    def flags(self, index: QModelIndex) -> Qt.ItemFlag:  # Qt override
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if self.is_combatant(index) and index.column() == NAME:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(
        self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:  # Qt override
        if not index.isValid():
            return None
        if self.is_combatant(index):
            return self._combatant_data(self.combatant(index), index.column(), role)
        return self._side_data(self.side(index), index.column(), role)

    def _side_data(self, side: Side, column: int, role: int) -> object:
        if role == Qt.ItemDataRole.DisplayRole:
            return side.name if column == NAME else resources_text(side)
        if role == ID_ROLE:
            return side.id
        if role == Qt.ItemDataRole.DecorationRole and column == NAME:
            return QColor(side.colour)
        if role == Qt.ItemDataRole.FontRole:
            return bold_font()
        if role == Qt.ItemDataRole.ToolTipRole:
            count = sum(1 for c in self.ctl.enc.combatants if c.side == side.id)
            lines = [side.name, tr("{n} combattant(s)").format(n=count), resources_text(side)]
            return "\n".join(line for line in lines if line)
        return None

    def _combatant_data(self, c: Combatant, column: int, role: int) -> object:
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return c.name if column == NAME else badges_text(self.ctl, c.id)
        if role == ID_ROLE:
            return c.id
        if role == Qt.ItemDataRole.FontRole:
            acting = current_entry(self.ctl.enc.turn)
            return bold_font() if acting is not None and c.id in acting.members else None
        if role == Qt.ItemDataRole.ToolTipRole:
            lines = [c.name, badges_text(self.ctl, c.id)]
            lines += [f"{s.label} : {s.text}" for s in c.states if s.text]
            lines.append(c.notes)
            return "\n".join(line for line in lines if line)
        return None

    def setData(
        self, index: QModelIndex, value: object, role: int = Qt.ItemDataRole.EditRole
    ) -> bool:  # Qt override
        if role != Qt.ItemDataRole.EditRole or not self.is_combatant(index):
            return False
        if index.column() != NAME:
            return False
        try:
            self.ctl.rename(self.combatant(index).id, str(value))
        except Refused as exc:
            self.refused.emit(exc)
            return False
        return True
