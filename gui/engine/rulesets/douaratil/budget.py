"""What a creature's turn allows (DOU-05 to DOU-08): one action, one bonus action when a
feature grants it, one free object interaction, one reaction until the start of its next
turn, and its movement in metres split around them (DOU-05, DOU-09, DOU-27). What is spent is
kept as states that end at the start of the creature's next turn (durations.py), so undo,
save and the sheet see them; spending past the budget is a warning the GM may pass (G-3)."""

from __future__ import annotations

from typing import Literal

from msgspec import Struct

from gui.engine.contract.edits import Edits

# What the turn moved, kept with the budget (DOU-05, A-DOU-32: 0,1 m steps).
from gui.engine.contract.moving import MOVED as MOVED
from gui.engine.contract.moving import move as move
from gui.engine.contract.moving import moved as moved
from gui.engine.contract.moving import moved_label as moved_label
from gui.engine.core.words import Label, Notice, Term
from gui.engine.rulesets.douaratil import sheet
from gui.engine.state.model import Combatant, Expiry, State

Spend = Literal["action", "bonus", "objet", "reaction"]
PREFIX = "budget."
DASH = "precipite"  # DOU-27: the Dash action's state, extra movement = the speed
ATTACKS = PREFIX + "attaques"  # a state: the attacks of the Attack action this turn (DOU-21)
_WORDS: dict[Spend, tuple[str, str, str]] = {
    "action": ("Action utilisée", "Action used", "DOU-05"),
    "bonus": ("Action bonus utilisée", "Bonus action used", "DOU-06"),
    "objet": ("Interaction avec un objet utilisée", "Object interaction used", "DOU-07"),
    "reaction": ("Réaction utilisée", "Reaction used", "DOU-08"),
}


def spent(c: Combatant, what: Spend) -> bool:
    return sheet.has_state(c, PREFIX + what)


def notices(c: Combatant, what: Spend | None) -> list[Notice]:
    """Why `c` cannot spend `what` now (blocking: the GM may pass over it, G-3); `what` is
    an action's cost (kind.py), None when it spends nothing."""
    if what is None:
        return []
    fr, en, rule = _WORDS[what]
    out = []
    if spent(c, what):
        out.append(Notice(rule, f"{fr} ce tour", f"{en} this turn", True))
    if what in ("action", "bonus", "reaction") and sheet.has_state(c, "surpris"):
        out.append(
            Notice(
                "DOU-02",
                "Surpris : ni action ni réaction",
                "Surprised: no action nor reaction",
                True,
            )
        )
    return out


def spend(edits: Edits, c: Combatant, what: Spend | None, terms: list[Term]) -> None:
    """Mark `what` (an action's cost, kind.py) spent until the start of `c`'s next turn;
    None spends nothing."""
    if what is None:
        return
    fr, en, rule = _WORDS[what]
    edits.add_state(c.id, State(key=PREFIX + what, label=fr, expiry=Expiry(at="turn_start")))
    terms.append(Term(fr.lower(), "", rule, en.lower()))


def attacks_made(c: Combatant) -> int:
    """The attacks of this turn's Attack action so far (DOU-21): Attaquer's, and the grapples
    and shoves that replace one (DOU-53, DOU-56)."""
    return next((s.value or 0 for s in c.states if s.key == ATTACKS), 0)


def count_attack(edits: Edits, c: Combatant) -> None:
    """One more attack of the Attack action this turn (the first spends the action: its cost,
    attack.py, contests.py)."""
    made = attacks_made(c)
    edits.add_state(
        c.id,
        State(
            key=ATTACKS,
            label=f"Attaques ce tour : {made + 1}",
            value=made + 1,
            expiry=Expiry(at="turn_start"),
        ),
    )


class Mode(Struct, frozen=True):
    """A way of moving other than walking (DOU-09): the state that says the creature moves so,
    the sheet's speed for it, and its name in each language."""

    state: str
    speed: str
    fr: str
    en: str


FLY = Mode("en_vol", "vitesse_vol", "vol", "flying")
CLIMB = Mode("escalade", "vitesse_escalade", "escalade", "climbing")
SWIM = Mode("nage", "vitesse_nage", "nage", "swimming")
UNDERWATER = "immerge"  # fully underwater (DOU-70 to DOU-72): it swims


def mode(c: Combatant) -> Mode | None:
    """How the creature moves now, by its states (flying first, then climbing, then
    swimming — under water too); None: it walks."""
    for found in (FLY, CLIMB, SWIM):
        if sheet.has_state(c, found.state):
            return found
    return SWIM if sheet.has_state(c, UNDERWATER) else None


def allowance(c: Combatant) -> float:
    """Metres this turn allows: the speed of the way it moves now — flying, climbing or
    swimming at that speed, else at its walking speed (DOU-09: what is left is then the new
    speed less what it moved; without the speed each metre may cost 2, movement.py) — twice
    with Dash (DOU-27), none when surprised on its first turn (DOU-02)."""
    if sheet.has_state(c, "surpris"):
        return 0.0
    base = sheet.speed(c)
    now = mode(c)
    if now is not None and sheet.speed(c, now.speed) > 0:
        base = sheet.speed(c, now.speed)
    return base * 2 if sheet.has_state(c, DASH) else base


def label(state: State) -> Label | None:
    """The name of a budget state in both languages (None: not one of them)."""
    if state.key == MOVED:
        return moved_label(state.value or 0)
    what = state.key.removeprefix(PREFIX)
    if state.key.startswith(PREFIX) and what in _WORDS:
        fr, en, _rule = _WORDS[what]  # type: ignore[index]
        return Label(fr=fr, en=en)
    return None
