"""Attacks of opportunity (D35-11, D35-04, A-D35-3, D35-17, D35-33, D35-58, D35-76, D35-80):
leaving a square a foe threatens opens a window where the foe may strike, once a round (SRD),
not from cover, not while it grapples, not at what it cannot see, not for a withdraw's first
square."""

from __future__ import annotations

from gui.engine.contract import moving
from gui.engine.contract.base import Ruleset
from gui.engine.contract.edits import Edits
from gui.engine.contract.sight import map_sight
from gui.engine.contract.values import Action
from gui.engine.core.words import Label, Notice, Term
from gui.engine.grid.board import Board
from gui.engine.grid.from_map import board_of
from gui.engine.grid.left_square import as_judged, left_data
from gui.engine.grid.lines import Cover, CoverCall, cover
from gui.engine.grid.placed import space_of
from gui.engine.grid.reach import Threat, squares_to, threatened
from gui.engine.grid.squares import Cell, Footprint
from gui.engine.rulesets.d20_35 import sheet
from gui.engine.space.destination import Destination
from gui.engine.space.zones import Diagonal
from gui.engine.state.changes import Change
from gui.engine.state.model import Combatant, Encounter, Expiry, State, Window
from gui.engine.timing import windows
from gui.engine.timing.windows import Offer

WINDOW = "opportunite"
USED = "ao_utilisees"  # a state: the attacks of opportunity made this round (its value)
PER_ROUND = 1  # D35-80 (SRD): one a round
COVER_FLAG = "A-D35-3"  # « cet_attaquant » (default) or « tous »
GM_COVER = ("abri", "abri_ameliore", "abri_total")  # the GM's cover states (D35-02 to D35-08)
WITHDRAWING = "retraite"  # D35-76: set by running.py's withdraw, its value the square left
_SPAN = 1000  # a withdraw's starting square as its state's value: x × 1000 + y


def start_value(cell: Cell | None) -> int | None:
    """The value of a withdraw's state that names the square it starts from (D35-76); None
    off the grid or outside 0–999 (then no square is spared)."""
    if cell is None or not all(0 <= v < _SPAN for v in cell):
        return None
    return cell[0] * _SPAN + cell[1]


def start_of(c: Combatant) -> Cell | None:
    """The square a withdrawing creature started from, None when it is not withdrawing."""
    value = next((s.value for s in c.states if s.key == WITHDRAWING), None)
    return None if value is None else divmod(value, _SPAN)


def used(c: Combatant) -> int:
    return next((s.value or 0 for s in c.states if s.key == USED), 0)


def threatens(enc: Encounter, ruleset: Ruleset, foe: Combatant, mover: Combatant) -> bool:
    """A foe of `mover` in the fight that threatens squares (D35-58: a grappler does not)."""
    if foe.side == mover.side or ruleset.is_out(enc, foe):
        return False
    return not sheet.has_state(foe, "lutte")


def can_strike(enc: Encounter, ruleset: Ruleset, foe: Combatant, mover: Combatant) -> bool:
    """A foe able to make an attack of opportunity on `mover` now."""
    if not threatens(enc, ruleset, foe, mover) or sheet.has_state(foe, "defense_totale"):
        return False  # D35-33: total defence
    if used(foe) >= PER_ROUND:
        return False
    if sheet.has_state(mover, "invisible"):  # D35-17: total concealment
        return False
    return map_sight(enc, ruleset, foe, mover).seen  # D35-17: in the dark, say (issue 38)


def provoked(ruleset: Ruleset, enc: Encounter, mover: Combatant, dest: Destination) -> list[Change]:
    """The windows a move opens (D35-11): each foe able to strike whose threatened squares the
    way leaves (every square of the mover's space at each step but the last; a rider's the
    mount's, D35-24), the way the move is counted (moving.way_metres: round the creatures
    that bar it, through those it may pass, D35-46, D35-78), except:

    - D35-76: a withdraw's first square, the space it started from (the `retraite` state's
      value: the SRD's « the square you start out in », the only one spared however many
      drops the move takes; the move does not touch the state, so that the move's other
      changes to the mover's states stay whole);
    - D35-04, A-D35-3: cover, judged square by square from the foe's space by the grid's
      lines (`_cover`: D35-01's melee rule next to it, the ranged one with reach, where the
      other creatures in the fight are soft cover, D35-05). With « cet_attaquant »
      (default) a square where the mover has cover against a foe opens no window for that
      foe; with « tous » leaving a square where it has cover against any foe that threatens
      it opens no window at all. A GM cover state on the mover (abri, abri_ameliore,
      abri_total) stands against every foe, as the attack reads it: no window under either
      setting.

    Each window names the square the mover left when the foe could first strike (its
    space's top-left square then, grid.left_square): the attack is judged and drawn there,
    not where the move ends. Only the squares of the way within a foe's reach are traced
    (it runs on each drop)."""
    if enc.turn.round == 0 or dest.cell is None:
        return []
    space = _group_space(enc, ruleset, mover)
    if space is None:
        return []
    steps = moving.way(ruleset, enc, mover, dest, space).cells[:-1]
    start = start_of(mover)
    spared = set(Footprint(start, space.side).cells()) if start is not None else set()
    left = {cell for origin in steps for cell in Footprint(origin, space.side).cells()} - spared
    found = _open_cells(enc, ruleset, mover, left)
    edits = Edits(enc)
    for foe_id, cells in found.items():
        origin = next(o for o in steps if cells & set(Footprint(o, space.side).cells()))
        windows.opening(edits, WINDOW, foe_id, mover.id, data=left_data(origin))
    return list(edits.changes())


