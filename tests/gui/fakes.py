"""Test doubles: prompts answered from a script instead of modal dialogs, mouse helpers,
and the action dialog as the GM fills it."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtTest import QTest

from gui.dialogs.action import ActionDialog
from gui.widgets.prompts import Prompts


class ScriptedPrompts(Prompts):
    """Answers each question from `answers` (by method name), records what was asked."""

    def __init__(self, **answers: object) -> None:
        super().__init__(None)
        self.answers = answers
        self.asked: list[tuple[str, str]] = []

    def _answer(self, kind: str, text: str) -> object:
        self.asked.append((kind, text))
        value = self.answers.get(kind)
        return value.pop(0) if isinstance(value, list) else value

    def confirm(self, title: str, text: str, yes: str = "") -> bool:
        return bool(self._answer("confirm", text))

    def warn(self, title: str, text: str) -> None:
        self._answer("warn", text)

    def text(self, title: str, label: str, value: str = "") -> str | None:
        return self._answer("text", label)  # type: ignore[return-value]

    def number(self, title, label, value, low, high, decimals=1):
        return self._answer("number", label)

    def integer(self, title, label, value, low, high):
        return self._answer("integer", label)

    def choice(self, title: str, label: str, items: list[str]) -> int | None:
        return self._answer("choice", label)  # type: ignore[return-value]

    def colour(self, value: str) -> str | None:
        return self._answer("colour", value)  # type: ignore[return-value]


def drag(view, start: QPointF, end: QPointF, steps: int = 6) -> None:
    """Press at `start`, move in steps, release at `end` (scene coordinates), left button."""
    port = view.viewport()
    a, b = view.mapFromScene(start), view.mapFromScene(end)
    QTest.mousePress(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    for i in range(1, steps + 1):
        p = QPoint(a.x() + (b.x() - a.x()) * i // steps, a.y() + (b.y() - a.y()) * i // steps)
        QTest.mouseMove(port, p)
    QTest.mouseRelease(port, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)


def click(view, at: QPointF) -> None:
    QTest.mouseClick(
        view.viewport(),
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
        view.mapFromScene(at),
    )


def make_dialog(qtbot, ctl, kind="attack", actor="ysolde", target="brig1"):
    """The action dialog on the libre demo, shown and registered with qtbot."""
    dialog = ActionDialog(ctl, actor, target, kind)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


def type_faces(qtbot, dialog, text, mode="faces"):
    """Type dice faces (or, with mode="aggregate", a result) into the dialog's dice box."""
    dialog.dice.set_mode(mode)
    edit = dialog.dice.faces_edit if mode == "faces" else dialog.dice.aggregate_edit
    edit.clear()
    qtbot.keyClicks(edit, text)
