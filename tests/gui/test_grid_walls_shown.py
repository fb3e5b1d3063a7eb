"""Issue 18, deliver 2 and 4 (first part): the grid's walls and squares show on the map as the
model holds them and follow undo."""

from __future__ import annotations

import pytest

from gui.boot.app import open_encounter
from gui.engine.state.model import Grid

pytestmark = pytest.mark.gui


def test_walls_and_squares_are_drawn_where_the_grid_puts_them_and_follow_undo(laptop_window):
    window = laptop_window(open_encounter(None, "libre"))
    ctl = window.controller
    ctl.set_grid(Grid(cell_px=40, origin_x=0, origin_y=0))
    ctl.add_wall((2, 0), (2, 3))
    ctl.set_square((4, 4), "difficult")
    walls = window.scene.walls_item
    ((line, cover),) = walls.lines
    assert (line.x1(), line.y1(), line.x2(), line.y2(), cover) == (80, 0, 80, 120, False)
    assert [r.topLeft().toTuple() for r, _ in walls.cells] == [(160.0, 160.0)]
    assert walls.boundingRect().contains(line.p2())
    ctl.undo_stack.undo()
    ctl.undo_stack.undo()
    assert walls.lines == [] and walls.cells == [] and walls.boundingRect().isEmpty()
    assert window.scene.enc.map.grid is not None  # the grid itself stays


def test_the_wall_tool_draws_along_a_grid_line_and_the_terrain_tool_cycles(laptop_window):
    """Edit mode: a drag with the wall tool from near one grid point to near another on
    (almost) the same line makes one wall on that line; clicks with the terrain tool turn a
    square difficult, impassable, then clear; a wall's menu removes it; each one undo entry."""
    from PySide6.QtCore import QPointF
    from PySide6.QtWidgets import QMenu

    from tests.gui.fakes import click, drag

    window = laptop_window(open_encounter(None, "libre"))
    ctl = window.controller
    ctl.set_grid(Grid(cell_px=40, origin_x=0, origin_y=0))
    window.menus.actions["edit_map"].setChecked(True)
    window.menus.actions["tool_wall"].trigger()
    count = ctl.undo_stack.count()
    drag(window.view, QPointF(82, 3), QPointF(86, 122))  # (2, 0) to near (2, 3)
    assert [(w.start, w.end) for w in ctl.enc.map.walls] == [((2, 0), (2, 3))]
    assert ctl.undo_stack.count() == count + 1
    window.menus.actions["tool_terrain"].trigger()
    cell = QPointF(170, 170)  # square (4, 4)
    kinds = []
    for _ in range(3):
        click(window.view, cell)
        kinds.append([s.terrain for s in ctl.enc.map.squares])
    assert kinds == [["difficult"], ["impassable"], []]
    menu = QMenu(window)
    window.map.fill_menu(menu, "wall", 0, QPointF(80, 60))
    (remove,) = [a for a in menu.actions() if a.text() == "Retirer le mur"]
    remove.trigger()
    assert ctl.enc.map.walls == []
    assert window.scene.wall_at(QPointF(80, 60)) is None


def test_without_a_grid_the_wall_tool_says_why(laptop_window):
    from PySide6.QtCore import QPointF

    from tests.gui.fakes import drag

    window = laptop_window(open_encounter(None, "libre"))
    ctl = window.controller
    messages = []
    ctl.message.connect(messages.append)
    window.menus.actions["edit_map"].setChecked(True)
    window.menus.actions["tool_wall"].trigger()
    drag(window.view, QPointF(82, 3), QPointF(86, 122))
    assert ctl.enc.map.walls == [] and "pas de grille" in messages[-1]


