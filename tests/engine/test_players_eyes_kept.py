"""The players' sight kept between changes (issue 38, P14) is the sight worked out afresh: over
random sessions on the d20_35 crypt — characters walking, doors opened and closed, what they
see remembered, squares re-fogged or made dark by the GM, a zone moved, the grid shifted —
the eyes kept since the start (each character's squares and corner sweeps, the map's extent
and zones, the memory read row by row) say at every step what new eyes say."""

from __future__ import annotations

import random

from gui.engine.edits import doors, sight
from gui.engine.edits import map as map_edits
from gui.engine.files.storage import load
from gui.engine.play.players_sight import PlayersEyes
from gui.engine.play.table import Table
from gui.engine.rulesets import registry
from gui.engine.state.changes import ChangeSet, apply

HEROES = ["aldric", "isaure", "anselme", "ysolde", "tonnerre"]


def _step(t: Table, rng: random.Random, kept: PlayersEyes) -> None:
    enc, roll = t.enc, rng.random()
    if roll < 0.45:  # a character walks a square
        c = enc.combatant(rng.choice(HEROES))
        x, y = c.position.cell
        dx, dy = rng.choice([(1, 0), (-1, 0), (0, 1), (0, -1)])
        c.position = c.position.replace(cell=(min(max(x + dx, 0), 24), min(max(y + dy, 0), 15)))
    elif roll < 0.6:  # what they see now is remembered, as the controller does after a move
        now = kept.sight(enc, t.ruleset)
        apply(enc, ChangeSet("", tuple(sight.explore(enc, now.cells, now.zones))))
    elif roll < 0.7:
        apply(enc, doors.toggle_door(enc, rng.choice([1, 2])))
    elif roll < 0.8:  # the GM re-fogs a few squares, or the whole caveau
        cells = [(rng.randrange(25), rng.randrange(16)) for _ in range(6)]
        if rng.random() < 0.5:
            cells = [(x, y) for x in range(15, 26) for y in range(16)]
        apply(enc, sight.refog(enc, cells))
    elif roll < 0.87:
        cells = [(rng.randrange(25), rng.randrange(16)) for _ in range(4)]
        apply(enc, sight.set_dark(enc, cells, rng.random() < 0.7))
    elif roll < 0.94:
        rect = enc.map.zone("caveau").rect
        moved = rect.replace(x=rect.x + rng.choice([-40, 40]))
        apply(enc, map_edits.set_zone_rect(enc, "caveau", moved))
    else:
        grid = enc.map.grid
        apply(enc, map_edits.set_grid(enc, grid.replace(origin_x=rng.choice([0.0, 20.0, 40.0]))))


def test_the_sight_kept_between_changes_is_the_sight_worked_out_afresh() -> None:
    for seed in range(4):
        rng = random.Random(seed)
        t = Table(load(registry.get("d20_35").demo_path))
        apply(t.enc, sight.set_fog(t.enc, True))
        kept = PlayersEyes()
        for step in range(50):
            _step(t, rng, kept)
            assert kept.sight(t.enc, t.ruleset) == PlayersEyes().sight(t.enc, t.ruleset), (
                seed,
                step,
            )
