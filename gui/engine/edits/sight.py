"""The GM's edits of light and fog (issue 38), each one undo entry: dark squares and zones,
links that block sight, the fog of war on the players' view, and what the players' side is
remembered to have seen — revealed or fogged again by brush or by zone."""

from __future__ import annotations

from collections.abc import Iterable

from gui.engine.edits.grid import GridEditError, Point, needs_grid
from gui.engine.state.changes import ABSENT, Change, ChangeSet, change
from gui.engine.state.explored import with_cells, without_cells
from gui.engine.state.model import Encounter, MapSquare


def set_fog(enc: Encounter, on: bool) -> ChangeSet:
    """The players' view shows only what their side sees (on), or the whole map (off)."""
    words = ("Brouillard de guerre", "Fog of war") if on else ("Sans brouillard", "No fog")
    return ChangeSet(words[0], (change(enc, ("map", "fog"), on),), words[1])


def set_dark(enc: Encounter, cells: Iterable[Point], dark: bool) -> ChangeSet:
    """Squares made dark (seen only within darkvision) or lit again."""
    needs_grid(enc)
    wanted = {tuple(c) for c in cells}
    squares, done = [], set()
    for s in enc.map.squares:
        cell = tuple(s.cell)
        if cell in wanted:
            done.add(cell)
            s = s.replace(dark=dark)
            if not dark and s.terrain is None and s.blocks is None:
                continue  # nothing left on it
        squares.append(s)
    if dark:
        squares += [MapSquare(cell=c, dark=True) for c in sorted(wanted - done)]
    n = len(wanted)
    fr, en = (
        (f"Obscurité sur {n} case{'s' * (n > 1)}", f"Darkness on {n} square{'s' * (n != 1)}")
        if dark
        else (f"Lumière sur {n} case{'s' * (n > 1)}", f"Light on {n} square{'s' * (n != 1)}")
    )
    return ChangeSet(fr, (change(enc, ("map", "squares"), squares),), en)


def set_zone_dark(enc: Encounter, zid: str, dark: bool) -> ChangeSet:
    zone = enc.map.zone(zid)
    fr, en = ("plongée dans le noir", "made dark") if dark else ("éclairée", "lit")
    return ChangeSet(
        f"« {zone.name} » {fr}",
        (change(enc, ("map", "zones", zid, "dark"), dark),),
        f"{zone.name} {en}",
    )


def set_link_blocks_sight(enc: Encounter, a: str, b: str, blocks: bool) -> ChangeSet:
    """The link between two zones blocks sight (« bloque la vue ») or lets it through."""
    for i, e in enumerate(enc.map.edges):
        if {e.a, e.b} == {a, b}:
            names = f"{enc.map.zone(a).name} – {enc.map.zone(b).name}"
            fr, en = (
                ("bloque la vue", "blocks sight")
                if blocks
                else ("laisse voir", "lets sight through")
            )
            return ChangeSet(
                f"{names} : {fr}",
                (change(enc, ("map", "edges", i, "blocks_sight"), blocks),),
                f"{names}: {en}",
            )
    raise GridEditError("Ces zones ne sont pas reliées", "These zones are not linked")


def explore(enc: Encounter, cells: Iterable[Point], zones: Iterable[str] = ()) -> list[Change]:
    """The changes that remember `cells` and `zones` as seen by the players' side (none when
    they were already): what a move that shows them adds to its undo entry."""
    out = [
        change(enc, ("map", "explored", row), runs)
        for row, runs in with_cells(enc.map.explored, cells).items()
    ]
    for zid in zones:
        if not enc.map.zone(zid).explored:
            out.append(change(enc, ("map", "zones", zid, "explored"), True))
    return out


def reveal(enc: Encounter, cells: Iterable[Point], zones: Iterable[str] = ()) -> ChangeSet:
    """The GM shows the players squares or zones, as if they had seen them."""
    changes = explore(enc, list(cells), zones)
    return ChangeSet("Révéler aux joueurs", tuple(changes), "Reveal to the players")


def refog(enc: Encounter, cells: Iterable[Point], zones: Iterable[str] = ()) -> ChangeSet:
    """The GM makes the players forget squares or zones (fogged again)."""
    changes = [
        change(enc, ("map", "explored", row), ABSENT if runs is None else runs)
        for row, runs in without_cells(enc.map.explored, cells).items()
    ]
    for zid in zones:
        if enc.map.zone(zid).explored:
            changes.append(change(enc, ("map", "zones", zid, "explored"), False))
    return ChangeSet("Brouiller à nouveau", tuple(changes), "Fog again")
