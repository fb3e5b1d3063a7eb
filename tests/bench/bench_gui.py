"""Benchmarks P1 (start to a painted window), P3 (drag a token) and P6 (memory), against bare Qt."""

import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QMainWindow,
)

from gui.engine.files import storage
from gui.engine.rulesets import registry
from gui.engine.state.model import Encounter
from gui.map.scene import EncounterScene, initials
from gui.map.view import MapView
from tests.bench.big_encounter import make_big_encounter
from tests.bench.timing import best_seconds

COMBATANTS = 1000
ZONES = 200
WINDOW_SIZE = (1200, 800)
MOVES = 200  # mouse moves per sweep across the map, back to where the drag started
SWEEPS = 5  # timed sweeps, after one checked and one warm-up sweep
P1_PAIRS = 7  # fresh processes, app then bare, for P1; the median of the pairs' ratios counts
MEMORY_RUNS = 3  # fresh processes per side for P6, the lowest peak counts
P1_TARGET = 1.5  # P1a, a first painted window
P1B_TARGET = 2.5  # the demo shown and interactive
P3_TARGET_MS = 2
P3_TARGET_RATIO = 2
ROOT = Path(__file__).resolve().parents[2]
_SIZE = f"{COMBATANTS:,} tokens / {ZONES} zones"
_ENCOUNTER = f"{COMBATANTS:,}-combatant {ZONES}-zone encounter"


_apps: list[QApplication] = []  # keeps the one QApplication alive once made


def _app() -> QApplication:
    """The process's QApplication (the benchmarks run under QT_QPA_PLATFORM=offscreen)."""
    app = QApplication.instance()
    if isinstance(app, QApplication):
        return app
    _apps.append(QApplication([]))
    return _apps[0]


# P3: dragging a token ------------------------------------------------------------------------


