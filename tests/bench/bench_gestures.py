"""Benchmarks P7 (a GM's gesture through the real window at 10 and at 1,000 combatants) and P9
(opening a 1,000-combatant file in the window against loading it headless).

Each size runs in a fresh process (`python -m tests.bench.bench_gestures N`) with its own data
folder and settings, so that the autosave after each change writes where it would for a GM.
A gesture is timed from the event to the end of the event processing that follows it, paint
included; what the gesture needs before (a dialog opened, the dice typed) is not timed."""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from gui.widgets.prompts import Prompts
from tests.bench.bench_gui import _child_env, _run

SMALL, LARGE = 10, 1000
ZONES = 200
REPEATS = 15  # timed repetitions of each gesture, after WARM_UP untimed ones
WARM_UP = 3
OPENS = 5  # P9: the best of this many opens, each side
P7_TARGET_RATIO = 3
P7_TARGET_MS = 100
P9_TARGET = 10
GESTURES = ("press", "drop", "Appliquer", "Suivant", "sheet edit")
# A gesture's steps: what it needs first, the gesture itself (timed), what follows it.
_Steps = tuple[Callable[[], None], Callable[[], None], Callable[[], None]]


def _nothing() -> None:
    pass


class Gestures:
    """A main window 1366×768 on the big encounter (every combatant in the turn order), and
    each gesture as the GM makes it; `timed(name)` is the median of its repetitions in ms."""

    def __init__(self, combatants: int) -> None:
        from PySide6.QtTest import QTest

        from gui.control.controller import Controller
        from gui.engine.play.table import Table
        from gui.window.main_window import MainWindow
        from tests.bench.big_encounter import make_big_encounter

        enc = make_big_encounter(combatants, ZONES, in_order=combatants)
        self.ctl = Controller(Table(enc))
        self.window = MainWindow(self.ctl, _NoQuestions())
        self.window.resize(1366, 768)
        self.window.show()
        if not QTest.qWaitForWindowExposed(self.window):
            raise AssertionError("the main window was never exposed")
        self.settle()
        self.flip = 0  # alternates the tokens, zones and values of successive repetitions

    @staticmethod
    def settle() -> None:
        """Process every pending event: the views update and paint."""
        from PySide6.QtWidgets import QApplication

        QApplication.processEvents()

    def timed(self, name: str) -> float:
        prepare, act, after = getattr(self, "_" + name.replace(" ", "_").lower())()
        times = []
        for n in range(WARM_UP + REPEATS):
            self.flip = n % 2
            prepare()
            self.settle()
            begin = time.perf_counter()
            act()
            self.settle()
            times.append(time.perf_counter() - begin)
            after()
            self.settle()
        return statistics.median(times[WARM_UP:]) * 1e3

    # Mouse on the map ---------------------------------------------------------------------

    def _point(self, cid: str):
        view = self.window.view
        token = self.window.scene.token_items[cid]
        view.centerOn(token)
        return view.mapFromScene(token.scenePos())

    def _mouse(self, kind: str, at) -> None:
        from PySide6.QtCore import Qt
        from PySide6.QtTest import QTest

        viewport, left = self.window.view.viewport(), Qt.MouseButton.LeftButton
        if kind == "move":
            QTest.mouseMove(viewport, at)
        else:
            getattr(QTest, f"mouse{kind}")(viewport, left, Qt.KeyboardModifier.NoModifier, at)

    def _press(self) -> _Steps:
        """Pressing a token selects its combatant (sheet, roster, ring on the map)."""
        where: list = []

        def act() -> None:
            where.append(self._point(("c1", "c2")[self.flip]))
            self._mouse("Press", where[0])
            if self.ctl.selected != ("c1", "c2")[self.flip]:
                raise AssertionError("pressing the token did not select it")

        return _nothing, act, lambda: self._mouse("Release", where.pop())

    def _drop(self) -> _Steps:
        """A token dragged to another zone and let go there: the move, one undo entry."""
        scene, view, cid = self.window.scene, self.window.view, "c3"
        zones = ("z2", "z3")  # next to each other: a legal move, back and forth
        where: list = []

        def prepare() -> None:
            start = self._point(cid)
            self._mouse("Press", start)
            if scene.mouseGrabberItem() is not scene.token_items[cid]:
                raise AssertionError("the press did not grab the token")
            r = scene.zone_items[zones[self.flip]].scene_rect()
            target = view.mapFromScene(r.center())
            for step in range(1, 6):
                self._mouse("move", start + (target - start) * step / 5)
            where.append(target)

        def act() -> None:
            self._mouse("Release", where.pop())
            if self.ctl.enc.combatant(cid).position.zone != zones[self.flip]:
                raise AssertionError("the dropped token did not move")

        return prepare, act, _nothing

    # Dialog, turn and sheet ---------------------------------------------------------------

    def _appliquer(self) -> _Steps:
        """Appliquer in the action dialog, its dice typed: the attack is resolved and logged."""
        from gui.dialogs.action import ActionDialog

        dialogs: list = []

        def prepare() -> None:
            dialog = ActionDialog(self.ctl, "c5", "c6", "attack", self.window)
            dialog.show()
            dialog.dice.set_mode("faces")
            dialog.dice.faces_edit.setText(("15", "3")[self.flip])
            dialogs.append(dialog)
            if not dialog.apply_button.isEnabled():
                raise AssertionError("Appliquer is not enabled with the dice typed")

        def act() -> None:
            logged = len(self.ctl.enc.log)
            dialogs[0].apply_button.click()
            if len(self.ctl.enc.log) != logged + 1:
                raise AssertionError("Appliquer did not log the attack")

        return prepare, act, lambda: dialogs.pop().close()

    def _suivant(self) -> _Steps:
        """Suivant: the next unit of the order acts."""

        def act() -> None:
            before = self.ctl.enc.turn.current
            self.window.turns.next_action.trigger()
            if self.ctl.enc.turn.current == before:
                raise AssertionError("Suivant did not move the turn on")

        return _nothing, act, _nothing

    def _sheet_edit(self) -> _Steps:
        """A number typed in the selected combatant's sheet (its attack bonus)."""
        self.ctl.select("c7")
        self.settle()
        editor = self.window.sheet.editors["attaque"]

        def act() -> None:
            value = 4 + self.flip
            editor.widget.setValue(value)
            if self.ctl.enc.combatant("c7").stats["attaque"] != value:
                raise AssertionError("the sheet edit did not reach the encounter")

        return _nothing, act, _nothing


