"""Issue 17, deliver 5 and its test: the English flow on each demo shows no French. The fight is
started, an action taken, then the acting unit's action dialog opened on a foe, rolled and
applied; every text the GM can read then — the main window's labels, buttons, menus, docks,
sheet, roster, turn order and log (each row and tooltip), the token badges, the dialog's, and
the questions asked — is checked against tests/french.py (the GM's own words set aside)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QTabBar,
    QWidget,
)

from gui.boot.app import open_encounter
from gui.dialogs.action import ActionDialog
from gui.engine.rulesets import registry
from tests.french import FrenchFinder
from tests.gui.mutations import act, start

pytestmark = pytest.mark.gui

_TAG = re.compile(r"<[^>]+>")
ROWS = 40  # rows read per item view (and per parent row in a tree)


def _plain(text: str) -> str:
    return _TAG.sub(" ", text).replace("&&", "\0").replace("&", "").replace("\0", "&").strip()


def _model_texts(view: QAbstractItemView, where: str) -> Iterator[tuple[str, str]]:
    model = view.model()
    if model is None:
        return

    def columns(parent: QModelIndex) -> int:
        try:
            return model.columnCount(parent)
        except TypeError:  # a list model keeps columnCount private: one column
            return 1

    for column in range(columns(QModelIndex())):
        head = model.headerData(column, Qt.Orientation.Horizontal, Qt.ItemDataRole.DisplayRole)
        if isinstance(head, str):
            yield f"{where} header", head

    def rows(parent: QModelIndex, depth: int) -> Iterator[tuple[str, str]]:
        for row in range(min(model.rowCount(parent), ROWS)):
            for column in range(columns(parent)):
                index = model.index(row, column, parent)
                for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                    value = index.data(role)
                    if isinstance(value, str):
                        yield f"{where} row {row}", value
            if depth < 2:
                yield from rows(model.index(row, 0, parent), depth + 1)

    yield from rows(QModelIndex(), 0)


def _menu_texts(menu: QMenu, where: str) -> Iterator[tuple[str, str]]:
    for action in menu.actions():
        yield f"{where} menu", action.text()
        yield f"{where} menu tip", action.toolTip()
        if action.menu() is not None:
            yield from _menu_texts(action.menu(), f"{where} › {action.text()}")


def shown_texts(top: QWidget) -> Iterator[tuple[str, str]]:
    """Every text a GM can read on `top` and its visible children."""
    yield "title", top.windowTitle()
    for w in [top, *top.findChildren(QWidget)]:
        if not w.isVisible():
            continue
        where = type(w).__name__ + (f"#{w.objectName()}" if w.objectName() else "")
        yield f"{where} tip", w.toolTip()
        if isinstance(w, QLabel | QAbstractButton):
            yield where, w.text()
        elif isinstance(w, QGroupBox):
            yield where, w.title()
        elif isinstance(w, QLineEdit):
            yield f"{where} placeholder", w.placeholderText()
        elif isinstance(w, QComboBox):
            yield from ((where, w.itemText(i)) for i in range(w.count()))
        elif isinstance(w, QTabBar):
            yield from ((where, w.tabText(i)) for i in range(w.count()))
        elif isinstance(w, QAbstractItemView):
            yield from _model_texts(w, where)
    menu_bar = getattr(top, "menuBar", None)
    if menu_bar is not None:
        for action in menu_bar().actions():
            yield "menu bar", action.text()
            if action.menu() is not None:
                yield from _menu_texts(action.menu(), action.text())


@pytest.mark.parametrize("ruleset_id", registry.available())
def test_the_english_flow_on_each_demo_shows_no_french(english, laptop_window, qtbot, ruleset_id):
    window = laptop_window(open_encounter(None, ruleset_id))
    ctl = window.controller
    start(ctl)
    act(ctl)
    window.menus.actions["action"].trigger()
    dialog = next(d for d in window.findChildren(ActionDialog) if d.isVisible())
    if dialog.dice.roll_button.isVisible():
        qtbot.mouseClick(dialog.dice.roll_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    texts = [(f"dialog {where}", text) for where, text in shown_texts(dialog)]
    dialog.close()
    texts += shown_texts(window)
    for token in window.scene.token_items.values():
        texts += [("token", badge) for badge in token.badges]
    texts += [(f"asked ({kind})", text) for kind, text in window.prompts.asked]
    texts = [(where, _plain(text)) for where, text in texts if text and _plain(text)]
    assert len(texts) > 200
    assert FrenchFinder(ctl.enc, ctl.ruleset).french(texts) == []
