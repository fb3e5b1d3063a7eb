"""Issue 33 (3) on the d20_35 demo at 1366×768: Dame Ysolde rides Tonnerre (D35-24). Her token
is drawn on the top-left quarter of her mount's, over it, and a click there is hers; dragging
the horse in her turn is her move — she is selected, both go as one drag, one undo entry, the
metres hers — and her attack's « Monture » option then follows the move made (D35-27)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtTest import QTest

from gui.boot.app import open_encounter
from gui.engine.contract import moving
from gui.engine.space.destination import cell_centre
from gui.map.token_text import text_width
from tests.gui.shots import shot

pytestmark = pytest.mark.gui


@pytest.fixture
def window(laptop_window, lang):
    w = laptop_window(open_encounter(None, "d20_35"))
    ctl = w.controller
    units = [e.unit for e in ctl.ruleset.turn_units(ctl.enc)]
    first = next(u for u in units if "ysolde" in u)
    ctl.start_combat({u: (30 if u == first else 20 - i) for i, u in enumerate(units)})
    assert "ysolde" in ctl.enc.turn.order[ctl.enc.turn.current].members
    w.view.fit()
    return w


def test_the_rider_is_drawn_on_her_mount_and_clicked_there(window):
    scene = window.scene
    rider, mount = scene.token_items["ysolde"], scene.token_items["tonnerre"]
    assert rider.zValue() > mount.zValue()
    assert rider.size <= mount.size / 2
    assert scene.token_at(rider.scenePos()) == "ysolde"  # her visible point is hers
    quarter = mount.scenePos() + QPointF(mount.size / 4, mount.size / 4)
    assert scene.token_at(quarter) == "tonnerre"  # the rest of the horse is his
    scene.select("tonnerre")  # the mount selected still lies under her
    assert scene.token_at(rider.scenePos()) == "ysolde"
    (initials,) = [line for line in mount.lines(1.0)[0] if line.text == mount.label]
    w, h = text_width(initials.text, initials.px, True), initials.px
    centre = initials.rect.center()
    drawn = mount.mapRectToScene(QRectF(centre.x() - w / 2, centre.y() - h / 2, w, h))
    assert not rider.mapToScene(rider.shape()).intersects(drawn)  # the horse's initials show


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_dragging_the_horse_in_her_turn_moves_both_as_her_move(window, lang):
    ctl, scene, view = window.controller, window.scene, window.view
    rider, mount = scene.token_items["ysolde"], scene.token_items["tonnerre"]
    before = ctl.undo_stack.count()
    spec = next(s for s in ctl.ruleset.actions(ctl.enc, "ysolde", "ogre") if s.kind == "attaquer")
    assert dict((f.key, f.default) for f in spec.options)["monture"] == "aucun"
    grid = ctl.enc.map.grid
    start = mount.home + QPointF(mount.size / 4, mount.size / 4)  # the horse, not her
    target = QPointF(*cell_centre(grid, (13, 9), 2))  # 7 squares right: 10,5 m
    end = start + target - mount.home
    port = view.viewport()
    a, b = view.mapFromScene(start), view.mapFromScene(end)
    QTest.mousePress(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    assert ctl.selected == "ysolde"  # the press on the horse selects its rider
    for i in range(1, 7):
        step = QPoint(a.x() + (b.x() - a.x()) * i // 6, a.y() + (b.y() - a.y()) * i // 6)
        QTest.mouseMove(port, step)
    assert mount.pos() != mount.home
    assert rider.pos() - rider.home == mount.pos() - mount.home  # she rides along
    QTest.mouseRelease(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)
    enc = ctl.enc
    assert enc.combatant("tonnerre").position.cell == (13, 9)
    assert enc.combatant("ysolde").position.cell == (13, 9)
    assert ctl.undo_stack.count() == before + 1  # one drag, one undo entry
    assert moving.moved(enc.combatant("ysolde")) == 10.5  # her move, not the horse's
    assert moving.moved(enc.combatant("tonnerre")) == 0
    spec = next(s for s in ctl.ruleset.actions(enc, "ysolde", "ogre") if s.kind == "attaquer")
    assert dict((f.key, f.default) for f in spec.options)["monture"] == "simple"  # ≤ 18 m
    assert scene.token_at(rider.scenePos()) == "ysolde"  # on her horse again, over it
    shot(window, f"mount_dragged_{lang}")
    ctl.undo_stack.undo()
    assert ctl.enc.combatant("ysolde").position.cell == (6, 10)
    assert ctl.enc.combatant("tonnerre").position.cell == (6, 10)


def test_a_short_drag_of_the_horse_puts_both_back(window):
    scene = window.scene
    rider, mount = scene.token_items["ysolde"], scene.token_items["tonnerre"]
    mount.setPos(mount.home + QPointF(1, 0))
    scene.token_dragged(mount)
    scene.token_released(mount)
    assert (rider.pos(), mount.pos()) == (rider.home, mount.home)
