"""The window opened by `make run`: the libre demo's map, tokens, turn order and log."""

from pathlib import Path

import pytest

from gui.app import open_encounter
from gui.engine.rulesets.base import Action, DiceResult
from gui.main_window import MainWindow
from gui.map.layout import link_segment, token_slots
from gui.map.scene import initials

pytestmark = pytest.mark.gui


@pytest.fixture
def window(qtbot):
    table = open_encounter(None, "libre")
    win = MainWindow(table)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitExposed(win)
    return win


def test_demo_window_shows_zones_tokens_and_roster(window, tmp_path):
    enc = window.table.enc
    assert window.windowTitle() == "Embuscade au gué — Escarmouche"
    assert set(window.scene.token_items) == {c.id for c in enc.combatants}
    assert window.order.count() == len(enc.combatants) == 7
    assert "PV 24/24" in window.order.item(0).text()
    assert "Combat non commencé" in window.statusBar().currentMessage()
    # Tokens sit inside their zone's rectangle.
    zones = {z.id: z.rect for z in enc.map.zones}
    for c in enc.combatants:
        item = window.scene.token_items[c.id]
        assert item.scene() is window.scene and item.isVisible()
        pos, r = item.pos(), zones[c.position.zone]
        assert r.x < pos.x() < r.x + r.width and r.y < pos.y() < r.y + r.height
    assert window.grab().save(str(tmp_path / "main.png"))


def test_window_follows_the_model_after_a_turn_and_an_attack(window):
    table = window.table
    table.apply(table.start_combat({c.id: i for i, c in enumerate(table.enc.combatants)}))
    action = Action("damage", "maelis", "brig1")
    preview = table.preview(action)
    table.apply(table.resolve(action, DiceResult.typed_faces("6", preview.dice))[1])
    window.refresh()
    first = table.enc.turn.order[0].unit
    assert window.order.item(0).text().startswith("▶ ")
    assert window.order.item(0).data(0x0100) == first  # Qt.UserRole
    assert "Round 1" in window.statusBar().currentMessage()
    assert "Brigand 1 perd 9 PV" in window.log.item(window.log.count() - 1).text()


def test_token_layout_never_overlaps_and_stays_inside():
    from gui.engine.model import Rect

    rect = Rect(x=10, y=20, width=120, height=90)
    for count in (1, 3, 7, 20, 60):
        size, slots = token_slots(rect, count)
        assert len(slots) == count
        for i, (x, y) in enumerate(slots):
            assert rect.x <= x - size / 2 and x + size / 2 <= rect.x + rect.width
            assert rect.y <= y - size / 2 and y + size / 2 <= rect.y + rect.height
            for x2, y2 in slots[i + 1 :]:
                assert (x - x2) ** 2 + (y - y2) ** 2 >= size**2


def test_links_run_between_zone_borders_not_across_zones():
    from gui.engine.model import Rect

    a, b = Rect(x=0, y=0, width=100, height=100), Rect(x=200, y=0, width=100, height=100)
    assert link_segment(a, b) == ((100.0, 50.0), (200.0, 50.0))
    touching = Rect(x=100, y=0, width=100, height=100)
    assert link_segment(a, touching) == ((100.0, 50.0), (100.0, 50.0))


def test_initials():
    assert initials("Traqueur nain") == "TN"
    assert initials("Maëlis") == "MA"
    assert initials("Brigand 1") == "B1"


def test_make_run_target_opens_the_libre_demo():
    makefile = (Path(__file__).resolve().parents[2] / "Makefile").read_text()
    assert "-m gui --demo libre" in makefile


def test_application_icon_is_a_valid_svg(qtbot):
    from PySide6.QtGui import QIcon

    from gui.app import ICON

    icon = QIcon(str(ICON))
    assert not icon.isNull() and not icon.pixmap(32, 32).isNull()
