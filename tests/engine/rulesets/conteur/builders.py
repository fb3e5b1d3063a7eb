"""Small conteur encounters and helpers for the CON engine tests (spec section 5).

Sides: "pj" (the coterie) and "mj" (the GM's side). Zones z1–z2–z3 in a row, 6 m then 9 m
apart (z1 → z3: 15 m). Every sheet starts from the ruleset's defaults (7-level Vampire track,
A-CON-2), so it fits the schema; weapons come from the catalog by name.
"""

from __future__ import annotations

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import FORCE, Action, Preview, Resolution
from gui.engine.play.table import Table
from gui.engine.rulesets import registry
from gui.engine.state.changes import ChangeSet, apply, revert
from gui.engine.state.model import Combatant, Edge, Encounter, Map, Position, Side, State, Track
from gui.engine.state.schema import check_combatant
from gui.engine.turns import ActionInitiative
from tests.engine.builders import dump, zone

RULESET = registry.get("conteur")
PJ, MJ = "pj", "mj"
CATALOG = {row["nom"]: row for row in RULESET.catalogs["armes"]}


def arme(name: str, **cells) -> dict:
    """A catalog weapon row, with `cells` on top."""
    return {**CATALOG[name], **cells}


def sheet(**stats) -> dict:
    """The ruleset's default sheet with `stats` on top."""
    base = {f.key: f.default for f in RULESET.data.fields}
    base.update(stats)
    return base


def fighter(cid: str, side: str = PJ, zone_id: str = "z1", **stats) -> Combatant:
    """A combatant with the default sheet (`armes`: its weapons; bare hands are always there)
    and an empty health track of one box per level."""
    c = Combatant(
        id=cid,
        name=cid.capitalize(),
        side=side,
        stats=sheet(**stats),
        position=Position(zone=zone_id),
    )
    c.tracks = {"sante": Track(marks=[""] * len(c.stats["niveaux_sante"]))}
    return c


def encounter(*combatants: Combatant, flags: dict | None = None) -> Encounter:
    enc = Encounter(
        id="con",
        name="CON",
        ruleset="conteur",
        flags=flags or {},
        sides=[Side(id=PJ, name="Coterie"), Side(id=MJ, name="Bande")],
        combatants=list(combatants),
        map=Map(
            zones=[zone("z1"), zone("z2", 150), zone("z3", 300)],
            edges=[Edge(a="z1", b="z2", length_m=6), Edge(a="z2", b="z3", length_m=9)],
        ),
    )
    for i, c in enumerate(enc.combatants):
        assert check_combatant(RULESET.data, c, ("combatants", i)) is None, c.id
    return enc


def table(*combatants: Combatant, flags: dict | None = None, contacts=()) -> Table:
    """A Table on a fresh encounter, with pairs of combatants put in contact."""
    t = Table(encounter(*combatants, flags=flags))
    for a, b in contacts:
        t.apply(t.set_contact(a, b, True))
    return t


# --- Reading the encounter --------------------------------------------------------------------


def stat(t: Table, cid: str, key: str):
    return t.enc.combatant(cid).stats[key]


def _plain(key: str) -> str:
    """A state key without the serial number that keeps each pending hit or damage apart."""
    return key.rsplit(".", 1)[0] if key.startswith(("touche.", "degats.")) else key


def states(t: Table, cid: str) -> list[str]:
    return [_plain(s.key) for s in t.enc.combatant(cid).states]


def state_value(t: Table, cid: str, key: str) -> int | None:
    return next(s.value for s in t.enc.combatant(cid).states if _plain(s.key) == key)


def marks(t: Table, cid: str) -> list[str]:
    return list(t.enc.combatant(cid).tracks["sante"].marks)


def set_marks(t: Table, cid: str, marks: list[str]) -> None:
    c = t.enc.combatant(cid)
    c.tracks = {"sante": Track(marks=marks + [""] * (len(c.tracks["sante"].marks) - len(marks)))}


