"""Start-up, stage by stage, in instructions (valgrind's cachegrind: deterministic, so a busy
machine does not change it). Each stage is a fresh `python -c` child, cumulative, ending with a
hard exit (no tear-down counted), as benchmark P1 (tests/bench/bench_gui.py) starts the app:

1. bare     QApplication and a bare QMainWindow shown and painted;
2. shell    the app's first painted window (P1a: startup.first_window);
3. engine   2, then every gui.engine module the full start imports, and the libre demo loaded;
4. gui      3, then every other gui module the full start imports (gui.window.main_window…);
5. window   the main window with the libre demo, shown, painted and interactive (P1b).

The module lists of 3 and 4 are what `sys.modules` holds once stage 5 is ready, read in a first
run without valgrind. Also single lines: `import msgspec` and `import gui.engine.state.model`,
each minus `python -c pass`.

    .venv/bin/python -m tools.startup_stages --root /path/to/tree

runs the children with cwd and PYTHONPATH = the tree (its `gui` is imported), offscreen, with
fresh settings and data, PYTHONHASHSEED=0, and bytecode compiled beforehand into a temporary
PYTHONPYCACHEPREFIX (each child is run once without valgrind first): nothing is written in the
tree. One valgrind process at a time."""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.bench.bench_gui import _BARE_BUILD, _BARE_IMPORTS, _script

TIMEOUT = 1800  # seconds for one child under valgrind
IREFS = re.compile(r"I\s+refs:\s+([\d,]+)")
LIST_MODULES = "STARTUP_STAGES_LIST_MODULES"

# Stage 1: benchmark P1's bare window, shown, then right after its first paint pass a hard exit.
BARE = _script(_BARE_IMPORTS, _BARE_BUILD, "pass")

# Stages 2 to 5: the app as `python -m gui --demo libre` starts it (gui.boot.cli.main), stopped
# after the first window (plus the stage's imports and the demo's load) or once ready.
APP = """
import importlib
import json
import os
import sys

stage, modules = sys.argv[1], [name for name in sys.argv[2].split(",") if name]
del sys.argv[1:]

from gui.boot import startup
from gui.boot.cli import main


def finish():
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


if stage == "window":

    def ready(app):  # startup.ready, then a hard exit
        app.processEvents()
        if os.environ.get("{list_modules}") == "1":
            print(json.dumps([name for name in sys.modules if name.startswith("gui.")]))
        finish()

    startup.ready = ready
else:
    first_window = startup.first_window

    def first_window_then_stop():
        first_window()
        for name in modules:
            importlib.import_module(name)
        if stage != "shell":
            from gui.engine.files import storage
            from gui.engine.rulesets import registry

            storage.load(registry.get("libre").demo_path)
        finish()

    startup.first_window = first_window_then_stop
main(["--demo", "libre"])
sys.exit("stage " + stage + " never finished")
""".replace("{list_modules}", LIST_MODULES)

STAGES = (
    ("1. bare QMainWindow painted", "bare"),
    ("2. shell: first painted window (P1a)", "shell"),
    ("3. + engine imports, libre demo loaded", "engine"),
    ("4. + GUI modules imported", "gui"),
    ("5. main window ready (P1b)", "window"),
)
SINGLES = (
    ("python -c pass", "pass"),
    ("import msgspec", "import msgspec"),
    ("import gui.engine.state.model", "import gui.engine.state.model"),
)


class Runner:
    """Runs children in one tree: once plain (bytecode compiled), then under cachegrind."""

    def __init__(self, root: Path, python: str, valgrind: str, tmp: Path) -> None:
        self.root, self.python, self.valgrind = root, python, valgrind
        env = dict(os.environ)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env.update(
            QT_QPA_PLATFORM="offscreen",
            PYTHONPATH=str(root),
            PYTHONHASHSEED="0",
            PYTHONPYCACHEPREFIX=str(tmp / "pycache"),
            ESCARMOUCHE_DATA_DIR=str(tmp / "data"),
            XDG_CONFIG_HOME=str(tmp / "config"),
        )
        for name in ("ESCARMOUCHE_STARTUP_MARKS", "ESCARMOUCHE_QUIT_AFTER_READY", LIST_MODULES):
            env.pop(name, None)
        self.env = env

    def plain(self, args: list[str], extra: dict[str, str] | None = None) -> str:
        """What a child run without valgrind printed (it compiles and caches the bytecode)."""
        done = subprocess.run(
            [self.python, *args],
            cwd=self.root,
            env={**self.env, **(extra or {})},
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        if done.returncode != 0:
            raise SystemExit(f"child failed ({done.returncode}): {args[:2]}\n{done.stderr}")
        return done.stdout

    def instructions(self, args: list[str]) -> int:
        """The instructions a child executes from its start to its exit, under cachegrind."""
        self.plain(args)
        done = subprocess.run(
            [
                self.valgrind,
                "--tool=cachegrind",
                "--cache-sim=no",
                "--cachegrind-out-file=/dev/null",
                self.python,
                *args,
            ],
            cwd=self.root,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
        )
        found = IREFS.search(done.stderr)
        if done.returncode != 0 or found is None:
            raise SystemExit(f"valgrind child failed ({done.returncode}):\n{done.stderr[-3000:]}")
        return int(found.group(1).replace(",", ""))


def stage_args(stage: str, modules: list[str]) -> list[str]:
    if stage == "bare":
        return ["-c", BARE]
    return ["-c", APP, stage, ",".join(modules)]


def table(rows: list[tuple[str, int]]) -> str:
    """A Markdown table: each stage's instructions, what it adds to the one before, and its
    ratio to the first."""
    lines = ["| stage | instructions | added | × bare |", "|---|--:|--:|--:|"]
    before, bare = 0, rows[0][1]
    for name, count in rows:
        lines.append(f"| {name} | {count:,} | {count - before:+,} | {count / bare:.2f} |")
        before = count
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, required=True, help="the tree whose gui to start")
    parser.add_argument("--python", default=sys.executable, help="the interpreter of the children")
    parser.add_argument("--valgrind", default="valgrind")
    parser.add_argument("--no-singles", action="store_true", help="only the five stages")
    ns = parser.parse_args()
    root = ns.root.resolve()
    with tempfile.TemporaryDirectory(prefix="startup_stages_") as tmp:
        runner = Runner(root, ns.python, ns.valgrind, Path(tmp))
        listed = runner.plain(stage_args("window", []), {LIST_MODULES: "1"})
        loaded = json.loads(listed.strip().splitlines()[-1])
        engine = [name for name in loaded if name.startswith("gui.engine.")]
        modules = {"shell": [], "engine": engine, "gui": loaded, "window": []}
        rows = []
        for name, stage in STAGES:
            rows.append((name, runner.instructions(stage_args(stage, modules.get(stage, [])))))
            print(f"  {name}: {rows[-1][1]:,}", file=sys.stderr, flush=True)
        print(f"{root}: {len(engine)} gui.engine modules, {len(loaded)} gui modules at start\n")
        print(table(rows))
        if not ns.no_singles:
            singles = [(name, runner.instructions(["-c", code])) for name, code in SINGLES]
            lines = ["| line | instructions | minus `pass` |", "|---|--:|--:|"]
            empty = singles[0][1]
            lines += [f"| `{name}` | {n:,} | {n - empty:,} |" for name, n in singles]
            print("\n" + "\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
