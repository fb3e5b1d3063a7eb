"""Small attention_donjon encounters and helpers for the AD engine tests (spec section 1).

Sides: "heros" and "monstres". Zones "1"–"2"–"3"… in a chain by default (the text's map:
the Tracker in zone 1, the spider in zone 2, the goblin mage in zone 3), or any graph.
Every sheet starts from the ruleset's defaults and fits the schema (ruleset.json keys);
weapons come from the catalog by name or are written whole.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import FORCE, Action, Preview, Resolution
from gui.engine.play.table import Table
from gui.engine.rulesets import registry
from gui.engine.rulesets.attention_donjon.health import DEAD_STATE, SHAKEN_STATE
from gui.engine.state.changes import ChangeSet, apply, revert
from gui.engine.state.model import Combatant, Edge, Encounter, Map, Position, Side, State
from gui.engine.state.schema import check_combatant
from tests.engine.builders import dump, zone

RULESET = registry.get("attention_donjon")
HEROS, MONSTRES = "heros", "monstres"
CATALOG = {row["nom"]: row for row in RULESET.catalogs["armes"]}


# --- Sheets --------------------------------------------------------------------------------


def arme(name: str, **cells) -> dict:
    """A catalog weapon row (« Épée », « Arbalète »…), with `cells` on top."""
    return {**CATALOG[name], **cells}


def weapon(
    nom: str,
    type: str = "melee",
    allonge: int = 1,
    attribut: str = "-",
    dommages: int = 0,
    penetration: int = 0,
) -> dict:
    """A weapon row: Allonge, Type, Dommages (fixed dice, or attribut + dommages) and Pén."""
    return {
        "nom": nom,
        "type": type,
        "allonge": allonge,
        "attribut": attribut,
        "dommages": dommages,
        "penetration": penetration,
        "regles": "",
    }


SWORD = arme("Épée")  # Mêlée, Allonge 1, « Force »
GREATSWORD = arme("Épée à deux mains")  # « Force + 2 »
CROSSBOW = arme("Arbalète")  # Tir, Allonge 3, 5 dice
AXE = arme("Hache de lancer")  # Lancer, Allonge 2


def armour(bonus: int, nom: str = "Armure") -> dict:
    """Armour points: part of Endurance, the part Pénétration removes (AD-18, AD-31)."""
    return {"nom": nom, "type": "armure", "bonus": bonus}


def shield(bonus: int, nom: str = "Bouclier") -> dict:
    """A Parade bonus (AD-30)."""
    return {"nom": nom, "type": "bouclier", "bonus": bonus}


def sheet(**stats) -> dict:
    """The ruleset's default sheet with `stats` on top."""
    base = {f.key: f.default for f in RULESET.data.fields}
    base.update(stats)
    return base


def figure(
    cid: str,
    side: str = HEROS,
    zone_id: str | None = "1",
    shaken: bool = False,
    states: Iterable[State] = (),
    **stats,
) -> Combatant:
    """A figurine with the default sheet and `stats` on top (`armes`, `protections`…),
    Secoué when `shaken`."""
    listed = [SHAKEN_STATE] if shaken else []
    return Combatant(
        id=cid,
        name=cid.capitalize(),
        side=side,
        stats=sheet(**stats),
        states=[*listed, *states],
        position=Position(zone=zone_id),
    )


def enemy(cid: str, zone_id: str | None = "1", **kw) -> Combatant:
    return figure(cid, MONSTRES, zone_id, **kw)


# --- Maps and encounters -------------------------------------------------------------------


def chain(n: int = 3) -> Map:
    """Zones "1" … "n" in a row."""
    return graph([str(i) for i in range(1, n + 1)], [(str(i), str(i + 1)) for i in range(1, n)])


def graph(zones: Iterable[str], edges: Iterable[tuple[str, str]]) -> Map:
    """Any zone graph: the zones and their neighbour pairs."""
    return Map(
        zones=[zone(z, 150 * i) for i, z in enumerate(zones)],
        edges=[Edge(a=a, b=b) for a, b in edges],
    )


def encounter(
    *combatants: Combatant, flags: dict | None = None, game_map: Map | None = None
) -> Encounter:
    enc = Encounter(
        id="ad",
        name="AD",
        ruleset="attention_donjon",
        flags=flags or {},
        sides=[Side(id=HEROS, name="Héros"), Side(id=MONSTRES, name="Monstres")],
        combatants=list(combatants),
        map=game_map or chain(),
    )
    for i, c in enumerate(enc.combatants):
        assert check_combatant(RULESET.data, c, ("combatants", i)) is None, c.id
    return enc


def table(
    *combatants: Combatant,
    flags: dict | None = None,
    contacts: Iterable[tuple[str, str]] = (),
    game_map: Map | None = None,
) -> Table:
    """A Table on a fresh encounter, with pairs of figurines put in contact."""
    t = Table(encounter(*combatants, flags=flags, game_map=game_map))
    for a, b in contacts:
        t.apply(t.set_contact(a, b, True))
    return t


