"""The context menu of the roster (Camps tab): a side is the players' own or not (the players'
view shows its numbers), a combatant is hidden from them or not, and its conditions and the
library as in the turn order's menu."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QModelIndex
from PySide6.QtWidgets import QMenu, QWidget

from gui.boot.i18n import message, tr
from gui.control.controller import Controller, Refused
from gui.dialogs.condition_menu import condition_actions
from gui.library.keep import keep_actions
from gui.models.roster import SIDE, RosterModel
from gui.widgets.prompts import Prompts
from gui.widgets.toggle_action import toggle_action


def roster_menu(
    ctl: Controller, model: RosterModel, index: QModelIndex, prompts: Prompts, parent: QWidget
) -> QMenu:
    menu = QMenu(parent)

    def told(set_to: Callable[[bool], None]) -> Callable[[bool], None]:
        """`set_to`, a refusal told to the GM."""

        def attempt(on: bool) -> None:
            try:
                set_to(on)
            except Refused as exc:
                prompts.warn(tr("Impossible"), message(exc))

        return attempt

    if model.kind(index) == SIDE:
        side = model.side(index)
        players = told(lambda on: ctl.set_players_side(side.id, on))
        toggle_action(menu, tr("Camp des joueurs"), side.players, players)
    elif model.is_combatant(index):
        c = model.combatant(index)
        hide = told(lambda on: ctl.hide_combatant(c.id, on))
        toggle_action(menu, tr("Caché aux joueurs"), c.hidden, hide)
        menu.addSeparator()
        condition_actions(menu, ctl, c.id, parent)
        keep_actions(menu, ctl, c.id, prompts)
    return menu
