"""The plug-in boundary: no generic module (engine or GUI) imports or names a ruleset, and a
ruleset imports neither another ruleset nor a private name of the engine. A ruleset is its
module, its data folder and one registry line (architecture, "Rulesets are plug-ins")."""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GUI = ROOT / "gui"
RULESETS = GUI / "engine" / "rulesets"
# The registry lines and the default ruleset are the one place that names them.
REGISTRY = RULESETS / "registry.py"


def ruleset_ids() -> set[str]:
    """Every ruleset: those with data, and the two the spec still promises."""
    return {p.name for p in (ROOT / "ruleset_data").iterdir() if p.is_dir()} | {
        "d20_35",
        "douaratil",
    }


def owner(path: Path) -> str | None:
    """The ruleset a file belongs to (its package or module), None for generic code."""
    try:
        parts = path.relative_to(RULESETS).with_suffix("").parts
    except ValueError:
        return None
    return parts[0] if parts[0] in ruleset_ids() else None


def _module(path: Path) -> list[str]:
    return ["gui", *path.relative_to(GUI).with_suffix("").parts]


def imports(path: Path, tree: ast.AST) -> list[tuple[str, list[str], int]]:
    """(absolute module, names imported from it, line) of every import of a file."""
    package = _module(path)[:-1]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(alias.name, [], node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [alias.name for alias in node.names]
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join([*base, node.module or ""]).rstrip(".")
            else:
                module = node.module or ""
            out.append((module, names, node.lineno))
    return out


def _ruleset_of_module(module: str, names: list[str]) -> set[str]:
    """The rulesets an import reaches: `gui.engine.rulesets.<id>…`, or `from
    gui.engine.rulesets import <id>`."""
    parts = module.split(".")
    ids = ruleset_ids()
    if parts[:3] == ["gui", "engine", "rulesets"]:
        if len(parts) > 3 and parts[3] in ids:
            return {parts[3]}
        if len(parts) == 3:
            return {n for n in names if n in ids}
    return set()


def _named(tree: ast.AST, source: str) -> list[tuple[str, int]]:
    """Where a file names a ruleset: a string that is its id (or starts with it and a dot
    or a slash), an identifier, or a word of a docstring or comment (`libre` only as code:
    it is also a French word)."""
    ids = ruleset_ids()
    words = re.compile(r"\b(" + "|".join(sorted(i for i in ids if i != "libre")) + r")\b")
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            value = node.value
            if value in ids or any(value.startswith((f"{i}.", f"{i}/")) for i in ids):
                out.append((value, node.lineno))
            elif found := words.search(value):
                out.append((found.group(1), node.lineno))
        elif isinstance(node, ast.Name) and node.id in ids:
            out.append((node.id, node.lineno))
        elif isinstance(node, ast.Attribute) and node.attr in ids:
            out.append((node.attr, node.lineno))
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT and (found := words.search(token.string)):
            out.append((found.group(1), token.start[0]))
    return out


def offences(files: list[Path]) -> list[str]:
    out = []
    for path in files:
        source = path.read_text(encoding="utf-8")
        tree = ast.parse(source)
        mine = owner(path)
        where = path.relative_to(ROOT)
        for module, names, line in imports(path, tree):
            for rid in _ruleset_of_module(module, names) - {mine}:
                who = "ruleset " + mine if mine else "generic module"
                out.append(f"{where}:{line} {who} imports ruleset {rid}")
            engine = module.startswith("gui.engine") and not module.startswith(
                f"gui.engine.rulesets.{mine}"
            )
            if mine and engine:
                out += [f"{where}:{line} imports private {n}" for n in names if n.startswith("_")]
        if mine is None and path != REGISTRY:
            out += [f"{where}:{line} names ruleset {name}" for name, line in _named(tree, source)]
    return out


def test_no_generic_module_knows_a_ruleset_and_no_ruleset_reaches_into_another():
    files = sorted(GUI.rglob("*.py"))
    assert len(files) > 100
    assert offences(files) == []


@pytest.mark.parametrize(
    ("relative", "text", "found"),
    [
        ("map/scene.py", "from ..engine.rulesets import reserve_menace\n", "imports ruleset"),
        ("map/scene.py", "from ..engine.rulesets.conteur import health\n", "imports ruleset"),
        ("map/scene.py", "import gui.engine.rulesets.libre.ruleset\n", "imports ruleset"),
        ("map/scene.py", 'if enc.ruleset == "attention_donjon":\n    pass\n', "names ruleset"),
        ("map/scene.py", "# for conteur only\nx = 1\n", "names ruleset"),
        ("map/scene.py", 'KEY = "reserve_menace.passes"\n', "names ruleset"),
        ("engine/table.py", 'x = "libre"\n', "names ruleset"),
        (
            "engine/rulesets/conteur/attack.py",
            "from ..reserve_menace.sheet import stat\n",
            "ruleset conteur imports ruleset reserve_menace",
        ),
        (
            "engine/rulesets/conteur/attack.py",
            "from ...turns.base import _private\n",
            "imports private _private",
        ),
    ],
)
def test_the_scan_catches_each_kind_of_offence(monkeypatch, tmp_path, relative, text, found):
    gui = tmp_path / "gui"
    path = gui / relative
    path.parent.mkdir(parents=True)
    path.write_text(text)
    (tmp_path / "ruleset_data" / "conteur").mkdir(parents=True)
    (tmp_path / "ruleset_data" / "reserve_menace").mkdir()
    (tmp_path / "ruleset_data" / "libre").mkdir()
    (tmp_path / "ruleset_data" / "attention_donjon").mkdir()
    module = sys.modules[__name__]
    monkeypatch.setattr(module, "ROOT", tmp_path)
    monkeypatch.setattr(module, "GUI", gui)
    monkeypatch.setattr(module, "RULESETS", gui / "engine" / "rulesets")
    monkeypatch.setattr(module, "REGISTRY", gui / "engine" / "rulesets" / "registry.py")
    found_lines = offences([path])
    assert any(found in line for line in found_lines), found_lines


def test_french_libre_in_text_and_a_ruleset_own_names_are_fine(monkeypatch, tmp_path):
    module = sys.modules[__name__]
    gui = tmp_path / "gui"
    for rid in ("conteur", "libre"):
        (tmp_path / "ruleset_data" / rid).mkdir(parents=True)
    monkeypatch.setattr(module, "ROOT", tmp_path)
    monkeypatch.setattr(module, "GUI", gui)
    monkeypatch.setattr(module, "RULESETS", gui / "engine" / "rulesets")
    generic = gui / "dialogs" / "cards.py"
    generic.parent.mkdir(parents=True)
    generic.write_text('"""Un Joker joué : initiative libre."""\nTEXT = "Jet libre"\n')
    own = gui / "engine" / "rulesets" / "conteur" / "attack.py"
    own.parent.mkdir(parents=True)
    own.write_text('from . import health  # conteur\nRULE = "conteur"\n')
    assert offences([generic, own]) == []
