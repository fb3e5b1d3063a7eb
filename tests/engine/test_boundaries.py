"""The plug-in boundary: no generic module (engine or GUI) imports or names a ruleset, nor
writes a ruleset's rule id in a string (a ruleset's words stay in the ruleset: issue 35); a
ruleset imports neither another ruleset nor a private name of the engine; a turn mode's name
is compared only in that mode's own modules. A ruleset is its module, its data folder and one
registry line (architecture, "Rulesets are plug-ins")."""

from __future__ import annotations

import ast
import io
import re
import sys
import tokenize
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GUI = ROOT / "gui"
RULESETS = GUI / "engine" / "rulesets"
# The registry lines and the default ruleset are the one place that names them.
REGISTRY = RULESETS / "registry.py"


def ruleset_ids() -> set[str]:
    """Every ruleset: those with data."""
    return {p.name for p in (ROOT / "ruleset_data").iterdir() if p.is_dir()}


def rule_prefixes() -> set[str]:
    """Each ruleset's rule-id prefix (AD, D35, LIB…), the sixth's too: the first word most of
    the rule ids in its data carry, the spec's tags (A-, CFG-, TV-) aside. The spec's global
    rules (G-3) are nobody's."""
    data = [*(ROOT / "ruleset_data").glob("*/ruleset.json"), ROOT / "tests/sixth/ruleset.json"]
    out = set()
    for path in (p for p in data if p.is_file()):
        rules = re.findall(r'"rule":\s*"([^"]+)"', path.read_text(encoding="utf-8"))
        words = Counter(next(w for w in r.split("-") if w not in ("A", "CFG", "TV")) for r in rules)
        out |= {words.most_common(1)[0][0]} if words else set()
    return out


def mode_kinds() -> dict[str, str]:
    """Each turn mode's name (its `kind`) → the name of its engine module (`gm_order` →
    `ranked`): a module or folder of that name, engine or GUI, is the mode's own."""
    out = {}
    for path in (GUI / "engine" / "turns").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                for line in node.body:
                    if (
                        isinstance(line, ast.Assign)
                        and [ast.unparse(t) for t in line.targets] == ["kind"]
                        and isinstance(line.value, ast.Constant)
                    ):
                        out[line.value.value] = path.stem
    return out


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


def _docstrings(tree: ast.AST) -> set[int]:
    """The docstrings of a file (by node id): they cite the spec, as comments do."""
    out = set()
    for node in ast.walk(tree):
        kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
        if isinstance(node, kinds) and node.body and isinstance(node.body[0], ast.Expr):
            out.add(id(node.body[0].value))
    return out


def rule_id() -> re.Pattern[str]:
    """A ruleset's rule id (CON-04, A-D35-3, D35-MAISON-TENAILLE…)."""
    ruled = "|".join(sorted(rule_prefixes())) or "(?!)"
    return re.compile(r"\b(?:(?:A|CFG|TV)-)?(?:" + ruled + r")-[0-9A-Z][\w-]*")


def _rule_ids(tree: ast.AST, rule: re.Pattern[str]) -> list[tuple[str, int]]:
    """A ruleset's rule id in a string of code (not a docstring): words the GM reads that
    belong to one ruleset."""
    docs = _docstrings(tree)
    return [
        (found.group(0), node.lineno)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
        for found in rule.finditer(node.value)
    ]


def _modes_compared(path: Path, tree: ast.AST, kinds: dict[str, str]) -> list[tuple[str, int]]:
    """A turn mode's name compared (`==`, `!=`, `in`, `case`) outside that mode's modules. A
    migration is exempt: it rewrites the saved words of a past version, frozen with it."""
    own = path.relative_to(GUI).with_suffix("").parts
    if own[:2] == ("engine", "files") and own[-1].startswith("migration_"):
        return []
    out = []
    for node in ast.walk(tree):
        values: list[ast.expr] = []
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                many = isinstance(side, (ast.Tuple, ast.List, ast.Set))
                values += side.elts if many else [side]
        elif isinstance(node, ast.MatchValue):
            values = [node.value]
        for value in values:
            name = value.value if isinstance(value, ast.Constant) else None
            if name in kinds and kinds[name] not in own:
                out.append((name, value.lineno))
    return out


def offences(files: list[Path]) -> list[str]:
    out = []
    rule, kinds = rule_id(), mode_kinds()
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
        if mine is None:
            out += [f"{where}:{line} writes rule id {rid}" for rid, line in _rule_ids(tree, rule)]
        out += [
            f"{where}:{line} compares mode {m}" for m, line in _modes_compared(path, tree, kinds)
        ]
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
        ("map/aim_item.py", 'HEAD = "Prise en tenaille (D35-66, +2 D35-67)"\n', "rule id D35-66"),
        ("turns/declare/actions.py", 'TIP = f"après ({rule}, A-CON-17)"\n', "rule id A-CON-17"),
        ("engine/checks/check.py", 'def step(rule: str = "DOU-73"):\n    pass\n', "rule id DOU-73"),
        ("engine/play/next_steps.py", 'x = "LIB-CFG-1"\n', "rule id LIB-CFG-1"),
        ("map/scene.py", 'if enc.turn.mode == "cards":\n    pass\n', "compares mode cards"),
        (
            "dialogs/action.py",
            'if kind not in ("alternating", "x"):\n    pass\n',
            "mode alternating",
        ),
        ("engine/turns/declare.py", 'if mode != "gm_order":\n    pass\n', "compares mode gm_order"),
        ("engine/play/table.py", 'match mode:\n    case "ranked":\n        pass\n', "mode ranked"),
    ],
)
def test_the_scan_catches_each_kind_of_offence(monkeypatch, tmp_path, relative, text, found):
    path = _tree(monkeypatch, tmp_path) / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    found_lines = offences([path])
    assert any(found in line for line in found_lines), found_lines


