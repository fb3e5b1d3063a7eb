"""The last outcome as the players hear it: the action's name and whether it succeeded, the dice
when they are the players' own or the GM shows theirs — never the GM's numbers (the terms, the
target's defence, the damage taken), never anything hidden (it is read again after each
change: hiding someone withdraws the line that named them)."""

from __future__ import annotations

from gui.boot.i18n import either, tr
from gui.engine.contract.values import Resolution
from gui.engine.edits import visibility
from gui.engine.play.players_copy import Secrets
from gui.engine.state.model import Encounter


def public_outcome(
    seen: Encounter, known: Secrets, resolution: Resolution, gm_dice: bool
) -> str | None:
    """The line to show of the players' copy `seen`, or None when it would tell of something
    hidden (`known`): a combatant not in the copy, a hidden name in its words."""
    people = [p for p in (resolution.action.actor, resolution.action.target) if p is not None]
    present = {c.id: c for c in seen.combatants}
    log = resolution.log
    if any(p not in present for p in people) or known.mentioned((log.action, log.action_en)):
        return None
    text = either(log.action, log.action_en or log.action)
    if resolution.success is not None:
        text += " — " + (tr("Réussi !") if resolution.success else tr("Raté"))
    actor = present.get(resolution.action.actor or "")
    own = actor is not None and visibility.players_own(seen, actor)
    faces = resolution.dice.faces
    if faces and (own or gm_dice):
        text += "\n" + tr("Dés : {faces}").format(faces=" ".join(str(f) for f in faces))
    return text
