"""The one filter of what the players may know (issue 31): the players' copy of an encounter.
The players' view draws it, its panel names its units, its last outcome and the players'
printed summary read it — so a hidden combatant or zone, or a count or a badge that would
tell of one, reaches none of them by any path. What is hidden is left out by id (combatants,
zones, their links, states they caused, log lines and turn rows naming them) and, for the
texts that name them in words (a state « Touché par Gaspard », a log line, a declared
action), by name (`Secrets`). With the fog of war on (issue 38) what their side does not see
is hidden so too: the creatures out of their sight, the zones, walls and squares they never
saw (`PlayersSight`)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from msgspec import Struct

from gui.engine.edits.visibility import shown_zones, unseen_ids
from gui.engine.grid.board import beside_wall
from gui.engine.play.players_seen import PlayersSight
from gui.engine.state.model import (
    Combatant,
    Encounter,
    LogEntry,
    MapSquare,
    MapWall,
    Rect,
    State,
    TurnEntry,
    Zone,
)


class Secrets(Struct, frozen=True):
    """What the players must not learn: the ids of the unseen combatants and hidden zones, and
    the names that tell of them (those no seen thing's name contains — a combatant's, a
    zone's, a side's, the encounter's: a hidden « Ogre » beside a seen « Ogre des collines »
    cannot be told apart by name, only by id)."""

    ids: frozenset[str]
    names: tuple[str, ...]
    # Every name the secret ones are among (the encounter's creatures' and zones'): one
    # search finds them all in a text, whichever of them the players see (`mentioned`).
    every: tuple[str, ...] = ()
    search: NameSearch | None = None  # made from `every`
    told: frozenset[str] = frozenset()  # `names`, to look a name up

    def __post_init__(self) -> None:
        if self.names and self.search is None:
            object.__setattr__(self, "search", _search(self.every or self.names))
            object.__setattr__(self, "told", frozenset(self.names))

    def mentioned(self, texts: Iterable[str]) -> bool:
        """Whether one of `texts` names something hidden: the longest name found at each
        place of a text is looked up among the secret ones (a secret name found inside a
        longer one is found by the longer one, itself secret: a secret name is in no name
        the players see)."""
        if self.search is None:
            return False
        told, names_in = self.told, self.search.names_in
        return any(not told.isdisjoint(names_in(text)) for text in texts if text)

    def state_told(self, state: State) -> bool:
        """Whether a state would tell of something hidden (its source, its words)."""
        return state.source in self.ids or self.mentioned((state.label, state.text, state.text_en))

    def line_told(self, entry: LogEntry) -> bool:
        """Whether a log line names something hidden (who, whom, or in its words)."""
        if entry.actor in self.ids or entry.target in self.ids:
            return True
        words = (entry.action, entry.action_en, entry.outcome, entry.outcome_en)
        return self.mentioned(
            (*words, *entry.breakdown, *entry.breakdown_en, *entry.overrides.values())
        )


SEP = "\x00"  # between seen names joined for one search


class NameSearch:
    """One search for all the encounter's names at every place of a text, the longest first,
    and the names it found in each text so far: a log's lines are read again at every
    change (P14: a hundred lines at each move)."""

    KEPT = 16_384  # texts whose names are kept, at most

    def __init__(self, names: tuple[str, ...]) -> None:
        longest = sorted({n for n in names if n}, key=lambda n: (-len(n), n))
        self._finditer = re.compile(
            "(?=(" + "|".join(re.escape(n) for n in longest) + "))"
        ).finditer
        self._found: dict[str, frozenset[str]] = {}

    def names_in(self, text: str) -> frozenset[str]:
        found = self._found.get(text)
        if found is None:
            if len(self._found) >= self.KEPT:
                self._found.clear()
            found = self._found[text] = frozenset(m[1] for m in self._finditer(text))
        return found


@lru_cache(maxsize=8)
def _search(names: tuple[str, ...]) -> NameSearch:
    """The search for these names, made once for as long as the encounter's names stay the
    same (under the fog, which of them are secret changes at each move: compiled for those,
    it was most of a move's time)."""
    return NameSearch(names)


def secrets(enc: Encounter, sight: PlayersSight | None = None) -> Secrets:
    """What `enc`'s players must not learn (see `Secrets`), under the fog when `sight`."""
    gone = unseen_ids(enc)
    shown = {z.id for z in _zones(enc, sight)}
    if sight is not None:
        gone |= {c.id for c in enc.combatants if c.id not in sight.creatures}
    hidden_zones = [z for z in enc.map.zones if z.id not in shown]
    seen_names = [c.name for c in enc.combatants if c.id not in gone]
    seen_names += [z.name for z in enc.map.zones if z.id in shown]
    seen_names += [enc.name, *(s.name for s in enc.sides)]  # the players know these
    told = [c.name for c in enc.combatants if c.id in gone] + [z.name for z in hidden_zones]
    joined = SEP.join(seen_names)
    names = tuple(
        sorted({n for n in set(told) if n and not _within(n, seen_names, joined)}, key=len)
    )
    every = (*(c.name for c in enc.combatants), *(z.name for z in enc.map.zones))
    return Secrets(frozenset(gone) | {z.id for z in hidden_zones}, names, every)


def _within(name: str, seen: list[str], joined: str) -> bool:
    """Whether a seen thing's name contains `name`: one search in all of them `joined` (a
    name with no NUL cannot match across the joints; one with a NUL is looked for name by
    name)."""
    if SEP in name:
        return any(name in s for s in seen)
    return name in joined


def players_copy(
    enc: Encounter, known: Secrets | None = None, sight: PlayersSight | None = None
) -> Encounter:
    """The encounter as the players may know it: nothing hidden, no GM notes, no open
    windows, no turn history; under the fog (`sight`), nothing they have not seen. Built
    with shallow copies (no assignment checks: its parts refer to each other) that share
    with `enc` what they keep unchanged — for reading only."""
    known = known if known is not None else secrets(enc, sight)
    shown = _zones(enc, sight)
    combatants = [_combatant(c, known) for c in enc.combatants if c.id not in known.ids]
    edges = [e for e in enc.map.edges if e.a not in known.ids and e.b not in known.ids]
    walls, squares = enc.map.walls, enc.map.squares
    if sight is not None and sight.cells is not None:  # what they never saw, first: few left
        walls, squares = _known_ground(sight, walls, squares)
    ground = _seen_ground(enc, shown_zones(enc), walls, squares)
    # A copy made by replace keeps no index of positions: it finds its own items.
    return enc.replace(
        combatants=combatants,
        map=enc.map.replace(zones=shown, edges=edges, **ground),
        log=[e for e in enc.log if not known.line_told(e)],
        turn=_turn(enc, known),
        windows=[],
        notes="",
    )


def _seen_ground(
    enc: Encounter, shown: list[Zone], walls: list[MapWall], squares: list[MapSquare]
) -> dict[str, list]:
    """The grid's `walls` and `squares` less those inside a zone the GM hides (and in no
    seen one): the layout of a hidden room is as hidden as the room."""
    grid, m = enc.map.grid, enc.map
    ids = {z.id for z in shown}
    hidden = [z.rect for z in m.zones if z.id not in ids]
    if grid is None or not hidden:
        return {"walls": walls, "squares": squares}
    seen = [z.rect for z in shown]

    def unseen(x: float, y: float) -> bool:  # a point of the grid, in squares
        px, py = grid.origin_x + x * grid.cell_px, grid.origin_y + y * grid.cell_px
        return any(_inside(r, px, py) for r in hidden) and not any(_inside(r, px, py) for r in seen)

    return {
        "walls": [
            w for w in walls if not unseen((w.start[0] + w.end[0]) / 2, (w.start[1] + w.end[1]) / 2)
        ],
        "squares": [q for q in squares if not unseen(q.cell[0] + 0.5, q.cell[1] + 0.5)],
    }


def _zones(enc: Encounter, sight: PlayersSight | None) -> list[Zone]:
    """The zones the players see: not hidden (visibility.shown_zones) and, under the fog,
    seen now or before."""
    shown = shown_zones(enc)
    if sight is None:
        return shown
    return [z for z in shown if z.id in sight.known_zones]


def _known_ground(
    sight: PlayersSight, walls: list[MapWall], squares: list[MapSquare]
) -> tuple[list[MapWall], list[MapSquare]]:
    """The stretches of wall beside a square the players have seen, and those squares (under
    the fog, the rest of the map's layout is as unknown as what stands there: a long wall is
    cut where it leaves what they know)."""
    known = sight.known_cells
    kept: list[MapWall] = []
    for w in walls:
        beside = [c in known for c in beside_wall(w.start, w.end)]
        edges = [beside[k] or beside[k + 1] for k in range(0, len(beside), 2)]  # two an edge
        if all(edges):
            kept.append(w)
        elif any(edges):
            kept += _known_stretches(w, edges)
    return kept, [q for q in squares if tuple(q.cell) in known]


def _known_stretches(w: MapWall, edges: list[bool]) -> list[MapWall]:
    """The runs of a wall's unit edges that are known (`edges`, in order)."""
    (x0, y0), y1 = w.start, w.end[1]
    along = 0 if y0 == y1 else 1
    first = min(w.start[along], w.end[along])
    out, start = [], None
    for i, seen in enumerate([*edges, False]):
        if seen and start is None:
            start = i
        elif not seen and start is not None:
            a, b = first + start, first + i
            ends = ((a, y0), (b, y0)) if along == 0 else ((x0, a), (x0, b))
            out.append(w.replace(start=ends[0], end=ends[1]))
            start = None
    return out


def _inside(r: Rect, x: float, y: float) -> bool:
    return r.x <= x <= r.x + r.width and r.y <= y <= r.y + r.height


def _combatant(c: Combatant, known: Secrets) -> Combatant:
    """A seen combatant without the GM's notes, nor its contacts, states and links that
    tell of something hidden (the same object when it has none)."""
    ids = known.ids
    told = bool(ids) and _tells(c, known)
    if not told:  # only the notes to leave out
        return c.replace(notes="") if c.notes else c
    update = {
        "notes": "",
        "states": [s for s in c.states if not known.state_told(s)],
        "contacts": [o for o in c.contacts if o not in ids],
        "stats": {k: v for k, v in c.stats.items() if not (type(v) is str and v in ids)},
    }
    return c.replace(**update)


def _tells(c: Combatant, known: Secrets) -> bool:
    """Whether a combatant's states, contacts or links name something hidden (plain loops:
    this runs for every combatant at every change the players' view follows)."""
    ids = known.ids
    for state in c.states:
        if known.state_told(state):
            return True
    for other in c.contacts:
        if other in ids:
            return True
    for value in c.stats.values():  # noqa: SIM110 (a loop: no generator per combatant)
        if type(value) is str and value in ids:
            return True
    return False


def _turn(enc: Encounter, known: Secrets) -> Struct:
    """The turn order without the rows of hidden units (`seen_entry`); no history."""
    turn = enc.turn
    now = turn.order[turn.current] if 0 <= turn.current < len(turn.order) else None
    kept: list[TurnEntry] = []
    current = -1
    for entry in turn.order:
        seen = seen_entry(entry, known)
        if seen is None:
            continue
        if entry is now:
            current = len(kept)
        kept.append(seen)
    spent = {k: v for k, v in turn.spent.items() if k not in known.ids}
    update = {"order": kept, "current": current, "spent": spent, "history": []}
    return turn.replace(**update)


def seen_entry[E: TurnEntry](entry: E, known: Secrets) -> E | None:
    """A turn row as the players may know it: None for a unit they see nothing of; else its
    seen members only (a unit named after a hidden member takes a seen one's name), and what
    the row says (a declared action, a readied trigger) only when it names nothing hidden."""
    ids = known.ids
    if not known.names and entry.unit not in ids and not any(m in ids for m in entry.members):
        return entry  # nothing of it hidden: shared
    seen = [m for m in entry.members if m not in ids]
    if entry.members and not seen:
        return None
    update: dict[str, object] = {}
    if len(seen) < len(entry.members):
        update["members"] = seen
    if entry.unit in known.ids:
        update["unit"] = seen[0] if seen else entry.side
    for key in ("declared", "ready"):  # the modes' own words about the unit
        said = getattr(entry, key, None)
        if isinstance(said, list) and known.mentioned(said):
            update[key] = [t for t in said if not known.mentioned((t,))]
        elif isinstance(said, str) and known.mentioned((said,)):
            update[key] = ""
    return entry.replace(**update) if update else entry  # shared when unchanged
