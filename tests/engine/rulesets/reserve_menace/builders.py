"""Small reserve_menace encounters and helpers for the RM engine tests (spec section 2).

Sides: "pj" (the players' Compagnie), "mj" and "mj2" (two GM camps). Zones z1–z2–z3 in a row.
Every sheet starts from the ruleset's defaults for its tier, so it fits the schema.
"""

from __future__ import annotations

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import FORCE, Action, Preview, Resolution
from gui.engine.play.table import Table
from gui.engine.rulesets import registry
from gui.engine.state.changes import ChangeSet, apply, revert
from gui.engine.state.model import Combatant, Edge, Encounter, Map, Position, Side, Track
from gui.engine.state.schema import check_combatant
from tests.engine.builders import dump, zone

RULESET = registry.get("reserve_menace")
PJ, MJ, MJ2 = "pj", "mj", "mj2"


def sheet(tier: str, **stats) -> dict:
    """The ruleset's default sheet of a tier, with `stats` on top."""
    base = {k: spec.default for k, spec in RULESET.data.field_map(tier).items()}
    base.update(stats)
    return base


def pc(cid: str, side: str = PJ, zone_id: str = "z1", **stats) -> Combatant:
    """A Personnage; by default not equipped (RM-04), so Défense = Vigilance unless set."""
    stats.setdefault("equipe", False)
    return Combatant(
        id=cid,
        name=cid.capitalize(),
        side=side,
        tier="personnage",
        stats=sheet("personnage", **stats),
        position=Position(zone=zone_id),
    )


def extra(cid: str, tier: str = "mineur", side: str = MJ, zone_id: str = "z1", **stats):
    """A Figurant of a tier (mineur, standard, majeur); Moniteur boxes empty."""
    c = Combatant(
        id=cid,
        name=cid.capitalize(),
        side=side,
        tier=tier,
        stats=sheet(tier, **stats),
        position=Position(zone=zone_id),
    )
    if tier != "mineur":
        size = int(c.stats["moniteur_taille"])
        c.tracks = {"moniteur": Track(marks=[""] * size)}
    return c


def encounter(
    *combatants: Combatant,
    flags: dict | None = None,
    reserve: int = 0,
    menace: int = 3,
    second_camp: bool = False,
) -> Encounter:
    """The players' side, one GM camp (two with `second_camp`), three zones in a row."""
    res = {"reserve": reserve, "menace": menace, "mineurs_depart": 0, "moities": 0}
    sides = [Side(id=PJ, name="Compagnie"), Side(id=MJ, name="Camp", resources=dict(res))]
    if second_camp:
        sides.append(Side(id=MJ2, name="Camp 2", resources=dict(res)))
    enc = Encounter(
        id="rm",
        name="RM",
        ruleset="reserve_menace",
        flags=flags or {},
        sides=sides,
        combatants=list(combatants),
        map=Map(
            zones=[zone("z1"), zone("z2", 150), zone("z3", 300)],
            edges=[Edge(a="z1", b="z2"), Edge(a="z2", b="z3")],
        ),
    )
    for i, c in enumerate(enc.combatants):
        assert check_combatant(RULESET.data, c, ("combatants", i)) is None, c.id
    return enc


def table(enc: Encounter) -> Table:
    return Table(enc)


def start(enc: Encounter, first: str = PJ) -> Table:
    """Start the combat (every Défense computed, Passe 1) with `first` holding initiative."""
    t = Table(enc)
    t.apply(t.start_combat(first_side=first))
    return t


def stat(enc: Encounter, cid: str, key: str):
    return enc.combatant(cid).stats[key]


def states(enc: Encounter, cid: str) -> list[str]:
    """The combatant's states, then the hits waiting on it (RM-28: reaction windows)."""
    return [s.key for s in enc.combatant(cid).states] + [
        w.kind for w in enc.windows if w.target == cid
    ]


def state_value(enc: Encounter, cid: str, key: str) -> int | None:
    """The value of a state, or of a hit waiting on the combatant (its Qualités)."""
    marks = [*enc.combatant(cid).states, *(w for w in enc.windows if w.target == cid)]
    return next(m.value for m in marks if getattr(m, "key", getattr(m, "kind", "")) == key)


def res(enc: Encounter, side: str, key: str = "reserve") -> int:
    return enc.side(side).resources[key]


def marks(enc: Encounter, cid: str) -> list[str]:
    return enc.combatant(cid).tracks["moniteur"].marks


def left(enc: Encounter, unit: str) -> int:
    """Actions left this Passe for a unit (a combatant id or "mineurs.<camp>")."""
    return next(e.actions_left for e in enc.turn.order if e.unit == unit)


def dice_for(preview: Preview, q: int | None) -> DiceResult:
    """The Qualités the GM types, or no dice when the pool is ≤ 0 (A-RM-1) or none is asked."""
    if preview.dice is None or q is None:
        return DiceResult("none")
    return DiceResult.typed_aggregate(q, preview.dice)


def act(
    t: Table,
    kind: str,
    actor: str | None,
    target: str | None = None,
    q: int | None = None,
    force: bool = False,
    overrides: dict | None = None,
    check_undo: bool = True,
    **options,
) -> tuple[Preview, Resolution, ChangeSet]:
    """Preview, resolve with `q` Qualités, apply. With `check_undo`, first prove that
    reverting the ChangeSet restores the encounter exactly."""
    over = dict(overrides or {})
    if force:
        over[FORCE] = True
    action = Action(kind, actor, target, options, over)
    preview = t.preview(action)
    resolution, cs = t.resolve(action, dice_for(preview, q))
    if check_undo:
        before = dump(t.enc)
        apply(t.enc, cs)
        revert(t.enc, cs)
        assert dump(t.enc) == before
    t.apply(cs)
    return preview, resolution, cs


def blocking(preview: Preview) -> list[str]:
    """The rule ids of the blocking notices of a preview."""
    return [n.rule for n in preview.notices if n.blocking]


def nxt(t: Table) -> None:
    """« Suivant »: the initiative passes."""
    t.apply(t.next_turn())


def computed(enc: Encounter, first: str = PJ) -> Table:
    """Every Défense computed by starting the combat, then the Passes left (end of combat):
    for rules tests where turn order and action budgets play no part."""
    t = start(enc, first)
    t.apply(t.end_combat())
    return t
