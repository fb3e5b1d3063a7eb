"""Quick − and + on a combatant's current values (hit points, Santé, Réserve…) from its token
and its row in the turn order, without opening the sheet."""

from __future__ import annotations

from PySide6.QtWidgets import QMenu

from gui.boot.i18n import message, pick, tr
from gui.control.controller import Controller
from gui.engine.core.problems import BilingualError
from gui.engine.state.schema import FieldSpec


def quick_fields(controller: Controller, cid: str) -> list[FieldSpec]:
    """The whole-number fields a GM changes in play: those bounded by a maximum (current
    hit points) and those the roster draws as counters."""
    c = controller.enc.combatant(cid)
    return [
        spec
        for spec in controller.ruleset.data.fields_for(c.tier)
        if spec.kind == "int" and (spec.at_most or spec.roster == "counter")
    ]


def quick_step_actions(menu: QMenu, controller: Controller, cid: str) -> None:
    """« Points de vie −1 (24) » and « +1 » for each of `quick_fields`; each click is an edit
    of the sheet (successive ones one undo entry), a refusal said in the status bar."""
    c = controller.enc.combatant(cid)
    for spec in quick_fields(controller, cid):
        value = c.stats.get(spec.key, spec.default)
        if isinstance(value, bool) or not isinstance(value, int):
            continue
        top = c.stats.get(spec.at_most) if spec.at_most else spec.maximum
        for step in (-1, 1):
            action = menu.addAction(
                tr("{field} {step:+d} ({value} → {new})").format(
                    field=pick(spec.label), step=step, value=value, new=value + step
                ),
                lambda key=spec.key, new=value + step: _step(controller, cid, key, new),
            )
            low, new = spec.minimum, value + step  # a step the sheet would refuse is greyed
            out = (low is not None and new < low) or (isinstance(top, int | float) and new > top)
            action.setEnabled(not out)


def _step(controller: Controller, cid: str, key: str, value: int) -> None:
    try:
        controller.edit_stat(cid, key, value)
    except BilingualError as exc:
        controller.message.emit(message(exc))
