"""A large, realistic encounter for the storage benchmarks and fuzzing (libre ruleset)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

from gui.engine.state.model import (
    Combatant,
    DiceState,
    Edge,
    Encounter,
    Expiry,
    Grid,
    LogEntry,
    Map,
    Position,
    Rect,
    Side,
    State,
    Zone,
)
from gui.engine.state.references import reference_problem
from gui.engine.turns import RankedEntry, RankedState

GRID_COLUMNS = 20
CELL = 120.0
_NAMES = ["Gobelin", "Orque", "Bandit", "Garde", "Loup", "Squelette", "Mercenaire", "Acolyte"]
_STATES = [("a_terre", "À terre"), ("empoisonne", "Empoisonné"), ("entrave", "Entravé")]


def _zones(count: int) -> tuple[list[Zone], list[Edge]]:
    """Zones laid out on a grid 20 wide, each joined to its right and lower neighbours."""
    zones, edges = [], []
    for n in range(count):
        row, col = divmod(n, GRID_COLUMNS)
        rect = Rect(x=col * CELL, y=row * CELL, width=CELL - 10, height=CELL - 10)
        zones.append(Zone(id=f"z{n}", name=f"Zone {row}-{col}", rect=rect))
        if col > 0:
            edges.append(Edge(a=f"z{n - 1}", b=f"z{n}", length_m=9.0 if n % 3 else None))
        if row > 0:
            edges.append(Edge(a=f"z{n - GRID_COLUMNS}", b=f"z{n}"))
    return zones, edges


def _combatant(n: int, rng: random.Random, zones: int) -> Combatant:
    side = "heros" if n % 5 == 0 else "monstres"
    pv_max = rng.randint(5, 120)
    states = []
    if n % 7 == 0:
        key, label = rng.choice(_STATES)
        states.append(
            State(
                key=key, label=label, text="Voir les règles.", expiry=Expiry(at="rounds", rounds=2)
            )
        )
    return Combatant(
        id=f"c{n}",
        name=f"{_NAMES[n % len(_NAMES)]} {n}",
        side=side,
        stats={
            "init_mod": rng.randint(-2, 6),
            "attaque": rng.randint(0, 12),
            "defense": rng.randint(10, 20),
            "degats": f"1d{rng.choice([4, 6, 8, 10])}+{rng.randint(0, 4)}",
            "pv": rng.randint(0, pv_max),
            "pv_max": pv_max,
        },
        states=states,
        position=Position(zone=f"z{n % zones}", cell=(n % 40, n // 40)),
        notes="Tient la porte nord." if n % 50 == 0 else "",
    )


def make_big_encounter(combatants: int = 1000, zones: int = 200, in_order: int = 50) -> Encounter:
    """An encounter with `combatants` tokens on `zones` zones, a turn order of the first
    `in_order` of them, contacts and a log."""
    rng = random.Random(1234)
    zone_list, edges = _zones(zones)
    people = [_combatant(n, rng, zones) for n in range(combatants)]
    # Pairs standing in the same zone are in melee with each other (listed on both sides).
    for n in range(0, combatants - zones, 40):
        a, b = people[n], people[n + zones]
        a.contacts.append(b.id)
        b.contacts.append(a.id)
    order = [
        RankedEntry(unit=c.id, members=[c.id], side=c.side, initiative=rng.randint(1, 30))
        for c in people[:in_order]
    ]
    start = datetime(2024, 5, 1, 20, 30, tzinfo=UTC)
    log = [
        LogEntry(
            time=start + timedelta(seconds=20 * i),
            round=1 + i // 10,
            actor=f"c{i}",
            target=f"c{i + 1}",
            action="Attaque",
            breakdown=["attaque +5", "défense 14"],
            dice=[rng.randint(1, 20)],
            outcome="touché, 7 dégâts" if i % 2 else "raté",
        )
        for i in range(50)
    ]
    enc = Encounter(
        id="bataille",
        name="La bataille du gué",
        ruleset="libre",
        sides=[
            Side(id="heros", name="Héros", colour="#3a6ea5"),
            Side(id="monstres", name="Monstres", colour="#a53a3a"),
        ],
        combatants=people,
        map=Map(zones=zone_list, edges=edges, metres_per_px=0.05, grid=Grid()),
        turn=RankedState(round=3, order=order, current=4),
        log=log,
        dice=DiceState(seed=42),
        notes="Grande bataille pour les mesures de performance.",
    )
    assert reference_problem(enc) is None  # contacts were appended after validation
    return enc
