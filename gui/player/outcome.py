"""The last outcome as the players hear it: the action's name and whether it succeeded, the dice
when they are the players' own or the GM shows theirs — never the GM's numbers (the terms, the
target's defence, the damage taken), never a hidden combatant."""

from __future__ import annotations

from ..engine import visibility
from ..engine.model import Encounter
from ..engine.rulesets.base import Resolution
from ..i18n import either, tr


def public_outcome(enc: Encounter, resolution: Resolution, gm_dice: bool) -> str | None:
    """The line to show, or None when it would name someone the players do not see."""
    people = [p for p in (resolution.action.actor, resolution.action.target) if p is not None]
    present = {c.id: c for c in enc.combatants}
    if any(p not in present or visibility.unseen(enc, present[p]) for p in people):
        return None
    log = resolution.log
    text = either(log.action, log.action_en or log.action)
    if resolution.success is not None:
        text += " — " + (tr("Réussi !") if resolution.success else tr("Raté"))
    actor = present.get(resolution.action.actor or "")
    own = actor is not None and visibility.players_own(enc, actor)
    faces = resolution.dice.faces
    if faces and (own or gm_dice):
        text += "\n" + tr("Dés : {faces}").format(faces=" ".join(str(f) for f in faces))
    return text
