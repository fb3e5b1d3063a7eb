"""The menu of an actor's actions against a target (token right-click, toolbar button)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QMenu, QWidget

from ..control.controller import Controller
from ..dialogs.action import open_action_dialog
from ..dialogs.breakdown import rule_text
from ..engine.rulesets.schema import Label
from ..i18n import pick, tr

# (controller, actor, target, kind, parent), and forcing=True for « Forcer une action (MJ) ».
Opener = Callable[..., object]


def action_menu(
    controller: Controller,
    actor: str | None,
    target: str | None,
    parent: QWidget | None = None,
    opener: Opener = open_action_dialog,
) -> QMenu:
    """A menu of the actions of `actor` against `target` (`add_actions`)."""
    menu = QMenu(parent)
    menu.setToolTipsVisible(True)
    add_actions(menu, controller, actor, target, parent, opener)
    return menu


def add_actions(
    menu: QMenu,
    controller: Controller,
    actor: str | None,
    target: str | None,
    parent: QWidget | None = None,
    opener: Opener = open_action_dialog,
) -> None:
    """The actions of `actor` (`Controller.default_actor`: the selection, else whose turn it
    is) against `target`, under a heading « Acteur → Cible »; choosing one calls
    `opener(controller, actor, target, kind, parent)`. Without an actor, or when the actor
    is the target, only a line that says to select the actor first. An actor that cannot act
    (Ruleset.cannot_act: dying, unconscious…) is offered only what it takes all the same, under
    a line that says why, and « Forcer une action (MJ) » lists the rest (G-3: the dialog asks
    to pass over the rule, and the log keeps it)."""
    if actor is None or actor == target:
        hint = menu.addAction(tr("Choisissez d'abord l'acteur (sélection)"))
        hint.setEnabled(False)
        return
    enc, ruleset = controller.enc, controller.ruleset
    heading = enc.combatant(actor).name
    if target is not None:
        heading = f"{heading} → {enc.combatant(target).name}"
    menu.addSection(heading)
    specs, why = ruleset.offered_actions(enc, actor, target)
    if why is not None:
        line = menu.addAction(pick(Label(fr=why.fr, en=why.en)))
        line.setObjectName("unable")
        line.setToolTip(rule_text(ruleset, why.rule))
        line.setEnabled(False)
    for spec in specs:
        item = menu.addAction(pick(spec.label))
        item.setToolTip(rule_text(ruleset, spec.rule))
        item.setData(spec.kind)
        item.triggered.connect(
            lambda _checked=False, kind=spec.kind: opener(controller, actor, target, kind, parent)
        )
    if why is None:
        return
    forced = menu.addMenu(tr("Forcer une action (MJ)"))
    forced.setObjectName("forceAction")
    forced.setToolTipsVisible(True)
    offered = {s.kind for s in specs}
    for spec in ruleset.actions(enc, actor, target):
        if spec.kind in offered:
            continue
        item = forced.addAction(pick(spec.label))
        item.setToolTip(tr("Décision du MJ (G-3), notée au journal"))
        item.setData(spec.kind)
        item.triggered.connect(
            lambda _checked=False, kind=spec.kind: opener(
                controller, actor, target, kind, parent, forcing=True
            )
        )
