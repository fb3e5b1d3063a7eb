"""What the turn order shows of the running turn mode (OrderCells): the mark before a name,
the initiative, the actions left, the declared action, the tooltip lines. Each mode's GUI
names its cells (ModeActions.cells); the order model asks `cells_for` and never which mode
is running."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module

from PySide6.QtGui import QColor

from gui.boot.i18n import pick, tr
from gui.control.controller import Controller
from gui.engine.state.model import Encounter, TurnEntry, TurnState
from gui.engine.turns import TurnMode
from gui.turns import MODE_GUIS

_CELLS: dict[str, type[OrderCells]] = {}


def of_kind[T](mode: TurnMode, known: Mapping[str, T]) -> T | None:
    """What `known` holds for `mode`'s kind, else for the kind of the generic mode it
    extends (a ruleset's own mode), else None. A kind's GUI is imported here at its first
    need, which registers it (MODE_GUIS)."""
    for cls in type(mode).__mro__:
        kind = getattr(cls, "kind", None)
        if not isinstance(kind, str):
            continue
        if kind in MODE_GUIS:
            import_module(MODE_GUIS[kind])
        if kind in known:
            return known[kind]
    return None


def show_with(kind: str, cells: type[OrderCells]) -> None:
    """The order shows the turn modes of `kind` with `cells` (ModeActions.for_modes)."""
    _CELLS[kind] = cells


def cells_for(mode: TurnMode) -> type[OrderCells]:
    """How the order shows a unit in `mode` (the plain cells unless its GUI says)."""
    return of_kind(mode, _CELLS) or OrderCells


class ReadsCombat:
    """The open encounter, its turn state and its turn mode, through `ctl`."""

    ctl: Controller

    @property
    def enc(self) -> Encounter:
        return self.ctl.enc

    @property
    def turn(self) -> TurnState:
        return self.ctl.enc.turn

    @property
    def mode(self) -> TurnMode:
        return self.ctl.mode()


class OrderCells(ReadsCombat):
    """What the turn order shows of the running mode: the mark before a name, the initiative,
    the actions left, the declared action, the tooltip lines, what stands out or is done,
    and whether rows can be dragged. One per model and kind of mode; `refreshed` is called
    once per change, before the cells are read."""

    def __init__(self, ctl: Controller) -> None:
        self.ctl = ctl

    def refreshed(self) -> None:
        """The encounter changed: recompute what the cells need once, not once per cell."""

    def movable(self) -> bool:
        """True when the GM may drag the order's rows to reorder them."""
        return "reorder" in self.mode.steps

    def mark(self, entry: TurnEntry, row: int) -> str:
        return ""

    def initiative(self, entry: TurnEntry, row: int) -> str:
        return pick(self.mode.initiative_text(self.enc, entry))

    def initiative_colour(self, entry: TurnEntry, row: int) -> QColor | None:
        return None

    def actions_left(self, entry: TurnEntry) -> str:
        return ""

    def declared(self, entry: TurnEntry, row: int) -> str:
        return ""

    def tooltip(self, entry: TurnEntry, row: int) -> list[str]:
        """Lines of the row's tooltip after its members and their badges."""
        value = getattr(entry, "initiative", None)
        return [tr("Initiative : {value}").format(value=value)] if value is not None else []

    def header_tip(self, column: int) -> str | None:
        return None

    def stands_out(self, entry: TurnEntry) -> bool:
        """Shown bold: a unit that may act now."""
        return False

    def done(self, entry: TurnEntry) -> bool:
        """Shown greyed: no more turn this round."""
        return self.mode.done(self.turn, entry)
