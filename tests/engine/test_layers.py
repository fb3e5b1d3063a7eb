"""Issue 35: the engine in layers, guarded. The import-linter contracts of pyproject.toml
(`lint-imports`, run by `make test`) hold on the tree and fail on a planted import that breaks
each of them; the import graph of gui/ (function-level and type-only imports included) has no
circle outside one package, and the check fails on a planted one."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[2]


def circles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected groups of modules (two or more) that span more than one
    package: a circle inside one package may stay, one across packages may not."""
    edges = {m: graph.find_modules_directly_imported_by(m) for m in graph.modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(root: str) -> None:  # Tarjan's, iterative (the graph is deep)
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            node, children = work[-1]
            child = next((c for c in children if c in edges), None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter[0]
                    counter[0] += 1
                    stack.append(child)
                    on.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    m = stack.pop()
                    on.discard(m)
                    group.append(m)
                    if m == node:
                        break
                if len(group) > 1 and len({m.rpartition(".")[0] for m in group}) > 1:
                    found.append(sorted(group))

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return found


def test_no_circle_spans_two_packages():
    assert circles(grimp.build_graph("gui", cache_dir=None)) == []


def test_a_circle_across_two_packages_is_caught():
    graph = grimp.build_graph("gui", cache_dir=None)
    graph.add_import(importer="gui.engine.state.model", imported="gui.engine.play.table")
    assert any("gui.engine.state.model" in group for group in circles(graph))


def _lint(tree: Path) -> subprocess.CompletedProcess[str]:
    lint = Path(sys.executable).with_name("lint-imports")
    return subprocess.run(
        [str(lint), "--no-cache", "--config", str(tree / "pyproject.toml")],
        cwd=tree,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
    )


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The sources and the contracts, copied where a planted import harms nothing."""
    out = tmp_path_factory.mktemp("layers")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "data")
    shutil.copytree(ROOT / "gui", out / "gui", ignore=ignore)
    (out / "tests" / "sixth").mkdir(parents=True)
    (out / "tests" / "__init__.py").write_text("")
    for f in (ROOT / "tests" / "sixth").glob("*.py"):
        shutil.copy(f, out / "tests" / "sixth" / f.name)
    shutil.copy(ROOT / "pyproject.toml", out / "pyproject.toml")
    return out


def test_the_contracts_hold_on_the_tree(tree: Path):
    result = _lint(tree)
    assert result.returncode == 0, result.stdout[-3000:]


@pytest.mark.parametrize(
    ("module", "line", "contract"),
    [
        # a mechanic reaching up to the contract
        ("gui/engine/turns/planted.py", "from gui.engine.contract import base", "engine in layers"),
        # the model reaching the registry
        ("gui/engine/state/planted.py", "from gui.engine.rulesets import registry", "in layers"),
        # a ruleset reading another's module
        (
            "gui/engine/rulesets/libre/planted.py",
            "from gui.engine.rulesets.d20_35 import sheet",
            "imports no other ruleset",
        ),
        # a ruleset reaching the table
        ("gui/engine/rulesets/conteur/planted.py", "from gui.engine.play import table", "registry"),
        # the engine importing Qt
        ("gui/engine/core/planted.py", "import PySide6.QtCore", "no Qt"),
        # and a function-level import is an import too
        (
            "gui/engine/dice/planted.py",
            "def f():\n    from gui.engine.state import model",
            "layers",
        ),
    ],
)
def test_each_contract_fails_on_a_planted_import(tree: Path, module: str, line: str, contract: str):
    planted = tree / module
    planted.write_text(line + "\n")
    try:
        result = _lint(tree)
    finally:
        planted.unlink()
    assert result.returncode != 0
    broken = result.stdout.split("Broken contracts")[-1]
    assert contract in broken.lower() or contract in broken, result.stdout[-2000:]
    assert planted.stem in broken
