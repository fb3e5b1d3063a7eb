"""The GUI side of a turn mode, behind one interface: the QActions it adds to the combat dock
and the Combat menu, what « Commencer » and « Suivant » do, the lines above the order
(ModeActions), and the cells of the order's columns (OrderCells, cells.py). The dock and the
item models call these interfaces and never ask which mode is running; a mode's GUI reaches
the dock through what it is given (Dock), never the dock itself."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from msgspec import Struct
from PySide6.QtCore import QModelIndex
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QStyle, QTableView, QWidget

from gui.boot.i18n import pick, tr
from gui.control.controller import Controller
from gui.engine.state.model import TurnEntry
from gui.engine.turns import TurnMode, current_entry
from gui.models import in_combat, unit_label
from gui.turns.cells import OrderCells, ReadsCombat, of_kind, show_with
from gui.turns.columns import INIT, SIDE, STATES
from gui.turns.order import TurnOrderModel
from gui.widgets.prompts import Prompts

if TYPE_CHECKING:
    from gui.turns.initiative import InitiativeDialog

Icon = QStyle.StandardPixmap
_SETS: dict[str, type[ModeActions]] = {}


def for_modes(*kinds: str) -> Callable[[type[ModeActions]], type[ModeActions]]:
    """Register the GUI of the turn modes of these kinds (a class decorator)."""

    def register(cls: type[ModeActions]) -> type[ModeActions]:
        for kind in kinds:
            _SETS[kind] = cls
            show_with(kind, cls.cells)
        return cls

    return register


def actions_class(mode: TurnMode) -> type[ModeActions]:
    """The GUI of `mode`: its kind's, else that of the generic mode it extends (a ruleset's
    own mode), else the plain one (Suivant, Précédent)."""
    return of_kind(mode, _SETS) or ModeActions


class Dock(Struct, frozen=True):
    """What a turn mode's GUI uses of the combat dock (TurnPanel gives it): the widget its
    dialogs open over, the controller and the prompts, « Suivant » (whose text a mode may
    change), the order (its rows, the one selected), and the dock's way to make an action,
    to call the controller (a refusal told) and to open the initiative dialog."""

    widget: QWidget
    ctl: Controller
    prompts: Prompts
    next_action: QAction
    order_model: TurnOrderModel
    order_view: QTableView
    make_action: Callable[[str, str, str, Icon, Callable], QAction]
    run: Callable[..., bool]
    open_initiative_dialog: Callable[..., InitiativeDialog]
    selected_entry: Callable[[], TurnEntry | None]


class ModeActions(ReadsCombat):
    """The GUI of one turn mode in the combat dock (`dock`). `actions` are its own QActions
    (owned by the dock, shown only while the mode runs); `columns` the order's optional
    columns it shows, `cells` how the order shows a unit."""

    cells: ClassVar[type[OrderCells]] = OrderCells
    columns: ClassVar[frozenset[int]] = frozenset({SIDE, INIT, STATES})
    wide_columns: ClassVar[frozenset[int]] = frozenset()  # shown in a wide dock only

    def __init__(self, dock: Dock) -> None:
        self.dock = dock
        self.ctl = dock.ctl
        self.actions: tuple[QAction, ...] = ()

    def active(self) -> bool:
        """True while a combat runs in this mode."""
        return in_combat(self.enc) and actions_class(self.mode) is type(self)

    def action(self, text: str, tip: str, keys: str, icon: Icon, slot: Callable) -> QAction:
        return self.dock.make_action(text, tip, keys, icon, slot)

    # The dock --------------------------------------------------------------------------

    def start(self) -> None:
        """« Commencer le combat »: by default the initiative dialog."""
        self.dock.open_initiative_dialog()

    def start_tip(self) -> str:
        return tr("Lancer l’initiative et commencer le round 1 (F5)")

    def next_step(self) -> None:
        """« Suivant »."""
        self.dock.run(self.ctl.next_turn)

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
