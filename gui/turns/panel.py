"""The combat dock: round counter, turn order and roster, and the actions that run the turns."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QItemSelectionModel, QModelIndex, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QSizePolicy,
    QStyle,
    QTableView,
    QTabWidget,
    QToolButton,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from ..control.controller import Controller
from ..dialogs.initiative import InitiativeDialog
from ..engine.model import TurnEntry
from ..engine.problems import BilingualError
from ..engine.turns import (
    AlternatingSides,
    DeclareThenAct,
    RankedInitiative,
    TurnPolicy,
    current_entry,
)
from ..i18n import message, tr
from ..models import ID_ROLE, in_combat, round_text, unit_name
from ..models.roster import RosterModel
from ..models.roster_delegate import setup_roster_view
from ..models.turn_order import (
    ACTIONS,
    DECLARED,
    INIT,
    NAME,
    SIDE,
    STATES,
    TurnOrderModel,
    unit_label,
)
from ..window.prompts import Prompts
from .cards import CardActions
from .declare import DeclareActions
from .passes import PassesActions


class TurnPanel(QWidget):
    """Who acts and in which order; Commencer, Précédent, Suivant, Retarder, Fin du combat.

    The QActions (`start_action`, `previous_action`, `next_action`, `delay_action`,
    `act_now_action`, `end_action`, for alternating sides `act_action`, `pass_action`,
    `give_action`, `grant_action`, for declarations `declare_action`, and for the card
    initiative `wait_action`) enable themselves by the state of the combat and are meant for
    the main window's Combat menu and toolbar as well. Each policy shows only the buttons it
    uses: Retarder and Agir maintenant for ranked initiative and declarations, Déclarer… for
    declarations (where Suivant turns into « Lancer l’initiative » after the last one),
    Faire agir, Passer, Donner l’initiative and Action de plus for alternating sides, and
    Attendre… for cards (AD-CARTES: Commencer and each new round ask for the cards, and
    Suivant reads « Tirer les cartes » while a round waits for them).
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
        self.detail_label = QLabel()  # alternating sides: who acts, who can still act
        self.detail_label.setWordWrap(True)
        self.detail_label.hide()
        self.order_model = TurnOrderModel(controller, self)
        self.roster_model = RosterModel(controller, self)
        self.order_view = self._order_view()
        self.roster_view = self._roster_view()
        self.start_action = self._action(
            tr("Commencer le combat"),
            tr("Lancer l’initiative et commencer le round 1 (F5)"),
            "F5",
            QStyle.StandardPixmap.SP_MediaPlay,
            self.start,
        )
        self.previous_action = self._action(
            tr("Précédent"),
            tr("Revenir au tour précédent (P)"),
            "P",
            QStyle.StandardPixmap.SP_MediaSeekBackward,
            lambda: self._run(controller.previous_turn),
        )
        self.next_action = self._action(
            tr("Suivant"),
            tr("Passer à l’unité suivante (N, ou Espace sur la carte)"),
            "N",
            QStyle.StandardPixmap.SP_MediaSeekForward,
            self.next_step,
        )
        self.delay_action = self._action(
            tr("Retarder"),
            tr("L’unité dont c’est le tour attend ; elle agira plus tard (R)"),
            "R",
            QStyle.StandardPixmap.SP_MediaPause,
            self.delay,
        )
        self.act_now_action = self._action(
            tr("Agir maintenant"),
            tr("L’unité sélectionnée, qui attendait, agit maintenant (Maj+R)"),
            "Shift+R",
            QStyle.StandardPixmap.SP_ArrowRight,
            self.act_now,
        )
        self.end_action = self._action(
            tr("Fin du combat"),
            tr("Terminer le combat et effacer l’ordre du tour (Maj+F5)"),
            "Shift+F5",
            QStyle.StandardPixmap.SP_MediaStop,
            self.end_combat,
        )
        self.passes = PassesActions(self)
        self.act_action, self.pass_action = self.passes.act, self.passes.pass_
        self.give_action, self.grant_action = self.passes.give, self.passes.grant
        self.declares = DeclareActions(self)
        self.declare_action = self.declares.declare
        self.cards = CardActions(self)
        self.wait_action = self.cards.wait
        self._start_tip = self.start_action.toolTip()
        self.buttons: dict[QAction, QToolButton] = {}
        self._lay_out()
        for model in (self.order_model, self.roster_model):
            model.refused.connect(self._warn)
        self.order_model.modelReset.connect(self._show_selection)
        self.roster_model.modelReset.connect(self.roster_view.expandAll)
        self.roster_model.modelReset.connect(self._show_selection)
        controller.changed.connect(self.refresh)
        controller.replaced.connect(self.refresh)
        controller.selection_changed.connect(self._show_selection)
        self.roster_view.expandAll()
        self.refresh()

    def _action(self, text: str, tip: str, keys: str, icon: QStyle.StandardPixmap, slot) -> QAction:
        """A QAction of the panel; `keys` lists its shortcuts as "N; Ctrl+N".

        Space is not one: on the map it is Suivant (MapView.space_tapped), elsewhere it
        must keep pressing buttons and ticking boxes."""
        action = QAction(self.style().standardIcon(icon), text, self)
        action.setShortcuts(QKeySequence.listFromString(keys))
        action.setToolTip(tip)
        action.triggered.connect(lambda _checked=False: slot())
        self.addAction(action)
        return action

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
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # Names in full; sides, states and declared actions share what is left.
        for column in (SIDE, STATES, DECLARED):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        header.moveSection(header.visualIndex(DECLARED), header.visualIndex(STATES))
        view.selectionModel().selectionChanged.connect(self._order_selected)
        view.viewport().installEventFilter(self)  # its width decides which columns fit
        return view

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # Qt override
        if event.type() == QEvent.Type.Resize and watched is self.order_view.viewport():
            self._fit_columns()
        return super().eventFilter(watched, event)

    def _fit_columns(self) -> None:
        """Declarations: the actions need the room; states show when the dock is wide
        enough (they stay in each row's tooltip and in the « Camps » tab)."""
        view = self.order_view
        wide = view.viewport().width() >= view.fontMetrics().averageCharWidth() * 62
        view.setColumnHidden(STATES, self.ctl.enc.turn.policy == "declare" and not wide)

    def _roster_view(self) -> QTreeView:
        view = QTreeView()
        view.setObjectName("roster")
        view.setModel(self.roster_model)
        view.setEditTriggers(
            QAbstractItemView.EditTrigger.DoubleClicked
            | QAbstractItemView.EditTrigger.EditKeyPressed
        )
        view.header().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        setup_roster_view(view)  # counters for Réserves, boxes for Menace, grouped minors
        view.selectionModel().selectionChanged.connect(self._roster_selected)
        return view

    def _lay_out(self) -> None:
        buttons = QGridLayout()
        pairs = (
            (self.start_action, self.end_action),
            (self.previous_action, self.next_action),
            (self.declare_action,),
            (self.wait_action,),
            (self.delay_action, self.act_now_action),
            (self.act_action, self.pass_action),
            (self.give_action, self.grant_action),
        )
        for row, pair in enumerate(pairs):
            for column, action in enumerate(pair):
                button = QToolButton()
                button.setDefaultAction(action)
                button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
                button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
                buttons.addWidget(button, row, column, 1, 3 - len(pair))  # alone: both columns
                self.buttons[action] = button
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
        layout.addWidget(self.tabs, 1)

    def refresh(self, _changes: object = None) -> None:
        enc = self.ctl.enc
        turn, fighting = enc.turn, in_combat(enc)
        policy = self._policy()
        alternating = isinstance(policy, AlternatingSides)
        declares = isinstance(policy, DeclareThenAct)
        if not fighting:
            self.round_label.setText(tr("Combat non commencé"))
        elif turn.policy == "declare":
            self.round_label.setText(self.declares.round_text())
        else:
            self.round_label.setText(round_text(enc))
        self._show_whose_turn(fighting and turn.policy == "alternating")
        self.order_view.setColumnHidden(INIT, turn.policy == "alternating")
        self.order_view.setColumnHidden(ACTIONS, turn.policy != "alternating")
        self.order_view.setColumnHidden(DECLARED, turn.policy != "declare")
        self.order_view.setColumnHidden(SIDE, turn.policy == "declare")  # room for the actions
        self._fit_columns()
        cards = self.cards.on()
        for action in (self.delay_action, self.act_now_action):
            self._show_action(action, not alternating and not cards)  # cards: Attendre
        self._show_action(self.wait_action, cards)
        for action in self.passes.all:
            self._show_action(action, alternating)
        for action in self.declares.all:
            self._show_action(action, declares)
        if declares:
            self.start_action.setToolTip(
                tr("Commencer le tour 1 par les déclarations, sans jet (F5)")
            )
        elif cards:
            self.start_action.setToolTip(tr("Tirer les cartes d’initiative du round 1 (F5)"))
        else:
            self.start_action.setToolTip(self._start_tip)
        self._update_actions()

    def _show_action(self, action: QAction, shown: bool) -> None:
        action.setVisible(shown)
        self.buttons[action].setVisible(shown)

    def _show_whose_turn(self, passes: bool) -> None:
        colour, holder, details = self.passes.lines() if passes else ("", "", "")
        if self.ctl.enc.turn.policy == "declare":
            holder, details = self.declares.lines()
        holder = holder or self.cards.whose_turn()
        self.whose_label.setText(holder or self._whose_turn())
        self.holder_swatch.setVisible(bool(colour))
        self.holder_swatch.setStyleSheet(
            f"background: {colour}; border: 1px solid palette(mid); border-radius: 2px;"
        )
        self.detail_label.setText(details)
        self.detail_label.setVisible(bool(details))

    def _whose_turn(self) -> str:
        enc = self.ctl.enc
        acting = current_entry(enc.turn)
        if acting is not None:
            names = unit_label(enc, acting)
            card = self.ctl.ruleset.initiative_text(enc, acting)
            if card:  # AD-CARTES: the card it holds
                return tr("Au tour de : {names} ({card})").format(names=names, card=card)
            return tr("Au tour de : {names}").format(names=names)
        if enc.turn.holder is not None:
            return tr("Initiative : {side}").format(side=enc.side(enc.turn.holder).name)
        if in_combat(enc):
            return tr("Personne n’agit : « Agir maintenant » ou « Suivant »")
        return tr("« Commencer le combat » pour lancer l’initiative")

    def _update_actions(self) -> None:
        enc = self.ctl.enc
        turn, fighting = enc.turn, in_combat(enc)
        ranked = fighting and isinstance(self._policy(), RankedInitiative)
        waiting = self.selected_entry()
        self.start_action.setEnabled(not fighting and bool(enc.combatants))
        self.next_action.setEnabled(fighting)
        self.end_action.setEnabled(fighting)
        self.previous_action.setEnabled(fighting and bool(turn.history))
        self.delay_action.setEnabled(
            (ranked and current_entry(turn) is not None) or self.declares.can_delay()
        )
        self.act_now_action.setEnabled(
            (ranked and waiting is not None and (waiting.delayed or bool(waiting.ready)))
            or self.declares.can_act_now()
        )
        self.passes.update()
        self.declares.update()
        self.cards.update()

    def _policy(self) -> TurnPolicy:
        return self.ctl.ruleset.turn_policy(self.ctl.enc)

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

    def start(self) -> None:
        """« Commencer le combat »: declarations need no roll (the initiative comes after
        them); cards (AD-CARTES) ask for the round's cards; the other policies ask for
        initiatives or the first side."""
        if isinstance(self._policy(), DeclareThenAct):
            self._run(self.ctl.start_combat)
        elif self.cards.on():
            self.cards.open_deal()
        else:
            self.open_initiative_dialog()

    def next_step(self) -> None:
        """Suivant (or, after the last declaration, « Lancer l’initiative »; with cards, at a
        new round, « Tirer les cartes »)."""
        if self.declares.active():
            self.declares.next_step()
        elif self.cards.active():
            self.cards.next_step()
        else:
            self._run(self.ctl.next_turn)

    def open_initiative_dialog(self) -> InitiativeDialog:
        """« Commencer le combat »: ask for initiatives (or the first side), window-modal;
        the combat starts when the dialog is accepted."""
        if self.initiative_dialog is not None:
            self.initiative_dialog.deleteLater()
        dialog = InitiativeDialog(self.ctl, self)
        dialog.accepted.connect(
            lambda: self._run(self.ctl.start_combat, dialog.initiatives(), dialog.first_side())
        )
        self.initiative_dialog = dialog
        dialog.open()
        return dialog

    def delay(self) -> None:
        if self.declares.active():
            self.declares.delay()
            return
        acting = current_entry(self.ctl.enc.turn)
        if acting is not None:
            label = tr("Retarder {name}").format(name=unit_name(self.ctl.enc, acting))
            self._turn_step(label, lambda policy, turn: policy.delay(turn, acting.unit))

    def act_now(self) -> None:
        if self.declares.active():
            self.declares.act_now()
            return
        waiting = self.selected_entry()
        if waiting is not None:
            label = tr("{name} agit maintenant").format(name=unit_name(self.ctl.enc, waiting))
            self._turn_step(label, lambda policy, turn: policy.act_now(turn, waiting.unit))

    def end_combat(self) -> None:
        if self.prompts.confirm(
            tr("Fin du combat"),
            tr("Terminer le combat ? L’ordre du tour et le round seront effacés."),
            tr("Terminer le combat"),
        ):
            self._run(self.ctl.end_combat)

    def _turn_step(self, label: str, step: Callable) -> None:
        policy = self._policy()
        self._run(lambda: self.ctl.turn_step(label, step(policy, self.ctl.enc.turn)))

    def _run(self, call: Callable, *args: object) -> bool:
        """Call the controller; a refusal is explained and nothing changes (False)."""
        try:
            call(*args)
        except BilingualError as exc:
            self._warn(exc)
            return False
        return True

    def _warn(self, exc: BilingualError) -> None:
        self.prompts.warn(tr("Action impossible"), message(exc))
