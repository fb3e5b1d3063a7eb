"""Benchmark P10: a long session stays flat. 2,000 GM gestures on the reserve_menace demo in a
fresh process (Suivant, Précédent, actions, Passer so that the Passes go on, with the autosave
after each): the growth of the process's memory, and the time of a gesture at the end
against the start."""

import statistics
import subprocess
import sys
import tempfile

from tests.bench.bench_gui import ROOT, _child_env

ACTIONS = 2000
WINDOW = 200  # gestures compared: the first and the last
P10_TARGET_MB = 50
P10_TARGET_RATIO = 1.3

# The session, in a child process so that its memory starts from nothing of this bench's.
_SESSION = """
import random
import sys
import time

from PySide6.QtWidgets import QApplication

app = QApplication(sys.argv)
from gui.boot.app import open_encounter
from gui.control import recovery
from gui.control.controller import Controller
from gui.engine.turns import current_entry
from tests.gui.mutations import act, refusing, start, suivant


def pass_unit(ctl):
    # Passer: the acting unit, else the first of the holding side, gives up its actions.
    turn = ctl.enc.turn
    entry = current_entry(turn) or next(
        (e for e in turn.order if e.side == turn.holder and e.actions_left), None
    )
    if entry is not None:
        ctl.turn_step("pass_unit", unit=entry.unit)


def rss_kb():
    with open("/proc/self/status") as status:
        return int(next(line.split()[1] for line in status if line.startswith("VmRSS:")))


ctl = Controller(open_encounter(None, "reserve_menace"))
start(ctl)
writing = [0.0]  # the time of this gesture's autosave
write = recovery.write


def timed_write(table, saved_at=None):
    begin = time.perf_counter()
    try:
        return write(table, saved_at)
    finally:
        writing[0] += time.perf_counter() - begin


recovery.write = timed_write
rng = random.Random(2026)
before = rss_kb()
times, autosaves = [], []
for _ in range({actions}):
    pick = rng.random()
    writing[0] = 0.0
    begin = time.perf_counter()
    if pick < 0.4:
        refusing(suivant, ctl)
    elif pick < 0.5:
        refusing(ctl.previous_turn)
    elif pick < 0.65:
        refusing(pass_unit, ctl)
    else:
        refusing(act, ctl)
    app.processEvents()
    ctl.flush_autosave()  # what the window writes once the gesture is painted
    times.append(time.perf_counter() - begin)
    autosaves.append(writing[0])
after = rss_kb()
saved = write(ctl.table)[0].stat().st_size
print(before, after, saved, ctl.enc.turn.round, *times, *autosaves)
"""


def _p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def bench_p10() -> str:
    """RSS growth and per-gesture p95 (last 200 against first 200) over 2,000 gestures."""
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run(
            [sys.executable, "-c", _SESSION.format(actions=ACTIONS)],
            cwd=ROOT,
            env=_child_env(tmp),
            capture_output=True,
            text=True,
            timeout=1800,
            check=False,
        )
    if done.returncode != 0:
        raise AssertionError(f"the session failed ({done.returncode}):\n{done.stderr}")
    before, after, saved, passes, *rest = (float(x) for x in done.stdout.split())
    times, autosaves = rest[:ACTIONS], rest[ACTIONS:]
    gestures = [t - a for t, a in zip(times, autosaves, strict=True)]
    first, last = _p95(gestures[:WINDOW]), _p95(gestures[-WINDOW:])
    first_all, last_all = _p95(times[:WINDOW]), _p95(times[-WINDOW:])
    growth = (after - before) / 1024
    return (
        f"P10 {growth:.0f} MB RSS growth over {ACTIONS:,} actions on the reserve_menace demo"
        f" ({passes:.0f} Passes) ; p95 per action last {WINDOW} vs first {WINDOW}"
        f" {last / first:.2f}x ({last * 1e3:.1f} ms vs {first * 1e3:.1f} ms), with the"
        f" autosave of the growing log {last_all / first_all:.2f}x"
        f" ({last_all * 1e3:.1f} ms vs {first_all * 1e3:.1f} ms, file {saved / 1024:.0f} KB)"
        f" (targets <= {P10_TARGET_MB} MB, <= {P10_TARGET_RATIO}x)"
    )


if __name__ == "__main__":
    print(bench_p10(), flush=True)
