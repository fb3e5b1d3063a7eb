"""Issue 33 (2): a token's text is readable or not drawn. On the GM's map at 1366×768, fitted
and at other zooms, every text drawn is at least 9 px high and whole (a badge is never cut like
« AP 105/10… »: it drops, then the initials); a group's label sits on its outline; the players'
view at 1920×1080 draws names and conditions at least 24 px high with the default « Taille des
pions », no plate hiding another one or a token; the turn order's columns fit the dock at
1366×768 (a side by its colour, its name in the cell's tooltip, never « Les… »)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF, QSettings, Qt
from PySide6.QtGui import QFontMetrics

from gui.boot.app import open_encounter
from gui.map.token_text import MIN_PX, badge_lines
from gui.player.token_size import SIZE_KEY, TEXT_PX
from gui.player.window import PlayersWindow
from gui.turns.columns import NAME, SIDE, STATES
from tests.gui.shots import shot

pytestmark = pytest.mark.gui
DEMOS = ("d20_35", "douaratil", "libre")


def _whole(item) -> set[str]:
    """The texts a token may draw, whole."""
    return {item.label, item.name, " · ".join(item.badges), *badge_lines(item.badges, 2)}


@pytest.mark.parametrize("demo", DEMOS)
def test_every_text_on_the_gm_s_map_is_9_px_or_more_and_whole(laptop_window, demo):
    window = laptop_window(open_encounter(None, demo))
    window.view.fit()
    fitted = window.view.zoom()
    for zoom in (fitted, 0.3, 1.0, 2.5):
        for item in window.scene.token_items.values():
            for text, px in item.drawn_texts(zoom):
                assert px >= MIN_PX - 1e-6, (demo, zoom, item.cid, text, px)
                assert text in _whole(item) and "…" not in text, (item.cid, text)
    zoomed_in = [t for i in window.scene.token_items.values() for t, _ in i.drawn_texts(2.5)]
    assert any(b in zoomed_in for i in window.scene.token_items.values() for b in i.badges)
    shot(window, f"readable_fitted_{demo}")


def test_a_group_label_sits_on_its_group(laptop_window):
    window = laptop_window(open_encounter(None, "d20_35"))
    window.view.fit()
    groups = list(window.scene.group_items.values())
    assert groups
    for group in groups:
        line = group.label_line
        assert line is not None and line.text == group.label
        assert group.drawn.contains(line.rect.adjusted(1, 1, -1, -1))  # inside its outline
        cells = group.path.boundingRect()  # on a tab over its first token's cell
        assert abs(line.rect.bottom() - cells.top()) <= 1
        assert cells.left() <= line.rect.left() < cells.right()
        assert line.px * window.view.zoom() >= MIN_PX - 1e-6


@pytest.mark.parametrize("demo", ["d20_35", "douaratil"])
@pytest.mark.parametrize("lang", ["fr", "en"], indirect=True)
def test_the_players_view_at_1920_draws_names_and_conditions_24_px(
    laptop_window, qtbot, lang, demo
):
    window = laptop_window(open_encounter(None, demo))
    view = PlayersWindow(window.controller)
    qtbot.addWidget(view)
    view.showNormal()
    view.resize(1920, 1080)
    qtbot.waitExposed(view)
    qtbot.waitUntil(lambda: view.view.height() == 1080)
    view.fit()
    zoom = view.view.transform().m11()
    for item in view.scene.token_items.values():
        drawn = dict(item.drawn_texts(zoom))
        assert item.name in drawn, item.cid
        for text, px in drawn.items():
            assert px >= TEXT_PX - 1e-6, (item.cid, text, px)
    items = view.scene.token_items
    plates = {cid: _plate(item, zoom) for cid, item in items.items()}
    discs = {cid: item.mapToScene(item.shape()).boundingRect() for cid, item in items.items()}
    for cid, plate in plates.items():  # none hides another plate nor another token
        for other in items:
            if other != cid:
                assert not _overlap(plate, plates[other]), (cid, other)
                assert not _overlap(plate, discs[other].adjusted(2, 2, -2, -2)), (cid, other)
    assert view.scene.group_items
    for group in view.scene.group_items.values():
        assert group.label_line is not None and group.label_line.px * zoom >= TEXT_PX - 1e-6
        assert not any(_overlap(plate, group.label_line.rect) for plate in plates.values())
    shot(view, f"players_1920_{demo}_{lang}")


def test_the_token_size_of_the_players_view_is_chosen_and_remembered(laptop_window, qtbot):
    window = laptop_window(open_encounter(None, "d20_35"))
    (sizes,) = [
        a.menu()
        for m in window.menuBar().actions()
        for a in m.menu().actions()
        if a.menu() is not None and a.text() == "Taille des pions (vue des joueurs)"
    ]
    names = [a.text() for a in sizes.actions()]
    assert names == ["Petits", "Moyens", "Grands", "Très grands"]
    assert [a.isChecked() for a in sizes.actions()] == [False, True, False, False]
    window.menus.players.set_open(True)
    view = window.menus.players.players
    view.showNormal()
    view.resize(1920, 1080)
    qtbot.waitUntil(lambda: view.view.height() == 1080)
    sizes.actions()[2].trigger()  # « Grands »: half as high again
    assert float(QSettings().value(SIZE_KEY)) == 1.5
    zoom = view.view.transform().m11()
    heights = [px for i in view.scene.token_items.values() for _, px in i.drawn_texts(zoom)]
    assert heights and min(heights) >= 1.5 * TEXT_PX - 1e-6
    sizes.actions()[3].trigger()  # « Très grands »: twice as high, where there is room
    zoom = view.view.transform().m11()
    drawn = [i.drawn_texts(zoom) for i in view.scene.token_items.values()]
    assert min(px for texts in drawn for _, px in texts) >= 2 * TEXT_PX - 1e-6
    assert sum(1 for texts in drawn if texts) >= len(drawn) / 2
    sizes.actions()[2].trigger()
    window.menus.players.set_open(False)
    window.menus.players.set_open(True)  # opened again: the size remembered
    again = window.menus.players.players
    again.showNormal()
    again.resize(1920, 1080)
    qtbot.waitUntil(lambda: again.view.height() == 1080)
    again.fit()
    zoom = again.view.transform().m11()
    heights = [px for i in again.scene.token_items.values() for _, px in i.drawn_texts(zoom)]
    assert heights and min(heights) >= 1.5 * TEXT_PX - 1e-6


def _plate(item, zoom) -> QRectF:
    box = QRectF()
    for line in item.lines(zoom)[0]:
        box |= line.rect
    return item.mapRectToScene(box)


def _overlap(a: QRectF, b: QRectF) -> bool:
    common = a.intersected(b)
    return common.width() > 1 and common.height() > 1


@pytest.mark.parametrize("demo", ["d20_35", "douaratil"])
def test_the_turn_order_s_columns_fit_1366(laptop_window, demo):
    window = laptop_window(open_encounter(None, demo))
    ctl = window.controller
    units = [e.unit for e in ctl.ruleset.turn_units(ctl.enc)]
    ctl.start_combat({u: 20 - i for i, u in enumerate(units)})
    view = window.turns.order_view
    model, metrics = view.model(), view.fontMetrics()
    assert view.columnWidth(SIDE) <= 60  # a colour, not « Les… »
    for row in range(model.rowCount()):
        side = model.index(row, SIDE)
        assert side.data() == "" and side.data(Qt.ItemDataRole.DecorationRole) is not None
        name = ctl.enc.side(model.entry(row).side).name
        assert side.data(Qt.ItemDataRole.ToolTipRole) == name
        text = model.index(row, NAME).data()
        assert metrics.horizontalAdvance(text) <= view.columnWidth(NAME), text
        states = model.index(row, STATES)
        tip = states.data(Qt.ItemDataRole.ToolTipRole)
        assert all(one in tip for one in states.data().split(" ; "))  # all of it there
        if len(model.entry(row).members) == 1:  # its points whole (its first badge)
            font = states.data(Qt.ItemDataRole.FontRole) or view.font()  # bold: its turn
            first, *more = states.data().split(" · ")
            wide = QFontMetrics(font).horizontalAdvance(first + " · …" * bool(more)) + 8
            assert wide <= view.columnWidth(STATES), (states.data(), view.columnWidth(STATES))
    assert model.headerData(SIDE, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)


@pytest.mark.parametrize("demo", ["d20_35", "douaratil"])
def test_the_sides_tab_shows_names_and_states_whole_at_1366(laptop_window, qtbot, demo):
    window = laptop_window(open_encounter(None, demo))
    window.turns.tabs.setCurrentIndex(1)  # « Camps »
    view = window.turns.roster_view
    qtbot.waitUntil(view.isVisible)
    model, metrics = view.model(), view.fontMetrics()
    rows = [model.index(r, 0) for r in range(model.rowCount())]
    seen = 0
    while rows:
        index = rows.pop()
        rows += [model.index(r, 0, index) for r in range(model.rowCount(index))]
        if model.kind(index) != "combatant" or model.counters(index.siblingAtColumn(1)):
            continue
        seen += 1
        states = index.siblingAtColumn(1).data()
        assert metrics.horizontalAdvance(states) + 6 <= view.columnWidth(1), states
        name = view.visualRect(index)
        assert metrics.horizontalAdvance(index.data()) <= name.width(), index.data()
    assert seen >= 5
