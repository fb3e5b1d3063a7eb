"""Issue 16: views refresh only what a change touched, and still agree with a full re-sync.

A property test: on every demo and every demo in mid-fight, random GM gestures (moves,
sheet edits, actions, turns, conditions, resources, rows added and removed, undo and redo,
selection) go through the real window's controller. After each one:
- every token, group outline and zone of the map equals those of a scene built afresh;
- each item model's rows are those a fresh model would have, and every row whose data
  changed was told to the views (dataChanged over it, or a reset);
- Qt's model tester still passes on every model (it watches each signal as it comes)."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import QAbstractListModel, QModelIndex, Qt
from PySide6.QtGui import QColor, QFont

from gui.engine.files import storage
from gui.engine.space.destination import Destination
from gui.engine.state.model import State
from gui.map.scene import EncounterScene
from gui.models import ID_ROLE, ROOT
from gui.models.roster import COUNTERS_ROLE, KIND_ROLE
from tests.gui.mutations import act, close_window, open_window, refusing, sources, start, suivant

pytestmark = pytest.mark.gui

GESTURES = 40  # per source; each compared with a full re-sync
ROLES = (
    Qt.ItemDataRole.DisplayRole,
    Qt.ItemDataRole.ToolTipRole,
    Qt.ItemDataRole.FontRole,
    Qt.ItemDataRole.BackgroundRole,
    Qt.ItemDataRole.ForegroundRole,
    Qt.ItemDataRole.DecorationRole,
    ID_ROLE,
    KIND_ROLE,
    COUNTERS_ROLE,
)


def _plain(value: object) -> object:
    """A model value as something that compares by content."""
    if isinstance(value, QFont):
        return ("font", value.bold(), value.italic())
    if isinstance(value, QColor):
        return ("colour", value.name(QColor.NameFormat.HexArgb))
    return value


def _rows(model, parent: QModelIndex = ROOT) -> dict[tuple, tuple]:
    """Every row of `model` (by its path of row numbers) and what it shows, every column
    and role."""
    out: dict[tuple, tuple] = {}
    for row in range(model.rowCount(parent)):
        index = model.index(row, 0, parent)
        cells = tuple(
            _plain(model.index(row, column, parent).data(role))
            for column in range(_columns(model, parent))
            for role in ROLES
        )
        key = (*_path(index), row)
        out[key] = cells
        out.update(_rows(model, index))
    return out


def _columns(model, parent: QModelIndex) -> int:
    """A list model's one column (PySide keeps its columnCount private)."""
    return 1 if isinstance(model, QAbstractListModel) else model.columnCount(parent)


def _path(index: QModelIndex) -> tuple[int, ...]:
    parents = []
    parent = index.parent()
    while parent.isValid():
        parents.insert(0, parent.row())
        parent = parent.parent()
    return tuple(parents)


class Told:
    """What a model told its views during one gesture: the rows of its dataChanged signals,
    and whether it was reset or its rows came and went."""

    def __init__(self, model) -> None:
        self.rows: set[tuple] = set()
        self.reshaped = False
        model.dataChanged.connect(self._changed)
        for signal in (model.modelReset, model.rowsInserted, model.rowsRemoved, model.rowsMoved):
            signal.connect(self._reshaped)

    def _changed(self, first: QModelIndex, last: QModelIndex, _roles=()) -> None:
        for row in range(first.row(), last.row() + 1):
            self.rows.add((*_path(first), row))

    def _reshaped(self, *_args) -> None:
        self.reshaped = True

    def clear(self) -> None:
        self.rows, self.reshaped = set(), False


def _token_look(item) -> tuple:
    return (
        round(item.home.x(), 3),
        round(item.home.y(), 3),
        round(item.pos().x(), 3),
        round(item.pos().y(), 3),
        item.size,
        item.label,
        item.colour.name(),
        tuple(item.badges),
        item.selected,
        item.acting,
        item.out,
        item.zValue(),
        item.isEnabled(),
    )


def _scene_look(scene: EncounterScene) -> dict[str, object]:
    return {
        "tokens": {cid: _token_look(t) for cid, t in scene.token_items.items()},
        "groups": {
            key: (g.label, g.colour.name(), g.path.boundingRect().getRect())
            for key, g in scene.group_items.items()
        },
        "zones": {
            zid: (z.name, z.colour.name(), z.scene_rect().getRect())
            for zid, z in scene.zone_items.items()
        },
    }