class _PaintCounter(QObject):
    """Counts the paint events of the widget it filters."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # Qt override
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def _show(view: QGraphicsView) -> QMainWindow:
    """`view` as the central widget of a shown window."""
    window = QMainWindow()
    window.setCentralWidget(view)
    window.resize(*WINDOW_SIZE)
    window.show()
    if not QTest.qWaitForWindowExposed(window):
        raise AssertionError("the benchmark window was never exposed")
    return window


def _sweep_path(enc: Encounter, start: QPointF) -> list[QPointF]:
    """MOVES scene points from `start` across the map and back: to the far corner, up, across
    the other diagonal, home; every point differs from the one before."""
    extent = QRectF()
    for z in enc.map.zones:
        extent = extent.united(QRectF(z.rect.x, z.rect.y, z.rect.width, z.rect.height))
    inner = extent.adjusted(30, 30, -30, -30)
    corners = [start, inner.bottomRight(), inner.topRight(), inner.bottomLeft(), start]
    legs = len(corners) - 1
    path = []
    for n in range(MOVES):
        leg, step = divmod(n, MOVES // legs)
        a, b = corners[leg], corners[leg + 1]
        t = (step + 1) / (MOVES // legs)
        path.append(a + (b - a) * t)
    return path


def _drag_ms(view: QGraphicsView, item: QGraphicsItem, path: list[QPointF]) -> float:
    """Milliseconds per mouse move while `item` is dragged along `path` (scene points), each
    move followed by processEvents so that the view paints; press and release are not timed."""
    app, viewport = _app(), view.viewport()
    start = view.mapFromScene(item.scenePos())
    points = [view.mapFromScene(p) for p in path]
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    app.processEvents()
    if view.scene().mouseGrabberItem() is not item:
        raise AssertionError("the mouse press did not grab the item to drag")

    def sweep() -> None:
        for point in points:
            QTest.mouseMove(viewport, point)
            app.processEvents()

    # One checked sweep: the item follows the mouse and every move is painted.
    counter = _PaintCounter()
    viewport.installEventFilter(counter)
    offset = item.scenePos() - view.mapToScene(start)
    far = len(points) // 4 - 1  # the end of the first leg, the far corner
    for n, point in enumerate(points):
        QTest.mouseMove(viewport, point)
        app.processEvents()
        if n == far and (item.scenePos() - offset - view.mapToScene(point)).manhattanLength() > 1:
            raise AssertionError("the dragged item does not follow the mouse")
    viewport.removeEventFilter(counter)
    if counter.count < len(points):
        raise AssertionError(f"only {counter.count} paints for {len(points)} mouse moves")
    seconds = best_seconds(sweep, repeats=SWEEPS, warm_up=1)
    # Let go where the drag started: the token snaps home, nothing is dropped.
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, start)
    app.processEvents()
    return seconds / len(points) * 1e3


def _bare_scene(scene: EncounterScene) -> tuple[QGraphicsScene, QGraphicsEllipseItem]:
    """Stock items where the Escarmouche scene has its own: a rectangle per zone, a movable disc
    with a text child per token, same places and sizes; the disc standing for token c0."""
    bare = QGraphicsScene()
    bare.setSceneRect(scene.sceneRect())
    for zone in scene.enc.map.zones:
        r = zone.rect
        rect = QGraphicsRectItem(QRectF(r.x, r.y, r.width, r.height))
        rect.setPen(QPen(QColor("#555555")))
        rect.setBrush(QBrush(QColor(143, 168, 200, 90)))
        bare.addItem(rect)
    discs = {}
    for c in scene.enc.combatants:
        token = scene.token_items[c.id]
        r = token.size / 2
        disc = QGraphicsEllipseItem(QRectF(-r, -r, 2 * r, 2 * r))
        disc.setBrush(QBrush(QColor("#a53a3a")))
        disc.setPen(QPen(QColor("#601f1f"), 2))
        disc.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsMovable, True)
        disc.setZValue(10)
        disc.setPos(token.pos())
        label = QGraphicsSimpleTextItem(initials(c.name), disc)
        label.setBrush(QBrush(QColor("white")))
        label.setPos(-label.boundingRect().center())
        bare.addItem(disc)
        discs[c.id] = disc
    return bare, discs["c0"]


def bench_p3() -> str:
    """Time a mouse move dragging a token on the big map, against a bare scene of stock items."""
    _app()
    enc = make_big_encounter(COMBATANTS, ZONES)
    if any(c.position.zone is None for c in enc.combatants):
        raise AssertionError("some combatant of the big encounter has no zone: no token")
    if len({c.position.zone for c in enc.combatants}) != ZONES:
        raise AssertionError("the big encounter's tokens do not spread over every zone")
    scene = EncounterScene(enc, registry.get(enc.ruleset))
    if len(scene.token_items) != COMBATANTS:
        raise AssertionError(f"{len(scene.token_items)} tokens on the map, not {COMBATANTS}")
    view = MapView(scene)
    window = _show(view)
    view.fit()
    _app().processEvents()
    token = scene.token_items["c0"]
    ours = _drag_ms(view, token, _sweep_path(enc, token.scenePos()))
    window.close()

    bare, disc = _bare_scene(scene)
    bare_view = QGraphicsView(bare)
    bare_window = _show(bare_view)
    bare_view.fitInView(scene.content_rect(), Qt.AspectRatioMode.KeepAspectRatio)  # as view.fit()
    _app().processEvents()
    theirs = _drag_ms(bare_view, disc, _sweep_path(enc, disc.scenePos()))
    bare_window.close()
    return (
        f"P3 {ours:.2f} ms per mouse-move dragging a token over {_SIZE}"
        f" ; bare scene {theirs:.2f} ms ; {ours / theirs:.1f}x"
        f" (target <= {P3_TARGET_MS} ms, <= {P3_TARGET_RATIO}x)"
    )


# P1 and P6: fresh processes ------------------------------------------------------------------

# A window shown, then, right after its first paint pass, `report` and a hard exit (so that
# neither side pays for tearing its objects down). `build` makes `window`.
_SHOW_AND_PAINT = """
import os
import sys

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication
{imports}
app = QApplication(sys.argv)
{build}


def done():
    {report}
    sys.stdout.flush()
    os._exit(0)


class QuitAfterFirstPaint(QObject):
    painted = False

    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint and not self.painted:
            self.painted = True
            QTimer.singleShot(0, done)  # after the rest of this paint pass
        return False


quit_after_paint = QuitAfterFirstPaint()
window.installEventFilter(quit_after_paint)
window.show()
app.exec()
sys.exit("the window was never painted")
"""
_BARE_IMPORTS = "from PySide6.QtWidgets import QLabel, QMainWindow"
_BARE_BUILD = """
window = QMainWindow()
window.setCentralWidget(QLabel("Escarmouche"))
window.resize(1280, 820)
"""
_BIG_IMPORTS = """
from pathlib import Path

from gui.boot import pyside_hook

pyside_hook.make_cheap()  # as the app's start-up does (startup.application)
from gui.control.controller import Controller
from gui.engine.files import storage
from gui.engine.play.table import Table
from gui.window.main_window import MainWindow
"""
_BIG_BUILD = f"""
window = MainWindow(Controller(Table(storage.load(Path(sys.argv[1])))))
if len(window.scene.token_items) != {COMBATANTS}:
    sys.exit("the big encounter is not on the map")