def test_a_drag_on_the_grid_shows_the_path_and_its_cost_then_lets_go(laptop_window, qtbot):
    """Deliver 2: while a token on a square is dragged, the cheapest way to the square under
    it and its cost (squares and metres, the ruleset's diagonal rule) show, around a wall
    put across it; letting go hides it and the move is one undo entry."""
    from PySide6.QtCore import QPointF, Qt
    from PySide6.QtTest import QTest

    from gui.engine.space.destination import Destination

    window = laptop_window(open_encounter(None, "libre"))
    ctl = window.controller
    ctl.set_grid(Grid(cell_px=40, origin_x=0, origin_y=0, snap=True))
    ctl.move("maelis", Destination(zone="chemin", cell=(2, 10)), True)
    token = window.scene.token_items["maelis"]
    port, view = window.view.viewport(), window.view
    start = view.mapFromScene(token.pos())
    QTest.mousePress(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    for x in (100, 140, 180, 220):  # three squares to the right: (5, 10)
        QTest.mouseMove(port, view.mapFromScene(QPointF(x, token.pos().y())))
    preview = window.scene.path_item
    qtbot.waitUntil(lambda: preview.text == "3 cases (4,5 m)", timeout=2000)
    assert preview.isVisible() and preview.allowed
    assert len([d for d in preview.dots if d.isVisible()]) == 4  # (2, 10) to (5, 10)
    ctl.add_wall((4, 9), (4, 12))  # a wall across the way: the next step goes round it
    QTest.mouseMove(port, view.mapFromScene(QPointF(221, token.pos().y())))
    qtbot.waitUntil(lambda: preview.text == "5 cases (7,5 m)", timeout=2000)
    assert preview.allowed and len([d for d in preview.dots if d.isVisible()]) == 6
    count = ctl.undo_stack.count()
    QTest.mouseRelease(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    assert not preview.isVisible()
    assert ctl.undo_stack.count() == count + 1 and ctl.enc.combatant("maelis").position.cell == (
        5,
        10,
    )


def test_the_selected_combatants_threatened_squares_show_on_demand(laptop_window):
    """Affichage › Cases menacées: the squares around the selected token's space (reach 1 by
    default), none behind a wall; they follow its moves and go when it is off."""
    from gui.engine.space.destination import Destination

    window = laptop_window(open_encounter(None, "libre"))
    ctl = window.controller
    ctl.set_grid(Grid(cell_px=40, origin_x=0, origin_y=0, snap=True))
    ctl.move("maelis", Destination(zone="chemin", cell=(3, 10)), True)
    ctl.select("maelis")
    overlay = window.scene.threat_item
    assert not overlay.isVisible()
    window.menus.actions["threats"].setChecked(True)

    def cells():
        return sorted((int(r.x() // 40), int(r.y() // 40)) for r in overlay.rects)

    assert cells() == sorted(
        (3 + dx, 10 + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy
    )
    ctl.add_wall((4, 9), (4, 12))  # a wall on its east side: the squares beyond it go, the
    # diagonals too (a line past the wall: cover, no attack of opportunity, D35-04)
    assert cells() == sorted((3 + dx, 10 + dy) for dx in (-1, 0) for dy in (-1, 0, 1) if dx or dy)
    ctl.move("maelis", Destination(zone="chemin", cell=(2, 10)), True)
    assert (1, 10) in cells() and (4, 10) not in cells()
    window.menus.actions["threats"].setChecked(False)
    assert not overlay.isVisible()


def test_the_ruler_measures_squares_on_the_grid_and_metres_at_the_scale(laptop_window):
    """Affichage/Édition › Règle (U), in play mode too: a drag shows the distance — squares
    and metres on a grid (the ruleset's diagonal rule), metres at the map's scale without."""
    from PySide6.QtCore import QPointF

    from tests.gui.fakes import drag

    window = laptop_window(open_encounter(None, "libre"))
    ctl, ruler = window.controller, window.scene.ruler
    window.menus.actions["tool_ruler"].trigger()
    assert window.menus.actions["tool_ruler"].isEnabled()  # not only in edit mode
    drag(window.view, QPointF(0, 400), QPointF(200, 400))
    assert ruler.isVisible() and ruler.text == "10,0 m"  # 200 px at 0.05 m per px
    assert window.scene.ruler_line.line().length() == pytest.approx(200, abs=2)
    ctl.set_grid(Grid(cell_px=40, origin_x=0, origin_y=0, cell_m=1.5))
    drag(window.view, QPointF(20, 420), QPointF(180, 500))  # (0, 10) to (4, 12): 1-1 diagonals
    assert ruler.text == "4 cases (6 m)"
    window.menus.actions["tool_select"].trigger()
    assert not ruler.isVisible() and not window.scene.ruler_line.isVisible()
