"""The budget of a readied action (D35-64): while a creature holds one (the state « pret » that
ready.py sets) and when it acts on it (« Agir maintenant »), what it does is that action: one
free, standard or move action, and a 5-ft step with it only if it has not otherwise moved this
round. Going past it is a warning the GM may pass over (G-3), as the round's budget (budget.py).

Readings:
- The metres the creature moved this round before readying are kept beside it (BEFORE, none:
  a 5-ft step is allowed with the readied action), for its turn's count starts again when it
  acts on it.
- Acting on it starts its turn (the ranked mode's act_now), where the metres moved count again
  from 0; while it holds it out of its turn, the metres moved since readying are its action's.
- A swift action is not one of the kinds that can be readied (D35-64); an immediate action
  keeps its own count (budget.py)."""

from __future__ import annotations

from gui.engine.contract.edits import Edits
from gui.engine.contract.moving import moved
from gui.engine.contract.values import Action
from gui.engine.core.words import Label, Notice
from gui.engine.rulesets.d20_35 import sheet
from gui.engine.state.model import Combatant, Encounter, Expiry, State
from gui.engine.turns import current_entry

READY = "pret"  # the data's state (D35-64)
TAKEN = "d35_budget.preparee"  # the readied action, taken
BEFORE = "d35_budget.avant_preparer"  # its value: the decimetres moved before readying
RULE = "D35-64"
WORDS = ("Action préparée faite", "Readied action taken")
STEP_M = 1.5  # the 5-ft step
_EPS = 1e-9


def held(c: Combatant) -> State | None:
    """The readied action `c` holds, or None."""
    return next((s for s in c.states if s.key == READY), None)


def holding(enc: Encounter, c: Combatant, action: Action | None = None) -> State | None:
    """The readied action, when what `c` does now is that action: in the fight, outside a
    reaction window (an attack of opportunity keeps its own count)."""
    if enc.turn.round < 1 or (action is not None and action.window is not None):
        return None
    return held(c)


def moved_before(c: Combatant) -> float:
    """The metres moved this round before readying."""
    return next(((s.value or 0) / 10 for s in c.states if s.key == BEFORE), 0.0)


def keep_before(edits: Edits, c: Combatant, expiry: Expiry) -> None:
    """Keep what `c` moved this round before readying, as long as its readied action."""
    decimetres = round(moved(c) * 10)
    if decimetres:
        label = before_label(decimetres).fr
        edits.add_state(c.id, State(key=BEFORE, label=label, value=decimetres, expiry=expiry))


def before_label(decimetres: int) -> Label:
    metres = decimetres / 10
    return Label(
        fr=f"Déplacé avant de préparer : {metres_fr(metres)}",
        en=f"Moved before readying: {metres:g} m",
    )


def metres(enc: Encounter, c: Combatant) -> float:
    """The metres moved as the readied action: since its turn began when it acts on it (the
    count starts again then), else since it readied."""
    acting = current_entry(enc.turn)
    if acting is not None and c.id in acting.members:
        return moved(c)
    return max(0.0, moved(c) - moved_before(c))


def _step_room(c: Combatant) -> float:
    """D35-64: a 5-ft step only if the creature has not otherwise moved this round."""
    return 0.0 if moved_before(c) > 0 else STEP_M


def taken(c: Combatant) -> bool:
    return any(s.key == TAKEN for s in c.states)


def _warn(fr: str, en: str) -> Notice:
    return Notice(RULE, fr, en, False)


def notices(enc: Encounter, c: Combatant, kind: str) -> list[Notice]:
    """Why an action of `kind` (budget.Kind) goes past the readied action (warnings)."""
    if kind in ("complexe", "rapide"):
        words = {"complexe": ("action complexe", "full-round action")}
        fr, en = words.get(kind, ("action rapide", "swift action"))
        return [
            _warn(
                f"{c.name} agit sur son action préparée : seule une action libre, simple ou de "
                f"mouvement peut l'être, pas une {fr}",
                f"{c.name} acts on its readied action: only a free, standard or move action "
                f"can be readied, not a {en}",
            )
        ]
    if taken(c):
        return [
            _warn(
                f"{c.name} a déjà fait son action préparée",
                f"{c.name} has already taken its readied action",
            )
        ]
    gone = metres(enc, c)
    if gone > _step_room(c) + _EPS:
        return [
            _warn(
                f"L'action préparée de {c.name} était son déplacement de {metres_fr(gone)}",
                f"{c.name}'s readied action was its move of {gone:g} m",
            )
        ]
    return []


def room(c: Combatant) -> float:
    """The metres the readied action still allows in all: its move action (the speed), or
    after another action a 5-ft step if the creature has not otherwise moved this round."""
    step = _step_room(c)
    return step if taken(c) else max(sheet.speed(c), step)


def move_notices(enc: Encounter, c: Combatant, more: float) -> list[Notice]:
    """A move past what the readied action allows."""
    total = metres(enc, c) + more
    if total <= room(c) + _EPS:
        return []
    before = moved_before(c)
    if taken(c) and before > 0:
        return [
            _warn(
                f"Pas de pas de placement avec l'action préparée : {c.name} s'est déjà déplacé "
                f"de {metres_fr(before)} ce round",
                f"No 5-ft step with the readied action: {c.name} already moved {before:g} m "
                "this round",
            )
        ]
    if taken(c):
        return [
            _warn(
                "Après l'action préparée, un pas de placement de 1,5 m au plus "
                f"(ici {metres_fr(total)})",
                f"After the readied action, a 5-ft step (1.5 m) at most (here {total:g} m)",
            )
        ]
    speed = sheet.speed(c)
    return [
        _warn(
            f"Déplacement de {metres_fr(total)} pour l'action préparée, plus que les "
            f"{metres_fr(speed)} d'une action de mouvement",
            f"A move of {total:g} m as the readied action, more than the {speed:g} m of a "
            "move action",
        )
    ]


def spend(edits: Edits, c: Combatant) -> None:
    """The readied action is taken; it ends with the readied state, at the end of the turn
    the creature acts in (or of its next one while it holds it out of its turn)."""
    fr, _en = WORDS
    edits.add_state(c.id, State(key=TAKEN, label=fr, expiry=Expiry(at="turn_end")))


def metres_fr(metres: float) -> str:
    """« 1,5 m »."""
    return f"{metres:g} m".replace(".", ",")
