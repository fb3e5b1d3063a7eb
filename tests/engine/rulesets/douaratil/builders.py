"""Small douaratil encounters for the DOU engine tests (spec section 4).

Sides "pj" and "mj"; zones z1–z2–z3 in a row, 6 m then 9 m apart. Every sheet starts from
the ruleset's defaults (so it fits the schema); weapons come from the catalog by name."""

from __future__ import annotations

from gui.engine.play.table import Table
from gui.engine.rulesets import registry
from gui.engine.state.model import Combatant, Edge, Encounter, Map, Position, Side, State
from gui.engine.state.schema import check_combatant
from tests.engine.builders import zone

PJ, MJ = "pj", "mj"


def ruleset():
    return registry.get("douaratil")


def arme(name: str, **cells) -> dict:
    """A catalog weapon row, with `cells` on top."""
    rows = {row["nom"]: row for row in ruleset().catalogs["armes"]}
    return {**rows[name], **cells}


def fighter(cid: str, side: str = PJ, zone_id: str = "z1", **stats) -> Combatant:
    """A combatant with the default sheet and `stats` on top (`armes`: its weapons; bare
    hands are always there)."""
    base = {f.key: f.default for f in ruleset().data.fields}
    base.update(stats)
    return Combatant(
        id=cid, name=cid.capitalize(), side=side, stats=base, position=Position(zone=zone_id)
    )


def encounter(*combatants: Combatant, flags: dict | None = None) -> Encounter:
    enc = Encounter(
        id="dou",
        name="DOU",
        ruleset="douaratil",
        flags=flags or {},
        sides=[Side(id=PJ, name="Aventuriers"), Side(id=MJ, name="Monstres")],
        combatants=list(combatants),
        map=Map(
            zones=[zone("z1"), zone("z2", 150), zone("z3", 300)],
            edges=[Edge(a="z1", b="z2", length_m=6), Edge(a="z2", b="z3", length_m=9)],
        ),
    )
    for i, c in enumerate(enc.combatants):
        assert check_combatant(ruleset().data, c, ("combatants", i)) is None, c.id
    return enc


def table(*combatants: Combatant, flags: dict | None = None) -> Table:
    return Table(encounter(*combatants, flags=flags))


def add_state(t: Table, cid: str, key: str, value: int | None = None) -> None:
    """A state set by the GM on the sheet (setup, not under test)."""
    c = t.enc.combatant(cid)
    c.states = [*c.states, State(key=key, label=key, value=value)]


def dice_needed(preview) -> int:
    """What the dice alone must total: the preview's total to reach less the modifier (its
    chart of totals starts at 3 + the modifier for three kept d6)."""
    return preview.target_number - (preview.distribution.min_outcome - 3)