class _NoQuestions(Prompts):
    """A gesture of the benchmark never asks the GM anything: a question is a failure."""

    def confirm(self, title: str, text: str, yes: str = "") -> bool:
        raise AssertionError(f"the benchmark's gesture asked: {title}: {text}")

    warn = confirm  # type: ignore[assignment]


def _measure(combatants: int) -> dict[str, float]:
    """In this process: each gesture's median time at `combatants`, in ms."""
    from PySide6.QtWidgets import QApplication

    app = QApplication(sys.argv)
    gestures = Gestures(combatants)
    out = {name: gestures.timed(name) for name in GESTURES}
    gestures.window.controller.undo_stack.setClean()  # closing asks nothing
    app.quit()
    return out


def _child(args: list[str], env: dict[str, str]) -> str:
    return _run(f"from tests.bench.bench_gestures import main; main({args!r})", env)[1]


def bench_p7() -> list[str]:
    """One line per gesture: its cost at 1,000 combatants against 10."""
    with tempfile.TemporaryDirectory() as tmp:
        env = _child_env(tmp)
        small = json.loads(_child(["p7", str(SMALL)], env))
        large = json.loads(_child(["p7", str(LARGE)], env))
    return [
        f"P7 {large[g] / small[g]:.2f} x {g} at 1,000 vs 10"
        f" ({large[g]:.1f} ms vs {small[g]:.1f} ms)"
        f" (target <= {P7_TARGET_RATIO}x, < {P7_TARGET_MS} ms)"
        for g in GESTURES
    ]


def _open_seconds(path: Path, window: bool) -> float:
    """The best time to load `path` (and, with `window`, show it in a painted main window)."""
    from PySide6.QtWidgets import QApplication

    from gui.control.controller import Controller
    from gui.engine.files import storage
    from gui.engine.play.table import Table
    from gui.window.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv)
    best = float("inf")
    for _ in range(OPENS + 1):  # the first warms the imports and the disk cache
        begin = time.perf_counter()
        table = Table(storage.load(path))
        if window:
            shown = MainWindow(Controller(table))
            shown.resize(1366, 768)
            shown.show()
            app.processEvents()
        best = min(best, time.perf_counter() - begin)
        if window:
            shown.close()
            shown.deleteLater()
            app.processEvents()
    return best


def bench_p9() -> str:
    """Opening a 1,000-combatant file in the window, against loading it headless."""
    from gui.engine.files import storage
    from tests.bench.big_encounter import make_big_encounter

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "armee.json"
        storage.save(make_big_encounter(LARGE, ZONES, in_order=LARGE), path)
        env = _child_env(tmp)
        ours, theirs = (float(_child(["p9", str(path), side], env)) for side in ("1", ""))
    return (
        f"P9 {ours / theirs:.1f}x opening a {LARGE:,}-combatant file in the window"
        f" ({ours * 1e3:.0f} ms) vs loading it headless ({theirs * 1e3:.0f} ms)"
        f" (target <= {P9_TARGET}x)"
    )


def main(args: list[str]) -> None:
    """The child's side: `p7 N` prints each gesture's ms as JSON, `p9 PATH W` the seconds."""
    if args[0] == "p7":
        print(json.dumps(_measure(int(args[1]))))
    else:
        print(_open_seconds(Path(args[1]), bool(args[2])))


if __name__ == "__main__":
    main(sys.argv[1:])
