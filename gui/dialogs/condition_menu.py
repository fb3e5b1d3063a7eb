"""A combatant's conditions in its context menus (map, order, roster): « Ajouter un état… »
and one « Retirer » for each state it has. The dialog itself is imported at its first opening
(P1b)."""

from __future__ import annotations

from PySide6.QtWidgets import QMenu, QWidget

from gui.boot.i18n import message, pick, tr
from gui.control.controller import Controller
from gui.engine.core.problems import BilingualError


def _open(controller: Controller, cid: str, parent: QWidget) -> None:
    from gui.dialogs.add_state import open_add_state  # at its first opening (P1b)

    open_add_state(controller, cid, parent)


def condition_actions(menu: QMenu, controller: Controller, cid: str, parent: QWidget) -> None:
    """A combatant's conditions in a context menu: « Ajouter un état… », and one « Retirer »
    for each state it has."""
    c = controller.enc.combatant(cid)
    names = c.name
    menu.addAction(
        tr("Ajouter un état à {name}…").format(name=names),
        lambda: _open(controller, cid, parent),
    )
    for index, state in enumerate(c.states):
        menu.addAction(
            tr("Retirer « {state} » ({name})").format(
                state=pick(controller.ruleset.state_label(state)), name=names
            ),
            lambda i=index: _remove(controller, cid, i),
        )


def _remove(controller: Controller, cid: str, index: int) -> None:
    try:
        controller.remove_condition(cid, index)
    except BilingualError as exc:
        controller.message.emit(message(exc))
