"""The turn order as a table: who acts, in which order, with initiative, actions and states."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QAbstractTableModel, QMimeData, QModelIndex, QObject, Qt, Signal
from PySide6.QtGui import QColor, QGuiApplication, QPalette

from ..controller import Refused
from ..engine.model import Encounter, TurnEntry
from ..engine.rulesets.reserve_menace.passes import MINORS_UNIT
from ..engine.turns import AlternatingSides, move_unit
from ..i18n import tr
from . import ID_ROLE, ROOT, FollowsController, badges_text, bold_font, in_combat, unit_name

if TYPE_CHECKING:
    from ..controller import Controller

MARK, NAME, SIDE, INIT, ACTIONS, STATES = range(6)
MIME = "application/x-escarmouche-turn-unit"
_CENTRED = (MARK, INIT, ACTIONS)


def headers() -> tuple[str, ...]:
    return ("", tr("Nom"), tr("Camp"), tr("Init."), tr("Act."), tr("États"))


def unit_label(enc: Encounter, entry: TurnEntry, with_side: bool = False) -> str:
    """A turn unit in a few words: its combatant's name, or « Figurants mineurs ×6 » for the
    minors of a camp acting as one unit (`with_side`: « … (Les contrebandiers) ×6 »)."""
    if len(entry.members) > 1 and entry.unit.startswith(MINORS_UNIT):
        if with_side:
            return tr("Figurants mineurs ({side}) ×{n}").format(
                side=enc.side(entry.side).name, n=len(entry.members)
            )
        return tr("Figurants mineurs ×{n}").format(n=len(entry.members))
    return unit_name(enc, entry)


def budget(turn_actions: int, entry: TurnEntry) -> int:
    """A unit's actions per round (Passe): its own budget, else the policy's."""
    return turn_actions if entry.budget is None else entry.budget


class TurnOrderModel(FollowsController, QAbstractTableModel):
    """`enc.turn.order`, one row per unit; before the combat, the roster as a preview.

    The GM reorders by drag and drop (one undo entry, « Réordonner »); a refused edit is
    reported by `refused(Refused)` and leaves the order as it was.
    """

    refused = Signal(object)

    def __init__(self, controller: Controller, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._able: set[str] = set()  # alternating sides: the units that can still act
        self.follow(controller)
        self._read_policy()

    def reset(self) -> None:
        self._read_policy()
        super().reset()

    def resync(self, _changes: object = None) -> None:
        self._read_policy()
        super().resync(_changes)

    def _read_policy(self) -> None:
        """Which units can still act, asked once per change rather than once per cell."""
        enc = self.ctl.enc
        policy = self.ctl.ruleset.turn_policy(enc) if in_combat(enc) else None
        if isinstance(policy, AlternatingSides):
            self._able = {
                e.unit for e in enc.turn.order if e.actions_left > 0 and policy.can_act(e)
            }
        else:
            self._able = set()

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
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.ToolTipRole:
            return tr("Actions restantes / actions par tour") if section == ACTIONS else None
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
        if role == Qt.ItemDataRole.FontRole and (current or self._stands_out(entry)):
            return bold_font()
        if role == Qt.ItemDataRole.BackgroundRole and current:
            colour = QGuiApplication.palette().color(QPalette.ColorRole.Highlight)
            colour.setAlpha(70)
            return colour
        if role == Qt.ItemDataRole.ForegroundRole and not current and self._done(entry):
            return QGuiApplication.palette().color(QPalette.ColorRole.PlaceholderText)
        return None

    def _alternating(self) -> bool:
        enc = self.ctl.enc
        return in_combat(enc) and enc.turn.policy == "alternating"

    def _stands_out(self, entry: TurnEntry) -> bool:
        """Alternating sides: a unit of the side holding the initiative that can act."""
        return (
            self._alternating()
            and entry.side == self.ctl.enc.turn.holder
            and (entry.unit in self._able)
        )

    def _done(self, entry: TurnEntry) -> bool:
        """Greyed: it acted this round, or (alternating sides) it cannot act any more."""
        if self._alternating():
            return entry.unit not in self._able
        return entry.acted

    def _text(self, entry: TurnEntry, row: int, column: int) -> str:
        enc = self.ctl.enc
        if column == MARK:
            if self._is_current(row):
                return "▶"
            if entry.delayed:
                return "‖"  # paused (U+2016: common fonts lack U+23F8 ⏸)
            return f"⚑ {entry.ready}" if entry.ready else ""
        if column == NAME:
            return unit_label(enc, entry)
        if column == SIDE:
            return enc.side(entry.side).name
        if column == INIT:
            return "" if entry.initiative is None else str(entry.initiative)
        if column == ACTIONS:
            if not self._alternating():
                return ""
            return f"{entry.actions_left}/{budget(enc.turn.actions_per_unit, entry)}"
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
        if self._alternating():
            lines.append(
                tr("Actions restantes : {left} sur {budget}").format(
                    left=entry.actions_left, budget=budget(enc.turn.actions_per_unit, entry)
                )
            )
            if entry.unit not in self._able:
                lines.append(tr("Ne peut plus agir pendant cette Passe"))
        elif entry.acted:
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
