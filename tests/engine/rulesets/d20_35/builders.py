"""Small d20_35 encounters for the D35 engine tests (spec section 3): sides "pj" and "mj" on
a 40-pixel grid of 1,50 m squares over one zone; every sheet starts from the ruleset's
defaults. The ruleset is registered for the time of each test (`registered`) until its one
registry line lands."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from gui.engine.play.table import Table
from gui.engine.rulesets import registry
from gui.engine.state.model import (
    Combatant,
    Encounter,
    Grid,
    Map,
    Position,
    Rect,
    Side,
    State,
    Zone,
)
from gui.engine.state.schema import check_combatant

PJ, MJ = "pj", "mj"


@contextmanager
def registered() -> Iterator[None]:
    known = "d20_35" in registry._MODULES
    registry._MODULES["d20_35"] = "gui.engine.rulesets.d20_35"
    registry.get.cache_clear()
    try:
        yield
    finally:
        if not known:
            del registry._MODULES["d20_35"]
        registry.get.cache_clear()


def ruleset():
    return registry.get("d20_35")


def arme(name: str, **cells) -> dict:
    rows = {row["nom"]: row for row in ruleset().catalogs["armes"]}
    return {**rows[name], **cells}


def fighter(cid: str, side: str = PJ, cell: tuple[int, int] = (0, 0), **stats) -> Combatant:
    base = {f.key: f.default for f in ruleset().data.fields}
    base.update(stats)
    return Combatant(
        id=cid,
        name=cid.capitalize(),
        side=side,
        stats=base,
        position=Position(zone="salle", cell=cell),
    )


def encounter(*combatants: Combatant, flags: dict | None = None) -> Encounter:
    enc = Encounter(
        id="d35",
        name="D35",
        ruleset="d20_35",
        flags=flags or {},
        sides=[Side(id=PJ, name="Aventuriers"), Side(id=MJ, name="Monstres")],
        combatants=list(combatants),
        map=Map(
            zones=[Zone(id="salle", name="Salle", rect=Rect(x=0, y=0, width=800, height=600))],
            grid=Grid(cell_px=40, cell_m=1.5, snap=True),
        ),
    )
    for i, c in enumerate(enc.combatants):
        assert check_combatant(ruleset().data, c, ("combatants", i)) is None, c.id
    return enc


def table(*combatants: Combatant, flags: dict | None = None) -> Table:
    return Table(encounter(*combatants, flags=flags))


def add_state(t: Table, cid: str, key: str, value: int | None = None) -> None:
    c = t.enc.combatant(cid)
    c.states = [*c.states, State(key=key, label=key, value=value)]


def fight(*combatants: Combatant, flags: dict | None = None) -> Table:
    """A table in round 1, its units' initiative in the order given (the first acts first)."""
    t = table(*combatants, flags=flags)
    units = [e.unit for e in t.ruleset.turn_units(t.enc)]
    t.apply(t.start_combat({u: 20 - i for i, u in enumerate(units)}))
    return t
