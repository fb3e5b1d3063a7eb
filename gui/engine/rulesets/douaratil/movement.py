"""Moving in metres (DOU-05, DOU-09, DOU-10, DOU-12, DOU-17, DOU-27) on the grid (the way
round walls and foes, difficult terrain ×2) or along the zones' links, walking, swimming,
climbing or flying at that speed (budget.mode; MODES-DOU without it), and the attacks of
opportunity a move provokes (DOU-14, DOU-43): leaving a hostile creature's reach opens a
window where it may attack (attack.OPPORTUNITY, its offers attack.opportunity_offers), unless
the mover disengaged (DOU-26)."""

from __future__ import annotations

from gui.engine.contract.base import Ruleset
from gui.engine.contract.edits import Edits
from gui.engine.contract.moving import way, way_metres
from gui.engine.contract.sight import map_sight
from gui.engine.core.words import Notice, Term
from gui.engine.grid.placed import squares_apart
from gui.engine.rulesets.douaratil import attack, budget, contests, sheet
from gui.engine.space.destination import Destination
from gui.engine.state.changes import Change
from gui.engine.state.model import Combatant, Encounter, LogEntry, Position
from gui.engine.timing import windows

CRAWL, SQUEEZE = "a_terre", "se_faufile"
MODES_FLAG = "MODES-DOU"  # swimming or climbing without that speed: 2 m a metre (5e) or 1


def metres(ruleset: Ruleset, enc: Encounter, c: Combatant, dest: Destination) -> float | None:
    """What the move costs in metres: the way on the grid (difficult terrain counting twice,
    DOU-10), else the zones' links; each slow way of moving adds the way's length once more
    (`slowed`): crawling 2 m a metre and 3 m in difficult terrain (DOU-12), squeezing 2 m a
    metre (DOU-17), swimming or climbing without that speed (MODES-DOU). None when the map
    cannot say (the GM judges)."""
    cost = way_metres(ruleset, enc, c, dest)
    slow = slowed(ruleset, enc, c)
    if cost is None or not slow:
        return cost
    return cost + len(slow) * _plain(ruleset, enc, c, dest, cost)


def _plain(ruleset: Ruleset, enc: Encounter, c: Combatant, dest: Destination, cost: float) -> float:
    """The way's length with each square once, difficult or not (the zones' links have no
    difficult ground: the cost itself)."""
    found = way(ruleset, enc, c, dest)
    if found is None or enc.map.grid is None:
        return cost
    squares = sum(step.squares // (2 if step.difficult else 1) for step in found.cost.steps)
    return squares * enc.map.grid.cell_m


def slowed(ruleset: Ruleset, enc: Encounter, c: Combatant) -> list[Term]:
    """What makes each metre of the move cost one more, each once (DOU-10: difficult ground
    does not stack with itself; DOU-12: it does with crawling)."""
    out = []
    now = budget.mode(c)
    if sheet.has_state(c, CRAWL) and now != budget.FLY:  # a flier knocked prone falls (DOU-15)
        out.append(Term("ramper : +1 m par mètre", "", "DOU-12", "crawling: +1 m per metre"))
    if sheet.has_state(c, SQUEEZE):
        out.append(Term("se faufiler : +1 m par mètre", "", "DOU-17", "squeezing: +1 m per metre"))
    double = ruleset.flag(enc, MODES_FLAG) == "double"
    if now in (budget.SWIM, budget.CLIMB) and sheet.speed(c, now.speed) <= 0 and double:
        out.append(
            Term(
                f"{now.fr} sans vitesse de {now.fr} : +1 m par mètre (5e, hors extrait)",
                "",
                MODES_FLAG,
                f"{now.en} without a {now.en} speed: +1 m per metre (5e, not in excerpt)",
            )
        )
    return out


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
    out = []
    if budget.mode(c) == budget.FLY and sheet.speed(c, budget.FLY.speed) <= 0:
        out.append(
            Notice(
                "DOU-09",
                f"{c.name} n’a pas de vitesse de vol",
                f"{c.name} has no flying speed",
                True,
            )
        )
    room = left(c, contests.drag_factor(enc, c))
    if cost <= room + 1e-9:
        return out
    why = "".join(f" ; {t.label}" for t in slowed(ruleset, enc, c))
    why_en = "".join(f"; {t.label_en}" for t in slowed(ruleset, enc, c))
    return [
        *out,
        Notice(
            "DOU-05",
            f"Déplacement de {_m(cost)}{why}, il reste {_m(room)} ce tour",
            f"A move of {cost:g} m{why_en}, {room:g} m left this turn",
            True,
        ),
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
        after = c.replace(position=Position(zone=dest.zone, cell=dest.cell))
        for foe in enc.combatants:
            if not _leaves_reach(ruleset, enc, foe, c, after):
                continue
            why = attack.unseen(foe, c, lambda f=foe: map_sight(enc, ruleset, f, c))
            if why is None:
                windows.opening(edits, attack.OPPORTUNITY, foe.id, c.id)
            else:  # said, with the line that decides (issue 38)
                edits.log(_no_opportunity(enc, foe, c, why))
    return list(edits.changes())


def _no_opportunity(enc: Encounter, foe: Combatant, mover: Combatant, why: tuple[str, str]):
    """The log line of an attack of opportunity that does not happen: `foe` cannot see."""
    return LogEntry.of(
        (
            f"Pas d’attaque d’opportunité de {foe.name}",
            f"No attack of opportunity from {foe.name}",
        ),
        (
            f"{foe.name} ne voit pas {mover.name} partir : {why[0]} (DOU-43)",
            f"{foe.name} cannot see {mover.name} leave: {why[1]} (DOU-43)",
        ),
        round=enc.turn.round,
        actor=foe.id,
        target=mover.id,
    )


def _leaves_reach(
    ruleset: Ruleset, enc: Encounter, foe: Combatant, before: Combatant, after: Combatant
) -> bool:
    """A hostile creature able to react had the mover within reach and no longer has (on
    the grid by its reach in squares; on zones, in contact)."""
    if foe.side == before.side or ruleset.is_out(enc, foe) or budget.spent(foe, "reaction"):
        return False
    reach = ruleset.reach(enc, foe)
    was, now = squares_apart(enc, ruleset, foe, before), squares_apart(enc, ruleset, foe, after)
    if was is not None and now is not None:
        return was <= reach < now
    return foe.id in before.contacts and after.position.zone != before.position.zone


def _m(value: float) -> str:
    return sheet.metres_text(value)[0]