def _group_space(enc: Encounter, ruleset: Ruleset, c: Combatant) -> Footprint | None:
    """The squares `c` takes with those that share them (D35-24: a rider is in all of its
    mount's squares): the widest footprint from their common square."""
    space = space_of(enc, ruleset, c)
    if space is None:
        return None
    sides = [ruleset.space(enc, enc.combatant(o)) for o in ruleset.together(enc, c)]
    return Footprint(space.origin, max([space.side, *sides]))


def strikers(
    enc: Encounter, ruleset: Ruleset, mover: Combatant, left: set[Cell] | None = None
) -> list[str]:
    """The foes that may strike `mover` as it leaves the squares `left` (D35-11), the space
    it stands in when None (an action taken where it stands: a rider's is its mount's,
    D35-24), each at most once, in the encounter's order; none off the grid, before the fight
    or under a GM cover state."""
    return list(_open_cells(enc, ruleset, mover, left))


def _open_cells(
    enc: Encounter, ruleset: Ruleset, mover: Combatant, left: set[Cell] | None
) -> dict[str, set[Cell]]:
    """Each foe that may strike `mover` and the squares of `left` where it may (D35-04,
    A-D35-3), in the encounter's order. A foe on a mount threatens from its mount's space
    too (D35-24); neither one's own mount is soft cover between them (D35-05)."""
    if enc.turn.round == 0 or any(sheet.has_state(mover, key) for key in GM_COVER):
        return {}
    if left is None:
        space = _group_space(enc, ruleset, mover)
        left = set(space.cells()) if space is not None else set()
    if not left:
        return {}
    board = board_of(enc.map)
    diagonal = ruleset.diagonal(enc)
    sharing = {mover.id} | ruleset.together(enc, mover)
    spaces = {
        c.id: found
        for c in enc.combatants
        if c.id not in sharing and not ruleset.is_out(enc, c)
        if (found := space_of(enc, ruleset, c)) is not None
    }
    open_to: dict[str, set[Cell]] = {}
    covered: set[Cell] = set()  # squares with cover against some foe that threatens them
    for foe in enc.combatants:
        if not threatens(enc, ruleset, foe, mover):
            continue
        able = can_strike(enc, ruleset, foe, mover)
        own = {foe.id} | ruleset.together(enc, foe)
        others = [s for cid, s in spaces.items() if cid not in own]
        for threat in _threats(enc, ruleset, foe, own):
            for cell in threatened(threat, diagonal) & left:
                call = _cover(board, threat, cell, diagonal, others)
                if call.cover == Cover.NONE:
                    if able:
                        open_to.setdefault(foe.id, set()).add(cell)
                elif call.cover != Cover.TOTAL:
                    covered.add(cell)
    if ruleset.flag(enc, COVER_FLAG) == "tous":
        open_to = {foe_id: cells - covered for foe_id, cells in open_to.items()}
    return {foe_id: cells for foe_id, cells in open_to.items() if cells}


def _threats(enc: Encounter, ruleset: Ruleset, foe: Combatant, own: set[str]) -> list[Threat]:
    """Where `foe` strikes from with its reach: its space and, mounted, its mount's (D35-24)."""
    reach = ruleset.reach(enc, foe)
    spaces = [space_of(enc, ruleset, enc.combatant(cid)) for cid in sorted(own)]
    return [Threat(space, reach) for space in spaces if space is not None]


def judged(ruleset: Ruleset, enc: Encounter, action: Action) -> Encounter:
    """The encounter an action is judged in: an attack of opportunity on a move at the square
    the mover left (its window's, D35-11, D35-04: reach, cover, lines from there), with the
    mover back there; any other action in `enc` itself."""
    return as_judged(enc, ruleset, action.window)


def opened(enc: Encounter, foes: list[str], mover: Combatant) -> list[Change]:
    """A window for each foe in `foes` to strike `mover` where it stands (D35-11)."""
    edits = Edits(enc)
    for foe_id in foes:
        windows.opening(edits, WINDOW, foe_id, mover.id)
    return list(edits.changes())


def _cover(
    board: Board, threat: Threat, cell: Cell, diagonal: Diagonal, others: list[Footprint]
) -> CoverCall:
    """The cover a square has against a foe (D35-01): next to it by the melee rule (any
    line), from the walls and solid squares only (soft cover stands against ranged attacks,
    SRD); farther, with reach, by the ranged rule (a corner with clear lines), where the
    other creatures are soft cover (D35-05)."""
    if squares_to(threat.space, cell, diagonal) <= 1:
        return cover(board, threat.space, Footprint(cell), melee=True)
    return cover(board, threat.space, Footprint(cell), creatures=others)


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
