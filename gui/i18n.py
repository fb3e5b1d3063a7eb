"""UI language: French source strings translated by Qt (.qm); ruleset labels picked by language."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from .engine.problems import BilingualError
from .engine.rulesets.schema import Label

_state = {"language": "fr"}


def tr(text: str) -> str:
    """A French UI string in the current language (pyside6-lupdate extracts `tr("…")`).

    Put variable parts in with `.format()` after the call: `tr("Retirer {name}").format(…)`.
    """
    return QCoreApplication.translate("", text)


def language() -> str:
    return _state["language"]


def set_language(code: str) -> None:
    _state["language"] = "en" if code == "en" else "fr"


def pick(label: Label) -> str:
    """A ruleset label (which carries both languages) in the current language."""
    return label.en if _state["language"] == "en" else label.fr


def message(exc: BilingualError) -> str:
    """An engine error in the current language."""
    return exc.en if _state["language"] == "en" else exc.fr