def add_state(t: Table, cid: str, key: str, value: int | None = None) -> None:
    """A state set by the GM on the sheet (setup, not under test)."""
    c = t.enc.combatant(cid)
    c.states = [*c.states, State(key=key, label=key, value=value)]


def rules(terms) -> list[str]:
    return [term.rule for term in terms]


def term_values(terms, rule: str) -> list:
    return [term.value for term in terms if term.rule == rule]


def blocking(preview: Preview) -> list[str]:
    return [n.rule for n in preview.notices if n.blocking]


# --- Acting ------------------------------------------------------------------------------------


def action(
    kind: str, actor: str | None, target: str | None = None, force=False, overrides=None, **options
) -> Action:
    over = dict(overrides or {})
    if force:
        over[FORCE] = True
    return Action(kind, actor, target, options, over)


def look(t: Table, kind: str, actor: str, target: str | None = None, **options) -> Preview:
    """The preview of an action."""
    return t.preview(action(kind, actor, target, **options))


def dice_for(preview: Preview, faces: str | None = None, agg: int | None = None) -> DiceResult:
    """Faces typed by the GM (G-1 b), an aggregate (G-1 c), or no dice."""
    if preview.dice is None:
        return DiceResult("none")
    if faces is not None:
        return DiceResult.typed_faces(faces, preview.dice)
    if agg is not None:
        return DiceResult.typed_aggregate(agg, preview.dice)
    return DiceResult("none")


def act(
    t: Table,
    kind: str,
    actor: str,
    target: str | None = None,
    faces: str | None = None,
    agg: int | None = None,
    force: bool = False,
    overrides: dict | None = None,
    check_undo: bool = True,
    **options,
) -> tuple[Preview, Resolution, ChangeSet]:
    """Preview, resolve with typed faces or an aggregate, apply. With `check_undo`, first
    prove that reverting the ChangeSet restores the encounter exactly (G-4)."""
    a = action(kind, actor, target, force, overrides, **options)
    preview = t.preview(a)
    resolution, cs = t.resolve(a, dice_for(preview, faces, agg))
    if check_undo:
        before = dump(t.enc)
        apply(t.enc, cs)
        revert(t.enc, cs)
        assert dump(t.enc) == before
    t.apply(cs)
    return preview, resolution, cs


def pool(preview: Preview) -> tuple[int, int]:
    """(dice, difficulty) of a preview, as the dialog pre-fills them."""
    return preview.computed["des"], preview.computed["difficulte"]


# --- Turns -------------------------------------------------------------------------------------


def start(t: Table) -> None:
    t.apply(t.start_combat())


def declare_all(t: Table, actions: dict[str, list[str]], options: dict | None = None) -> None:
    """Everyone declares in turn (one "Agir" by default); `options` per unit."""
    mode = t.mode()
    while True:
        entry = t.enc.turn.order[t.enc.turn.current]
        opts = (options or {}).get(entry.unit)
        t.apply(declare(t, entry.unit, actions.get(entry.unit, ["Agir"]), opts))
        if mode.needs_initiative(t.enc.turn):
            return
        t.apply(t.next_turn())


def declare(t: Table, unit: str, actions: list[str], options: dict | None = None) -> ChangeSet:
    """The ChangeSet of a unit's declaration (its actions, the ruleset's options)."""
    return t.turn_step("declare", unit=unit, actions=actions, options=options)


def inits(t: Table, rolls: dict[str, int]) -> dict[str, list[ActionInitiative]]:
    return t.mode().action_initiatives(t.context(), rolls)


def values(acts: list[ActionInitiative]) -> list[int | None]:
    return [a.value for a in acts]


def begin(t: Table, rolls: dict[str, int]) -> None:
    t.apply(t.turn_step("begin_act", rolls=rolls))


def order(t: Table) -> list[tuple[str, int | None]]:
    """The act order: (unit, initiative) of the entries still to act and those done."""
    return [(e.unit, e.initiative) for e in t.enc.turn.order]
