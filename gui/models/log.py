"""The encounter log as a list (newest last), and a proxy that keeps one combatant's lines."""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractListModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)

from gui.boot.i18n import logged, tr
from gui.control.controller import Controller
from gui.engine.state.model import LogEntry
from gui.models import ROOT, FollowsController, bold_font

ACTOR_ROLE = Qt.ItemDataRole.UserRole + 1  # the acting combatant's id, or None
TARGET_ROLE = Qt.ItemDataRole.UserRole + 2  # the target's id, or None


def line_text(entry: LogEntry) -> str:
    """ "R2 · Attaque contre Brigand 1 — Touché : 17 contre Défense 12"."""
    action, _, outcome = logged(entry)
    text = f"R{entry.round} · {action}"
    return f"{text} — {outcome}" if outcome and outcome != action else text


def detail_text(entry: LogEntry) -> str:
    """How the line was computed: each term, the dice faces, the GM's overrides, the time."""
    lines = list(logged(entry)[1])
    if entry.dice:
        lines.append(tr("Dés : {faces}").format(faces=", ".join(map(str, entry.dice))))
    lines += [
        tr("Imposé par le MJ : {key} = {value}").format(key=key, value=value)
        for key, value in entry.overrides.items()
    ]
    lines.append(entry.time.astimezone().strftime("%H:%M:%S"))
    return "\n".join([line_text(entry), *lines])


class LogModel(FollowsController, QAbstractListModel):
    """`enc.log`, one row per line, newest last; lines come and go at the end (undo, redo)."""

    def __init__(self, controller: Controller, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.follow(controller)

    def shape(self) -> int:
        return len(self.ctl.enc.log)

    def resync(self, _notice: object = None) -> None:
        count, shown = self.shape(), self.row_ids
        if count > shown:
            self.beginInsertRows(ROOT, shown, count - 1)
            self.row_ids = count
            self.endInsertRows()
        elif count < shown:
            self.beginRemoveRows(ROOT, count, shown - 1)
            self.row_ids = count
            self.endRemoveRows()

    def rowCount(self, parent: QModelIndex = ROOT) -> int:  # Qt override
        return 0 if parent.isValid() else self.row_ids

    def data(
        self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:  # Qt override
        if not index.isValid():
            return None
        entry = self.ctl.enc.log[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return line_text(entry)
        if role == Qt.ItemDataRole.ToolTipRole:
            return detail_text(entry)
        if role == ACTOR_ROLE:
            return entry.actor
        if role == TARGET_ROLE:
            return entry.target
        if role == Qt.ItemDataRole.FontRole and entry.actor is None and entry.target is None:
            return bold_font()  # a new round, or another line about nobody in particular
        return None


class LogFilterProxy(QSortFilterProxyModel):
    """Keeps the log lines where one combatant acts or is the target; None keeps them all."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.combatant: str | None = None

    def set_combatant(self, cid: str | None) -> None:
        self.beginFilterChange()
        self.combatant = cid
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(
        self, source_row: int, source_parent: QModelIndex | QPersistentModelIndex
    ) -> bool:  # Qt override
        if self.combatant is None:
            return True
        index = self.sourceModel().index(source_row, 0, source_parent)
        return self.combatant in (index.data(ACTOR_ROLE), index.data(TARGET_ROLE))
