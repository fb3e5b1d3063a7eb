"""Issue 33 (9): `escarmouche --help` names `--demo`, `--lang`, the rulesets and where the data
and settings live; `check` speaks French or English (`--lang`, else the GM's language)."""

import json

import pytest
from PySide6.QtCore import QSettings

from gui.boot import paths
from gui.boot.cli import main
from gui.engine.rulesets import registry

DEMO = registry.get("libre").demo_path
pytestmark = pytest.mark.gui


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_names_demo_lang_the_rulesets_and_the_folders(capsys, flag):
    with pytest.raises(SystemExit) as done:
        main([flag])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "--demo" in out and "--lang fr|en" in out
    for rid in registry.available():
        ruleset = registry.get(rid)
        assert f"  {rid} " in out and ruleset.data.name.en in out
    assert str(paths.data_path()) in out and paths.ENV_VAR in out
    assert QSettings("Escarmouche", "Escarmouche").fileName() in out


def test_open_help_too(capsys):
    with pytest.raises(SystemExit):
        main(["open", "--help"])
    out = capsys.readouterr().out
    assert "--demo JEU" in out and "--lang {fr,en}" in out and "d20_35" in out


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "OK — “Embuscade au gué” (libre, 7 combatants)"),
        ("fr", "OK — « Embuscade au gué » (libre, 7 combattants)"),
    ],
)
def test_check_answers_in_the_language_asked(capsys, lang, line):
    assert main(["check", str(DEMO), "--lang", lang]) == 0
    assert capsys.readouterr().out.strip() == f"{DEMO}: {line}"


def test_check_follows_the_preferred_language_without_lang(capsys):
    QSettings("Escarmouche", "Escarmouche").setValue("language", "en")
    try:
        assert main(["check", str(DEMO)]) == 0
    finally:
        QSettings("Escarmouche", "Escarmouche").remove("language")
    assert "combatants)" in capsys.readouterr().out


def test_check_says_what_is_wrong_in_the_language_asked(tmp_path, capsys):
    doc = json.loads(DEMO.read_text(encoding="utf-8"))
    doc["encounter"]["combatants"][2]["stats"]["pv"] = "beaucoup"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["check", str(bad), "--lang", "en"]) == 1
    err = capsys.readouterr().err
    assert "$.encounter.combatants[2].stats.pv" in err
    assert "whole number" in err and "entier" not in err
    assert main(["check", str(bad), "--lang", "fr"]) == 1
    err = capsys.readouterr().err
    assert "entier" in err and "whole number" not in err
