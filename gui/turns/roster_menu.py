"""The context menu of the roster (Camps tab): a side is the players' own or not (the players'
view shows its numbers), a combatant is hidden from them or not, and its conditions and the
library as in the turn order's menu."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QModelIndex
from PySide6.QtWidgets import QMenu, QWidget

from ..control.controller import Controller, Refused
from ..dialogs.add_state import condition_actions
from ..i18n import message, tr
from ..library.keep import keep_actions
from ..models.roster import RosterModel
from ..window.prompts import Prompts


def roster_menu(
    ctl: Controller, model: RosterModel, index: QModelIndex, prompts: Prompts, parent: QWidget
) -> QMenu:
    menu = QMenu(parent)
    if model.kind(index) == "side":
        side = model.side(index)
        _toggle(
            menu,
            tr("Camp des joueurs"),
            side.players,
            lambda on: ctl.set_players_side(side.id, on),
            prompts,
        )
    elif model.is_combatant(index):
        c = model.combatant(index)
        _toggle(
            menu,
            tr("Caché aux joueurs"),
            c.hidden,
            lambda on: ctl.hide_combatant(c.id, on),
            prompts,
        )
        menu.addSeparator()
        condition_actions(menu, ctl, c.id, parent)
        keep_actions(menu, ctl, c.id, prompts)
    return menu


def _toggle(
    menu: QMenu, text: str, on: bool, set_to: Callable[[bool], None], prompts: Prompts
) -> None:
    action = menu.addAction(text)
    action.setCheckable(True)
    action.setChecked(on)

    def toggled(value: bool) -> None:
        try:
            set_to(value)
        except Refused as exc:
            prompts.warn(tr("Impossible"), message(exc))

    action.toggled.connect(toggled)
