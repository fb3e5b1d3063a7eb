"""storage.save under kill -9: the file is always whole, and a killed save's debris goes away.

A child process (save_worker.py) loads a large libre encounter and saves it over the same file in a
loop, each save with its own notes (« Sauvegarde n° <n> »), printing `saved <n>` once a save has
returned. The parent kills it with SIGKILL at a random moment after its first save, then:

1. the file is exactly the last save reported or the one being made, never a torn or third file,
   and every backup is a whole earlier save;
2. the app's next save over the same path leaves no temporary file of ours (`.<name>.*.tmp`),
   and the backups folder then holds only whole files;
3. at start-up, `storage.sweep_temp(folder)` removes the stale temporary files a kill left.

A few dozen kills in the normal suite; ESCARMOUCHE_SOAK=1 runs 500.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from gui.engine.files import storage
from gui.engine.rulesets import registry
from gui.engine.state.model import Encounter
from tests.engine.files.save_worker import MARKER, marker

pytestmark = pytest.mark.skipif(os.name != "posix", reason="kill -9 and fsync semantics: POSIX")

WORKER = "tests.engine.files.save_worker"
ROOT = Path(__file__).resolve().parents[3]
NAME = "rencontre.json"
SOAK = os.environ.get("ESCARMOUCHE_SOAK") == "1"
KILLS = 500 if SOAK else 24
# A kill lands while a temporary file exists one time in four or so; keep killing (up to twice
# the planned count) until a few did, so that points 2 and 3 are really exercised.
MIN_TORN = 25 if SOAK else 3
PARALLEL = max(1, min(4, os.cpu_count() or 1))
MAX_DELAY = 0.05  # seconds after the first reported save; one save of this encounter takes ~10 ms
FINAL = 10**9  # the notes number of the parent's own save after the kill

TEMP = re.compile(r"\." + re.escape(NAME) + r"\..+\.tmp")
BACKUP = re.compile(re.escape(Path(NAME).stem) + r"\.\d{8}T\d{6}\.\d{6}Z\.json")
NUMBER = re.compile(re.escape(MARKER.removesuffix("{}")) + r"(\d+)")


@dataclass
class Kill:
    """One worker run: its folder as the kill left it and what the worker had reported."""

    index: int
    folder: Path
    last_saved: int | None  # the last `saved <n>` line, None if the worker never reported one
    returncode: int | None
    stderr: str

    @property
    def target(self) -> Path:
        return self.folder / NAME

    @property
    def backups(self) -> Path:
        return self.folder / "backups"

    def where(self) -> str:
        return f"kill {self.index} ({self.folder})"


def big_libre_encounter(copies: int = 60) -> Encounter:
    """The libre demo with its combatants copied `copies` times (420 for the demo's 7)."""
    demo = storage.load(registry.get("libre").demo_path)
    people = []
    for k in range(copies):  # copy 0 keeps the demo's ids, so whatever names them stays valid
        ids = {c.id: c.id if k == 0 else f"{c.id}-{k}" for c in demo.combatants}
        people += [
            c.replace(
                id=ids[c.id],
                name=c.name if k == 0 else f"{c.name} {k}",
                contacts=[ids[other] for other in c.contacts],
            )
            for c in demo.combatants
        ]
    # Through the file format, so the copy is checked like any file the app opens.
    return storage.loads(storage.dumps(demo.replace(combatants=people)))


class Saves:
    """The encounter the worker saves, as loaded from the seed file, and each save's exact bytes."""

    def __init__(self, folder: Path) -> None:
        self.seed = folder / "seed.json"
        storage.save(big_libre_encounter(), self.seed)
        self.base = storage.load(self.seed)
        self._bytes: dict[int, bytes] = {}
        self._lock = threading.Lock()

    def encounter(self, n: int) -> Encounter:
        """Save number `n`: the base encounter with its notes set to `marker(n)`."""
        return self.base.replace(notes=marker(n))

    def expected(self, n: int) -> bytes:
        with self._lock:
            if n not in self._bytes:
                self._bytes[n] = storage.dumps(self.encounter(n))
            return self._bytes[n]

    def identify(self, path: Path) -> int:
        """Which save `path` holds; AssertionError if it is unloadable or not exactly one save."""
        data = path.read_bytes()
        try:
            enc = storage.loads(data, path.name)
        except storage.LoadError as exc:
            raise AssertionError(
                f"{path.name}: not loadable ({len(data)} bytes): {exc.en}"
            ) from None
        found = NUMBER.fullmatch(enc.notes)
        assert found, f"{path.name}: loads, but its notes {enc.notes[:60]!r} are no save of ours"
        n = int(found.group(1))
        assert data == self.expected(n), f"{path.name}: notes of save {n} but not its bytes"
        return n

    def backup_problems(self, kill: Kill, newest: int) -> list[str]:
        """Anything in the backups folder that is not a whole save numbered 0 to `newest`."""
        if not kill.backups.exists():
            return []
        problems = []
        for name in sorted(os.listdir(kill.backups)):
            path = kill.backups / name
            if not BACKUP.fullmatch(name) or not path.is_file():
                problems.append(f"{kill.where()}: unexpected entry backups/{name}")
                continue
            try:
                n = self.identify(path)
            except AssertionError as exc:
                problems.append(f"{kill.where()}: backups/{exc}")
                continue
            if not 0 <= n <= newest:
                problems.append(f"{kill.where()}: backups/{name} is save {n}, not 0 to {newest}")
        return problems


def temps(folder: Path) -> list[str]:
    """Our temporary files left in `folder`."""
    return sorted(name for name in os.listdir(folder) if TEMP.fullmatch(name))


# --- the kills --------------------------------------------------------------------------------


def kill_one(saves: Saves, index: int, root: Path) -> Kill:
    """Start a worker on a fresh folder, let it save at least once, SIGKILL it, wait for it."""
    kill = Kill(index, root / f"kill{index:04d}", None, None, "")
    kill.folder.mkdir()
    storage.save(saves.encounter(0), kill.target, kill.backups)
    args = [str(saves.seed), str(kill.target), str(kill.backups), "1"]
    env = dict(os.environ, ESCARMOUCHE_DATA_DIR=str(kill.folder / "userdata"))
    proc = subprocess.Popen(
        [sys.executable, "-m", WORKER, *args],  # from ROOT: the worker runs this tree's code
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    watchdog = threading.Timer(60, proc.kill)  # a worker that hangs must not hang the suite
    watchdog.start()
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()  # blocks until the first save has returned (or EOF)
        if first.startswith("saved "):
            time.sleep(random.uniform(0, MAX_DELAY))
        os.kill(proc.pid, signal.SIGKILL)
        rest, kill.stderr = proc.communicate()
    finally:
        watchdog.cancel()
    lines = [line for line in (first + rest).splitlines() if line.startswith("saved ")]
    kill.last_saved = int(lines[-1].split()[1]) if lines else None
    kill.returncode = proc.returncode
    return kill


@pytest.fixture(scope="module")
def saves(tmp_path_factory) -> Saves:
    return Saves(tmp_path_factory.mktemp("seed"))


@pytest.fixture(scope="module")
def kills(saves, tmp_path_factory) -> list[Kill]:
    root = tmp_path_factory.mktemp("kills")
    done: list[Kill] = []
    with ThreadPoolExecutor(PARALLEL) as pool:
        batch = range(KILLS)
        while batch:
            done += pool.map(lambda i: kill_one(saves, i, root), batch)
            torn = sum(1 for k in done if temps(k.folder))
            more = min(PARALLEL, 2 * KILLS - len(done)) if torn < MIN_TORN else 0
            batch = range(len(done), len(done) + more)
    broken = [k for k in done if k.last_saved is None or k.returncode != -signal.SIGKILL]
    assert not broken, "\n".join(
        f"{k.where()}: worker did not save and die by SIGKILL (rc {k.returncode}): {k.stderr}"
        for k in broken
    )
    return done


def copies(kills: list[Kill], tmp_path: Path) -> list[Kill]:
    """The kills' folders copied (temporary files included), so that each test acts on its own."""
    result = []
    for kill in kills:
        folder = tmp_path / kill.folder.name
        shutil.copytree(kill.folder, folder)
        result.append(Kill(kill.index, folder, kill.last_saved, kill.returncode, kill.stderr))
    return result


def summary(kills: list[Kill], problems: list[str]) -> str:
    left = sum(len(temps(k.folder)) for k in kills)
    torn = sum(1 for k in kills if temps(k.folder))
    head = (
        f"{len(problems)} problem(s) over {len(kills)} kills; "
        f"{torn} kills left {left} temporary file(s) right after the kill"
    )
    return "\n".join([head, *problems[:20]])


# --- 1. the file is whole ------------------------------------------------------------------------


def test_killed_save_leaves_the_last_or_the_next_save_whole(saves, kills):
    problems = []
    for kill in kills:
        assert kill.last_saved is not None
        allowed = (kill.last_saved, kill.last_saved + 1)
        try:
            n = saves.identify(kill.target)
        except AssertionError as exc:
            problems.append(f"{kill.where()}: {exc}")
        else:
            if n not in allowed:
                problems.append(f"{kill.where()}: file is save {n}, expected one of {allowed}")
        problems += saves.backup_problems(kill, kill.last_saved + 1)
    print(f"\n{summary(kills, problems)}")
    assert not problems, summary(kills, problems)


# --- 2. the next save cleans up ----------------------------------------------------------------


def test_next_save_after_a_kill_leaves_no_temporary_file(saves, kills, tmp_path):
    problems, left = [], 0
    for kill in copies(kills, tmp_path):
        storage.save(saves.encounter(FINAL), kill.target, kill.backups)
        assert kill.target.read_bytes() == saves.expected(FINAL)
        remaining = temps(kill.folder)
        left += len(remaining)
        if remaining:
            problems.append(f"{kill.where()}: after the next save, still {remaining}")
    assert not problems, f"{left} temporary file(s) left; " + summary(kills, problems)


def test_backups_hold_only_whole_files_after_the_next_save(saves, kills, tmp_path):
    problems = []
    for kill in copies(kills, tmp_path):
        assert kill.last_saved is not None
        storage.save(saves.encounter(FINAL), kill.target, kill.backups)
        problems += saves.backup_problems(kill, kill.last_saved + 1)
        if not kill.backups.is_dir() or not os.listdir(kill.backups):
            problems.append(f"{kill.where()}: no backup of the file the next save replaced")
    assert not problems, summary(kills, problems)


# --- 3. start-up sweep ---------------------------------------------------------------------------


def test_sweep_temp_after_a_kill_leaves_no_temporary_file(kills, tmp_path):
    problems, left = [], 0
    keep = {"notes.txt": "à garder", f"{NAME}.bak": "à garder aussi"}
    for kill in copies(kills, tmp_path):
        for name, text in keep.items():
            (kill.folder / name).write_text(text)
        before = temps(kill.folder)
        target = kill.target.read_bytes()
        removed = storage.sweep_temp(kill.folder)
        remaining = temps(kill.folder)
        left += len(remaining)
        if remaining:
            problems.append(f"{kill.where()}: after sweep_temp, still {remaining}")
        if sorted(Path(p).name for p in removed) != before:
            problems.append(f"{kill.where()}: sweep_temp returned {removed}, had {before}")
        if kill.target.read_bytes() != target:
            problems.append(f"{kill.where()}: sweep_temp changed {NAME}")
        if any(not (kill.folder / name).is_file() for name in keep):
            problems.append(f"{kill.where()}: sweep_temp removed a file that is not its own")
    assert not problems, f"{left} temporary file(s) left; " + summary(kills, problems)
