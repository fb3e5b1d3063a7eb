"""The menu of an actor's actions against a target (token right-click, toolbar button)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QMenu, QWidget

from gui.boot.i18n import pick, tr
from gui.control.controller import Controller
from gui.dialogs.action_menus import open_action_dialog
from gui.dialogs.breakdown import rule_text
from gui.engine.contract.aims import refusal
from gui.engine.contract.values import ActionSpec
from gui.engine.core.words import Label

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
    to pass over the rule, and the log keeps it); so does an action that needs a target and
    may not aim at this one (aims.py, issue 34: an attack on one out of the fight, on
    oneself). One out of the fight reads « (hors de combat) » in the heading."""
    if actor is None or actor == target:
        hint = menu.addAction(tr("Choisissez d'abord l'acteur (sélection)"))
        hint.setEnabled(False)
        return
    enc, ruleset = controller.enc, controller.ruleset
    heading = _name(controller, actor)
    if target is not None:
        heading = f"{heading} → {_name(controller, target)}"
    menu.addSection(heading)
    specs, why = ruleset.offered_actions(enc, actor, target)
    specs = [s for s in specs if not _refused(controller, actor, target, s)]
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
    offered = {s.kind for s in specs}
    rest = [s for s in ruleset.actions(enc, actor, target) if s.kind not in offered]
    if not rest:
        return
    forced = menu.addMenu(tr("Forcer une action (MJ)"))
    forced.setObjectName("forceAction")
    forced.setToolTipsVisible(True)
    for spec in rest:
        item = forced.addAction(pick(spec.label))
        item.setToolTip(tr("Décision du MJ (G-3), notée au journal"))
        item.setData(spec.kind)
        item.triggered.connect(
            lambda _checked=False, kind=spec.kind: opener(
                controller, actor, target, kind, parent, forcing=True
            )
        )


def _name(controller: Controller, cid: str) -> str:
    """« Brigand 1 (hors de combat) » once out of the fight, else its name."""
    c = controller.enc.combatant(cid)
    if controller.ruleset.is_out(controller.enc, c):
        return tr("{name} (hors de combat)").format(name=c.name)
    return c.name


def _refused(controller: Controller, actor: str, target: str | None, spec: ActionSpec) -> bool:
    """Whether `spec` needs a target and may not aim at `target` (aims.refusal)."""
    if target is None or not spec.needs_target:
        return False
    enc = controller.enc
    why = refusal(controller.ruleset, enc, enc.combatant(actor), spec, enc.combatant(target))
    return why is not None
