"""Issue 37 at the table: the GM draws a 9 m cone from the mage's square over three goblins and
an ally (Combat › Aire d'effet, E), removes the ally with a click, resolves it: the damage is
rolled once for all, two saves are typed and the third rolled, one undo entry takes it all
back. On a zone map the area is a zone. The map, the dialog and the players' view are grabbed
to PNG ($ESCARMOUCHE_SHOTS) in both languages."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainterPath
from PySide6.QtWidgets import QApplication, QGraphicsScene, QMenu

from gui.boot.app import open_encounter
from gui.dialogs.action import ActionDialog
from gui.engine.checks.request import DiceResult
from gui.engine.contract.values import Action
from gui.engine.play.players_copy import players_copy, secrets
from gui.engine.play.table import Table
from gui.engine.state.model import Grid, Map, Position
from gui.map.area_item import AreaItem, Mark
from gui.map.tools import AREA, SELECT
from gui.map.walls_item import cell_rect
from gui.player.window import PlayersWindow
from gui.printing.summary import summary_html
from tests.engine.builders import fighter, libre_encounter
from tests.gui.shots import shot

pytestmark = pytest.mark.gui

GOBLINS = {"g1": (2, 4), "g2": (3, 3), "g3": (4, 4)}


def _grid_table() -> Table:
    """The mage at (0, 4) facing east; three goblins and an ally ahead of it."""
    placed = {"mage": (0, 4), **GOBLINS, "ally": (3, 4)}
    sides = {"mage": "a", "ally": "a"}
    people = [
        fighter(cid, sides.get(cid, "b"), pv=20, pv_max=20).replace(position=Position(cell=cell))
        for cid, cell in placed.items()
    ]
    enc = libre_encounter(*people)
    return Table(enc.replace(map=Map(grid=Grid(cell_px=50))))


def _centre(window, cell):
    return cell_rect(window.controller.enc.map.grid, cell).center()


def _dialogs(window) -> list[ActionDialog]:
    """The action dialogs open over `window` (not those another test left behind)."""
    return [
        w
        for w in QApplication.topLevelWidgets()
        if isinstance(w, ActionDialog) and w.isVisible() and w.parentWidget() is window
    ]


@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_a_cone_over_three_goblins_and_an_ally_one_roll_saves_and_one_undo(
    laptop_window, qtbot, lang
):
    window = laptop_window(_grid_table())
    ctl, scene, areas = window.controller, window.scene, window.menus.area
    ctl.select("mage")
    window.menus.actions["area"].trigger()
    assert scene.tool == AREA and areas.bar.isVisible()
    bar = areas.bar
    bar.shape.setCurrentIndex(bar.shape.findData("cone"))
    bar.metres.setValue(9)
    aim = _centre(window, (7, 4))
    scene.area_hovered.emit(aim)  # the cone follows the pointer
    assert {"g1", "g2", "g3", "ally"} <= set(areas.tool.found)
    assert "mage" not in areas.tool.area.caught
    scene.area_pressed.emit(aim, None)  # set down
    scene.area_pressed.emit(_centre(window, (3, 4)), "ally")  # the ally is spared
    assert areas.tool.area.caught == ("g1", "g2", "g3")
    players = PlayersWindow(ctl)
    qtbot.addWidget(players)
    players.resize(1280, 720)
    players.show()
    ctl.area_shown.emit(areas.tool.area)
    shot(window, f"area_cone_map_{lang}")
    shot(players, f"area_cone_players_{lang}")
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Return)  # Entrée: « Résoudre… »
    qtbot.waitUntil(lambda: len(_dialogs(window)) == 1)
    dialog = _dialogs(window)[0]
    qtbot.waitExposed(dialog)
    hard, _soft = window.aimed_rects()  # the area on screen: the dialog opens off it
    assert hard and not any(dialog.frameGeometry().intersects(r) for r in hard)
    save = dialog.choice.option_editors["sauvegarde"].widget
    save.setValue(12)
    save.editingFinished.emit()
    assert [e.request.label.fr for e in dialog.more_dice.entries] == [
        "JS de G1",
        "JS de G2",
        "JS de G3",
    ]
    for entry, faces in zip(dialog.more_dice.entries[:2], ("15", "3"), strict=True):
        entry.set_mode("faces")
        qtbot.keyClicks(entry.faces_edit, faces)
    shot(dialog, f"area_cone_dialog_{lang}")
    before = ctl.undo_stack.count()
    dialog.apply()  # the damage and the third save rolled by the app
    assert ctl.undo_stack.count() == before + 1
    damage = dialog.resolution.amounts["damage"]
    pv = {c.id: c.stats["pv"] for c in ctl.enc.combatants}
    assert pv["g1"] == 20 - damage // 2 and pv["g2"] == 20 - damage
    assert pv["g3"] in (20 - damage, 20 - damage // 2)
    assert pv["ally"] == 20 and pv["mage"] == 20
    assert [e.target for e in ctl.enc.log[-3:]] == ["g1", "g2", "g3"]
    assert not areas.tool.active and scene.tool == SELECT  # the area is gone from the map
    said = "Aire d’effet : cône de 9 m" if lang == "fr" else "Area of effect: 9 m cone"
    printed = summary_html(ctl.enc, ctl.ruleset, None)
    assert printed.count(said) == 3  # the printed log, a line per target
    seen = players_copy(ctl.enc, secrets(ctl.enc))
    assert summary_html(seen, ctl.ruleset, None, players=True).count(said) == 3
    dialog.close()
    ctl.undo_stack.undo()
    assert all(c.stats["pv"] == 20 for c in ctl.enc.combatants)


def test_on_a_zone_map_the_area_is_the_zone_under_the_pointer_and_escape_cancels(
    laptop_window, qtbot
):
    window = laptop_window(open_encounter(None, "libre"))
    ctl, scene, areas = window.controller, window.scene, window.menus.area
    ctl.select("maelis")
    window.menus.actions["area"].trigger()
    ford = scene.zone_items["gue"].sceneBoundingRect().center()
    scene.area_hovered.emit(ford)
    assert areas.tool.area.zone == "gue" and areas.tool.area.caught == ("brig1", "brig2")
    scene.area_hovered.emit(QPointF(-5000, -5000))  # off every zone: nothing to resolve
    assert areas.tool.area is None and not areas.bar.resolve_button.isEnabled()
    assert areas.bar.hint.text() == "Placez l’aire sur une zone"
    areas.cancel_action.trigger()  # Échap
    assert not areas.tool.active and not areas.bar.isVisible() and scene.tool == SELECT
    assert not areas.tool.item.isVisible()


def test_a_hidden_creature_caught_stays_hidden_from_the_players(laptop_window, qtbot):
    """The players' view rings only the creatures of their copy, and their printed log has no
    line of the hidden one (the one filter of what the players may see)."""
    window = laptop_window(_grid_table())
    ctl, scene, areas = window.controller, window.scene, window.menus.area
    ctl.hide_combatant("g3", True)
    players = PlayersWindow(ctl)
    qtbot.addWidget(players)
    players.resize(1280, 720)
    players.show()
    ctl.select("mage")
    window.menus.actions["area"].trigger()
    areas.bar.shape.setCurrentIndex(areas.bar.shape.findData("cone"))
    areas.bar.metres.setValue(9)
    aim = _centre(window, (7, 4))
    scene.area_hovered.emit(aim)
    scene.area_pressed.emit(aim, None)
    assert {"g1", "g2", "g3"} <= set(areas.tool.area.caught)
    ringed = {m.centre.toTuple() for m in players.scene._drawn.marks}
    shown = {players.scene.token_items[c].pos().toTuple() for c in ("g1", "g2", "ally")}
    assert ringed == shown and "g3" not in players.scene.token_items
    action = Action("area", "mage", None, {"des": "1d6"}, area=areas.tool.area)
    ctl.resolve(action, DiceResult("faces", (4,)))
    seen = players_copy(ctl.enc, secrets(ctl.enc))
    printed = summary_html(seen, ctl.ruleset, None, players=True)
    assert printed.count("Aire d’effet : cône de 9 m") == 3 and "G3" not in printed
    assert "G3" in summary_html(ctl.enc, ctl.ruleset, None)


def test_a_token_s_menu_offers_the_actor_s_area_of_effect(laptop_window, qtbot):
    """Right-click on a foe: « Aire d’effet… » among the selected actor's actions starts the
    tool for that actor (the action menu, as Combat › Aire d’effet and `E`)."""
    window = laptop_window(_grid_table())
    ctl, areas = window.controller, window.menus.area
    ctl.select("mage")
    menu = QMenu(window)
    window.map.fill_menu(menu, "token", "g1", QPointF())
    (entry,) = [a for a in menu.actions() if a.objectName() == "area"]
    assert entry.shortcut().toString() == "E"
    entry.trigger()
    assert areas.tool.active and areas.tool.actor == "mage"


def test_zoomed_out_the_area_s_box_holds_its_rings_halo(qapp):
    """The rings' halo is 6 pixels wide at any zoom: at a fifth of the size its pixels reach
    15 scene units past the ring, and the item's box holds them (else a moving area leaves
    bits of halo behind)."""
    scene = QGraphicsScene()
    scene.view_scale = 0.2
    item = AreaItem()
    scene.addItem(item)
    region = QPainterPath()
    region.addRect(QRectF(0, 0, 100, 100))
    item.show_area(region, QPointF(0, 0), (Mark(QPointF(50, 50), 40),))
    ring_reach = 50 + 40 + 4 + 6 / 2 / 0.2  # centre + radius + gap + half the halo, zoomed
    assert item.boundingRect().right() >= ring_reach


@pytest.mark.parametrize("zoom", [0.5, 2.0])
def test_a_ring_is_stamped_round_its_token_at_any_zoom(qapp, zoom):
    """The rings are drawn once per size in screen pixels and stamped (benchmark P13): at
    each zoom the orange ring lies its radius + 4 scene units from the token's centre, with
    the white halo under it, and nothing is drawn at the centre."""
    from PySide6.QtGui import QColor, QImage, QPainter

    scene = QGraphicsScene()
    item = AreaItem()
    scene.addItem(item)
    item.show_area(QPainterPath(), None, (Mark(QPointF(50, 50), 20),))
    side = round(100 * zoom)
    image = QImage(side, side, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("black"))
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, side, side), QRectF(0, 0, 100, 100))
    painter.end()
    centre, ring = side // 2, round(24 * zoom)
    for x, y in ((centre + ring, centre), (centre, centre - ring), (centre - ring, centre)):
        assert image.pixelColor(x, y).red() > 200 and image.pixelColor(x, y).blue() < 100
    assert image.pixelColor(centre + ring + 2, centre).green() > 200  # the halo, outside
    assert image.pixelColor(centre, centre) == QColor("black")


def test_the_squares_outline_is_drawn_where_it_lies_and_follows_a_wall(qapp):
    """The outline kept for a set of squares around the origin (benchmark P13): laid
    elsewhere it is the same outline moved; a wall that takes squares out changes it."""
    from gui.engine.contract.areas import AreaReader
    from gui.engine.contract.values import AreaOf
    from gui.engine.edits import grid as grid_edits
    from gui.engine.state.changes import apply
    from gui.map.area_tool import draw_area

    enc = libre_encounter(fighter("mage", "a"))
    enc.map.grid = Grid(cell_px=40)
    t = Table(enc)
    item = AreaItem()

    def outline(origin: tuple[int, int]) -> QPainterPath:
        area = AreaOf("burst", reach=6.0, origin=origin)
        draw_area(item, t.enc, AreaReader(t.enc, t.ruleset), area, {}, covers=False)
        return item.region

    here, there = outline((10, 10)), outline((20, 14))
    assert there == here.translated(400, 160)
    box = here.boundingRect()
    assert box.center() == QPointF(400, 400) and box.width() > 80  # round the origin
    apply(t.enc, grid_edits.add_wall(t.enc, (11, 5), (11, 15)))  # east of the origin
    walled = outline((10, 10))
    assert walled != here and walled.boundingRect().right() < box.right()
    assert outline((20, 14)) == there  # away from the wall, as before
