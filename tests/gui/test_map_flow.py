"""The map by mouse: draw and connect zones, drag tokens (one undo entry), refusals, save/reopen."""

from __future__ import annotations

import msgspec
import pytest
from PySide6.QtCore import QPointF
from PySide6.QtWidgets import QMainWindow, QMenu

from gui.control.controller import Controller
from gui.engine.edits.roster import blank
from gui.engine.files import storage
from gui.engine.files.blank import blank_encounter
from gui.engine.play.table import Table
from gui.engine.state.model import Grid
from gui.map.interaction import MapInteraction
from gui.map.scene import EncounterScene
from gui.map.tools import CONNECT, DRAW
from gui.map.view import MapView
from tests.gui.fakes import ScriptedPrompts, click, drag
from tests.gui.shots import shot

pytestmark = pytest.mark.gui


class Harness:
    """A window with just the map, its interaction layer and a controller."""

    def __init__(self, qtbot, enc=None, **answers):
        self.controller = Controller(Table(enc or blank_encounter("libre")))
        self.prompts = ScriptedPrompts(**answers)
        self.window = QMainWindow()
        # Teardown stops its autosave: due later, it would land in the next test's data folder.
        qtbot.addWidget(self.window, before_close_func=lambda _: self.controller.discard_recovery())
        self.scene = EncounterScene(self.controller.enc, self.controller.ruleset)
        self.view = MapView(self.scene)
        self.window.setCentralWidget(self.view)
        self.map = MapInteraction(self.controller, self.scene, self.window, self.prompts)
        self.window.resize(900, 700)
        self.window.show()
        qtbot.waitExposed(self.window)
        self.view.resetTransform()
        self.view.centerOn(300, 150)

    @property
    def enc(self):
        return self.controller.enc

    def draw_zone(self, x, y, w, h):
        self.scene.set_editing(True)
        self.scene.set_tool(DRAW)
        drag(self.view, QPointF(x, y), QPointF(x + w, y + h))

    def add(self, name, side, zone):
        template = blank(self.controller.ruleset, self.enc, name, side, None)
        return self.controller.add_combatants(template, 1, zone)[0]

    def token_centre(self, cid):
        return self.scene.token_items[cid].scenePos()

    def zone_centre(self, zid):
        return self.scene.zone_items[zid].scene_rect().center()


def test_draw_connect_add_drag_undo_redo_save_reopen(qtbot, tmp_path):
    h = Harness(qtbot)
    h.draw_zone(0, 0, 200, 160)
    h.draw_zone(320, 0, 200, 160)
    assert [z.id for z in h.enc.map.zones] == ["z1", "z2"]
    assert h.enc.map.zones[1].rect.x == pytest.approx(320, abs=2)
    h.scene.set_tool(CONNECT)
    click(h.view, h.zone_centre("z1"))
    click(h.view, h.zone_centre("z2"))
    assert [(e.a, e.b) for e in h.enc.map.edges] == [("z1", "z2")]
    assert set(h.scene.link_items) == {frozenset(("z1", "z2"))}
    h.scene.set_editing(False)
    hero = h.add("Ysolde", "pj", "z1")
    h.add("Brigand", "adversaires", "z2")
    entries = h.controller.undo_stack.count()

    drag(h.view, h.token_centre(hero), h.zone_centre("z2"))

    assert h.enc.combatant(hero).position.zone == "z2"
    assert h.controller.undo_stack.count() == entries + 1  # one drag, one undo entry
    r = h.enc.map.zones[1].rect
    pos = h.token_centre(hero)  # the token re-synced into its new zone's layout
    assert r.x < pos.x() < r.x + r.width and r.y < pos.y() < r.y + r.height
    h.controller.undo_stack.undo()
    assert h.enc.combatant(hero).position.zone == "z1"
    assert h.scene.zone_items["z1"].scene_rect().contains(h.token_centre(hero))
    h.controller.undo_stack.redo()
    assert h.enc.combatant(hero).position.zone == "z2"
    shot(h.window, "map_after_drag")

    path = h.controller.save(tmp_path / "flow.json")
    assert not h.controller.modified
    assert msgspec.to_builtins(storage.load(path)) == msgspec.to_builtins(h.enc)


def test_a_move_to_an_unlinked_zone_is_refused_then_forced_by_the_gm(qtbot):
    """LIB-07: the token snaps back and the GM is asked; declining changes nothing."""
    h = Harness(qtbot, confirm=[False, True])
    h.draw_zone(0, 0, 200, 160)
    h.draw_zone(320, 0, 200, 160)
    h.scene.set_editing(False)
    hero = h.add("Ysolde", "pj", "z1")
    before, entries = msgspec.to_builtins(h.enc), h.controller.undo_stack.count()
    messages = []
    h.controller.message.connect(messages.append)

    drag(h.view, h.token_centre(hero), h.zone_centre("z2"))

    assert msgspec.to_builtins(h.enc) == before
    assert h.controller.undo_stack.count() == entries
    assert h.scene.zone_items["z1"].scene_rect().contains(h.token_centre(hero))
    assert any("LIB-07" in m for m in messages)
    assert "LIB-07" in h.prompts.asked[0][1]

    drag(h.view, h.token_centre(hero), h.zone_centre("z2"))  # this time the GM forces it
    assert h.enc.combatant(hero).position.zone == "z2"
    assert "imposé par le MJ" in h.controller.undo_stack.text(entries)


