"""Issue 31: what the GM hides never reaches the players — a property test.

On every demo (and every demo in mid-fight), random GM gestures (moves, actions, turns,
states caused by someone, hiding and revealing combatants and zones, undo and redo) go
through the controller with the players' view open. After each one, nothing hidden is told
by: the players' view (its title, every label of its panel, every text and tooltip of its
map's items), the players' printed summary, or the players' copy of the encounter (saved
as JSON: not even an id). Told means: the name of a hidden combatant or zone (unless a seen
one's name contains it), a unit's label that counts or names hidden members, a hidden zone
still drawn, the GM's notes. With the fog of war on (issue 38), the same holds of everything
outside the players' sight — creatures where their characters do not see, zones they never
saw — over random moves, doors opened and closed, and hidden creatures; the sight they are
shown is the one worked out afresh (the controller keeps its own between changes).

`ESCARMOUCHE_SOAK=1` plays 1,000 trials (`make soak`); `make test` plays a few per source."""

from __future__ import annotations

import os
import random

import msgspec
import pytest
from PySide6.QtWidgets import QLabel

from gui.boot.i18n import pick
from gui.control.controller import Controller
from gui.engine.edits import visibility
from gui.engine.files import storage
from gui.engine.play.players_copy import players_copy, secrets, seen_entry
from gui.engine.play.players_sight import PlayersEyes
from gui.engine.play.table import Table
from gui.engine.rulesets import registry
from gui.engine.space.destination import Destination
from gui.engine.state.model import State
from gui.player.window import PlayersWindow
from gui.printing.summary import summary_html
from tests.gui.mutations import act, demo_bytes, mid_combat, refusing, start, suivant

pytestmark = pytest.mark.gui

SOAK = bool(os.environ.get("ESCARMOUCHE_SOAK"))
GESTURES = 30  # per trial
NOTES = "Notes secrètes du MJ : le trésor est sous la dalle"


def _sources() -> list[str]:
    rulesets = registry.available()
    return [f"{r}.demo" for r in rulesets] + [f"{r}.mid" for r in rulesets]


def _load(source: str) -> bytes:
    ruleset, kind = source.split(".")
    return demo_bytes(ruleset) if kind == "demo" else mid_combat(ruleset)


def players_texts(view: PlayersWindow) -> list[str]:
    """Everything the players can read: the title, the panel's labels, the map's items."""
    out = [view.windowTitle()]
    out += [label.text() for label in view.findChildren(QLabel) if not label.isHidden()]
    for item in view.scene.items():
        out.append(item.toolTip())
        for attr in ("name", "badges", "label", "text"):
            value = getattr(item, attr, None)
            if isinstance(value, str):
                out.append(value)
            elif isinstance(value, list | tuple):
                out.extend(str(v) for v in value)
    return out


def leaks(ctl, view: PlayersWindow) -> list[str]:
    """What the players' view, summary and copy tell of what is hidden (empty: nothing)."""
    enc, ruleset = ctl.enc, ctl.ruleset
    gone = visibility.unseen_ids(enc)
    shown = {z.id for z in visibility.shown_zones(enc)}
    sight = PlayersEyes().sight(enc, ruleset)
    if sight is not None:
        gone |= {c.id for c in enc.combatants if c.id not in sight.creatures}
        shown &= sight.known_zones
    seen_names = [c.name for c in enc.combatants if c.id not in gone]
    seen_names += [z.name for z in enc.map.zones if z.id in shown]
    seen_names += [enc.name, *(s.name for s in enc.sides)]  # the players know these
    hidden = [c.name for c in enc.combatants if c.id in gone]
    hidden += [z.name for z in enc.map.zones if z.id not in shown]
    names = {n for n in hidden if not any(n in s for s in seen_names)}
    copy = players_copy(enc, sight=sight)
    saved = msgspec.json.encode(copy).decode()
    summary = summary_html(copy, ruleset, None, players=True)
    found = []
    for where, text in [("view", t) for t in players_texts(view)] + [("summary", summary)]:
        found += [f"{where}: « {n} » in « {text[:80]} »" for n in names if n in text]
        if NOTES in text:
            found.append(f"{where}: the GM's notes")
    hidden_ids = gone | {z.id for z in enc.map.zones if z.id not in shown}
    found += [f"copy: id {i}" for i in hidden_ids if f'"{i}"' in saved]
    found += [f"copy: {n}" for n in names if n in saved]
    if NOTES in saved:
        found.append("copy: the GM's notes")
    if set(view.scene.zone_items) != shown:
        found.append(f"view: zones {sorted(set(view.scene.zone_items) ^ shown)}")
    drawn = {
        c.id for c in enc.combatants if c.id not in gone and view.scene._place_of(c) is not None
    }
    if set(view.scene.token_items) != drawn:
        found.append(f"view: tokens {sorted(set(view.scene.token_items) ^ drawn)}")
    known = secrets(enc, sight)
    told = "\n".join(players_texts(view)) + summary
    for entry in enc.turn.order or ruleset.turn_units(enc):
        row = seen_entry(entry, known)
        full = pick(ruleset.unit_label(enc, entry))
        partly = row is not None and row.members != entry.members
        if partly and full != pick(ruleset.unit_label(copy, row)) and full in told:
            found.append(f"a unit counted with its hidden members: « {full} »")
    return found


