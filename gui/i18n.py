"""UI language: French source strings translated by Qt (.qm); ruleset labels picked by language."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator

from .engine.model import LogEntry
from .engine.problems import BilingualError
from .engine.rulesets.schema import Label

_state = {"language": "fr"}
I18N_DIR = Path(__file__).resolve().parents[1] / "resources" / "i18n"
_installed: list[QTranslator] = []


def tr(text: str) -> str:
    """A French UI string in the current language (pyside6-lupdate extracts `tr("…")`).

    Put variable parts in with `.format()` after the call: `tr("Retirer {name}").format(…)`.
    """
    return QCoreApplication.translate("", text)


def language() -> str:
    return _state["language"]


def set_language(code: str) -> None:
    _state["language"] = "en" if code == "en" else "fr"


def either(fr: str, en: str) -> str:
    """Of a text the engine gives in both languages, the one of the interface."""
    return en if _state["language"] == "en" else fr


def pick(label: Label) -> str:
    """A ruleset label (which carries both languages) in the current language."""
    return either(label.fr, label.en)


def logged(entry: LogEntry) -> tuple[str, list[str], str]:
    """A log entry's action, breakdown and outcome in the interface's language."""
    if _state["language"] == "en":
        return entry.english()
    return entry.action, entry.breakdown, entry.outcome


def message(exc: BilingualError) -> str:
    """An engine error in the current language."""
    return either(exc.fr, exc.en)


def labelled(label: str, text: str) -> str:
    """« Label : text » in French, "Label: text" in English."""
    return f"{label} : {text}" if _state["language"] == "fr" else f"{label}: {text}"


def choose_language(setting: object, system: str) -> str:
    """The language to use: the preference ("fr", "en"), else the system's ("en…" → English,
    anything else → French, the rules' own language)."""
    if setting in ("fr", "en"):
        return str(setting)
    return "en" if system.lower().startswith("en") else "fr"


def install(app: QCoreApplication, forced: str | None = None) -> str:
    """Load the translations for `forced` (the command line's --lang), else the preferred or
    system language; returns its code."""
    setting = forced or QSettings().value("language", "system")
    code = choose_language(setting, QLocale.system().name())
    set_language(code)
    for old in _installed:
        app.removeTranslator(old)
    _installed.clear()
    qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    for folder, name in ((qt_dir, f"qtbase_{code}"), (str(I18N_DIR), f"escarmouche_{code}")):
        translator = QTranslator(app)
        if translator.load(name, folder):
            app.installTranslator(translator)
            _installed.append(translator)
    return code