def test_dropping_outside_any_zone_snaps_back(qtbot):
    h = Harness(qtbot)
    h.draw_zone(0, 0, 200, 160)
    h.scene.set_editing(False)
    hero = h.add("Ysolde", "pj", "z1")
    home = h.token_centre(hero)
    drag(h.view, home, QPointF(260, 300))
    assert h.enc.combatant(hero).position.zone == "z1"
    assert h.token_centre(hero) == home


def test_dropping_on_a_token_puts_both_in_contact_in_one_entry(qtbot, monkeypatch):
    h = Harness(qtbot)
    monkeypatch.setattr(type(h.controller.ruleset), "uses_contact", True)
    h.draw_zone(0, 0, 200, 160)
    h.draw_zone(320, 0, 200, 160)
    h.scene.set_tool(CONNECT)
    click(h.view, h.zone_centre("z1"))
    click(h.view, h.zone_centre("z2"))
    h.scene.set_editing(False)
    hero = h.add("Ysolde", "pj", "z1")
    foe = h.add("Brigand", "adversaires", "z2")
    entries = h.controller.undo_stack.count()
    drag(h.view, h.token_centre(hero), h.token_centre(foe))
    assert h.enc.combatant(hero).position.zone == "z2"
    assert h.enc.combatant(hero).contacts == [foe]
    assert h.enc.combatant(foe).contacts == [hero]
    assert h.controller.undo_stack.count() == entries + 1
    h.controller.undo_stack.undo()
    assert h.enc.combatant(hero).contacts == [] and h.enc.combatant(hero).position.zone == "z1"


def test_edit_mode_resize_rename_recolour_delete_with_evacuation(qtbot):
    h = Harness(qtbot, text=["Salle du trône"], colour=["#123456"], choice=[0])
    h.draw_zone(0, 0, 200, 160)
    h.draw_zone(320, 0, 200, 160)
    h.scene.set_editing(False)
    hero = h.add("Ysolde", "pj", "z1")
    h.scene.set_editing(True)
    zone = h.scene.zone_items["z1"]
    zone.setSelected(True)
    handle = next(x for x in zone.handles if x.corner == "br")
    assert handle.isVisible()
    drag(h.view, handle.scenePos(), QPointF(260, 220))
    rect = h.enc.map.zones[0].rect
    assert (rect.width, rect.height) == pytest.approx((260, 220), abs=2)
    h.map.rename_zone("z1")
    h.map.recolour_zone("z1")
    assert (h.enc.map.zones[0].name, h.enc.map.zones[0].colour) == ("Salle du trône", "#123456")
    shot(h.window, "map_edit_mode")
    h.map.delete_zone("z1")  # its occupant goes to the first other zone, z2
    assert [z.id for z in h.enc.map.zones] == ["z2"]
    assert h.enc.combatant(hero).position.zone == "z2"
    assert "Ysolde" in h.prompts.asked[-1][1]
    h.controller.undo_stack.undo()
    assert [z.id for z in h.enc.map.zones] == ["z1", "z2"]
    assert h.enc.combatant(hero).position.zone == "z1"


def test_context_menus_offer_the_edits_of_what_is_under_the_mouse(qtbot):
    h = Harness(qtbot, number=[12.5])
    h.draw_zone(0, 0, 200, 160)
    h.draw_zone(320, 0, 200, 160)
    menu = QMenu()
    h.map.fill_menu(menu, "zone", "z1", QPointF())
    texts = [a.text() for a in menu.actions()]
    assert "Renommer…" in texts and "Supprimer la zone…" in texts
    link = next(a for a in menu.actions() if a.text() == "Relier à").menu()
    link.actions()[0].trigger()
    assert len(h.enc.map.edges) == 1
    h.map.set_link_length("z1", "z2")
    assert h.enc.map.edges[0].length_m == 12.5
    assert h.scene.link_items[frozenset(("z1", "z2"))].text == "12.5 m"


def test_view_zooms_with_the_wheel_and_fits(qtbot):
    h = Harness(qtbot)
    h.draw_zone(0, 0, 200, 160)
    start = h.view.zoom()
    h.view.zoom_by(2.0)
    assert h.view.zoom() == pytest.approx(start * 2)
    h.view.zoom_by(1000)
    assert h.view.zoom() == pytest.approx(8.0)
    h.view.fit()
    assert (
        h.view.mapToScene(h.view.viewport().rect())
        .boundingRect()
        .contains(h.scene.zone_items["z1"].scene_rect())
    )


def test_on_a_snapping_grid_a_drag_keeps_the_cell_and_the_token_sits_on_it(qtbot, tmp_path):
    """A move carries a destination with a cell (the engine decides it from the drop point):
    the token sits on its cell's centre, one undo entry, and the cell is saved."""
    h = Harness(qtbot)
    h.draw_zone(0, 0, 400, 200)
    h.scene.set_editing(False)
    h.controller.set_grid(Grid(cell_px=40, origin_x=0, origin_y=0, snap=True))
    hero = h.add("Ysolde", "pj", "z1")
    assert h.enc.combatant(hero).position.cell == (0, 0)  # added on the zone's first square
    entries = h.controller.undo_stack.count()

    drag(h.view, h.token_centre(hero), QPointF(250, 130))  # cell (6, 3): x 240–280, y 120–160

    position = h.enc.combatant(hero).position
    assert (position.zone, position.cell) == ("z1", (6, 3))
    assert h.controller.undo_stack.count() == entries + 1
    assert h.token_centre(hero) == QPointF(260, 140)  # the cell's centre
    path = h.controller.save(tmp_path / "grid.json")
    assert storage.load(path).combatant(hero).position.cell == (6, 3)
    h.controller.undo_stack.undo()
    assert h.enc.combatant(hero).position.cell == (0, 0)
    assert h.token_centre(hero) == QPointF(20, 20)