"""
# Start-up marks, one line each on stderr: `painted` (a first window on screen) and `ready` (the
# encounter shown and interactive; gui/startup.py writes both). A bare window is both at its
# first paint.
_STARTUP_MARKS = ("painted", "ready")
_BARE_MARKS = 'print("painted", "ready", sep="\\n", file=sys.stderr, flush=True)'
# VmHWM is ru_maxrss without what the parent's address space left in it: on Linux a child's
# ru_maxrss starts at the parent's peak RSS (exec keeps it), so a child of this bench process,
# which holds the big scenes of P3, reports at least the bench's own peak whatever it does.
_PEAK_RSS = """with open("/proc/self/status") as status:
        print(next(line.split()[1] for line in status if line.startswith("VmHWM:")))"""


def _script(imports: str, build: str, report: str) -> str:
    return _SHOW_AND_PAINT.format(imports=imports, build=build, report=report)


def _child_env(tmp: str) -> dict[str, str]:
    """Offscreen, with fresh user data and settings (no saved window geometry is restored)."""
    env = dict(os.environ)
    env.update(
        QT_QPA_PLATFORM="offscreen",
        ESCARMOUCHE_DATA_DIR=str(Path(tmp) / "data"),
        XDG_CONFIG_HOME=str(Path(tmp) / "config"),
    )
    return env


def _run(script: str, env: dict[str, str], *args: str) -> tuple[float, str]:
    """Wall time of a fresh `python -c script` from its start to its exit, and what it printed."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise AssertionError(f"benchmark process failed ({done.returncode}):\n{done.stderr}")
    return seconds, done.stdout.strip()


def _marks(args: list[str], env: dict[str, str]) -> dict[str, float]:
    """Seconds from starting a fresh `python ARGS` to each start-up mark it writes, timed as
    the line arrives (the process exits on its own once ready)."""
    start = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    watchdog = threading.Timer(120, process.kill)
    watchdog.start()
    marks: dict[str, float] = {}
    other = []
    assert process.stderr is not None
    with process.stderr:
        for line in process.stderr:
            word = line.split(" ", 1)[0].strip()
            if word in _STARTUP_MARKS:
                marks.setdefault(word, time.perf_counter() - start)
            else:
                other.append(line)
    watchdog.cancel()
    if process.wait() != 0 or "ready" not in marks:
        raise AssertionError(f"benchmark process failed ({process.returncode}):\n{''.join(other)}")
    return marks


def _versus(pairs: list[tuple[dict[str, float], dict[str, float]]], mark: str, what: str) -> str:
    """`<median ratio>x <what> (<app ms>) vs bare QMainWindow (<bare ms>)` for one mark."""
    ratio = statistics.median(ours[mark] / bare[mark] for ours, bare in pairs)
    ours_ms = statistics.median(ours[mark] for ours, _ in pairs) * 1e3
    bare_ms = statistics.median(bare[mark] for _, bare in pairs) * 1e3
    return f"{ratio:.2f}x {what} ({ours_ms:.0f} ms) vs bare QMainWindow ({bare_ms:.0f} ms)"


def bench_p1() -> str:
    """Start-up as users start it, with the bytecode compiled (installs and bundles have it):
    fresh processes in pairs (app, bare QMainWindow, app, bare…), the median of the ratios.
    P1a: the first painted window (the main window's frame, startup.py); P1b: the main window
    with the libre demo in it, on screen."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "gui")], check=True)
    ours = ["-m", "gui", "--demo", "libre"]  # as the GM starts it (its marks: startup.py)
    bare = ["-c", _script(_BARE_IMPORTS, _BARE_BUILD, _BARE_MARKS)]
    pairs = []
    with tempfile.TemporaryDirectory() as tmp:
        env = _child_env(tmp)
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # the bytecode cache is read (and completed)
        env.update(ESCARMOUCHE_STARTUP_MARKS="1", ESCARMOUCHE_QUIT_AFTER_READY="1")
        for n in range(P1_PAIRS + 1):  # the first pair only warms the disk and bytecode caches
            pair = _marks(ours, env), _marks(bare, env)
            if n:
                pairs.append(pair)
    return "\n".join(
        (
            "P1a "
            + _versus(pairs, "painted", "start to the first painted window")
            + f" (target <= {P1_TARGET})",
            "P1b "
            + _versus(pairs, "ready", "start to the libre demo shown and interactive")
            + f" (target <= {P1B_TARGET})",
        )
    )


def bench_p6() -> str:
    """Peak RSS with the big encounter open in the main window, against a bare Qt window."""
    ours_script = _script(_BIG_IMPORTS, _BIG_BUILD, _PEAK_RSS)
    bare_script = _script(_BARE_IMPORTS, _BARE_BUILD, _PEAK_RSS)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bataille.json"
        storage.save(make_big_encounter(COMBATANTS, ZONES), path)
        env = _child_env(tmp)
        ours = min(int(_run(ours_script, env, str(path))[1]) for _ in range(MEMORY_RUNS))
        theirs = min(int(_run(bare_script, env)[1]) for _ in range(MEMORY_RUNS))
    ours_mb, theirs_mb = ours / 1024, theirs / 1024  # VmHWM is in KiB
    return (
        f"P6 {ours_mb:.0f} MB peak RSS with the {_ENCOUNTER} open"
        f" ; bare Qt window {theirs_mb:.0f} MB ; +{ours_mb - theirs_mb:.0f} MB"
    )
