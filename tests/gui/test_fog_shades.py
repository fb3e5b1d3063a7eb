"""Issue 38, the fog as drawn on a grid: one pixel per square, DARK where the players never
saw, DIM where they saw before, CLEAR where they see now, painted over the scene where the
squares lie; a memory far off the map (a hand-edited file) makes no giant image."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene

from gui.engine.play.players_seen import PlayersSight
from gui.engine.state.model import Grid
from gui.map.fog_item import CLEAR, DARK, DIM, MOST, FogItem, shades
from tests.engine.builders import fighter, libre_encounter

NOW = {(2, 3), (3, 3)}
BEFORE = {(2, 4), (5, 6)}


def _sight(now: set, before: set) -> PlayersSight:
    known = frozenset(now | before)
    return PlayersSight(frozenset(now), frozenset(), frozenset(), known, frozenset())


def test_each_square_has_its_shade_in_the_box_of_the_known_ones(qapp):
    image, x0, y0 = shades(NOW | BEFORE, NOW)
    assert (x0, y0, image.width(), image.height()) == (2, 3, 4, 4)
    assert image.pixelIndex(0, 0) == image.pixelIndex(1, 0) == CLEAR  # (2, 3), (3, 3)
    assert image.pixelIndex(0, 1) == image.pixelIndex(3, 3) == DIM  # (2, 4), (5, 6)
    assert image.pixelIndex(1, 1) == image.pixelIndex(3, 0) == DARK  # never seen


def test_the_fog_is_painted_over_the_squares_where_they_lie(qapp):
    enc = libre_encounter(fighter("mage", "a"))
    enc.map.grid = Grid(cell_px=10, origin_x=5, origin_y=5)
    scene = QGraphicsScene()
    fog = FogItem()
    scene.addItem(fog)
    fog.show_sight(enc, _sight(NOW, BEFORE))
    image = QImage(100, 100, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("white"))
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, 100, 100), QRectF(0, 0, 100, 100))
    painter.end()

    def at(cell: tuple[int, int]) -> int:  # the red of a square's middle, as painted
        return image.pixelColor(5 + cell[0] * 10 + 5, 5 + cell[1] * 10 + 5).red()

    assert at((2, 3)) == at((3, 3)) == 255  # seen now: clear
    assert 60 < at((2, 4)) == at((5, 6)) < 200  # seen before: dimmed
    assert at((3, 4)) < 20 and at((8, 8)) < 20  # never seen, inside the box and beyond it
    for point, shade in (((30, 40), CLEAR), ((30, 50), DIM), ((40, 50), DARK), ((-9, 0), DARK)):
        assert fog.shade(QPointF(*point)) == shade


def test_a_memory_far_off_the_map_makes_no_giant_image(qapp):
    far = {(100_000, 100_000), (-100_000, 3)}
    image, x0, y0 = shades(NOW | BEFORE | far, NOW)
    assert image.width() <= MOST and image.height() <= MOST
    assert image.pixelIndex(2 - x0, 3 - y0) == CLEAR and image.pixelIndex(5 - x0, 6 - y0) == DIM
    enc = libre_encounter(fighter("mage", "a"))
    enc.map.grid = Grid(cell_px=10)
    fog = FogItem()
    fog.show_sight(enc, _sight(NOW, BEFORE | far))
    assert fog.shade(QPointF(25, 35)) == CLEAR and fog.shade(QPointF(55, 65)) == DIM
    assert fog.shade(QPointF(1_000_005, 1_000_005)) == DARK  # left dark, not drawn
