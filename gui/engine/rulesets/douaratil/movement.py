"""Moving in metres (DOU-05, DOU-09, DOU-10, DOU-12, DOU-17, DOU-27) on the grid (the way
round walls and foes, difficult terrain ×2) or along the zones' links, and the attacks of
opportunity a move provokes (DOU-14, DOU-43): leaving a hostile creature's reach opens a
window where it may attack, unless the mover disengaged (DOU-26)."""

from __future__ import annotations

from ... import windows
from ...changes import Change
from ...grid.placed import squares_apart
from ...model import Combatant, Encounter, Position, Window
from ...moves import Destination
from ...windows import Offer
from ..base import Notice, Ruleset
from ..edits import Edits
from ..moving import way_metres
from ..schema import Label
from . import budget, contests, mounts, sheet

OPPORTUNITY = "opportunite"  # a window: a creature left a hostile's reach (DOU-43)
CRAWL, SQUEEZE = "a_terre", "se_faufile"


def metres(ruleset: Ruleset, enc: Encounter, c: Combatant, dest: Destination) -> float | None:
    """What the move costs in metres: the way on the grid (difficult terrain counting twice,
    DOU-10), else the zones' links; crawling (DOU-12) and squeezing (DOU-17) cost 2 m a
    metre. None when the map cannot say (the GM judges)."""
    cost = way_metres(ruleset, enc, c, dest)
    if cost is None:
        return None
    if sheet.has_state(c, CRAWL) or sheet.has_state(c, SQUEEZE):
        cost *= 2
    return cost


def left(c: Combatant, drag: float = 1.0) -> float:
    """The metres left this turn (DOU-05, DOU-09); `drag` halves the speed while dragging a
    grappled creature (DOU-55)."""
    return max(0.0, budget.allowance(c) * drag - budget.moved(c))


def notices(ruleset: Ruleset, enc: Encounter, c: Combatant, dest: Destination) -> list[Notice]:
    """DOU-05: a move in the fight within the metres left (the GM may let it go, G-3)."""
    if enc.turn.round == 0:
        return []
    cost = metres(ruleset, enc, c, dest)
    if cost is None or cost <= 0:
        return []
    room = left(c, contests.drag_factor(enc, c))
    if cost <= room + 1e-9:
        return []
    return [
        Notice(
            "DOU-05",
            f"Déplacement de {_m(cost)}, il reste {_m(room)} ce tour",
            f"A move of {cost:g} m, {room:g} m left this turn",
            True,
        )
    ]


def changes(ruleset: Ruleset, enc: Encounter, c: Combatant, dest: Destination) -> list[Change]:
    """The metres spent in the fight, and the windows of the attacks of opportunity the move
    provokes (DOU-14, DOU-43)."""
    if enc.turn.round == 0:
        return []
    edits = Edits(enc)
    cost = metres(ruleset, enc, c, dest)
    if cost:
        budget.move(edits, c, cost)
    if not sheet.has_state(c, "desengage"):
        after = c.model_copy(update={"position": Position(zone=dest.zone, cell=dest.cell)})
        for foe in enc.combatants:
            if _provokes(ruleset, enc, foe, c, after):
                windows.opening(edits, OPPORTUNITY, foe.id, c.id)
    return list(edits.changes())


def _provokes(
    ruleset: Ruleset, enc: Encounter, foe: Combatant, before: Combatant, after: Combatant
) -> bool:
    """A hostile creature able to react, that sees the mover, had it within reach and no
    longer has (on the grid by its reach in squares; on zones, in contact)."""
    if foe.side == before.side or ruleset.is_out(enc, foe) or budget.spent(foe, "reaction"):
        return False
    unseen = any(sheet.has_state(before, key) for key in ("invisible", "cache"))
    if sheet.has_state(foe, "aveugle") or unseen:  # DOU-43: a creature it can see
        return False
    reach = ruleset.reach(enc, foe)
    was, now = squares_apart(enc, ruleset, foe, before), squares_apart(enc, ruleset, foe, after)
    if was is not None and now is not None:
        return was <= reach < now
    return foe.id in before.contacts and after.position.zone != before.position.zone


def offers(enc: Encounter, window: Window) -> list[Offer]:
    """DOU-43: the foe may attack the one leaving, as its reaction (DOU-69: a rider or its
    mount, as the attacker chooses)."""
    if window.kind != OPPORTUNITY or window.actor is None or window.target is None:
        return []
    out = []
    for cid in mounts.opportunity_targets(enc, enc.combatant(window.target)):  # DOU-69
        name = enc.combatant(cid).name
        label = Label(fr=f"Attaque d’opportunité ({name})", en=f"Opportunity attack ({name})")
        out.append(Offer(window.id, window.actor, "attaquer", label, "reaction", cid))
    return out


def _m(value: float) -> str:
    return sheet.metres_text(value)[0]
