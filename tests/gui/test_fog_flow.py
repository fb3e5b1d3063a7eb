"""Issue 38, deliver 3, by mouse and keyboard: the GM turns the fog of war on (one undo entry)
and the players' view shows the crypt's nave only; a click opens a door and the TV shows the
room beyond and who stands in its line; undone, it is gone again. What the players saw is
remembered (dimmed), saved and read back; the GM reveals or fogs squares again by brush, sees
the players' fog as a tint on demand, and on a zone map marks a zone dark, reveals it, and
makes a link block sight."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QMenu

from gui.boot.app import open_encounter
from gui.engine.contract.values import AreaOf
from gui.engine.files import storage
from gui.engine.play.players_sight import PlayersEyes
from gui.engine.state.explored import explored_cells
from gui.map.fog_item import CLEAR, DARK, DIM
from tests.gui.fakes import click, drag
from tests.gui.test_players_view import players, texts

pytestmark = pytest.mark.gui

CAVEAU = {"squelette_3", "zombie_2", "chien_infernal"}
DOOR = QPointF(16 * 40, 7.5 * 40)  # (16, 7)–(16, 8)


@pytest.fixture
def crypt(laptop_window, lang):
    """The d20_35 crypt with both doors of its gap closed, by two clicks."""
    window = laptop_window(open_encounter(None, "d20_35"))
    click(window.view, DOOR)
    click(window.view, QPointF(16 * 40, 8.5 * 40))
    assert [w.door for w in window.controller.enc.map.walls][1:3] == ["closed", "closed"]
    return window


def test_the_fog_shows_the_players_the_nave_then_the_room_beyond_an_opened_door(crypt, qtbot):
    ctl = crypt.controller
    view = players(crypt, qtbot)
    assert set(view.scene.token_items) >= CAVEAU  # no fog: the whole map
    count = ctl.undo_stack.count()
    crypt.menus.actions["fog"].trigger()
    assert ctl.enc.map.fog and ctl.undo_stack.count() == count + 1
    assert not CAVEAU & set(view.scene.token_items)
    assert set(view.scene.zone_items) == {"nef"}
    assert "Chien infernal" not in texts(view)
    assert view.scene._fog is not None and view.scene._fog.isVisible()
    click(crypt.view, DOOR)  # opened
    assert "squelette_3" in view.scene.token_items  # in front of the doors
    assert "caveau" in view.scene.zone_items
    seen = explored_cells(ctl.enc.map.explored)
    assert (18, 7) in seen  # remembered with the gesture that showed it
    assert ctl.players_sight() == PlayersEyes().sight(ctl.enc, ctl.ruleset)  # kept, not stale
    ctl.undo_stack.undo()  # the door closed again, and the memory of it undone
    assert "squelette_3" not in view.scene.token_items
    assert (18, 7) not in explored_cells(ctl.enc.map.explored)
    ctl.undo_stack.redo()
    click(crypt.view, DOOR)  # closed by a click: the caveau remembered, dimmed, empty
    assert "caveau" in view.scene.zone_items and "squelette_3" not in view.scene.token_items
    fog = view.scene._fog
    assert fog.shade(QPointF(18.5 * 40, 7.5 * 40)) == DIM  # the caveau, seen before
    assert fog.shade(QPointF(15.5 * 40, 7.5 * 40)) == CLEAR  # the nave, seen now
    assert fog.shade(QPointF(-400, -400)) == DARK  # off the map


def test_what_they_saw_and_the_fog_are_saved_and_read_back(crypt, tmp_path):
    ctl = crypt.controller
    crypt.menus.actions["fog"].trigger()
    click(crypt.view, DOOR)
    path = tmp_path / "crypte.json"
    ctl.save(path)
    again = storage.load(path)
    assert again.map.fog and again.map.explored == ctl.enc.map.explored
    assert [w.door for w in again.map.walls][1:3] == ["open", "closed"]


def test_the_gm_reveals_and_fogs_again_by_brush_one_undo_entry_each(crypt, qtbot):
    ctl = crypt.controller
    view = players(crypt, qtbot)
    crypt.menus.actions["fog"].trigger()
    crypt.menus.actions["tool_reveal"].trigger()
    count = ctl.undo_stack.count()
    drag(crypt.view, QPointF(20.5 * 40, 12.5 * 40), QPointF(23.5 * 40, 12.5 * 40))
    assert {(20, 12), (21, 12), (22, 12), (23, 12)} <= explored_cells(ctl.enc.map.explored)
    assert ctl.undo_stack.count() == count + 1
    assert "caveau" in view.scene.zone_items  # known now, shown dimmed
    assert "zombie_2" not in view.scene.token_items  # but no creature in it
    crypt.menus.actions["tool_refog"].trigger()
    drag(crypt.view, QPointF(21.5 * 40, 12.5 * 40), QPointF(22.5 * 40, 12.5 * 40))
    assert {(21, 12), (22, 12)}.isdisjoint(explored_cells(ctl.enc.map.explored))
    assert ctl.undo_stack.count() == count + 2


def test_the_darkness_brush_darkens_squares_then_lights_them_again(crypt):
    ctl = crypt.controller
    crypt.menus.actions["tool_dark"].trigger()
    assert crypt.scene.editing  # an edit tool: edit mode on
    drag(crypt.view, QPointF(2.5 * 40, 12.5 * 40), QPointF(4.5 * 40, 12.5 * 40))
    dark = {tuple(s.cell) for s in ctl.enc.map.squares if s.dark}
    assert dark == {(2, 12), (3, 12), (4, 12)}
    drag(crypt.view, QPointF(2.5 * 40, 12.5 * 40), QPointF(3.5 * 40, 12.5 * 40))
    assert {tuple(s.cell) for s in ctl.enc.map.squares if s.dark} == {(4, 12)}


def test_see_as_the_players_tints_the_gms_map_with_their_fog(crypt):
    ctl = crypt.controller
    messages = []
    ctl.message.connect(messages.append)
    crypt.menus.actions["see_as_players"].trigger()
    assert "éteint" in messages[-1] or "off" in messages[-1]  # no fog yet: said
    told = len(messages)
    click(crypt.view, DOOR)  # a change: said once is enough
    assert not [m for m in messages[told:] if "éteint" in m]
    crypt.menus.actions["fog"].trigger()
    tint = crypt.menus.sight.tint
    assert tint is not None and tint.isVisible()
    beyond = QPointF(18.5 * 40, 7.5 * 40)  # past the opened door
    assert tint.shade(QPointF(15.5 * 40, 7.5 * 40)) == tint.shade(beyond) == CLEAR
    assert tint.shade(QPointF(-400, -400)) == DARK  # off the map
    click(crypt.view, DOOR)  # closed again: what was seen beyond, remembered
    assert tint.shade(beyond) == DIM
    crypt.menus.actions["see_as_players"].trigger()
    assert not tint.isVisible()


def test_on_a_zone_map_links_that_block_sight_a_revealed_zone_and_a_dark_one(laptop_window, qtbot):
    window = laptop_window(open_encounter(None, "libre"))
    ctl = window.controller
    view = players(window, qtbot)
    window.menus.actions["edit_map"].setChecked(True)
    for edge in list(ctl.enc.map.edges):  # every link blocks sight, from its menu
        menu = QMenu(window)
        window.map.fill_menu(menu, "link", (edge.a, edge.b), QPointF())
        (blocks,) = [a for a in menu.actions() if a.text() == "Bloque la vue"]
        blocks.trigger()
    assert all(e.blocks_sight for e in ctl.enc.map.edges)
    window.menus.actions["fog"].trigger()
    theirs = {c.position.zone for c in ctl.enc.combatants if c.side == ctl.enc.sides[0].id}
    assert set(view.scene.zone_items) == theirs  # where they stand, no further
    view.fit()  # what they know fills the TV
    far = max(
        ({z.id for z in ctl.enc.map.zones} - theirs),
        key=lambda zid: ctl.enc.map.zone(zid).rect.x + ctl.enc.map.zone(zid).rect.width,
    )

    def on_screen() -> bool:
        shown = view.view.mapToScene(view.view.viewport().rect()).boundingRect()
        return shown.contains(view.scene.zone_items[far].scene_rect())

    menu = QMenu(window)
    window.map.fill_menu(menu, "zone", far, QPointF())
    (reveal,) = [a for a in menu.actions() if a.text() == "Révéler aux joueurs"]
    reveal.trigger()
    assert far in view.scene.zone_items
    assert on_screen()  # the map they know grew: fitted again onto the TV
    foes = {c.id for c in ctl.enc.combatants if c.position.zone == far}
    assert foes and not foes & set(view.scene.token_items)  # known, not seen: no one shown
    menu = QMenu(window)
    window.map.fill_menu(menu, "zone", far, QPointF())
    (dark,) = [a for a in menu.actions() if a.text() == "Dans le noir"]
    dark.trigger()
    assert ctl.enc.map.zone(far).dark
    assert window.scene.zone_items[far].dark  # shaded on the GM's map


def test_on_the_players_view_a_seen_creatures_plate_reads_over_the_fog(crypt, qtbot):
    """Only creatures they see are on the players' view: the fog lies under their tokens,
    so a name plate reaching past what is seen is not cut by the dark; the area of effect
    stays under it (its squares, cut by walls they never saw, would draw them)."""
    crypt.menus.actions["fog"].trigger()
    click(crypt.view, DOOR)  # opened: the caveau's first creatures seen through it
    view = players(crypt, qtbot)
    view.resize(1366, 768)
    view.fit()  # the plates made for the screen's size
    fog = view.scene._fog

    def on_top(point: QPointF) -> object:  # the item drawn last there
        return view.scene.items(point, Qt.ItemSelectionMode.IntersectsItemBoundingRect)[0]

    over_dark = []
    for cid, token in view.scene.token_items.items():
        if token.plate_shift is None or not token.has_plates():
            continue
        plate = token.plate_rect().translated(token.pos() + token.plate_shift)
        plate = plate.adjusted(2, 2, -2, -2)
        for corner in (plate.topLeft(), plate.topRight(), plate.bottomLeft(), plate.bottomRight()):
            if fog.shade(corner) != CLEAR:
                over_dark.append(cid)
                assert on_top(corner) is token  # drawn over the fog
    assert over_dark  # some plate reaches past what is seen
    area = AreaOf("burst", reach=6.0, origin=(22, 12), caught=())  # in the caveau's dark
    crypt.controller.area_shown.emit(area)
    far = QPointF(22.5 * 40, 12.5 * 40)
    assert fog.shade(far) == DARK and on_top(far) is fog