# --- Reading the encounter -----------------------------------------------------------------


def stat(t: Table, cid: str, key: str):
    return t.enc.combatant(cid).stats[key]


def states(t: Table, cid: str) -> list[str]:
    """State keys, a pending hit « touche.<attacker> » shown as « touche »."""
    return [s.key.split(".", 1)[0] for s in t.enc.combatant(cid).states]


def is_shaken(t: Table, cid: str) -> bool:
    return "secoue" in states(t, cid)


def kill(t: Table, cid: str) -> None:
    """Set up a dead figurine (AD-20), as the engine leaves it."""
    c = t.enc.combatant(cid)
    c.states = [*c.states, DEAD_STATE]
    c.stats["actif"] = False


def rules(terms) -> list[str]:
    return [term.rule for term in terms]


def term_values(terms, rule: str) -> list:
    return [term.value for term in terms if term.rule == rule]


def difficulty_terms(preview: Preview, rule: str | None = None) -> list:
    """The values of the Difficulty's terms (of one rule), in order."""
    return [
        term.value
        for term in preview.terms
        if term.label.startswith("Difficulté —") and rule in (None, term.rule)
    ]


def successes(resolution: Resolution) -> int:
    """The successes an outcome reports (« … 3 succès contre … »)."""
    found = re.search(r"(\d+) succès", resolution.outcome_fr)
    assert found, resolution.outcome_fr
    return int(found.group(1))


def blocking(preview: Preview) -> list[str]:
    return [n.rule for n in preview.notices if n.blocking]


def warnings(preview: Preview) -> list[str]:
    return [n.rule for n in preview.notices if not n.blocking]


# --- Dice ----------------------------------------------------------------------------------


def faces(*values: int, pokers: Iterable[int] = ()) -> DiceResult:
    """Faces typed by the GM (G-1 b); `pokers`: indexes of the 6s traded for a Coup de
    Poker, each followed at once by its extra die (AD-26)."""
    return DiceResult("faces", tuple(values), trades=tuple(pokers))


def agg(n: int) -> DiceResult:
    """A count of successes typed by the GM (G-1 c)."""
    return DiceResult("aggregate", (), n)


NONE = DiceResult("none")


# --- Acting --------------------------------------------------------------------------------


def action(
    kind: str,
    actor: str | None,
    target: str | None = None,
    force: bool = False,
    overrides: dict | None = None,
    **options,
) -> Action:
    over = dict(overrides or {})
    if force:
        over[FORCE] = True
    return Action(kind, actor, target, options, over)


def look(
    t: Table, kind: str, actor: str, target: str | None = None, overrides=None, **options
) -> Preview:
    """The preview of an action."""
    return t.preview(action(kind, actor, target, overrides=overrides, **options))


def difficulty(t: Table, kind: str, actor: str, target: str | None = None, **options) -> int:
    """The Difficulty a preview shows (its target number)."""
    return look(t, kind, actor, target, **options).target_number


def dice_count(t: Table, kind: str, actor: str, target: str | None = None, **options) -> int:
    """The number of dice a preview asks for (0 when no die is rolled)."""
    preview = look(t, kind, actor, target, **options)
    return 0 if preview.dice is None else preview.dice.expr.count


def act(
    t: Table,
    kind: str,
    actor: str,
    target: str | None = None,
    dice: DiceResult = NONE,
    force: bool = False,
    overrides: dict | None = None,
    check_undo: bool = True,
    **options,
) -> tuple[Resolution, ChangeSet]:
    """Resolve with `dice` and apply. With `check_undo`, first prove that reverting the
    ChangeSet restores the encounter exactly (G-4)."""
    a = action(kind, actor, target, force, overrides, **options)
    resolution, cs = t.resolve(a, dice)
    if check_undo:
        undo_is_exact(t, cs)
    t.apply(cs)
    return resolution, cs


def undo_is_exact(t: Table, cs: ChangeSet) -> None:
    before = dump(t.enc)
    apply(t.enc, cs)
    revert(t.enc, cs)
    assert dump(t.enc) == before


def hit(t: Table, actor: str, target: str, arme_index: str = "0", **options) -> Resolution:
    """A successful attack (typed successes well above any Difficulty), leaving the pending
    hit the Dommages roll needs (AD-13)."""
    resolution, _cs = act(t, "attaquer", actor, target, agg(30), arme=arme_index, **options)
    assert resolution.success is True, resolution.outcome_fr
    return resolution


# --- Turns ---------------------------------------------------------------------------------


def start(t: Table) -> None:
    t.apply(t.start_combat())


def next_turn(t: Table) -> ChangeSet:
    cs = t.next_turn()
    undo_is_exact(t, cs)
    t.apply(cs)
    return cs


def spent(t: Table, cid: str) -> list[str]:
    return list(t.enc.turn.spent.get(cid, []))
