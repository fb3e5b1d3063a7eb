"""Undo commands: one ChangeSet each, applied by redo and reverted by undo (Tiled's ChangeValue)."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from PySide6.QtGui import QUndoCommand

from gui.boot.i18n import either
from gui.engine.play.table import Table
from gui.engine.state.changes import ChangeSet

MERGE_ID = 1


class ChangeCommand(QUndoCommand):
    """Applies a ChangeSet that the controller already applied once (so a refused ChangeSet
    never reaches the stack); consecutive edits with the same merge key become one entry."""

    def __init__(
        self,
        table: Table,
        cs: ChangeSet,
        notify: Callable[[ChangeSet], None],
        merge_key: Hashable | None = None,
    ) -> None:
        super().__init__(either(cs.label, cs.english))
        self.table, self.cs, self.notify, self.merge_key = table, cs, notify, merge_key
        self._applied = True

    def redo(self) -> None:  # Qt override
        if self._applied:  # the first redo, run by QUndoStack.push: already applied
            self._applied = False
        else:
            self.table.apply(self.cs)
        self.notify(self.cs)

    def undo(self) -> None:  # Qt override
        self.table.revert(self.cs)
        self.notify(self.cs)

    def id(self) -> int:  # Qt override
        return MERGE_ID if self.merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:  # Qt override
        if not isinstance(other, ChangeCommand) or other.merge_key != self.merge_key:
            return False
        self.cs = self.cs + other.cs
        return True
