"""The engine imports no Qt and no other `gui` module (architecture: napari/Anki layering)."""

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "gui" / "engine"
FORBIDDEN_ROOTS = ("PySide6", "PyQt5", "PyQt6", "shiboken6", "qtpy")


def _imports(path: Path, engine: Path = ENGINE) -> list[tuple[str, int]]:
    """Absolute module names imported by a file; relative imports resolved from its package."""
    package = ["gui", *path.relative_to(engine.parent).with_suffix("").parts[:-1]]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                out.append((".".join([*base, node.module or ""]).rstrip("."), node.lineno))
            else:
                out.append((node.module or "", node.lineno))
    return out


def test_no_engine_file_imports_qt_or_the_rest_of_gui():
    offences = []
    files = sorted(ENGINE.rglob("*.py"))
    assert len(files) > 10
    for path in files:
        offences += [
            f"{path.relative_to(ENGINE)}:{line} imports {name}"
            for name, line in _imports(path)
            if _forbidden(name)
        ]
    assert offences == []


def _forbidden(name: str) -> bool:
    outside_engine = name == "gui" or (
        name.startswith("gui.") and not name.startswith("gui.engine")
    )
    return name.split(".")[0] in FORBIDDEN_ROOTS or outside_engine


def test_the_scan_catches_qt_and_relative_imports_out_of_the_engine(tmp_path):
    engine = tmp_path / "gui" / "engine"
    (engine / "rulesets").mkdir(parents=True)
    bad = engine / "rulesets" / "bad.py"
    bad.write_text("from ...map import scene\nfrom ..dice import roll\nimport PySide6.QtCore\n")
    names = [n for n, _ in _imports(bad, engine)]
    assert names == ["gui.map", "gui.engine.dice", "PySide6.QtCore"]
    assert [_forbidden(n) for n in names] == [True, False, True]


def test_importing_every_engine_module_loads_no_qt():
    modules = sorted(
        "gui." + ".".join(p.relative_to(ENGINE.parent).with_suffix("").parts)
        for p in ENGINE.rglob("*.py")
        if p.name != "__init__.py"
    )
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        f"{FORBIDDEN_ROOTS!r})\n"
        "print(len(sys.modules)); assert not bad, bad\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ENGINE.parents[1],
        check=False,
    )
    assert result.returncode == 0, result.stderr
