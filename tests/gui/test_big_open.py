"""Benchmark P9's shortcuts keep what the map and the turn order show: a token made whole is
the token shown step by step, a zone or link shown again as it is keeps its cached pixels yet
a zone moved off its place is put back, and the turn order answers at once only what its
cells never hold."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex, QPointF, QRectF, Qt
from PySide6.QtGui import QColor

from gui.boot.app import open_encounter
from gui.control.controller import Controller
from gui.map.link_item import LinkItem
from gui.map.scene import EncounterScene
from gui.map.token_item import TokenItem
from gui.turns.order import TurnOrderModel

pytestmark = pytest.mark.gui


def _look(item: TokenItem) -> tuple:
    return (
        item.name,
        item.label,
        item.colour.name(),
        list(item.badges),
        (item.selected, item.acting, item.out),
        item.size,
        item.floor,
        item.boundingRect().getRect(),
        item.zValue(),
        (item.pos().x(), item.pos().y()),
        (item.home.x(), item.home.y()),
    )


@pytest.mark.parametrize(
    ("badges", "selected", "acting", "out", "size", "floor"),
    [
        ([], False, False, False, 36.0, 0.0),
        (["PV 3/9", "À terre", "Entravé"], True, False, True, 28.8, 0.0),
        (["PV 0/9"], False, True, True, 36.0, 12.0),
    ],
)
def test_a_token_made_whole_is_the_token_shown_step_by_step(
    qapp, badges, selected, acting, out, size, floor
):
    colour = QColor("#a53a3a")
    look = ("Gobelin 3", colour, badges, selected, acting, out)
    whole = TokenItem("g3", *look, size, floor, 120.5, 80.25)
    steps = TokenItem("g3")
    steps.show_state(*look)
    steps.place(120.5, 80.25, size)
    steps.set_floor(floor)
    assert _look(whole) == _look(steps)
    steps.show_state("Gobelin 3", colour, ["PV 9/9"], False, False, False)  # bounds follow
    whole.show_state("Gobelin 3", colour, ["PV 9/9"], False, False, False)
    assert _look(whole) == _look(steps)


def test_a_zone_moved_or_resized_off_its_place_is_put_back_by_a_sync(qtbot):
    ctl = Controller(open_encounter(None, "libre"))
    scene = EncounterScene(ctl.enc, ctl.ruleset)
    zone = ctl.enc.map.zones[0]
    item = scene.zone_items[zone.id]
    r = zone.rect
    shown = QRectF(r.x, r.y, r.width, r.height)
    assert item.scene_rect() == shown
    item.setPos(item.pos() + QPointF(37, 11))  # dragged in edit mode, refused
    scene.sync()
    assert item.scene_rect() == shown
    item.drag_corner("br", QPointF(r.x + r.width + 50, r.y + r.height + 40))  # resized
    assert item.scene_rect() != shown
    scene.sync()
    assert item.scene_rect() == shown
    assert item.boundingRect() == QRectF(-2, -2, r.width + 4, r.height + 4)


def test_a_link_s_bounds_and_tooltip_follow_what_it_shows(qapp):
    link = LinkItem("a", "b")
    p1, p2 = (310.0, 47.5), (122.25, 260.0)
    link.show_link(p1, p2, "")
    line = QRectF(QPointF(*p1), QPointF(*p2)).normalized().adjusted(-10, -10, 10, 10)
    mid = link.line.center()
    assert link.boundingRect() == line.united(QRectF(mid.x(), mid.y(), 80, 24))
    assert link.toolTip() == "Longueur inconnue"
    link.show_link(p1, p2, "9 m")
    assert link.toolTip() == "9 m" and link.text == "9 m"
    link.show_link((5.0, 5.0), (6.0, 6.0), "9 m")  # the zones now touch: a dot
    assert link.touching and link.line.p2() == QPointF(6.0, 6.0)


def test_the_turn_order_answers_at_once_only_what_no_cell_holds(qtbot):
    ctl = Controller(open_encounter(None, "libre"))
    model = TurnOrderModel(ctl)
    index = model.index(0, 1)
    for role in (Qt.ItemDataRole.CheckStateRole, Qt.ItemDataRole.SizeHintRole, 2, 13):
        assert model.data(index, role) is None
    assert model.data(QModelIndex()) is None
    assert model.data(index) == model._cell(0, 1, Qt.ItemDataRole.DisplayRole)
    vertical = Qt.Orientation.Vertical
    assert model.headerData(4, vertical, Qt.ItemDataRole.DisplayRole) == 5  # Qt's own
    horizontal = Qt.Orientation.Horizontal
    assert model.headerData(1, horizontal, Qt.ItemDataRole.FontRole) is None
    assert model.headerData(1, horizontal, Qt.ItemDataRole.DisplayRole) == "Nom"
    assert model.columnCount() == 7
