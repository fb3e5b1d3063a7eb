"""gui/pyside_hook.py: PySide6's import hook answers the same question without tokenising
every module into the line cache (issue 22: start-up time, P6 memory)."""

from __future__ import annotations

import linecache
import sys

import PySide6.QtCore  # noqa: F401  (PySide6's import hook is installed with it)

from gui.boot import pyside_hook


def _feature():
    return sys.modules["shibokensupport.feature"]


def _fresh_import(tmp_path, monkeypatch, name: str, text: str):
    (tmp_path / f"{name}.py").write_text(text, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    module = __import__(name)  # through builtins.__import__, where PySide6's hook sits
    monkeypatch.delitem(sys.modules, name)
    return module


def test_a_module_using_pyside_is_told_apart_from_one_that_does_not(tmp_path, monkeypatch):
    pyside_hook.make_cheap()
    uses = _fresh_import(tmp_path, monkeypatch, "hook_uses_qt", "from PySide6 import QtCore\n")
    plain = _fresh_import(tmp_path, monkeypatch, "hook_plain", "VALUE = 1\n")
    assert _feature().pyside_feature_dict[uses.__name__] == 0  # PySide6's default selection
    assert _feature().pyside_feature_dict[plain.__name__] == -1  # ignored by its switching
    assert uses.__file__ not in linecache.cache  # never tokenised into the line cache
    assert plain.__file__ not in linecache.cache


def test_made_cheap_once_and_a_module_without_a_source_file_gets_pysides_answer(monkeypatch):
    pyside_hook.make_cheap()
    cheap = _feature()._mod_uses_pyside
    pyside_hook.make_cheap()
    assert _feature()._mod_uses_pyside is cheap
    assert cheap(sys) is False  # a built-in module: PySide6's own check says no
