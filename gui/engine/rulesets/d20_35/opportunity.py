"""Attacks of opportunity (D35-11, D35-04, D35-17, D35-33, D35-58, D35-80): leaving a square a
foe threatens opens a window where the foe may strike, once a round (SRD), not from cover,
not while it grapples, not at what it cannot see."""

from __future__ import annotations

from ... import windows
from ...changes import Change
from ...grid.from_map import board_of
from ...grid.placed import space_of, threat_of
from ...grid.reach import threatened
from ...grid.route import route
from ...model import Combatant, Encounter, Expiry, State, Window
from ...moves import Destination
from ...windows import Offer
from ..base import Notice, Ruleset, Term
from ..edits import Edits
from ..schema import Label
from . import sheet

WINDOW = "opportunite"
USED = "ao_utilisees"  # a state: the attacks of opportunity made this round (its value)
PER_ROUND = 1  # D35-80 (SRD): one a round


def used(c: Combatant) -> int:
    return next((s.value or 0 for s in c.states if s.key == USED), 0)


def can_strike(enc: Encounter, ruleset: Ruleset, foe: Combatant, mover: Combatant) -> bool:
    """A foe able to make an attack of opportunity on `mover` now."""
    if foe.side == mover.side or ruleset.is_out(enc, foe):
        return False
    if sheet.has_state(foe, "lutte") or sheet.has_state(foe, "defense_totale"):
        return False  # D35-58: a grappler threatens nothing; D35-33: total defence
    if used(foe) >= PER_ROUND:
        return False
    return not sheet.has_state(mover, "invisible")  # D35-17: total concealment


def provoked(ruleset: Ruleset, enc: Encounter, mover: Combatant, dest: Destination) -> list[Change]:
    """The windows a move opens: each foe whose threatened squares (without cover, D35-04)
    the way leaves."""
    if enc.turn.round == 0 or dest.cell is None:
        return []
    space = space_of(enc, ruleset, mover)
    if space is None:
        return []
    board = board_of(enc.map)
    way = route(board, space, tuple(dest.cell), ruleset.diagonal(enc)).cells
    left = way[:-1]  # every square the way leaves
    edits = Edits(enc)
    for foe in enc.combatants:
        threat = threat_of(enc, ruleset, foe)
        if threat is None or not can_strike(enc, ruleset, foe, mover):
            continue
        reached = threatened(threat, ruleset.diagonal(enc), board, open_only=True)
        if any(cell in reached for cell in left):
            windows.opening(edits, WINDOW, foe.id, mover.id)
    return list(edits.changes())


def offers(enc: Encounter, window: Window) -> list[Offer]:
    if window.kind != WINDOW or window.actor is None or window.target is None:
        return []
    label = Label(fr="Attaque d’opportunité", en="Attack of opportunity")
    return [Offer(window.id, window.actor, "attaquer", label, "reaction", window.target)]


def notices(actor: Combatant) -> list[Notice]:
    if used(actor) >= PER_ROUND:
        return [
            Notice(
                "D35-80",
                "Attaque d’opportunité déjà faite ce round",
                "Attack of opportunity already made this round",
                True,
            )
        ]
    return []


def spend(edits: Edits, actor: Combatant, window: Window, terms: list[Term]) -> None:
    """The attack closes its window and counts until the start of the foe's next turn."""
    windows.closing(edits, window)
    n = used(actor) + 1
    edits.add_state(
        actor.id,
        State(key=USED, label=f"AO ce round : {n}", value=n, expiry=Expiry(at="turn_start")),
    )
    terms.append(Term("attaque d’opportunité", "", "D35-11", "attack of opportunity"))
