"""The GUI side of a turn mode, behind one interface: the QActions it adds to the combat dock
and the Combat menu, what « Commencer » and « Suivant » do, the lines above the order
(ModeActions), and the cells of the order's columns (OrderCells). The dock and the item
models call these interfaces and never ask which mode is running."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from PySide6.QtCore import QModelIndex
from PySide6.QtGui import QAction, QColor
from PySide6.QtWidgets import QStyle

from gui.boot.i18n import pick, tr
from gui.engine.state.model import Encounter, TurnEntry, TurnState
from gui.engine.turns import TurnMode, current_entry
from gui.models import in_combat, unit_label
from gui.models.turn_order import INIT, SIDE, STATES

if TYPE_CHECKING:
    from gui.control.controller import Controller
    from gui.turns.panel import TurnPanel

Icon = QStyle.StandardPixmap
_SETS: dict[str, type[ModeActions]] = {}


def for_modes(*kinds: str) -> Callable[[type[ModeActions]], type[ModeActions]]:
    """Register the GUI of the turn modes of these kinds (a class decorator)."""

    def register(cls: type[ModeActions]) -> type[ModeActions]:
        for kind in kinds:
            _SETS[kind] = cls
        return cls

    return register


def cells_for(mode: TurnMode) -> type[OrderCells]:
    """How the order shows a unit in `mode` (see `actions_class`)."""
    return actions_class(mode).cells


def actions_class(mode: TurnMode) -> type[ModeActions]:
    """The GUI of `mode`: its kind's, else that of the generic mode it extends (a ruleset's
    own mode), else the plain one (Suivant, Précédent)."""
    for cls in type(mode).__mro__:
        kind = getattr(cls, "kind", None)
        if isinstance(kind, str) and kind in _SETS:
            return _SETS[kind]
    return ModeActions


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
        return self.ctl.table.mode()


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


class ModeActions(ReadsCombat):
    """The GUI of one turn mode in the combat dock `panel`. `actions` are its own QActions
    (owned by the panel, shown only while the mode runs); `columns` the order's optional
    columns it shows, `cells` how the order shows a unit."""

    cells: ClassVar[type[OrderCells]] = OrderCells
    columns: ClassVar[frozenset[int]] = frozenset({SIDE, INIT, STATES})
    wide_columns: ClassVar[frozenset[int]] = frozenset()  # shown in a wide dock only

    def __init__(self, panel: TurnPanel) -> None:
        self.panel = panel
        self.ctl = panel.ctl
        self.actions: tuple[QAction, ...] = ()

    def active(self) -> bool:
        """True while a combat runs in this mode."""
        return in_combat(self.enc) and actions_class(self.mode) is type(self)

    def action(self, text: str, tip: str, keys: str, icon: Icon, slot: Callable) -> QAction:
        return self.panel.make_action(text, tip, keys, icon, slot)

    # The dock --------------------------------------------------------------------------

    def start(self) -> None:
        """« Commencer le combat »: by default the initiative dialog."""
        self.panel.open_initiative_dialog()

    def start_tip(self) -> str:
        return tr("Lancer l’initiative et commencer le round 1 (F5)")

    def next_step(self) -> None:
        """« Suivant »."""
        self.panel.run(self.ctl.next_turn)

    def update(self) -> None:
        """Enable the mode's actions for the state of the combat (after each change)."""

    def round_text(self) -> str:
        return pick(self.mode.round_label(self.turn))

    def lines(self) -> tuple[str, str, str]:
        """(a colour to show beside, whose turn it is, the details under it)."""
        return "", self.whose_turn(), ""

    def whose_turn(self) -> str:
        acting = current_entry(self.turn)
        if acting is not None:
            names = unit_label(self.ctl, acting)
            shown = pick(self.mode.initiative_text(self.enc, acting))
            if shown and self.shows_initiative_in_turn_line():
                return tr("Au tour de : {names} ({card})").format(names=names, card=shown)
            return tr("Au tour de : {names}").format(names=names)
        if in_combat(self.enc):
            return tr("Personne n’agit : « Agir maintenant » ou « Suivant »")
        return tr("« Commencer le combat » pour lancer l’initiative")

    def shows_initiative_in_turn_line(self) -> bool:
        return False

    def double_clicked(self, index: QModelIndex) -> None:
        """A double-click on a row of the order."""