def _gesture(ctl, rng: random.Random) -> None:
    """One random GM gesture (a refusal is what the GM would read: fine)."""
    enc = ctl.enc
    people = [c.id for c in enc.combatants]
    zones = [z.id for z in enc.map.zones]
    who = rng.choice(people) if people else None
    pick_ = rng.randrange(12)
    if pick_ in (0, 1) and who:
        refusing(ctl.hide_combatant, who, not enc.combatant(who).hidden)
    elif pick_ == 2 and zones:
        zid = rng.choice(zones)
        refusing(ctl.hide_zone, zid, not enc.map.zone(zid).hidden)
    elif pick_ == 3 and who and zones:
        refusing(ctl.move, who, Destination(zone=rng.choice(zones)), True)
    elif pick_ == 4 and who and enc.map.grid is not None:
        cell = (rng.randrange(0, 20), rng.randrange(0, 14))
        refusing(ctl.move, who, Destination(cell=cell), True)
    elif pick_ == 5:
        refusing(act, ctl)
    elif pick_ == 6:
        refusing(suivant, ctl) if enc.turn.mode != "none" else refusing(start, ctl)
    elif pick_ == 7 and who and len(people) > 1:
        by = enc.combatant(rng.choice([p for p in people if p != who]))
        state = State(key="touche", label=f"Touché par {by.name}", source=by.id)
        refusing(ctl.add_condition, who, state)
    elif pick_ == 8 and ctl.undo_stack.canUndo():
        ctl.undo_stack.undo()
    elif pick_ == 9 and ctl.undo_stack.canRedo():
        ctl.undo_stack.redo()
    elif pick_ == 10 and any(w.door for w in enc.map.walls):
        doors = [i for i, w in enumerate(enc.map.walls) if w.door]
        refusing(ctl.toggle_door, rng.choice(doors))
    elif pick_ == 10:
        refusing(ctl.previous_turn)
    else:
        refusing(act, ctl)


def _trial(source: str, data: bytes, seed: int, qtbot, fog: bool = False) -> None:
    ctl = Controller(Table(storage.loads(data)))
    ctl.enc.notes = NOTES
    if fog:
        ctl.set_fog(True)
    view = PlayersWindow(ctl)
    qtbot.addWidget(view)
    rng = random.Random(f"{source}-{seed}")
    try:
        for n in range(GESTURES):
            _gesture(ctl, rng)
            found = leaks(ctl, view)
            assert not found, f"{source}, trial {seed}, gesture {n}: {found}"
    finally:
        view.close()
        ctl.undo_stack.clear()


@pytest.mark.parametrize("source", _sources())
def test_nothing_hidden_reaches_the_players(source, qtbot):
    data = _load(source)
    trials = 1000 // len(_sources()) + 1 if SOAK else 2
    for seed in range(trials):
        _trial(source, data, seed, qtbot)


@pytest.mark.parametrize("source", [s for s in _sources() if s.endswith(".demo")])
def test_nothing_outside_the_players_sight_reaches_them_under_the_fog(source, qtbot):
    data = _load(source)
    trials = 1000 // len(_sources()) + 1 if SOAK else 2
    for seed in range(trials):
        _trial(source, data, seed, qtbot, fog=True)