def _tree(monkeypatch, tmp_path: Path) -> Path:
    """A small tree to scan, its `gui` returned: six rulesets with data (rule ids CON-, D35-,
    DOU-, RM-, LIB-, AD-), the sixth's data (SIX-) and three turn modes (cards; ranked and
    gm_order; alternating)."""
    rules = {
        "conteur": ["CON-01", "A-CON-17", "CFG-CON-4", "G-3"],
        "d20_35": ["D35-01", "A-D35-3"],
        "douaratil": ["DOU-73", "TV-DOU-01"],
        "reserve_menace": ["RM-01"],
        "libre": ["LIB-01", "LIB-CFG-1"],
        "attention_donjon": ["AD-26", "G-3"],
    }
    for rid, ids in rules.items():
        (tmp_path / "ruleset_data" / rid).mkdir(parents=True)
        text = ", ".join(f'{{"rule": "{i}"}}' for i in ids)
        (tmp_path / "ruleset_data" / rid / "ruleset.json").write_text(f"[{text}]")
    (tmp_path / "tests" / "sixth").mkdir(parents=True)
    (tmp_path / "tests" / "sixth" / "ruleset.json").write_text('{"rule": "SIX-04"}')
    gui = tmp_path / "gui"
    turns = gui / "engine" / "turns"
    turns.mkdir(parents=True)
    (turns / "cards.py").write_text('class Cards:\n    kind = "cards"\n')
    (turns / "ranked.py").write_text(
        'class Ranked:\n    kind = "ranked"\n\n\nclass GmOrder(Ranked):\n    kind = "gm_order"\n'
    )
    (turns / "alternating.py").write_text('class Alternating:\n    kind = "alternating"\n')
    module = sys.modules[__name__]
    monkeypatch.setattr(module, "ROOT", tmp_path)
    monkeypatch.setattr(module, "GUI", gui)
    monkeypatch.setattr(module, "RULESETS", gui / "engine" / "rulesets")
    monkeypatch.setattr(module, "REGISTRY", gui / "engine" / "rulesets" / "registry.py")
    return gui


def test_the_rule_prefixes_and_the_modes_come_from_the_data_and_the_engine(monkeypatch, tmp_path):
    _tree(monkeypatch, tmp_path)
    assert rule_prefixes() == {"CON", "D35", "DOU", "RM", "LIB", "AD", "SIX"}  # G- is nobody's
    assert mode_kinds() == {
        "cards": "cards",
        "ranked": "ranked",
        "gm_order": "ranked",
        "alternating": "alternating",
    }


def test_french_libre_in_text_and_a_ruleset_own_names_are_fine(monkeypatch, tmp_path):
    gui = _tree(monkeypatch, tmp_path)
    generic = gui / "dialogs" / "cards.py"
    generic.parent.mkdir(parents=True)
    generic.write_text('"""Un Joker joué : initiative libre."""\nTEXT = "Jet libre"\n')
    own = gui / "engine" / "rulesets" / "conteur" / "attack.py"
    own.parent.mkdir(parents=True)
    own.write_text('from . import health  # conteur\nRULE = "conteur"\n')
    assert offences([generic, own]) == []


def test_rule_ids_in_docstrings_and_comments_a_ruleset_s_own_and_generic_ids_are_fine(
    monkeypatch, tmp_path
):
    """Docstrings and comments cite the spec (CON-04); a ruleset writes its own ids; G-3 is
    the spec's global rule; CONTRE-1 or ICON-2 are no ids."""
    gui = _tree(monkeypatch, tmp_path)
    generic = gui / "turns" / "panel.py"
    generic.parent.mkdir(parents=True)
    generic.write_text(
        '"""The dock (CON-04)."""\n\n\ndef f():\n    """A-CON-17."""\n'
        '    return ("G-3", "CONTRE-1", "ICON-2")  # CON-05\n'
    )
    own = gui / "engine" / "rulesets" / "conteur" / "initiative.py"
    own.parent.mkdir(parents=True)
    own.write_text('ORDER = "CON-04"\n')
    assert offences([generic, own]) == []


def test_a_mode_s_name_in_its_own_modules_and_in_a_migration_is_fine(monkeypatch, tmp_path):
    """A mode's engine module, its GUI folder or module, a module named as its family
    (`gm_order` in ranked), and a migration of old files compare its name freely; calls
    that name it (`for_modes("cards")`) are no comparison."""
    gui = _tree(monkeypatch, tmp_path)
    files = {
        "engine/turns/cards.py": 'if state.mode == "cards":\n    pass\n',
        "turns/cards/actions.py": 'if mode == "cards":\n    pass\n',
        "turns/ranked.py": 'if mode in ("ranked", "gm_order"):\n    pass\n',
        "engine/files/migration_v2.py": 'if policy != "ranked":\n    pass\n',
        "turns/passes.py": '@for_modes("alternating")\nclass Passes:\n    pass\n',
    }
    paths = []
    for relative, text in files.items():
        path = gui / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        paths.append(path)
    assert offences(paths) == []
