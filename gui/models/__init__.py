"""Qt item models over the open encounter: roster, turn order and log, re-read where a change
touched them."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QFont

from gui.boot.i18n import pick
from gui.control.controller import Controller
from gui.engine.contract.base import Ruleset
from gui.engine.state.model import Encounter, TurnEntry
from gui.engine.state.touched import Touched

ID_ROLE = Qt.ItemDataRole.UserRole  # the combatant id (or side id, turn unit id) of a row
# A column sized to its contents reads this many rows at most (those in sight first): a
# roster of a thousand is not read through at every change.
SIZED_ROWS = 30
ROOT = QModelIndex()  # the invalid index: the parent of top-level rows


class FollowsController:
    """Mixin of the item models: they hold no data and read the encounter when asked.

    They only remember the identities of their rows (`shape()`), which is what they told the
    views. A change that keeps the rows (a rename, new hit points, the next turn) repaints
    the rows it touched (`touched_rows`), so open editors and the selection stay; a change
    of rows resets the model, and another encounter always does.
    """

    ctl: Controller

    def follow(self, controller: Controller) -> None:
        self.ctl = controller
        self._derived: dict[str, tuple[Hashable, Any]] = {}
        self.row_ids = self.shape()
        controller.changed.connect(self.resync)
        controller.replaced.connect(self.reset)

    def shape(self) -> Hashable:
        """The identities of the rows, as the model shows them now."""
        raise NotImplementedError

    def parents(self) -> list[QModelIndex]:
        """Every index that has rows (the root, and the branches of a tree)."""
        return [ROOT]

    def reset(self) -> None:
        self.beginResetModel()
        self.row_ids = self.shape()
        self.endResetModel()

    def derived(self, name: str, build: Callable[[], Any]) -> Any:
        """A table `build` derives from the rows (where each combatant is…), kept under
        `name` until the rows change, or until `forget(name)`."""
        shape, value = self._derived.get(name, (None, None))
        if shape is not self.row_ids:
            value = build()
            self._derived[name] = (self.row_ids, value)
        return value

    def forget(self, name: str) -> None:
        """Drop a derived table whose source changed though the rows did not."""
        self._derived.pop(name, None)

    def may_reshape(self, notice: Touched) -> bool:
        """Whether a change like `notice` may change the rows (then `shape()` is read)."""
        return True

    def touched_rows(self, notice: Touched) -> list[QModelIndex] | None:
        """The rows (any index of each) a change that kept the rows touched; None: all."""
        return None

    def resync(self, notice: Touched | None = None) -> None:
        notice = notice or Touched.all()
        if self.may_reshape(notice) and self.shape() != self.row_ids:
            self.reset()
            return
        rows = self.touched_rows(notice)
        if rows is None:
            for parent in self.parents():
                count, columns = self.rowCount(parent), self.columnCount(parent)
                if count and columns:
                    self.dataChanged.emit(
                        self.index(0, 0, parent), self.index(count - 1, columns - 1, parent)
                    )
            return
        for index in rows:
            if index.isValid():
                last = self.columnCount(index.parent()) - 1
                self.dataChanged.emit(index.siblingAtColumn(0), index.siblingAtColumn(last))


def badges_text(ctl: Controller, cid: str) -> str:
    """A combatant's badges (hit points, states…) on one line."""
    enc = ctl.enc
    return " · ".join(pick(b) for b in ctl.ruleset.badge_labels(enc, enc.combatant(cid)))


def unit_name(enc: Encounter, entry: TurnEntry) -> str:
    """The names of a turn unit's members ("Brigand 1, Brigand 2" for a group)."""
    return ", ".join(enc.combatant(cid).name for cid in entry.members)


def unit_label(ctl: Controller, entry: TurnEntry, with_side: bool = False) -> str:
    """A turn unit in a few words, as its ruleset names it (« Figurants mineurs ×6 »)."""
    return pick(ctl.ruleset.unit_label(ctl.enc, entry, with_side))


def round_text(enc: Encounter, ruleset: Ruleset) -> str:
    """ "Round 3", or what the running turn mode calls a round ("Passe 3")."""
    return pick(ruleset.turn_mode(enc).round_label(enc.turn))


def in_combat(enc: Encounter) -> bool:
    """True once « Commencer le combat » has run, until « Fin du combat »."""
    return enc.turn.mode != "none"


def bold_font() -> QFont:
    """The font of what stands out: the acting unit, a side's row, a new round."""
    font = QFont()
    font.setBold(True)
    return font
