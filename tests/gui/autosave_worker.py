"""The child of test_autosave_kill: the real main window on the libre demo, offscreen, renames a
combatant « Essai <n> » gesture after gesture and prints `painted <n>` once the window has
painted gesture n (after its update request is done), then waits a little and goes on."""

from __future__ import annotations

import random
import sys

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication

from gui.boot.app import open_encounter
from gui.control.controller import Controller
from gui.window.main_window import MainWindow
from tests.gui.fakes import ScriptedPrompts

NAME = "Essai {}"


class Gestures(QObject):
    """Renames, and reports each rename once painted."""

    def __init__(self, window: MainWindow, seed: int) -> None:
        super().__init__()
        self.window, self.rng, self.n = window, random.Random(seed), 0
        self.painting: int | None = None  # the gesture the next paint shows
        window.installEventFilter(self)

    def gesture(self) -> None:
        self.n += 1
        ctl = self.window.controller
        ctl.rename(ctl.enc.combatants[0].id, NAME.format(self.n))
        self.painting = self.n

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # Qt override
        if event.type() == QEvent.Type.UpdateRequest and self.painting is not None:
            QTimer.singleShot(0, self.painted)  # once this update request (the paint) is done
        return False

    def painted(self) -> None:
        if self.painting is None:
            return
        print(f"painted {self.painting}", flush=True)
        self.painting = None
        QTimer.singleShot(self.rng.randrange(0, 20), self.gesture)


def main() -> None:
    app = QApplication(sys.argv[:1])
    window = MainWindow(Controller(open_encounter(None, "libre")), ScriptedPrompts())
    window.resize(1366, 768)
    window.show()
    gestures = Gestures(window, int(sys.argv[1]))
    print(f"id {window.controller.enc.id}", flush=True)
    QTimer.singleShot(100, gestures.gesture)
    app.exec()


if __name__ == "__main__":
    main()
