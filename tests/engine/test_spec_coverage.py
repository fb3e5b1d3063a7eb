"""Issue 32 (deliver 5): every [COMPUTE] and [TRACK] rule of a built ruleset (section 0.2 of
the specification, `../shared/spec/rulesets.md` beside the clone) is cited somewhere in the
code under gui/, so that no rule can be claimed done by its help text alone.

What counts as a citation: the rule's exact id (« D35-49 », not a range « D35-49 to D35-54 »
that names only its ends) in a .py file under gui/ — in code (a Term's or a Notice's rule), a
comment or a docstring, the project's habit of citing a rule where it is computed. What does not
count: the ruleset data (ruleset_data/*.json: its help texts, its states' and fields' rules) and
an interface string (an argument of `tr(…)`: a tooltip, a menu's help), which are words shown to
the GM, not the computation."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest

from gui.engine.rulesets import registry

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT.parent / "shared" / "spec" / "rulesets.md"
GUI = ROOT / "gui"
_SECTION = re.compile(r"^## \d+\. `(\w+)`", re.MULTILINE)
_RULE = re.compile(r"^- \*\*([A-Z0-9]+-\d+[a-z]?) \[(COMPUTE|TRACK|GM)\]\*\*", re.MULTILINE)
_ID = re.compile(r"(?<![\w-])((?:AD|RM|D35|DOU|CON)-\d+[a-z]?)(?![\w])")


def spec_rules(text: str) -> dict[str, dict[str, str]]:
    """The tagged rules of each ruleset section: {ruleset id: {rule id: tag}}."""
    heads = list(_SECTION.finditer(text))
    out: dict[str, dict[str, str]] = {}
    for i, head in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
        body = text[head.end() : end]
        out[head.group(1)] = {m.group(1): m.group(2) for m in _RULE.finditer(body)}
    return out


def _interface_strings(tree: ast.AST) -> set[tuple[int, int]]:
    """Where the string arguments of `tr(…)` calls start (line, column): interface words."""
    spots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "tr":
            for arg in ast.walk(node):
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    spots.add((arg.lineno, arg.col_offset))
    return spots


def cited(source: str) -> Iterator[str]:
    """The rule ids a Python source cites, in its code, comments and docstrings, but not in
    the strings it hands to `tr` (interface words)."""
    shown = _interface_strings(ast.parse(source))
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.STRING and token.start in shown:
            continue
        if token.type in (tokenize.STRING, tokenize.COMMENT, tokenize.FSTRING_MIDDLE):
            yield from _ID.findall(token.string)


def code_citations(folder: Path = GUI) -> set[str]:
    found: set[str] = set()
    for path in sorted(folder.rglob("*.py")):
        found.update(cited(path.read_text(encoding="utf-8")))
    return found


def uncited() -> list[str]:
    """The COMPUTE and TRACK rule ids of the built rulesets that gui/ never cites."""
    rules = spec_rules(SPEC.read_text(encoding="utf-8"))
    built = [r for r in registry.available() if r in rules]
    found = code_citations()
    return sorted(
        rule
        for ruleset in built
        for rule, tag in rules[ruleset].items()
        if tag in ("COMPUTE", "TRACK") and rule not in found
    )


def test_the_reader_finds_tags_sections_and_citations():
    """The parsing itself: a section's tagged ids, a citation in code, comment or docstring,
    none in a `tr` string nor a range's middle."""
    text = (
        "## 3. `d20_35` (rules)\n- **D35-01 [COMPUTE]** a\n- **D35-02 [GM]** b\n"
        "- **D35-03 [TRACK]** c\n## 4. `douaratil` (rules)\n- **DOU-01 [COMPUTE]** d\n"
    )
    assert spec_rules(text) == {
        "d20_35": {"D35-01": "COMPUTE", "D35-02": "GM", "D35-03": "TRACK"},
        "douaratil": {"DOU-01": "COMPUTE"},
    }
    source = (
        '"""Docstring (D35-01)."""\n'
        "x = Term('a', 1, 'D35-03')  # D35-10\n"
        "y = tr('aide (D35-20)')\n"
        "z = f'{x} D35-30'\n"
        "# D35-40 to D35-44\n"
    )
    assert sorted(cited(source)) == ["D35-01", "D35-03", "D35-10", "D35-30", "D35-40", "D35-44"]


@pytest.mark.skipif(
    not SPEC.is_file(), reason=f"the specification is not beside the clone ({SPEC})"
)
def test_every_compute_and_track_rule_of_a_built_ruleset_is_cited_in_the_code():
    assert uncited() == []
