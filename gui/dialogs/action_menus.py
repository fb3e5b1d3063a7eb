"""The action entries of the map's and the turn order's menus: the reaction windows open on a
combatant, and the quick blow rolled and applied at once. The action dialog itself is imported
at the first one opened (gui/dialogs/action.py is most of the dialogs' code: not at start,
benchmark P1b)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QWidget

from gui.boot.i18n import pick, tr
from gui.control.controller import Controller
from gui.dialogs.offers import let_pass, offer_text, window_text
from gui.engine.timing.windows import Offer

if TYPE_CHECKING:
    from gui.dialogs.action import ActionDialog


def open_action_dialog(*args: Any, **kwargs: Any) -> ActionDialog:
    """gui.dialogs.action.open_action_dialog, its module imported at the first action."""
    from gui.dialogs.action import open_action_dialog as opening

    return opening(*args, **kwargs)


def window_actions(menu: QMenu, controller: Controller, cid: str, parent: QWidget) -> None:
    """The windows open on `cid` in a context menu: each offer opens the action dialog taken
    in the window; « Laisser passer » when it may."""
    enc, ruleset = controller.enc, controller.ruleset
    for window in (w for w in enc.windows if w.target == cid):
        menu.addSection(window_text(controller, window))
        for offer in ruleset.window_offers(enc, window):
            word = (
                tr("Suite : {action}") if offer.role == "follow_up" else tr("Réaction : {action}")
            )

            def open_offer(_checked: bool = False, o: Offer = offer) -> None:
                open_action_dialog(controller, o.actor, o.target, o.kind, parent, o.window)

            menu.addAction(word.format(action=offer_text(controller, offer))).triggered.connect(
                open_offer
            )
        if ruleset.window_passed(enc, window) is not None:
            menu.addAction(tr("Laisser passer")).triggered.connect(
                lambda _c=False, w=window.id: let_pass(controller, w)
            )


def add_quick_action(
    menu: QMenu,
    controller: Controller,
    actor: str | None,
    target: str | None,
    parent: QWidget | None,
) -> QAction | None:
    """In a token's menu of `actor`'s actions against `target` (add_actions), right after the
    first (the attack): the same, rolled and applied at once (issue 33, item 6: a blow in one
    click once the menu is open). The dialog opens with every number, the outcome and what
    comes next; the entry above still opens the action to type its dice or change options. None
    when the actor cannot act (the rules' own entries only) or the first needs no target."""
    if actor is None or target is None or actor == target:
        return None
    specs, why = controller.ruleset.offered_actions(controller.enc, actor, target)
    if why is not None or not specs or not specs[0].needs_target:
        return None
    kind, items = specs[0].kind, menu.actions()
    first = next((i for i, a in enumerate(items) if a.data() == kind and a.isEnabled()), None)
    if first is None:  # the menu does not offer it against this target
        return None
    quick = QAction(tr("{action} — lancer et appliquer").format(action=pick(specs[0].label)), menu)
    quick.setObjectName("quickAction")
    quick.setToolTip(tr("Ouvrir l’action avec les dés lancés par l’application, et l’appliquer"))
    quick.triggered.connect(
        lambda _checked=False: open_action_dialog(controller, actor, target, kind, parent).apply()
    )
    if first + 1 < len(items):
        menu.insertAction(items[first + 1], quick)
    else:
        menu.addAction(quick)
    return quick
