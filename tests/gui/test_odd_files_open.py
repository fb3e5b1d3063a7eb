"""Files that load must open and play: odd but valid values found by the mutation soak."""

import pytest

from gui.boot.app import open_encounter
from gui.engine.play.table import Table
from gui.engine.state.model import Background
from tests.gui.test_main_window import make_window

pytestmark = pytest.mark.gui


@pytest.mark.parametrize("path", ["x" * 5000 + ".png", "carte\x00.png", "/nulle/part.png"])
def test_a_background_the_system_cannot_name_is_a_missing_image(qtbot, path):
    table = open_encounter(None, "libre")
    table.enc.map.background = Background(path=path)
    win = make_window(qtbot, table=Table(table.enc))
    assert win.scene.background is None
    win.view.viewport().repaint()
