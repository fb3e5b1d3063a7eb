"""Issue 35: the README's layout tables and « Adding an action » name the tree as it is: every
path they cite exists, every package of the engine and of the GUI is in a table, and the
example's three files are the sixth ruleset's."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
LAYOUT = README[README.index("## Layout") : README.index("## Adding an action")]
ADDING = README[README.index("## Adding an action") :].split("\n## ")[0]


def cited(text: str) -> set[str]:
    """The repository paths a text cites in backquotes (`gui/…`, `tests/…`, a file.py)."""
    out = set()
    for token in re.findall(r"`([^`\s]+)`", text):
        if token.startswith(("gui/", "tests/", "ruleset_data/", "resources/", "packaging/")):
            out.add(token.replace("<id>", "libre").rstrip("/"))
    return out


def test_every_path_the_layout_cites_exists():
    missing = sorted(p for p in cited(LAYOUT) | cited(ADDING) if not (ROOT / p).exists())
    assert missing == []


def test_every_package_is_in_the_layout():
    packages = [
        p.parent.relative_to(ROOT).as_posix()
        for p in (ROOT / "gui").glob("*/__init__.py")
        if p.parent.name != "engine"
    ] + [p.parent.relative_to(ROOT).as_posix() for p in (ROOT / "gui/engine").glob("*/__init__.py")]
    named = LAYOUT
    absent = [
        p for p in packages if f"`{p}/`" not in named and f"`{p.split('/')[-1]}/`" not in named
    ]
    assert absent == []


def test_no_loose_module_at_the_engine_root():
    assert sorted(p.name for p in (ROOT / "gui/engine").glob("*.py")) == ["__init__.py"]


def test_the_example_is_the_sixth_rulesets_own_action():
    assert {"tests/sixth/actions.py", "tests/sixth/ruleset.json"} <= cited(ADDING)
    test = next(p for p in cited(ADDING) if p.startswith("tests/engine/rulesets/sixth/test_"))
    kind = re.search(r'ActionDef\("(\w+)"', ADDING).group(1)
    assert f'"{kind}"' in (ROOT / "tests/sixth/actions.py").read_text(encoding="utf-8")
    assert kind in (ROOT / test).read_text(encoding="utf-8")
