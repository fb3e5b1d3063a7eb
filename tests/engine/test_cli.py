"""`escarmouche check FILE` and the command-line entry points."""

import json
import subprocess
import sys
from pathlib import Path

from gui.boot.cli import main
from gui.engine.rulesets import registry

DEMO = registry.get("libre").demo_path


def test_check_accepts_the_demo(capsys):
    assert main(["check", str(DEMO)]) == 0
    assert "OK" in capsys.readouterr().out


def test_check_names_the_json_path_and_exits_1(tmp_path, capsys):
    doc = json.loads(DEMO.read_text(encoding="utf-8"))
    doc["encounter"]["combatants"][2]["stats"]["pv"] = "beaucoup"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["check", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "$.encounter.combatants[2].stats.pv" in err
    assert "entier" in err and "whole number" in err


def test_check_of_a_missing_file_exits_1(tmp_path, capsys):
    assert main(["check", str(tmp_path / "absent.json")]) == 1
    assert "absent.json" in capsys.readouterr().err


def test_python_dash_m_gui_answers_version():
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-m", "gui", "--version"],
        capture_output=True,
        text=True,
        cwd=root,
        check=True,
    )
    assert out.stdout.strip().startswith("escarmouche ")


def test_summary_follows_the_language_asked_on_the_command_line(tmp_path):
    """Issue 17, deliver 5: `--lang` overrides the preference; the summary used to print its
    headings in French whatever the language."""
    root = Path(__file__).resolve().parents[2]
    env = {
        **__import__("os").environ,
        "QT_QPA_PLATFORM": "offscreen",
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "ESCARMOUCHE_DATA_DIR": str(tmp_path / "data"),
    }
    pages = {}
    for lang in ("en", "fr"):
        out = tmp_path / f"resume-{lang}.html"
        subprocess.run(
            [sys.executable, "-m", "gui", "summary", str(DEMO), "-o", str(out), "--lang", lang],
            cwd=root,
            env=env,
            check=True,
            capture_output=True,
        )
        pages[lang] = out.read_text(encoding="utf-8")
    assert '<html lang="en">' in pages["en"] and "<h2>Combatants</h2>" in pages["en"]
    assert "Combat not started: no turn order yet." in pages["en"]
    assert '<html lang="fr">' in pages["fr"] and "<h2>Combattants</h2>" in pages["fr"]
    assert "Combat non commencé" in pages["fr"]