def _gesture(ctl, rng: random.Random) -> None:
    """One random GM gesture (a refusal is what the GM would read: fine)."""
    enc = ctl.enc
    people = [c.id for c in enc.combatants]
    zones = [z.id for z in enc.map.zones]
    who = rng.choice(people) if people else None
    pick = rng.randrange(13)
    if pick == 0 and who and zones:
        refusing(ctl.move, who, Destination(zone=rng.choice(zones)), True)
    elif pick == 1 and who:
        c = enc.combatant(who)
        ints = [
            spec
            for spec in ctl.ruleset.data.fields_for(c.tier)
            if spec.kind == "int" and spec.minimum is not None and spec.maximum is not None
        ]
        if ints:
            spec = rng.choice(ints)
            value = rng.randint(int(spec.minimum), int(spec.maximum))
            refusing(ctl.edit_stat, who, spec.key, value)
    elif pick == 2:
        refusing(act, ctl)
    elif pick == 3:
        refusing(suivant, ctl) if enc.turn.mode != "none" else refusing(start, ctl)
    elif pick == 4:
        refusing(ctl.previous_turn)
    elif pick == 5 and who:
        refusing(ctl.rename, who, f"Nommé {rng.randrange(100)}")
    elif pick == 6 and who:
        refusing(ctl.add_condition, who, State(key="marque", label="Marqué", text="Test."))
    elif pick == 7 and who and enc.combatant(who).states:
        refusing(ctl.remove_condition, who, 0)
    elif pick == 8 and who:
        refusing(ctl.duplicate, who, rng.randint(1, 2))
    elif pick == 9 and who and len(people) > 2:
        refusing(ctl.remove_combatant, who)
    elif pick == 10 and ctl.undo_stack.canUndo():
        ctl.undo_stack.undo()
    elif pick == 11 and ctl.undo_stack.canRedo():
        ctl.undo_stack.redo()
    else:
        ctl.select(who)


def _side_and_resource(ctl, rng: random.Random) -> None:
    """A side resource changed by its counter (the roster's side row), when the ruleset has one."""
    for side in ctl.enc.sides:
        for spec in ctl.ruleset.data.resources:
            if spec.key in side.resources and spec.maximum is not None:
                low = int(spec.minimum or 0)
                refusing(ctl.set_resource, side.id, spec.key, rng.randint(low, int(spec.maximum)))
                return


SOURCES = [
    "libre.demo",
    "libre.mid",
    "attention_donjon.mid",
    "attention_donjon.cartes.mid",
    "reserve_menace.demo",
    "reserve_menace.mid",
    "reserve_menace.window",
    "conteur.mid",
]


@pytest.mark.parametrize("source", SOURCES)
def test_views_refreshed_by_notices_agree_with_a_full_resync(source, qtbot, qtmodeltester):
    window = open_window(storage.loads(sources()[source]))
    try:
        ctl, panel = window.controller, window.turns
        models = [panel.roster_model, panel.order_model, window.log.model]
        for model in models:
            qtmodeltester.check(model)  # and it keeps watching their signals
        told = [Told(model) for model in models]
        rng = random.Random(source)
        for n in range(GESTURES):
            before = [_rows(model) for model in models]
            for t in told:
                t.clear()
            if n % 7 == 6:
                _side_and_resource(ctl, rng)
            else:
                _gesture(ctl, rng)
            fresh = EncounterScene(ctl.enc, ctl.ruleset)
            fresh.select(window.scene.selected)
            assert _scene_look(window.scene) == _scene_look(fresh), f"gesture {n}"
            for model, was, t in zip(models, before, told, strict=True):
                if t.reshaped:
                    continue
                now = _rows(model)
                assert now.keys() == was.keys(), f"gesture {n}: rows changed untold"
                assert model.row_ids == model.shape(), f"gesture {n}: stale rows"
                stale = {key for key in now if now[key] != was[key]} - t.rows
                assert not stale, f"gesture {n}: {type(model).__name__} rows {stale} not told"
    finally:
        close_window(window)
