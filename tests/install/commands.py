"""What every installed Escarmouche must do, run as a user runs it: no venv or repository on
PATH, a fresh home, Qt offscreen; `check` and `summary` on each ruleset's demo."""

import json
import subprocess
from pathlib import Path

from gui.engine.rulesets import registry

ROOT = Path(__file__).resolve().parents[2]
DEMOS = {ruleset: ROOT / "ruleset_data" / ruleset / "demo.json" for ruleset in registry.available()}


def user_env(home: Path) -> dict[str, str]:
    """A user's session: the system's PATH only, a home of its own, a UTF-8 locale."""
    return {
        "PATH": "/usr/bin:/bin",
        "HOME": str(home),
        "LANG": "C.UTF-8",
        "QT_QPA_PLATFORM": "offscreen",
    }


def run(command: list[str | Path], cwd: Path) -> subprocess.CompletedProcess:
    """`command` run from `cwd` (outside the repository) in a user's session."""
    return subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=user_env(cwd / "home"),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def check_every_demo(escarmouche: Path, tmp: Path) -> None:
    """`check` says each demo is fine, and names the JSON path of a wrong value."""
    for ruleset, demo in DEMOS.items():
        done = run([escarmouche, "check", demo], tmp)
        assert done.returncode == 0, done.stderr
        assert "OK — « " in done.stdout and f"({ruleset}, " in done.stdout
    doc = json.loads(DEMOS["libre"].read_text(encoding="utf-8"))
    doc["encounter"]["ruleset"] = "inconnu"
    bad = tmp / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    done = run([escarmouche, "check", bad], tmp)
    assert done.returncode == 1
    assert "$.encounter.ruleset" in done.stderr and "internal" not in done.stderr


def summaries_in_both_languages(escarmouche: Path, tmp: Path) -> None:
    """`summary` writes the printable summary, as PDF and HTML, in French and in English."""
    headings = {"fr": "Ordre du tour", "en": "Turn order"}
    for lang, heading in headings.items():
        html, pdf = tmp / f"resume-{lang}.html", tmp / f"resume-{lang}.pdf"
        for out in (html, pdf):
            done = run([escarmouche, "summary", DEMOS["libre"], "-o", out, "--lang", lang], tmp)
            assert done.returncode == 0, done.stderr
        assert heading in html.read_text(encoding="utf-8")
        assert pdf.read_bytes().startswith(b"%PDF")
