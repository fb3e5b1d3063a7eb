"""The sixth ruleset registered for a test (its one registry line), and a small encounter."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from gui.engine.rulesets import registry
from gui.engine.state.model import Combatant, Encounter, Grid, Map, Position, Rect, Side, Zone


@contextmanager
def registered() -> Iterator[None]:
    """`sixieme` in the registry for the time of a test: the one line a ruleset adds."""
    registry.register("sixieme", "tests.sixth")
    try:
        yield
    finally:
        registry.unregister("sixieme")


def sixth_encounter() -> Encounter:
    """A fast scout (vitesse 9) and a slow guard (vitesse 3) on a 40-pixel snapping grid over
    one zone; both on cells."""

    def fighter(cid: str, side: str, speed: int, cell: tuple[int, int]) -> Combatant:
        return Combatant(
            id=cid,
            name=cid.capitalize(),
            side=side,
            stats={"vitesse": speed, "pv": 10},
            position=Position(zone="salle", cell=cell),
        )

    return Encounter(
        id="six",
        name="Sixième",
        ruleset="sixieme",
        sides=[Side(id="a", name="A"), Side(id="b", name="B")],
        combatants=[fighter("eclaireur", "a", 9, (1, 1)), fighter("garde", "b", 3, (8, 3))],
        map=Map(
            zones=[Zone(id="salle", name="Salle", rect=Rect(x=0, y=0, width=480, height=240))],
            grid=Grid(cell_px=40, snap=True),
        ),
    )
