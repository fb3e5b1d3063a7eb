"""The combat dock: round, whose turn it is, the turn order and the roster, and the actions
that run the turns: Commencer, Précédent, Suivant, Fin du combat, and those of the running
turn mode (its ModeActions)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QItemSelectionModel, QModelIndex, QObject, QPoint, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QSizePolicy,
    QStyle,
    QTableView,
    QTabWidget,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from gui.boot.i18n import message, tr
from gui.control.controller import Controller
from gui.dialogs.condition_menu import condition_actions
from gui.engine.core.problems import BilingualError
from gui.engine.state.model import TurnEntry
from gui.library.keep import keep_actions
from gui.models import ID_ROLE, SIZED_ROWS, in_combat
from gui.models.roster import RosterModel
from gui.models.roster_delegate import setup_roster_view
from gui.sheets.quick_steps import quick_step_actions
from gui.turns.columns import DECLARED, NAME, OPTIONAL, STATES
from gui.turns.mode_actions import Dock, ModeActions, actions_class
from gui.turns.order import TurnOrderModel
from gui.turns.pending import PendingBox
from gui.turns.roster_menu import roster_menu
from gui.widgets.prompts import Prompts

if TYPE_CHECKING:
    from gui.turns.initiative import InitiativeDialog


def viewport_of(view: QAbstractItemView) -> QWidget:
    """`view.viewport()`, the same widget, found among its children by its Qt name: PySide's
    viewport(), meeting a widget Python did not make, first builds every QWidget class of
    QtWidgets to tell its type (some 70: 30 M instructions of start-up, P1b); findChild does
    not. Once wrapped, viewport() returns it at no cost."""
    found = view.findChild(
        QWidget, "qt_scrollarea_viewport", Qt.FindChildOption.FindDirectChildrenOnly
    )
    return found if found is not None else view.viewport()


class TurnPanel(QWidget):
    """Who acts and in which order, and the actions that run the turns.

    `start_action`, `previous_action`, `next_action` and `end_action` are every mode's; the
    running mode adds its own (`mode_actions.actions`: Retarder, Faire agir, Déclarer…,
    Attendre…), shown as buttons under them and, through `turn_actions()`, in the Combat
    menu.
    """

    def __init__(
        self, controller: Controller, prompts: Prompts | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.ctl = controller
        self.prompts = prompts or Prompts(self)
        self.initiative_dialog: InitiativeDialog | None = None
        self.round_label = QLabel()
        self.round_label.setStyleSheet("font-size: 14pt; font-weight: bold;")
        self.whose_label = QLabel()
        self.whose_label.setWordWrap(True)
        self.holder_swatch = QLabel()  # the colour of the side holding the initiative
        self.holder_swatch.setFixedSize(12, 12)
        self.holder_swatch.hide()
        self.detail_label = QLabel()  # who acts, who can still act, what was declared
        self.detail_label.setWordWrap(True)
        self.detail_label.hide()
        self.order_model = TurnOrderModel(controller, self)
        self.roster_model = RosterModel(controller, self)
        self.order_view = self._order_view()
        self.roster_view = self._roster_view()
        self.pending = PendingBox(controller)
        icon = QStyle.StandardPixmap
        self.start_action = self.make_action(
            tr("Commencer le combat"), "", "F5", icon.SP_MediaPlay, self.start
        )
        self.previous_action = self.make_action(
            tr("Précédent"),
            tr("Revenir au tour précédent (P)"),
            "P",
            icon.SP_MediaSeekBackward,
            lambda: self.run(controller.previous_turn),
        )
        self.next_action = self.make_action(
            tr("Suivant"),
            tr("Passer à l’unité suivante (N, ou Espace sur la carte)"),
            "N",
            icon.SP_MediaSeekForward,
            self.next_step,
        )
        self.end_action = self.make_action(
            tr("Fin du combat"),
            tr("Terminer le combat et effacer l’ordre du tour (Maj+F5)"),
            "Shift+F5",
            icon.SP_MediaStop,
            self.end_combat,
        )
        self._next_text, self._next_tip = self.next_action.text(), self.next_action.toolTip()
        self._dock = Dock(  # what the modes' GUIs use of this dock
            self,
            controller,
            self.prompts,
            self.next_action,
            self.order_model,
            self.order_view,
            self.make_action,
            self.run,
            self.open_initiative_dialog,
            self.selected_entry,
        )
        self._sets: dict[type[ModeActions], ModeActions] = {}
        self.buttons: dict[QAction, QToolButton] = {}  # the buttons shown, by action
        self.mode_actions = self._actions_for_mode()
        self.mode_buttons = QGridLayout()
        self._lay_out()
        for model in (self.order_model, self.roster_model):
            model.refused.connect(self._warn)
        # A model reset by a change shows the selection again once every model has caught up
        # (`refresh`, connected after them): the other may still list a combatant removed.
        self._reset_seen = False
        self.order_model.modelReset.connect(self._seen_reset)
        self.roster_model.modelReset.connect(self._open_camps)
        self.roster_model.modelReset.connect(self._seen_reset)
        self.order_view.doubleClicked.connect(lambda i: self.mode_actions.double_clicked(i))
        controller.changed.connect(self.refresh)
        controller.replaced.connect(self.refresh)
        controller.selection_changed.connect(self._show_selection)
        self._camps_closed = False
        self.tabs.currentChanged.connect(lambda _index: self._open_camps(reset=False))
        self._open_camps()
        self.refresh()

    def make_action(
        self, text: str, tip: str, keys: str, icon: QStyle.StandardPixmap, slot: Callable
    ) -> QAction:
        """A QAction of the dock; `keys` lists its shortcuts as "N; Ctrl+N".

        Space is not one: on the map it is Suivant (MapView.space_tapped), elsewhere it
        must keep pressing buttons and ticking boxes."""
        action = QAction(self.style().standardIcon(icon), text, self)
        action.setShortcuts(QKeySequence.listFromString(keys))
        action.setToolTip(tip)
        action.triggered.connect(lambda _checked=False: slot())
        self.addAction(action)
        return action

    def turn_actions(self) -> list[QAction]:
        """The Combat menu's turn actions, in order: Commencer, Précédent, Suivant, the
        running mode's own, Fin du combat."""
        return [
            self.start_action,
            self.previous_action,
            self.next_action,
            *self.mode_actions.actions,
            self.end_action,
        ]

    def _actions_for_mode(self) -> ModeActions:
        """The GUI of the running mode (made once per kind of mode, then kept)."""
        cls = actions_class(self.ctl.mode())
        if cls not in self._sets:
            self._sets[cls] = cls(self._dock)
        return self._sets[cls]

    def _order_view(self) -> QTableView:
        view = QTableView()
        view.setObjectName("turnOrder")
        view.setModel(self.order_model)
        view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        view.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        view.setDragDropOverwriteMode(False)
        view.setDropIndicatorShown(True)
        view.setShowGrid(False)
        view.setWordWrap(False)
        view.verticalHeader().hide()
        view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        header = view.horizontalHeader()  # a narrow dock elides, never scrolls
        header.moveSection(header.visualIndex(DECLARED), header.visualIndex(STATES))
        header.setResizeContentsPrecision(SIZED_ROWS)  # before the modes: sized once
        # Names and sides (short) in full, sized to the rows at each change (_size_columns):
        # Qt's ResizeToContents sized them at every layout pass, three as a big encounter
        # opens (benchmark P9); states and declared actions share what is left.
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        for column in (STATES, DECLARED):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        # Room for a name, a side's colour, the initiative and a creature's hit points and
        # state at 1366×768 (issue 33): the dock asks for it.
        view.setMinimumWidth(view.fontMetrics().averageCharWidth() * 55)
        view.selectionModel().selectionChanged.connect(self._order_selected)
        viewport_of(view).installEventFilter(self)  # its width decides which columns fit
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        view.customContextMenuRequested.connect(self._order_menu)
        return view

    def order_menu(self, row: int) -> QMenu:
        """The context menu of a row of the order: its members' quick − and + (hit points…)
        and conditions (G-3), and keeping them in the library."""
        menu = QMenu(self)
        for cid in self.order_model.entry(row).members:
            quick_step_actions(menu, self.ctl, cid)
            condition_actions(menu, self.ctl, cid, self)
            keep_actions(menu, self.ctl, cid, self.prompts)
        return menu

    def _order_menu(self, at: QPoint) -> None:
        index = self.order_view.indexAt(at)
        if index.isValid():
            self.order_menu(index.row()).exec(self.order_view.viewport().mapToGlobal(at))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # Qt override
        if event.type() == QEvent.Type.Resize and watched is self.order_view.viewport():
            self._fit_columns()
        return super().eventFilter(watched, event)

    def _fit_columns(self) -> None:
        """The optional columns the running mode fills (before the combat, the plain ones);
        some show only when the dock is wide enough (they stay in each row's tooltip)."""
        view = self.order_view
        actions = self.mode_actions if in_combat(self.ctl.enc) else ModeActions
        wide = view.viewport().width() >= view.fontMetrics().averageCharWidth() * 62
        for column in OPTIONAL:
            shown = column in actions.columns and (wide or column not in actions.wide_columns)
            view.setColumnHidden(column, not shown)

    def _size_columns(self) -> None:
        """The order's columns but the two that share the rest as wide as what they hold."""
        for column in range(self.order_model.columnCount()):
            if column not in (STATES, DECLARED):
                self.order_view.resizeColumnToContents(column)

    def _roster_view(self) -> QTreeView:
        view = QTreeView()
        view.setObjectName("roster")
        view.setModel(self.roster_model)
        view.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
        )
        view.header().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        setup_roster_view(view)  # counters, boxes and grouped units, as the ruleset says
        view.selectionModel().selectionChanged.connect(self._roster_selected)
        view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        view.customContextMenuRequested.connect(self._roster_menu)
        return view

    def _open_camps(self, reset: bool = True) -> None:
        """Every camp of « Camps » open after a reset, once the tab shows: laying out a
        thousand rows unseen took a quarter of opening a big encounter (benchmark P9). A
        camp the GM folded stays folded from one tab to the other."""
        if self.tabs.currentWidget() is not self.roster_view:
            self._camps_closed = self._camps_closed or reset
        elif reset or self._camps_closed:
            self._camps_closed = False
            self.roster_view.expandAll()

    def _roster_menu(self, at: QPoint) -> None:
        index = self.roster_view.indexAt(at)
        if index.isValid():
            menu = roster_menu(self.ctl, self.roster_model, index, self.prompts, self)
            if not menu.isEmpty():
                menu.exec(self.roster_view.viewport().mapToGlobal(at))

    def _lay_out(self) -> None:
        buttons = QGridLayout()
        for row, pair in enumerate(
            ((self.start_action, self.end_action), (self.previous_action, self.next_action))
        ):
            for column, action in enumerate(pair):
                buttons.addWidget(self._button(action), row, column)
        holder = QHBoxLayout()
        holder.addWidget(self.holder_swatch, 0, Qt.AlignmentFlag.AlignVCenter)
        holder.addWidget(self.whose_label, 1)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.order_view, tr("Ordre du tour"))
        self.tabs.addTab(self.roster_view, tr("Camps"))
        layout = QVBoxLayout(self)
        layout.addWidget(self.round_label)
        layout.addLayout(holder)
        layout.addWidget(self.detail_label)
        layout.addLayout(buttons)
        layout.addLayout(self.mode_buttons)
        layout.addWidget(self.pending)
        layout.addWidget(self.tabs, 1)
        self._lay_out_mode()

    def _button(self, action: QAction) -> QToolButton:
        button = QToolButton()
        button.setDefaultAction(action)
        button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.buttons[action] = button
        return button

    def _lay_out_mode(self) -> None:
        """The running mode's buttons, two per row, under the common ones; the actions of
        the other modes are hidden (and so are their shortcuts)."""
        while self.mode_buttons.count():
            button = self.mode_buttons.takeAt(0).widget()
            if isinstance(button, QToolButton):
                self.buttons.pop(button.defaultAction(), None)
                button.deleteLater()
        for other in self._sets.values():
            for action in other.actions:
                action.setVisible(other is self.mode_actions)
        own = self.mode_actions.actions
        for i, action in enumerate(own):
            span = 2 if i == len(own) - 1 and i % 2 == 0 else 1  # alone on its row: both
            self.mode_buttons.addWidget(self._button(action), i // 2, i % 2, 1, span)

    def refresh(self, _changes: object = None) -> None:
        actions = self._actions_for_mode()
        if actions is not self.mode_actions:
            self.mode_actions = actions
            self._lay_out_mode()
            self.order_model.reset()
        fighting = in_combat(self.ctl.enc)
        self.round_label.setText(actions.round_text() if fighting else tr("Combat non commencé"))
        colour, whose, details = actions.lines()
        startable = fighting or bool(self.ctl.enc.combatants)  # as _update_actions enables it
        if not startable:  # « Commencer le combat » is grey: never tell to press it (issue 33)
            whose = self.no_combatant_hint()
        self.whose_label.setText(whose)
        self.holder_swatch.setVisible(bool(colour))
        self.holder_swatch.setStyleSheet(
            f"background: {colour}; border: 1px solid palette(mid); border-radius: 2px;"
        )
        self.detail_label.setText(details)
        self.detail_label.setVisible(bool(details))
        self.start_action.setToolTip(actions.start_tip() if startable else whose)
        self.pending.refresh()
        self._fit_columns()
        self._size_columns()
        if self._reset_seen:
            self._reset_seen = False
            self._show_selection()
        self._update_actions()

    @staticmethod
    def no_combatant_hint() -> str:
        """What the turn line says while there is nobody to start a fight with."""
        return tr(
            "Aucun combattant : ajoutez-en (Édition › Ajouter des combattants…, Ctrl+Maj+A), "
            "puis « Commencer le combat »"
        )

    def _seen_reset(self) -> None:
        self._reset_seen = True

    def _update_actions(self) -> None:
        enc = self.ctl.enc
        fighting = in_combat(enc)
        self.start_action.setEnabled(not fighting and bool(enc.combatants))
        self.next_action.setEnabled(fighting)
        self.end_action.setEnabled(fighting)
        self.previous_action.setEnabled(fighting and self.ctl.mode().can_go_back(enc.turn))
        self.next_action.setText(self._next_text)
        self.next_action.setToolTip(self._next_tip)
        self.mode_actions.update()

    def selected_entry(self) -> TurnEntry | None:
        """The unit selected in the turn order (during the combat), if any."""
        rows = self.order_view.selectionModel().selectedRows()
        if not rows or not in_combat(self.ctl.enc):
            return None
        return self.order_model.entry(rows[0].row())

    def _order_selected(self) -> None:
        rows = self.order_view.selectionModel().selectedRows()
        members = self.order_model.entry(rows[0].row()).members if rows else []
        if members and self.ctl.selected not in members:
            self.ctl.select(members[0])
        self._update_actions()

    def _roster_selected(self) -> None:
        rows = self.roster_view.selectionModel().selectedRows()
        if rows and self.roster_model.is_combatant(rows[0]):
            self.ctl.select(rows[0].data(ID_ROLE))

    def _show_selection(self, _cid: object = None) -> None:
        cid = self.ctl.selected
        row = -1 if cid is None else self.order_model.row_of(cid)
        chosen = self.order_view.selectionModel().selectedRows()
        if chosen and cid in self.order_model.entry(chosen[0].row()).members:
            row = chosen[0].row()  # a unit with several rows (declared actions): keep this one
        self._select(self.order_view, self.order_model.index(row, NAME) if row >= 0 else None)
        self._select(self.roster_view, None if cid is None else self.roster_model.index_of(cid))
        self._update_actions()

    @staticmethod
    def _select(view: QAbstractItemView, index: QModelIndex | None) -> None:
        selection = view.selectionModel()
        if index is None or not index.isValid():
            selection.clearSelection()
            return
        flags = (
            QItemSelectionModel.SelectionFlag.ClearAndSelect
            | QItemSelectionModel.SelectionFlag.Rows
        )
        selection.setCurrentIndex(index, flags)
        view.scrollTo(index)

    # Steps ------------------------------------------------------------------------------

    def start(self) -> None:
        """« Commencer le combat », as the running mode starts it."""
        self.mode_actions.start()

    def next_step(self) -> None:
        """« Suivant », as the running mode goes on."""
        self.mode_actions.next_step()

    def open_initiative_dialog(self, first_side: bool = False) -> InitiativeDialog:
        """Ask for the initiatives (or, `first_side`, the side that takes the first
        initiative), window-modal; the combat starts when the dialog is accepted."""
        if self.initiative_dialog is not None:
            self.initiative_dialog.deleteLater()
        from gui.turns.initiative import InitiativeDialog  # at its first opening (P1b)

        dialog = InitiativeDialog(self.ctl, self, first_side)
        dialog.accepted.connect(
            lambda: self.run(self.ctl.start_combat, dialog.initiatives(), **dialog.mode_inputs())
        )
        self.initiative_dialog = dialog
        dialog.open()
        return dialog

    def end_combat(self) -> None:
        if self.prompts.confirm(
            tr("Fin du combat"),
            tr("Terminer le combat ? L’ordre du tour et le round seront effacés."),
            tr("Terminer le combat"),
        ):
            self.run(self.ctl.end_combat)

    def run(self, call: Callable, *args: object, **kwargs: object) -> bool:
        """Call the controller; a refusal is explained and nothing changes (False)."""
        try:
            call(*args, **kwargs)
        except BilingualError as exc:
            self._warn(exc)
            return False
        return True

    def _warn(self, exc: BilingualError) -> None:
        self.prompts.warn(tr("Action impossible"), message(exc))
