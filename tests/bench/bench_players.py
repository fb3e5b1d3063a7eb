"""Benchmark P12 (issue 21): what the players' view adds to a GM's change — the same gestures as
P7 at 1,000 combatants, timed with the players' window closed, then open and following (its map
and panel brought up to date and painted in the same event processing)."""

from __future__ import annotations

import json
import sys
import tempfile

from tests.bench.bench_gestures import LARGE, Gestures
from tests.bench.bench_gui import _child_env, _run

GESTURES = ("drop", "Appliquer", "Suivant")
TARGET = 1.5  # the players' view may add half a gesture at most


def _measure() -> dict[str, list[float]]:
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    app = QApplication(sys.argv)
    gestures = Gestures(LARGE)
    alone = {name: gestures.timed(name) for name in GESTURES}
    players = gestures.window.menus.players
    players.set_open(True)
    if players.players is None or not QTest.qWaitForWindowExposed(players.players):
        raise AssertionError("the players' view was never exposed")
    players.players.resize(1920, 1080)
    gestures.settle()
    followed = {name: gestures.timed(name) for name in GESTURES}
    gestures.window.controller.undo_stack.setClean()
    players.set_open(False)
    app.quit()
    return {name: [alone[name], followed[name]] for name in GESTURES}


def bench_p12() -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        code = "from tests.bench.bench_players import main; main()"
        out = json.loads(_run(code, _child_env(tmp))[1])
    return [
        f"P12 {theirs / alone:.2f}x {name} with the players' view open, at {LARGE:,} combatants"
        f" ({theirs:.1f} ms vs {alone:.1f} ms) (target <= {TARGET}x)"
        for name, (alone, theirs) in out.items()
    ]


def main() -> None:
    print(json.dumps(_measure()))
