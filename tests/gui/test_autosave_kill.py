"""Issue 31: no gesture the GM has seen is lost to a crash. A child process (autosave_worker)
runs the real main window and renames a combatant gesture after gesture, printing `painted <n>`
once gesture n is on screen; the parent kills it with SIGKILL within 50 ms of a painted
gesture, then opens the autosave: it holds that gesture or a later one, every time.

A few kills in `make test`; ESCARMOUCHE_SOAK=1 runs 100."""

from __future__ import annotations

import gc
import os
import random
import re
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from gui.control import recovery

pytestmark = pytest.mark.skipif(os.name != "posix", reason="kill -9: POSIX")

ROOT = Path(__file__).resolve().parents[2]
SOAK = os.environ.get("ESCARMOUCHE_SOAK") == "1"
KILLS = 100 if SOAK else 6
WITHIN = 0.05  # seconds after a painted gesture
PAINTED = re.compile(r"painted (\d+)")


def _kill_once(folder: Path, seed: int) -> tuple[int, int]:
    """One child killed within WITHIN of its gesture `aim`: (last painted seen, saved)."""
    rng = random.Random(seed)
    env = dict(os.environ)
    env.update(
        QT_QPA_PLATFORM="offscreen",
        ESCARMOUCHE_DATA_DIR=str(folder / "data"),
        XDG_CONFIG_HOME=str(folder / "config"),
    )
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.gui.autosave_worker", str(seed)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    aim, painted, enc_id = rng.randint(2, 6), 0, ""
    try:
        assert child.stdout is not None
        for line in child.stdout:
            if line.startswith("id "):
                enc_id = line.split()[1]
            found = PAINTED.match(line)
            if found:
                painted = int(found.group(1))
                if painted >= aim:
                    time.sleep(rng.uniform(0, WITHIN))
                    break
        child.send_signal(signal.SIGKILL)
        rest = child.communicate(timeout=30)[0]
    finally:
        if child.poll() is None:
            child.kill()
    painted = max([painted, *(int(n) for n in PAINTED.findall(rest or ""))])
    saved = recovery.read(folder / "data" / "recovery" / f"{enc_id}.json")
    return painted, int(saved.combatants[0].name.removeprefix("Essai "))


def test_a_kill_within_50_ms_of_a_painted_gesture_loses_nothing(tmp_path):
    seeds = range(KILLS)
    # The two threads reading the children allocate: a garbage collection they set off would
    # destroy the Qt objects earlier tests left in cycles off the GUI thread (a segfault of
    # the whole run, seen once in CI). Collected here, on the GUI thread, and not in them.
    gc.collect()
    gc.disable()
    try:
        with ThreadPoolExecutor(max_workers=2) as pool:
            results = list(pool.map(lambda s: _kill_once(tmp_path / str(s), s), seeds))
    finally:
        gc.enable()
    lost = [(seed, p, s) for seed, (p, s) in zip(seeds, results, strict=True) if s < p]
    assert not lost, f"(trial, painted, saved) lost: {lost}"
    assert all(p >= 2 for p, _ in results)  # each killed after gestures were painted
