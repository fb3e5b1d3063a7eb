"""UI language: French source strings translated by Qt (.qm); ruleset labels picked by language."""

from __future__ import annotations

from gui.boot.language import choose_language as choose_language
from gui.boot.language import install as install
from gui.boot.language import language as language
from gui.boot.language import set_language as set_language
from gui.boot.language import tr as tr
from gui.engine.core.problems import BilingualError
from gui.engine.core.words import Label
from gui.engine.state.model import LogEntry


def either(fr: str, en: str) -> str:
    """Of a text the engine gives in both languages, the one of the interface."""
    return en if language() == "en" else fr


def pick(label: Label) -> str:
    """A ruleset label (which carries both languages) in the current language."""
    return either(label.fr, label.en)


def logged(entry: LogEntry) -> tuple[str, list[str], str]:
    """A log entry's action, breakdown and outcome in the interface's language."""
    if language() == "en":
        return entry.english()
    return entry.action, entry.breakdown, entry.outcome


def message(exc: BilingualError) -> str:
    """An engine error in the current language."""
    return either(exc.fr, exc.en)


def labelled(label: str, text: str) -> str:
    """« Label : text » in French, "Label: text" in English."""
    return f"{label} : {text}" if language() == "fr" else f"{label}: {text}"
